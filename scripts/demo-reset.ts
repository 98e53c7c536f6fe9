// `npm run demo:reset`: new passwords for the admin (ADMIN_EMAIL) and the demo customer, printed
// once. Run it with the server stopped: the embedded database is one process at a time (a running
// server holds its lock, and this script then says so instead of touching the data).
import { env, publicUrl } from '@/env';
import { closeDb, getDbHandle } from '@/db/client';
import { resetDemoPasswords } from '@/lib/domain/seed';
import { startBanner } from '@/server/banner';

async function main(): Promise<void> {
  const handle = await getDbHandle();
  const reset = await resetDemoPasswords(handle.db, { adminEmail: env.ADMIN_EMAIL });
  await closeDb();
  if (reset.created.length === 0) {
    process.stdout.write('\n  No admin or demo account found: `npm start` creates them.\n\n');
    return;
  }
  process.stdout.write(
    startBanner({
      url: publicUrl(),
      adminEmail: env.ADMIN_EMAIL,
      demo: reset.created.some((c) => c.role === 'user'),
      created: reset.created,
      database: handle.kind === 'pglite' ? { kind: 'pglite', dataDir: env.DATA_DIR } : { kind: 'postgres' },
    }).replace('Etkileşim is running: open', 'New passwords set. Start the server (npm start) and open'),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`\n  The passwords could not be reset: ${err instanceof Error ? err.message : String(err)}\n  (Is the server still running? Stop it first.)\n\n`);
  process.exit(1);
});
