import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; migrations are applied by db/client.ts at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
  casing: 'snake_case',
});
