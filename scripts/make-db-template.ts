// Run by scripts/build-server.mjs (under tsx): makes dist/db-template/, the embedded database a
// first start copies instead of creating one (db/template.ts): every migration applied and the
// job queue's schema and queues made, exactly as the first start of an empty folder would.
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder, open } from '@/db/client';
import { templateDir, templateStamp } from '@/db/template';
import { startQueue, stopQueue } from '@/lib/infra/queue';

const target = templateDir();
const partial = `${target}.partial`;
fs.rmSync(partial, { recursive: true, force: true });
fs.mkdirSync(partial, { recursive: true });
// This run must make the cluster itself, not copy an older template.
process.env.DB_TEMPLATE_DIR = path.join(partial, 'none');
const handle = await open({ dataDir: partial });
await startQueue(handle);
await stopQueue({ graceful: false, timeoutMs: 5000 });
await handle.close();
fs.rmSync(path.join(partial, 'pglite.lock'), { force: true });
fs.writeFileSync(path.join(partial, 'stamp'), `${templateStamp(migrationsFolder)}\n`);
fs.rmSync(target, { recursive: true, force: true });
fs.renameSync(partial, target);
