import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../api/types';
import { useUserStore } from './user';

const info: UserInfo = {
  userId: 3,
  username: 'manager',
  realName: '王建国',
  userCode: 'BD0003',
  mobile: '138****0003',
  positionName: '店长',
  workingStatus: 'INCUMBENCY_FORMAL',
  permissions: ['/work/store/staff'],
  sites: [{ id: 1, name: '杭州' }],
  storeId: 7,
  storeGroupId: 2,
  organisationId: 1,
  chatLoginInfo: { token: 'chat-secret', applicationIdentity: 'app' },
} as UserInfo;

beforeEach(() => {
  sessionStorage.clear();
  useUserStore.setState({ info: undefined, ids: [] });
});

describe('user info kept for a reload', () => {
  it('a reload in the same tab has the user at once, without the chat credentials', () => {
    useUserStore.getState().set(info);
    useUserStore.setState({ info: undefined, ids: [] }); // the page reloads
    expect(useUserStore.getState().restore('3')).toBe(true);
    const restored = useUserStore.getState().info;
    expect(restored?.realName).toBe('王建国');
    expect(restored?.sites).toEqual([{ id: 1, name: '杭州' }]);
    expect(restored?.chatLoginInfo).toBeUndefined();
    expect(useUserStore.getState().ids).toEqual([7, 2, 3]);
  });

  it('another user of the session, or a cleared one, finds nothing', () => {
    useUserStore.getState().set(info);
    useUserStore.setState({ info: undefined, ids: [] });
    expect(useUserStore.getState().restore('4')).toBe(false);
    useUserStore.getState().set(info);
    useUserStore.getState().clear();
    expect(useUserStore.getState().restore('3')).toBe(false);
    expect(useUserStore.getState().info).toBeUndefined();
  });
});
