/**
 * The site's name as last read from the database in this process, for the one page that is
 * answered without it: the outage page (server/outage-page.ts), so a customer still sees whose
 * site is briefly away. On globalThis: server.ts and the Next.js bundle each load this module.
 */
const KEY = Symbol.for('etk.settings.lastSiteName');
type Slot = { [KEY]?: string };

export function rememberSiteName(name: string): void {
  (globalThis as Slot)[KEY] = name;
}

export function lastKnownSiteName(): string | undefined {
  return (globalThis as Slot)[KEY];
}
