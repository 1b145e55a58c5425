// 钥匙 as a store's people meet it: on the detail page of their listing an agent registers the
// key as kept in the store, lends it for a viewing (the log shows it out, 未归还) and takes it
// back; another store's manager cannot read it.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

describe('listing keys', () => {
  test('an agent registers a key, lends it for a viewing and takes it back', async ({ page, site, base }) => {
    const manager = await apiSession(base, 'manager');
    const agent = await apiSession(base, 'agent');
    const res = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1 }, manager);
    assert.equal(res.code, 0, res.message);
    // Other suites seal the last and photograph the one before it.
    const mine = res.data.list.filter((row) => row.maintainerId === agent.userId).slice(0, -2);
    let target;
    for (const row of mine) {
      const key = await api(base, '/api/v1/fm/house/old/key/get', { listingId: row.id }, agent);
      assert.equal(key.code, 0, key.message);
      if (!key.data.registered) target = row;
    }
    assert.ok(target, 'the demo agent keeps a listing without a key');
    const other = await apiSession(base, 'manager2');
    const refused = await api(base, '/api/v1/fm/house/old/key/get', { listingId: target.id }, other);
    assert.equal(refused.code, 10020002, 'another store reads no key');

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/old/detail/${target.id}`);
    await page.getByTestId('key-none').waitFor();

    // One Esc closes the dialog, though its first box (钥匙类型) has the focus as it opens.
    await expect(page.getByTestId('key-register')).toHaveText('登记钥匙');
    await page.getByTestId('key-register').click();
    const dialog = page.locator('.arco-modal:visible');
    await dialog.getByTestId('field-keyType').waitFor();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByTestId('key-register').click();
    await choose(page, 'field-keyType', '钥匙在店');
    await page.getByTestId('field-keyNo').fill('C-12');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('key-status').getByText('在库').waitFor();
    // Registered, the button says what it does now.
    await expect(page.getByTestId('key-register')).toHaveText('修改钥匙登记');

    await page.getByTestId('key-lend').click();
    await page.getByTestId('field-purpose').fill('带看');
    await page.getByTestId('field-customerName').fill('陈先生');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('key-status').getByText('借出中').waitFor();
    const log = page.getByTestId('key-loans');
    await log.getByText('未归还').waitFor();
    await log.getByText('陈先生').waitFor();
    assert.equal(await page.getByTestId('key-lend').count(), 0, 'a key that is out is not lent again');
    await shot(page, 'house-old-key-lent');

    await page.getByTestId('key-return').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('key-status').getByText('在库').waitFor();
    assert.equal(await log.getByText('未归还').count(), 0);
    await shot(page, 'house-old-key-returned');
  });
});
