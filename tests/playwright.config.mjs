// QA's runner: `npx playwright test` in tests/ starts the real `brokerdesk` binary on a free
// loopback port with a fresh SQLite database and the built SPA, and drives Debian's Chromium
// (never a downloaded browser). Failures keep a trace and a screenshot; the HTML report lands in
// tests/playwright-report (`npx playwright show-report`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.mjs';
import { PUBLIC_HOST } from './support/host.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = process.env.BROKERDESK_BIN ? resolve(process.env.BROKERDESK_BIN) : join(repo, 'target/debug/brokerdesk');
const webDir = join(repo, 'web/dist');

/** A port nobody listens on now. Synchronous because the config's `webServer` is plain data. */
function freePort() {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// The runner loads this file again in each worker; the environment carries the first choice over,
// so every worker talks to the one server the runner started.
process.env.BD_E2E_PORT ??= freePort();
process.env.BD_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'bd-e2e-'));
const port = process.env.BD_E2E_PORT;
const dataDir = process.env.BD_E2E_DATA;
const base = `http://127.0.0.1:${port}`;

if (!existsSync(bin)) throw new Error(`${bin} is missing: build the server first (cargo build -p brokerdesk-server)`);
if (!existsSync(join(webDir, 'index.html'))) throw new Error(`${webDir} is missing: build the web first (make web)`);

export default defineConfig({
  testDir: 'e2e',
  // The suites predate this runner; their files keep their names.
  testMatch: '**/*.test.mjs',
  // Two cores shared by a whole team: one browser at a time, tests in file order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: a whole team's builds share two cores, and one flow signs in several people.
  timeout: 300_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results',
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    // scripts/test-all.sh counts passed and failed tests from this file.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json']] : []),
  ],
  globalTeardown: './support/teardown.mjs',
  use: {
    baseURL: base,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    launchOptions: chromiumLaunchOptions([`--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`]),
  },
  webServer: {
    // Output to a file: the login suite reads the demo SMS codes the server logs (fixtures.mjs).
    command: `exec "${bin}" > "${join(dataDir, 'server.log')}" 2>&1`,
    cwd: dataDir,
    url: `${base}/api/openapi.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      BROKERDESK_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${join(dataDir, 'brokerdesk.db')}?mode=rwc`,
      BROKERDESK_WEB_DIR: webDir,
      BROKERDESK_DEMO: '1',
      // Demo SMS codes are logged at info by the sms module.
      RUST_LOG: process.env.RUST_LOG ?? 'warn,brokerdesk_server::sms=info',
    },
  },
});
