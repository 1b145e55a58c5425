import { create } from 'zustand';
import { setChatLogin } from '../api/client';
import type { UserInfo } from '../api/types';

interface UserState {
  info?: UserInfo;
  /** [storeId, storeGroupId, userId], as spec §3 has the client build it. */
  ids: Array<number | string | null | undefined>;
  /** Keeps fresh user info; the same answer again changes nothing, so nothing re-renders. */
  set: (info: UserInfo) => void;
  clear: () => void;
}

export const useUserStore = create<UserState>()((set, get) => ({
  info: undefined,
  ids: [],
  set: (info) => {
    setChatLogin(info.chatLoginInfo);
    if (JSON.stringify(get().info) === JSON.stringify(info)) return;
    set({ info, ids: [info.storeId, info.storeGroupId, info.userId] });
  },
  clear: () => {
    setChatLogin(undefined);
    set({ info: undefined, ids: [] });
  },
}));
