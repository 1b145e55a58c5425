// What a screen says when it cannot show what was asked: a page of the product the user is not
// granted (a menu page or the static 办理入职) says 无权限.
import assert from 'node:assert/strict';
import { describe, loginThroughPage, shot, test } from '../support/fixtures.mjs';

describe('pages the user may not open', () => {
  test('办理入职 without its grant says 无权限 at /404, like a menu page', async ({ page, base }) => {
    await loginThroughPage(page, base, 'agent');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/enrollment`);
    const refusal = page.getByTestId('page-403');
    await refusal.getByText('无权限').waitFor();
    await refusal.getByText('请联系管理员分配').waitFor();
    await refusal.getByText('/enrollment').waitFor();
    assert.equal(new URL(page.url()).pathname, '/404');
    assert.equal(await page.getByText('页面不存在').count(), 0);
    await shot(page, 'enrollment-no-permission');
    // A step page deep inside it too.
    await page.goto(`${base}/enrollment/1/info`);
    await refusal.getByText('/enrollment/1/info').waitFor();
  });
});
