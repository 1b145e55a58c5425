// The 房源 walkthrough's findings, as a user sees them: at 800 px the second-hand list shows 状态
// and 维护人 without sideways scroll and the boss narrows it by 门店; 录入房源 from a room low on
// 小区详情 opens the entry form at its top, with the photo section above 取消/保存 saying photos
// come after the first save.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, loginThroughPage, shot, test } from '../support/fixtures.mjs';

describe('the 房源 screens at 800 px', () => {
  test('the list keeps 状态 and 维护人 in sight and offers the boss 门店', async ({ page, site }) => {
    await page.setViewportSize({ width: 800, height: 720 });
    await loginThroughPage(page, site, 'boss');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/old`);
    const list = page.getByTestId('old-house');
    await list.locator('.arco-table-tr').nth(1).waitFor();
    for (const title of ['状态', '维护人']) {
      const box = await list.locator('th', { hasText: title }).first().boundingBox();
      assert.ok(box && box.x + box.width <= 800, `${title} ends at ${box && box.x + box.width}`);
    }
    await page.getByTestId('filter-storeId').waitFor();
    await shot(page, 'house-old-list-800');
  });

  test('录入房源 from a low room opens the form at its top, photos above the buttons', async ({ page, site, base }) => {
    const login = await api(base, '/api/v2/fm/login/public/login/web', { username: 'agent', password: DEMO_PASSWORD });
    assert.equal(login.code, 0, login.message);
    const communities = await api(
      base,
      '/api/v1/fm/house/community/list',
      // A demo community (its rooms seeded), not whichever a spec before this one added first.
      { pageNum: 1, pageSize: 50, keyword: '西溪诚园' },
      { token: login.data.token, userId: login.data.userId },
    );
    assert.equal(communities.code, 0, communities.message);
    const id = communities.data.list[0].id;

    await page.setViewportSize({ width: 800, height: 600 });
    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/communityDetail/${id}`);
    const room = page.getByTestId('community-room').last();
    await room.scrollIntoViewIfNeeded();
    const scrolled = await page.locator('.app-main__content').evaluate((node) => node.scrollTop);
    assert.ok(scrolled > 0, 'the detail is scrolled down to its last room');
    await room.click();
    await page.getByTestId('room-enter-listing').click();
    const form = page.getByTestId('old-house-edit-form');
    await page.getByTestId('field-area').waitFor();
    const title = await form.locator('.arco-card-header').first().boundingBox();
    assert.ok(title && title.y >= 0 && title.y < 200, `the form's title at ${title && title.y}`);

    const photos = page.getByTestId('listing-photos-section');
    await photos.getByText('图片在房源保存后上传').waitFor();
    const photosBox = await photos.boundingBox();
    const submitBox = await page.getByTestId('form-submit').boundingBox();
    assert.ok(photosBox.y < submitBox.y, 'the photo section sits above 保存');
    await shot(page, 'house-old-entry-top');
  });
});
