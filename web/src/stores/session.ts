import { create } from 'zustand';
import { logoutNotifiesServer } from '@core/wasm';
import { logout as logoutCall } from '../api/session';
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
   * Loads user info, restores the site, loads the menu. False when the menu is empty:
   * the user has no access.
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
    set({ token, userId: String(userId) });
  },
  loadUserAndMenu: async () => {
    const info = await useUserStore.getState().load();
    const userId = String(info.userId);
    useSiteStore.getState().restore(userId, info.sites);
    return useMenuStore.getState().load(userId);
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
