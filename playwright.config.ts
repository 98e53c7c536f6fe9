import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the built app, started by Playwright on a throwaway data folder.
 * Browsers cannot be downloaded here: Debian's Chromium is used through executablePath.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'etk-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Screenshot baselines (e2e/screens.spec.ts) live beside the specs, one per name: CI and every
  // developer run the same Debian Chromium and fonts.
  snapshotPathTemplate: '{testDir}/screens/{arg}{ext}',
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A Turkish browser by default; tests that need another language say so.
    locale: 'tr-TR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The production server bundle (scripts/build-server.mjs; `npm test` builds it with the app).
    command: 'node dist/server.mjs',
    url: `http://127.0.0.1:${port}/api/platformlar`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-e2e-password',
      NEXT_TELEMETRY_DISABLED: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
