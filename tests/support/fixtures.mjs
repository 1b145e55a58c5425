// What every browser suite imports instead of `@playwright/test`: the runner's `test` with the
// server's addresses as fixtures, and the helpers a brokerage user's flows are written with.
// One server (started by playwright.config.mjs) serves the whole run: tests make their own people
// and roles (see `stamp`) rather than changing the seeded demo accounts others rely on.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { PUBLIC_HOST } from './host.mjs';

export { expect, PUBLIC_HOST };

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = join(repo, 'tests/screenshots');
export const DEMO_PASSWORD = 'Demo@2026';

export const test = base.extend({
  /** The server on 127.0.0.1, where spec §6 shows every button (the config's baseURL). */
  base: async ({ baseURL }, use) => use(baseURL),
  /** The same server under a public name, where buttons follow the user's permissions. */
  site: async ({ baseURL }, use) => use(baseURL.replace('127.0.0.1', PUBLIC_HOST)),
});

export const describe = test.describe;

/** Calls the upstream API the way the SPA does: POST JSON with the session headers. */
export async function api(base, path, body = {}, session = {}) {
  const headers = { 'content-type': 'application/json' };
  if (session.token) headers.token = session.token;
  if (session.userId) headers.userId = String(session.userId);
  const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return res.json();
}

/** Logs in through the login page (clicks 登录; the caller waits for what should follow). */
export async function loginThroughPage(page, base, username, password = DEMO_PASSWORD) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A screenshot kept in tests/screenshots for people to look at (failures get their own anyway). */
export async function shot(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

/** The session token the SPA keeps in its cookie. */
export async function sessionToken(context) {
  const cookies = await context.cookies();
  return cookies.find((c) => c.name === 'token')?.value;
}

/**
 * The last SMS code the demo server logged for `mobile` (playwright.config.mjs sends its output
 * to server.log in the run's data folder), waiting up to 10 s for it.
 */
export async function lastSmsCode(mobile) {
  const logFile = join(process.env.BD_E2E_DATA ?? '', 'server.log');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const text = existsSync(logFile) ? readFileSync(logFile, 'utf8').replace(/\x1b\[[0-9;]*m/g, '') : '';
    const codes = [...text.matchAll(/verification code.*?mobile="?(\d+)"? code="?(\d{6})/g)]
      .filter((match) => match[1] === mobile)
      .map((match) => match[2]);
    if (codes.length) return codes[codes.length - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code logged for ${mobile} in ${logFile}`);
}

/** A unique suffix: each test makes its own people. */
export const stamp = () => String(Date.now()).slice(-6);
