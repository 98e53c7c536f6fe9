// Migrates and seeds the database at DATABASE_URL as the server's first start does (server.ts),
// without a build: bench/scale.mjs runs it (with tsx) before loading the scale fixture.
import { env, internalUrl } from '@/env';
import { closeDb, getDbHandle } from '@/db/client';
import { seed } from '@/lib/domain/seed';

const handle = await getDbHandle();
await seed(handle.db, { baseUrl: internalUrl(), adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD, demo: false });
await closeDb();
