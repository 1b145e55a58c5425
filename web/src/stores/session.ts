import { create } from 'zustand';
import { logoutNotifiesServer } from '@core/wasm';
import { onLoginExpired } from '../api/client';
import { queryClient } from '../api/queryClient';
import { getLoginUserInfo, logout as logoutCall } from '../api/session';
import type { LoginResult } from '../api/types';
import { readCookie, removeCookie, writeCookie } from './cookies';
import { useMenuStore } from './menu';
import { useSiteStore } from './site';
import { storageKeys } from './storageKeys';
import { useTabsStore } from './tabs';
import { useUserStore } from './user';

interface SessionState {
  token?: string;
  userId?: string;
  /** Stores the login answer and clears the time-over flag (spec §4). */
  signIn: (result: LoginResult) => void;
  /**
   * Loads user info, restores the site, loads the menu; again on refresh, so role changes reach
   * a signed-in user. False when the menu is empty: the user has no access.
   */
  loadUserAndMenu: () => Promise<boolean>;
  /** Tells the server (not on local or internal hosts), clears menu cache, tabs, session storage and token, reloads at /login. */
  logout: () => Promise<void>;
  /** Drops the token without a reload: a user with no access stays on the login page. */
  dropToken: () => void;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: readCookie('token'),
  userId: readCookie('userId'),
  signIn: ({ token, userId }) => {
    writeCookie('token', token);
    writeCookie('userId', String(userId));
    localStorage.removeItem(storageKeys.timeOver);
    // Another user may have signed in on this page before: nothing of theirs is shown.
    queryClient.clear();
    set({ token, userId: String(userId) });
  },
  loadUserAndMenu: async () => {
    // The menu does not depend on user info: with the session's user id both calls go at once.
    const sessionUserId = get().userId;
    const infoLoad = getLoginUserInfo();
    const menuLoad = sessionUserId
      ? useMenuStore.getState().load(sessionUserId)
      : infoLoad.then((info) => useMenuStore.getState().load(String(info.userId)));
    const [info, hasMenu] = await Promise.all([infoLoad, menuLoad]);
    useSiteStore.getState().restore(String(info.userId), info.sites);
    // User info last: once it is set the guard lets the page render, and the page must be
    // matched against the fresh menu, not the one saved in localStorage.
    useUserStore.getState().set(info);
    return hasMenu;
  },
  logout: async () => {
    if (logoutNotifiesServer(window.location.hostname)) {
      await logoutCall().catch(() => undefined);
    }
    const { userId } = get();
    if (userId) localStorage.removeItem(storageKeys.menu(userId));
    useTabsStore.getState().clear();
    sessionStorage.clear();
    removeCookie('token');
    window.location.assign('/login');
  },
  dropToken: () => {
    removeCookie('token');
    useUserStore.getState().clear();
    set({ token: undefined });
  },
}));

// The request client ends the session through this store without importing it.
onLoginExpired(() => void useSessionStore.getState().logout());
