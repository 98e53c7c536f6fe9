/**
 * The few lines `npm start` prints once the server answers (issue #15 "The first run"): where to
 * open the app, who can log in, where the data lives and how to get new demo passwords. Passwords
 * appear only at the start that created them; they are never logged.
 */
export type BannerInput = {
  url: string;
  adminEmail: string;
  demo: boolean;
  /** Accounts created by this start, with their passwords (lib/domain/seed/seed.ts). */
  created: { role: 'admin' | 'user'; email: string; password: string; generated: boolean }[];
  /** 'pglite' with its folder, or a PostgreSQL server. */
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres' };
};

import { DEMO_EMAIL } from '@/lib/domain/seed';
export { DEMO_EMAIL };

export function startBanner(input: BannerInput): string {
  const line = (label: string, value: string) => `  ${label.padEnd(15)}${value}`;
  const account = (role: 'admin' | 'user', email: string, page: string) => {
    const made = input.created.find((c) => c.role === role && c.email === email);
    const label = role === 'admin' ? 'Admin' : 'Demo customer';
    if (!made) return line(label, `${email}  (${page}; password as printed at the first start)`);
    const note = made.generated ? '  (generated: change it after logging in)' : '';
    return line(label, `${email} / ${made.password}  (${page})${note}`);
  };
  const rows = [
    '',
    `  Etkileşim is running: open ${input.url}`,
    '',
    account('admin', input.adminEmail, `${input.url}/admin-login`),
    ...(input.demo ? [account('user', DEMO_EMAIL, `${input.url}/login`)] : []),
    line('Data', input.database.kind === 'pglite' ? `${input.database.dataDir} (embedded database; delete it to start over)` : 'PostgreSQL (DATABASE_URL)'),
    line('New passwords', 'stop the server, then `npm run demo:reset`'),
    '',
  ];
  return rows.join('\n') + '\n';
}
