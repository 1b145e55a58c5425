// Browser bench (`make bench`): how fast the SPA feels on a first visit, in Debian's Chromium
// against the real `brokerdesk` (release build unless BROKERDESK_BIN says otherwise) on a fresh
// database. Each run gets a fresh browser context (empty cache, no cookies); figures are medians of
// RUNS (7). Times are read inside the page (performance.now(), origin = navigation start) when the
// element is found and a frame has been painted after it, so the protocol round trip is not counted.
//   form visible       first visit of /login until the 登录 button shows
//   bytes by type      that first visit as sent on the wire (encoded: compressed when the server compresses)
//   login → home       click on 登录 until the workspace home greets the user beside a sidebar with items,
//                      and the bytes typing and signing in fetch on top of the first visit
//   list reload        reload of an organisation list until its first row shows: the store's staff
//                      list (as `manager`) and the city's company list (as `city`)
// Speed is measured here, never asserted in tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const bin = process.env.BROKERDESK_BIN ? resolve(process.env.BROKERDESK_BIN) : join(repo, 'target/release/brokerdesk');
const webDir = process.env.BROKERDESK_WEB_DIR ? resolve(process.env.BROKERDESK_WEB_DIR) : join(repo, 'web/dist');
// Another build of the SPA (say main's, built into /tmp) to measure side by side: its runs alternate
// with this build's, so both meet the same machine load.
const compareDir = process.env.BENCH_COMPARE_WEB_DIR ? resolve(process.env.BENCH_COMPARE_WEB_DIR) : undefined;
const PASSWORD = 'Demo@2026';

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function startServer(webDir) {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: cargo build --release -p brokerdesk-server`);
  if (!existsSync(join(webDir, 'index.html'))) throw new Error(`${webDir} is missing: make web`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bd-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // detached: its own process group, so stop() ends it and nothing else.
  const child = spawn(bin, [], {
    cwd: dataDir,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      BROKERDESK_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${join(dataDir, 'brokerdesk.db')}?mode=rwc`,
      BROKERDESK_WEB_DIR: webDir,
      BROKERDESK_DEMO: '1',
      RUST_LOG: 'warn',
    },
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`brokerdesk exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/openapi.json`).then((r) => r.ok, () => false);
    if (up) return { base, stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error('brokerdesk did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs in every page before its scripts: records when each watched selector first matches a
 * laid-out element, stamped at the next animation frame (the frame that shows it), and when 登录
 * was clicked.
 */
function probe() {
  const watched = {
    form: '[data-testid="login-submit"]',
    home: '.workspace-home__greeting',
    menu: '[data-testid="sidebar"] .arco-menu-item, [data-testid="sidebar"] .arco-menu-inline-header',
    row: '[data-row-id]',
  };
  const marks = {};
  window.__benchMarks = marks;
  const check = () => {
    for (const [name, selector] of Object.entries(watched)) {
      if (marks[name] !== undefined || marks[`${name}Pending`]) continue;
      const el = document.querySelector(selector);
      if (!el || el.getClientRects().length === 0) continue;
      if (name === 'home' && !/您好，\S/.test(el.textContent ?? '')) continue;
      marks[`${name}Pending`] = true;
      requestAnimationFrame(() => {
        marks[name] = performance.now();
      });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('[data-testid="login-submit"]')) {
        marks.click ??= performance.now();
      }
    },
    true,
  );
}

async function waitForMark(page, name) {
  await page.waitForFunction((n) => window.__benchMarks?.[n] !== undefined, name, { timeout: 30_000 });
  return page.evaluate((n) => window.__benchMarks[n], name);
}

/** Files by kind: html, js, css, wasm, json (runtime config and API), font, image, other. */
function kindOf(response) {
  const url = new URL(response.url());
  const type = (response.headers()['content-type'] ?? '').split(';')[0];
  if (url.pathname.endsWith('.wasm') || type === 'application/wasm') return 'wasm';
  if (type.includes('javascript') || /\.m?js$/.test(url.pathname)) return 'js';
  if (type === 'text/css' || url.pathname.endsWith('.css')) return 'css';
  if (type === 'text/html') return 'html';
  if (type.includes('json')) return 'json';
  if (type.startsWith('font/') || /\.(woff2?|ttf)$/.test(url.pathname)) return 'font';
  if (type.startsWith('image/')) return 'image';
  return 'other';
}

async function newPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(probe);
  const page = await context.newPage();
  return { context, page };
}

/** One first visit of /login: form-visible time and bytes as sent, then login → workspace home. */
async function loginRun(browser, base) {
  const { context, page } = await newPage(browser);
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(`${base}/login`);
  const form = await waitForMark(page, 'form');
  await page.waitForLoadState('networkidle');
  const bytes = {};
  const gzipped = {};
  let files = 0;
  for (const response of responses) {
    const sizes = await response.request().sizes();
    const kind = kindOf(response);
    bytes[kind] = (bytes[kind] ?? 0) + sizes.responseBodySize + sizes.responseHeadersSize;
    // What the same bodies weigh at gzip -9: the figure to compare while the server sends them raw.
    const body = await response.body().catch(() => Buffer.alloc(0));
    gzipped[kind] = (gzipped[kind] ?? 0) + gzipSync(body, { level: 9 }).length + sizes.responseHeadersSize;
    files += 1;
  }
  const firstVisit = responses.length;
  await page.getByTestId('login-username').fill('manager');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  const home = await waitForMark(page, 'home');
  const menu = await waitForMark(page, 'menu');
  const click = await page.evaluate(() => window.__benchMarks.click);
  // What typing and signing in fetch on top of the first visit (core's wasm module, the
  // workspace's code, the API answers), as sent.
  let afterBytes = 0;
  for (const response of responses.slice(firstVisit)) {
    const sizes = await response.request().sizes();
    afterBytes += sizes.responseBodySize + sizes.responseHeadersSize;
  }
  await context.close();
  return { form, bytes, gzipped, files, login: Math.max(home, menu) - click, afterBytes, afterFiles: responses.length - firstVisit };
}

/** The organisation lists reloaded: who opens which list. */
const RELOADS = [
  { name: 'staff list reload → first row', user: 'manager', path: '/work/store/staff' },
  { name: 'company list reload → first row', user: 'city', path: '/coc/company/index' },
];

/** Signed in as `user`, a full reload of the list at `path` until its first row shows. */
async function reloadRun(browser, base, { user, path }) {
  const { context, page } = await newPage(browser);
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await waitForMark(page, 'home');
  await page.goto(`${base}${path}`);
  await waitForMark(page, 'row');
  await page.waitForLoadState('networkidle');
  // Cache warm, as a user pressing F5 would have it.
  await page.reload();
  const row = await waitForMark(page, 'row');
  await context.close();
  return row;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => `${Math.round(value)} ms`;
const kb = (value) => `${(value / 1024).toFixed(1)} KB`;

const builds = [{ label: webDir, webDir }];
if (compareDir) builds.unshift({ label: compareDir, webDir: compareDir });
const browser = await chromium.launch(chromiumLaunchOptions());

function report({ label, logins, reloads }) {
  const kinds = [...new Set(logins.flatMap((run) => Object.keys(run.bytes)))].sort();
  const sum = (byKind) => Object.values(byKind).reduce((a, b) => a + b, 0);
  const total = median(logins.map((run) => sum(run.bytes)));
  const totalGzipped = median(logins.map((run) => sum(run.gzipped)));
  console.log(`-- ${label}: ${RUNS} runs, each in a fresh context; medians (min–max)`);
  const line = (name, values, format = ms) =>
    console.log(`${name.padEnd(34)} ${format(median(values))}  (${format(Math.min(...values))}–${format(Math.max(...values))})`);
  line('login form visible', logins.map((run) => run.form));
  line('click 登录 → workspace home + menu', logins.map((run) => run.login));
  for (const reload of RELOADS) line(reload.name, reloads[reload.name]);
  console.log(
    `first visit of /login, as sent: ${kb(total)} in ${median(logins.map((run) => run.files))} files ` +
      `(the same at gzip -9: ${kb(totalGzipped)})`,
  );
  console.log(
    `then typing and 登录 → workspace home fetch ${kb(median(logins.map((run) => run.afterBytes)))} ` +
      `in ${median(logins.map((run) => run.afterFiles))} files`,
  );
  for (const kind of kinds) {
    const sent = median(logins.map((run) => run.bytes[kind] ?? 0));
    const gz = median(logins.map((run) => run.gzipped[kind] ?? 0));
    console.log(`  ${kind.padEnd(6)} ${kb(sent).padStart(10)}  (gzip -9: ${kb(gz)})`);
  }
}

try {
  for (const build of builds) build.server = await startServer(build.webDir);
  for (const build of builds) {
    // One unrecorded visit: the server's and the disk's first-touch costs are not the page's.
    await loginRun(browser, build.server.base);
    build.logins = [];
    build.reloads = Object.fromEntries(RELOADS.map((reload) => [reload.name, []]));
  }
  for (let i = 0; i < RUNS; i += 1) {
    for (const build of builds) {
      build.logins.push(await loginRun(browser, build.server.base));
      for (const reload of RELOADS) build.reloads[reload.name].push(await reloadRun(browser, build.server.base, reload));
    }
  }
  for (const build of builds) report(build);
} finally {
  await browser.close();
  for (const build of builds) build.server?.stop();
}
