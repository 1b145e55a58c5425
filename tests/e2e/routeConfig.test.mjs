// 路由配置: a page moved to another path keeps its 权限标识, so the people who hold it find it
// under the new path and its data still loads.
import assert from 'node:assert/strict';
import { api, describe, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

const FROM = '/work/store/staff';
const TO = '/work/store/people';

async function adminSession(base) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username: 'admin', password: 'Demo@2026' });
  assert.equal(res.code, 0, res.message);
  return { token: res.data.token, userId: res.data.userId };
}

function findNode(nodes, menuPage) {
  for (const node of nodes) {
    if (node.menuPage === menuPage) return node;
    const below = findNode(node.children, menuPage);
    if (below) return below;
  }
  return undefined;
}

/** Puts the page back where the other suites expect it, whatever happened in the test. */
async function moveBack(base) {
  const admin = await adminSession(base);
  const tree = await api(base, '/api/v1/fm/menu/tree', {}, admin);
  const node = findNode(tree.data, TO);
  if (!node) return;
  const { menuId, actions, children: _children, ...fields } = node;
  const res = await api(base, '/api/v1/fm/menu/edit', { ...fields, id: menuId, menuPage: FROM, actions }, admin);
  assert.equal(res.code, 0, res.message);
}

describe('route config', () => {
  test('a page moved to another path keeps its 权限标识 and its holders find it there', async ({ browser, page, base, site }) => {
    try {
      await loginThroughPage(page, site, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${site}/adminConfig/menu`);
      const row = page.getByRole('row').filter({ hasText: FROM });
      await row.getByTestId('row-edit').click();
      const form = page.getByTestId('menu-form');
      await expect(form.getByTestId('field-perms')).toHaveValue('work:store:staff:list');
      await expect(form.getByTestId('menu-action-perms-0')).toHaveValue('work:store:staff:add');
      await form.getByTestId('field-menuPage').fill(TO);
      await page.getByTestId('form-submit').click();
      await page.getByText('保存成功').first().waitFor();
      await expect(page.getByRole('row').filter({ hasText: TO })).toContainText('work:store:staff:list');
      await shot(page, 'route-config-moved');

      // The store manager holds the page: it is in their menu under the new path, with its data.
      const context = await browser.newContext();
      const manager = await context.newPage();
      await loginThroughPage(manager, site, 'manager');
      await manager.waitForURL((url) => !url.pathname.startsWith('/login'));
      await manager.goto(`${site}${TO}`);
      await expect(manager.getByTestId('staff-list').getByRole('row').filter({ hasText: '王建国' })).not.toHaveCount(0);
      await expect(manager.getByTestId('sidebar')).toContainText('门店员工');
      await shot(manager, 'route-config-moved-holder');
      // The old path no longer leads to it.
      await manager.goto(`${site}${FROM}`);
      await manager.getByTestId('page-403').getByText('无权限').waitFor();
      await context.close();
    } finally {
      await moveBack(base);
    }
  });
});
