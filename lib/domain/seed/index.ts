// The first start's data (ARCHITECTURE.md "db/"): the admin account, platforms, site settings and,
// with the demo, packages, announcements and a demo customer. In lib/ since it builds on lib/
// (password hashes, the catalogue, the default settings) and db/ imports nothing above it.
export { seed, resetDemoPasswords, simulatedEndpoints, DEMO_EMAIL, type SeedOptions, type SeedResult } from './seed';
