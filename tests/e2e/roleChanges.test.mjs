// Role changes reach a signed-in user without logging out: a page granted
// while they work shows in their menu after their next navigation and opens on a direct load; a
// page taken away says 无权限 where they stand, not 页面不存在.
import assert from 'node:assert/strict';
import { api, describe, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

/** A session for calling the API directly, as the given user. */
async function apiSession(base, username, password = 'Demo@2026') {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function call(base, session, path, body) {
  const res = await api(base, path, body, session);
  assert.equal(res.code, 0, `${path}: ${res.message}`);
  return res.data;
}

/** The menu ids from the root down to the page `menuPage` in a role's permission tree. */
function menuPath(nodes, menuPage, above = []) {
  for (const node of nodes) {
    const here = [...above, node.menuId];
    if (node.menuPage === menuPage) return here;
    const below = menuPath(node.children, menuPage, here);
    if (below) return below;
  }
  return undefined;
}

/** Ticks or unticks a node of the permission tree by its name (`/work/store/staff:view`). */
async function toggle(page, name) {
  const node = page.locator('.arco-tree-node', { has: page.getByTestId(`perm-${name}`) });
  await node.locator('.arco-checkbox').click();
}

/** The manager saves the role's permission tree after `change`, in their own browser. */
async function changeGrants(page, site, roleId, change) {
  await page.goto(`${site}/work/enterprise/roleSetting/${roleId}`);
  await page.getByTestId('permission-tree').waitFor();
  await change();
  await page.getByTestId('role-setting-save').click();
  await page.getByText('权限已保存').first().waitFor();
}

describe('role changes reach the signed-in user', () => {
  test("a grant shows in the other user's menu after their next navigation; a revoke says 无权限", async ({
    browser,
    page,
    base,
    site,
  }) => {
    const suffix = stamp();
    const manager = await apiSession(base, 'manager');
    // A role that opens 门店员工 only, held by a new clerk of 西湖店.
    const role = await call(base, manager, '/api/v1/fm/role/add', {
      name: `档案员${suffix}`,
      dataScope: 'SELF',
      customDepartmentIds: [],
      customStoreIds: [],
    });
    const { tree } = await call(base, manager, '/api/v1/fm/role/permissionTree', { id: role.id });
    await call(base, manager, '/api/v1/fm/role/savePermissions', {
      id: role.id,
      menuIds: menuPath(tree, '/work/store/staff'),
      actionIds: [],
    });
    const stores = await call(base, manager, '/api/v1/fm/org/store/options', {});
    const username = `archivist${suffix}`;
    const password = 'Clerk@2026';
    await call(base, manager, '/api/v1/fm/staff/add', {
      username,
      password,
      realName: `钱档案${suffix}`,
      mobile: `136${suffix}03`,
      storeId: stores.find((store) => store.name === '西湖店').id,
      roleIds: [role.id],
    });

    // The clerk works in a browser of their own.
    const clerkContext = await browser.newContext();
    const clerk = await clerkContext.newPage();
    await loginThroughPage(clerk, site, username, password);
    await clerk.waitForURL((url) => !url.pathname.startsWith('/login'));
    await clerk.goto(`${site}/work/store/staff`);
    await clerk.getByTestId('staff-list').waitFor();
    const sidebar = clerk.getByTestId('sidebar');
    await expect(sidebar).toContainText('门店员工');
    await expect(sidebar).not.toContainText('岗位');

    // The manager, in another browser, lets the role open 岗位 too.
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await changeGrants(page, site, role.id, () => toggle(page, '/work/enterprise/station:view'));

    // The clerk's next navigation brings 岗位 into their menu: no logout, no reload.
    await sidebar.getByText('门店员工', { exact: true }).click();
    await expect(sidebar).toContainText('岗位');
    await shot(clerk, 'role-change-granted');

    // The new page opens on a direct load (routed against the fresh menu, not the saved one).
    await clerk.goto(`${site}/work/enterprise/station`);
    await clerk.getByTestId('station-list').waitFor();
    assert.equal(await clerk.getByTestId('page-404').count(), 0);

    // The manager takes 门店员工 away; the clerk's open tab for it now leads to 无权限 (at /404).
    await changeGrants(page, site, role.id, () => toggle(page, '/work/store/staff:view'));
    await clerk.getByTestId('tabs-bar').locator('[data-tab-path="/work/store/staff"]').click();
    await clerk.getByTestId('page-403').getByText('无权限').waitFor();
    assert.equal(new URL(clerk.url()).pathname, '/404');
    await expect(sidebar).not.toContainText('门店员工');
    await shot(clerk, 'role-change-revoked');
    await clerkContext.close();
  });
});
