import { create } from 'zustand';
import { setChatLogin } from '../api/client';
import type { UserInfo } from '../api/types';
import { storageKeys } from './storageKeys';

interface UserState {
  info?: UserInfo;
  /** [storeId, storeGroupId, userId], as spec §3 has the client build it. */
  ids: Array<number | string | null | undefined>;
  /** Keeps fresh user info; the same answer again changes nothing, so nothing re-renders. */
  set: (info: UserInfo) => void;
  /**
   * At a reload: the info this tab last had for the session's user, so the workspace renders and
   * the page's data loads at once while fresh info is asked for beside them (spec §2's "loaded
   * first" is for a session with no user info). False when there is none.
   */
  restore: (userId: string) => boolean;
  clear: () => void;
}

/** The tab's copy leaves out the chat credentials: they come with the fresh answer. */
function keep(info: UserInfo) {
  sessionStorage.setItem(storageKeys.userInfo, JSON.stringify({ ...info, chatLoginInfo: undefined }));
}

function kept(userId: string): UserInfo | undefined {
  try {
    const info = JSON.parse(sessionStorage.getItem(storageKeys.userInfo) ?? 'null') as UserInfo | null;
    return info && String(info.userId) === userId ? info : undefined;
  } catch {
    return undefined;
  }
}

export const useUserStore = create<UserState>()((set, get) => ({
  info: undefined,
  ids: [],
  set: (info) => {
    setChatLogin(info.chatLoginInfo);
    keep(info);
    if (JSON.stringify(get().info) === JSON.stringify(info)) return;
    set({ info, ids: [info.storeId, info.storeGroupId, info.userId] });
  },
  restore: (userId) => {
    const info = kept(userId);
    if (info) set({ info, ids: [info.storeId, info.storeGroupId, info.userId] });
    return info !== undefined;
  },
  clear: () => {
    setChatLogin(undefined);
    sessionStorage.removeItem(storageKeys.userInfo);
    set({ info: undefined, ids: [] });
  },
}));
