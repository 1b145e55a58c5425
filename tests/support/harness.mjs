// Starts the real `brokerdesk` binary on a free loopback port with a fresh SQLite file and the
// built SPA, and Debian's Chromium through playwright-core. Each suite file gets its own server.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = join(repo, 'tests/screenshots');
export const DEMO_PASSWORD = 'Demo@2026';

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitUntilUp(base, child, log) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`brokerdesk exited early:\n${log.join('')}`);
    try {
      const res = await fetch(`${base}/api/openapi.json`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`brokerdesk did not start within 60 s:\n${log.join('')}`);
}

/** Starts brokerdesk; returns { base, stop }. */
export async function startServer() {
  const bin = process.env.BROKERDESK_BIN ?? join(repo, 'target/debug/brokerdesk');
  const webDir = join(repo, 'web/dist');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build the server first`);
  if (!existsSync(join(webDir, 'index.html'))) throw new Error(`${webDir} is missing: build the web first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bd-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = [];
  // detached: its own process group, so stop() ends it and nothing else.
  const child = spawn(bin, [], {
    cwd: dataDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      BROKERDESK_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${join(dataDir, 'brokerdesk.db')}?mode=rwc`,
      BROKERDESK_WEB_DIR: webDir,
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
    },
  });
  child.stdout.on('data', (d) => log.push(d.toString()));
  child.stderr.on('data', (d) => log.push(d.toString()));
  await waitUntilUp(base, child, log);
  return {
    base,
    log,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium, headless. `extraArgs` adds flags, e.g. a host-resolver rule that serves the
 * local server under a public-looking name (spec §6 switches button permissions off on local hosts).
 */
export async function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Calls the upstream API the way the SPA does: POST JSON with the session headers. */
export async function api(base, path, body = {}, session = {}) {
  const headers = { 'content-type': 'application/json' };
  if (session.token) headers.token = session.token;
  if (session.userId) headers.userId = String(session.userId);
  const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return res.json();
}

/** Logs in through the login page and waits for the workspace. */
export async function loginThroughPage(page, base, username, password = DEMO_PASSWORD) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function shot(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

/** The session token the SPA keeps in its cookie. */
export async function sessionToken(context) {
  const cookies = await context.cookies();
  return cookies.find((c) => c.name === 'token')?.value;
}
