// Organisation, people and permissions as a store manager uses them in the browser: a role with
// limited actions given to a new member of staff (whose hidden button the server also refuses),
// onboarding a new hire from start to approval, and forms that refuse bad input with core's
// Chinese messages while writing nothing.
import assert from 'node:assert/strict';
import { api, describe, loginThroughPage, sessionToken, shot, stamp, test } from '../support/fixtures.mjs';

/** Signs in through the page in a context of its own, so two people can be signed in at once. */
async function signIn(browser, site, username, password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) {
    page.on('response', async (res) => {
      if (!res.url().includes('/api/')) return;
      const body = await res.json().catch(() => ({}));
      if (body.code !== 0) console.log('[api]', res.url(), body.code, body.message);
    });
  }
  await loginThroughPage(page, site, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/** A session for calling the API directly, as the given user. */
async function apiSession(base, username, password = 'Demo@2026') {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

/** Picks an option of an Arco select (single or multiple) by its label. */
async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
  await page.keyboard.press('Escape');
}

/** Ticks a node of the permission tree by its name (`/work/store/staff:view`). */
async function tick(page, name) {
  const node = page.locator('.arco-tree-node', { has: page.getByTestId(`perm-${name}`) });
  await node.locator('.arco-checkbox').click();
}

/** Staff rows the manager can see whose name matches. */
async function staffNamed(base, realName) {
  const manager = await apiSession(base, 'manager');
  const res = await api(base, '/api/v1/fm/staff/list', { pageNum: 1, pageSize: 10, realName }, manager);
  assert.equal(res.code, 0, res.message);
  return res.data.list;
}

describe('a role with limited actions', () => {
  test('its holder does not see the add button, and adding anyway is refused by the server', async ({ browser, site, base }) => {
    const suffix = stamp();
    const roleName = `资料员${suffix}`;
    const username = `clerk${suffix}`;
    const realName = `周资料${suffix}`;
    const password = 'Clerk@2026';
    const { context, page } = await signIn(browser, site, 'manager');

    // The manager creates the role…
    await page.goto(`${site}/work/enterprise/role`);
    await page.getByTestId('role-add').click();
    await page.getByTestId('field-name').fill(roleName);
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    const roleRow = page.locator('tr', { hasText: roleName });
    await roleRow.waitFor();
    await shot(page, 'org-roles');

    // …lets it open the staff list without any of its actions…
    await roleRow.getByTestId('row-permission').click();
    await page.waitForURL('**/work/enterprise/roleSetting/**');
    await page.getByTestId('permission-tree').waitFor();
    await tick(page, '/work/store/staff:view');
    await shot(page, 'org-role-setting');
    await page.getByTestId('role-setting-save').click();
    await page.getByText('权限已保存').first().waitFor();

    // …and gives it to a new member of staff in 西湖店.
    await page.goto(`${site}/work/store/staff`);
    await page.getByTestId('staff-add').click();
    await page.getByTestId('field-username').fill(username);
    await page.getByTestId('field-password').fill(password);
    await page.getByTestId('field-realName').fill(realName);
    await page.getByTestId('field-mobile').fill(`139${suffix}01`);
    await choose(page, 'field-storeId', '西湖店');
    await choose(page, 'field-roleIds', roleName);
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await page.locator('tr', { hasText: realName }).waitFor();
    await shot(page, 'org-staff');
    await context.close();

    // The new person signs in: the staff list is there, its add button is not.
    const clerk = await signIn(browser, site, username, password);
    await clerk.page.goto(`${site}/work/store/staff`);
    await clerk.page.getByTestId('staff-list').waitFor();
    await clerk.page.locator('[data-row-id]').first().waitFor();
    assert.equal(await clerk.page.getByTestId('staff-add').count(), 0, 'the add button is removed');
    assert.equal(await clerk.page.getByTestId('row-edit').count(), 0, 'the edit buttons are removed');
    await shot(clerk.page, 'org-staff-limited');

    // Calling the action anyway is refused.
    const token = await sessionToken(clerk.context);
    const attempt = await api(
      base,
      '/api/v1/fm/staff/add',
      { username: `sneak${suffix}`, password: 'Sneak@2026', realName: '越权', mobile: `137${suffix}02`, roleIds: [] },
      { token },
    );
    assert.equal(attempt.code, 10020001);
    assert.equal(attempt.message, '无权限执行该操作');
    assert.equal((await staffNamed(base, '越权')).length, 0, 'nothing was written');
    await clerk.context.close();
  });
});

describe('one’s own staff record', () => {
  test('the manager edits their own row with 角色 read-only and a hint; a colleague’s roles stay editable', async ({ browser, site }) => {
    const { context, page } = await signIn(browser, site, 'manager');
    await page.goto(`${site}/work/store/staff`);
    await page.locator('tr', { hasText: '王建国' }).getByTestId('row-edit').click();
    const form = page.locator('.arco-modal');
    await form.getByText('不能修改自己的角色、门店、部门和岗位，请联系上级处理').waitFor();
    await form.locator('[data-testid="field-roleIds"].arco-select-disabled').waitFor();
    await form.getByTestId('field-roleIds').getByText('店长', { exact: true }).waitFor();
    await shot(page, 'org-staff-own-roles-read-only');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });

    await page.locator('tr', { hasText: '李晓峰' }).getByTestId('row-edit').click();
    await form.getByTestId('field-roleIds').waitFor();
    assert.equal(await form.locator('.arco-select-disabled[data-testid="field-roleIds"]').count(), 0, 'a colleague’s roles are editable');
    assert.equal(await form.getByText('不能修改自己的角色').count(), 0);
    await context.close();
  });
});

describe("city operations and a company's roles", () => {
  test("权限设置 on a company role shows the role's /work grants and 保存 keeps them", async ({ browser, site, base }) => {
    const manager = await apiSession(base, 'manager');
    const menuBefore = await api(base, '/api/v1/fm/login/getMenuListByUser', {}, manager);
    assert.equal(menuBefore.code, 0, menuBefore.message);

    const { context, page } = await signIn(browser, site, 'city');
    await page.goto(`${site}/coc/hr/role`);
    const roleRow = page.locator('tr', { hasText: '安居经纪' }).filter({ hasText: '店长' });
    await roleRow.getByTestId('row-permission').click();
    await page.waitForURL('**/coc/hr/roleSetting/**');
    await page.getByTestId('permission-tree').waitFor();
    const staffView = page.locator('.arco-tree-node', { has: page.getByTestId('perm-/work/store/staff:view') });
    await staffView.locator('.arco-checkbox-checked').waitFor();
    assert.equal(await page.getByTestId('perm-/coc').count(), 0, 'a company role is given the workbench');
    await shot(page, 'org-city-role-setting');
    await page.getByTestId('role-setting-save').click();
    await page.getByText('权限已保存').first().waitFor();
    await context.close();

    const menuAfter = await api(base, '/api/v1/fm/login/getMenuListByUser', {}, manager);
    assert.deepEqual(menuAfter.data, menuBefore.data, "the role's holders keep every page and action");
  });
});

describe('a role one holds', () => {
  test('the general manager sees 总经理 in the list without 编辑/权限设置, and its 权限设置 reads only', async ({ browser, site, base }) => {
    const boss = await apiSession(base, 'boss');
    const roles = await api(base, '/api/v1/fm/role/list', { pageNum: 1, pageSize: 100, name: '总经理' }, boss);
    assert.equal(roles.code, 0, roles.message);
    const own = roles.data.list.find((role) => role.name === '总经理');
    const { context, page } = await signIn(browser, site, 'boss');
    await page.goto(`${site}/work/enterprise/role`);
    const row = page.locator('tr', { hasText: '总经理' });
    await row.waitFor();
    assert.equal(await row.getByTestId('row-edit').count(), 0, 'no 编辑 on one’s own role');
    assert.equal(await row.getByTestId('row-permission').count(), 0, 'no 权限设置 on one’s own role');
    // 查看权限 opens the same page, which says who changes the role and lets nothing be ticked.
    await row.getByTestId('row-permission-view').click();
    await page.waitForURL(`**/work/enterprise/roleSetting/${own.id}**`);
    await page.getByTestId('role-setting-read-only').waitFor();
    assert.equal(await page.getByTestId('role-setting-save').count(), 0, 'nothing to save');
    assert.equal(await page.getByTestId('permission-none').count(), 0, 'no 全不选 on a tree that cannot change');
    const staffPage = page.locator('.arco-tree-node', { has: page.getByTestId('perm-/work/store/staff') });
    const box = staffPage.locator('.arco-checkbox');
    assert.match((await box.getAttribute('class')) ?? '', /arco-checkbox-disabled/, 'the boxes are greyed');
    const before = await box.getAttribute('class');
    await box.click({ force: true });
    assert.equal(await box.getAttribute('class'), before, 'a click ticks or unticks nothing');
    await context.close();
  });
});

describe("a role's data scope on 权限设置", () => {
  test("is core's 数据权限 field, and a custom scope with nothing chosen is refused under 指定部门 and in a toast", async ({ browser, site, base }) => {
    const boss = await apiSession(base, 'boss');
    const added = await api(base, '/api/v1/fm/role/add', { name: `范围${stamp()}`, dataScope: 'SELF' }, boss);
    assert.equal(added.code, 0, added.message);
    const { context, page } = await signIn(browser, site, 'boss');
    await page.goto(`${site}/work/enterprise/roleSetting/${added.data.id}`);
    const form = page.getByTestId('data-scope-form');
    await form.locator('.arco-form-label-item').getByText('数据权限', { exact: true }).waitFor();
    await choose(page, 'field-dataScope', '自定义');
    await form.locator('.arco-form-label-item').getByText('指定部门', { exact: true }).waitFor();
    await page.getByTestId('role-setting-save').click();
    await form.locator('.arco-form-message').getByText('请选择自定义数据范围的部门或门店').waitFor();
    // And a toast naming it, as every refused save has (web/src/components/form/placeFailure.ts).
    await page.locator('.arco-message').getByText('请选择自定义数据范围的部门或门店').waitFor();
    await shot(page, 'org-role-setting-scope-refused');
    await context.close();
  });
});

describe('onboarding a new hire', () => {
  test('the manager starts it, the details are filled and checked, approval lets the hire work', async ({ browser, site, base }) => {
    const suffix = stamp();
    const username = `hire${suffix}`;
    const realName = `林新人${suffix}`;
    const password = 'Hire@2026';
    const { context, page } = await signIn(browser, site, 'manager');

    await page.goto(`${site}/work/store/staff`);
    await page.getByTestId('staff-enroll').click();
    await page.waitForURL((url) => url.pathname === '/enrollment');
    await page.getByTestId('enrollment-list').waitFor();
    await page.getByTestId('enrollment-start').click();
    await page.waitForURL((url) => url.pathname === '/enrollment/new');
    await page.getByTestId('field-username').fill(username);
    await page.getByTestId('field-password').fill(password);
    await page.getByTestId('field-realName').fill(realName);
    await page.getByTestId('field-mobile').fill(`136${suffix}03`);
    await choose(page, 'field-storeId', '西湖店');
    await choose(page, 'field-positionId', '经纪人');
    await choose(page, 'field-roleIds', '经纪人');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/enrollment/*/info');
    await page.getByTestId('enrollment-info').waitFor();

    // Pending: the hire cannot sign in yet.
    const early = await api(base, '/api/v2/fm/login/public/login/web', { username, password });
    assert.equal(early.code, 10010013);

    // Sending for approval needs every detail; core says which one is missing.
    await page.getByTestId('enrollment-submit').click();
    await page.getByText('请输入身份证号').first().waitFor();

    // A wrong ID number and bank card are refused as typed.
    await page.getByTestId('field-idNumber').fill('110101199003071234');
    await page.getByTestId('field-bankCard').fill('6222-0000');
    await page.getByTestId('enrollment-submit').click();
    await page.getByText('身份证号格式错误').first().waitFor();
    await page.getByText('银行卡号格式错误').first().waitFor();
    await shot(page, 'org-enrollment-invalid');

    await page.getByTestId('field-idNumber').fill('11010519491231002X');
    await page.getByTestId('field-bankCard').fill('6222 0212 3456 7890 123');
    await choose(page, 'field-education', '本科');
    await choose(page, 'field-maritalStatus', '未婚');
    await page.getByTestId('field-entryDate').fill('2026-11-20');
    await page.keyboard.press('Enter');
    await choose(page, 'field-workingStatus', '正式');
    await page.getByTestId('field-emergencyContact').fill('林父');
    await page.getByTestId('field-emergencyMobile').fill('13912345678');
    await page.getByTestId('enrollment-submit').click();
    await page.waitForURL('**/enrollment/*/review');
    await page.getByTestId('onboarding-status').getByText('待审批').waitFor();
    await shot(page, 'org-enrollment-review');

    // Awaiting approval, the details form is not offered any more: its address opens the review.
    await page.goto(page.url().replace(/\/review$/, '/info'));
    await page.waitForURL('**/enrollment/*/review');
    await page.getByTestId('onboarding-status').getByText('待审批').waitFor();
    assert.equal(await page.getByTestId('field-idNumber').count(), 0, 'no editable ID number field');

    // Whoever submitted does not approve: they are offered 驳回 (to take it back) and no 通过.
    await page.getByTestId('enrollment-reject').waitFor();
    assert.equal(await page.getByTestId('enrollment-approve').count(), 0, 'no 通过 on one’s own submission');

    // The general manager approves, and the record leaves PENDING for 正式; the hire has a role,
    // so the confirm promises a login.
    const review = page.url();
    await context.close();
    const boss = await signIn(browser, site, 'boss');
    await boss.page.goto(review);
    await boss.page.getByTestId('onboarding-status').getByText('待审批').waitFor();
    await boss.page.getByTestId('enrollment-approve').click();
    await boss.page.getByText('通过后即可登录系统').waitFor();
    await boss.page.getByTestId('confirm-ok').click();
    await boss.page.getByTestId('onboarding-status').getByText('已入职').waitFor();
    await boss.page.getByTestId('confirm-ok').waitFor({ state: 'detached' });
    await shot(boss.page, 'org-enrollment-approved');
    const done = boss.page.getByTestId('enrollment-steps').locator('.arco-steps-item').last();
    assert.match((await done.getAttribute('class')) ?? '', /arco-steps-item-finish/, '完成 shows done');
    const [hired] = await staffNamed(base, realName);
    assert.equal(hired.workingStatus, 'INCUMBENCY_FORMAL');
    assert.equal(hired.storeName, '西湖店');
    // In the list its one action names the hire: 查看, since nothing is left to do.
    await boss.page.goto(`${site}/enrollment`);
    await boss.page.getByRole('button', { name: `查看 ${realName}`, exact: true }).waitFor();
    await boss.context.close();

    // From now on the hire signs in.
    const approved = await api(base, '/api/v2/fm/login/public/login/web', { username, password });
    assert.equal(approved.code, 0, approved.message);
    const hire = await signIn(browser, site, username, password);
    assert.match(new URL(hire.page.url()).pathname, /^\/work\//);
    await hire.context.close();
  });
});

describe('forms refuse bad input', () => {
  test("a new member of staff with a bad mobile or ID number gets core's message and is not created", async ({ browser, site, base }) => {
    const suffix = stamp();
    const realName = `错误输入${suffix}`;
    const { context, page } = await signIn(browser, site, 'manager');
    await page.goto(`${site}/work/store/staff`);
    await page.getByTestId('staff-add').click();

    await page.getByTestId('form-submit').click();
    await page.getByText('请输入用户名').first().waitFor();
    await page.getByText('姓名不能为空').first().waitFor();

    await page.getByTestId('field-username').fill(`bad${suffix}`);
    await page.getByTestId('field-password').fill('Bad@2026');
    await page.getByTestId('field-realName').fill(realName);
    await page.getByTestId('field-mobile').fill('2345');
    await page.getByTestId('field-idNumber').fill('123');
    await page.getByTestId('form-submit').click();
    await page.getByText('请输入正确的手机号码').first().waitFor();
    await page.getByText('身份证号格式错误').first().waitFor();
    await shot(page, 'org-staff-invalid');

    // A mobile someone already uses: the server's refusal lands under the field.
    await page.getByTestId('field-mobile').fill('13800000003');
    await page.getByTestId('field-idNumber').fill('');
    await choose(page, 'field-storeId', '西湖店');
    await page.getByTestId('form-submit').click();
    await page.getByText('该手机号已被其他员工使用').first().waitFor();
    await context.close();

    assert.equal((await staffNamed(base, realName)).length, 0, 'nothing was created');
  });

  test('a server field error lands on its field and goes once the value is corrected', async ({ browser, site }) => {
    const { context, page } = await signIn(browser, site, 'boss');
    await page.goto(`${site}/work/enterprise/store`);
    await page.getByTestId('storeGroup-add').click();
    // 西湖片区 exists: only the server knows. Enter sends the dialog.
    await page.getByTestId('field-name').fill('西湖片区');
    await page.getByTestId('field-name').press('Enter');
    const item = page.locator('.arco-form-item', { has: page.getByTestId('field-name') });
    await item.getByText('该公司下已存在同名门店组').waitFor();
    await page.locator('.arco-message').getByText('该公司下已存在同名门店组').waitFor();
    await shot(page, 'org-field-error-from-server');
    await page.getByTestId('field-name').fill('西湖二片区');
    await item.getByText('该公司下已存在同名门店组').waitFor({ state: 'detached' });
    await context.close();
  });

  test("a role name that is too long is refused with core's message", async ({ browser, site }) => {
    const { context, page } = await signIn(browser, site, 'manager');
    await page.goto(`${site}/work/enterprise/role`);
    await page.getByTestId('role-add').click();
    await page.getByTestId('field-name').fill('角'.repeat(51));
    await page.getByTestId('form-submit').click();
    await page.getByText('角色名称不能超过50个字符').first().waitFor();
    await context.close();
  });
});
