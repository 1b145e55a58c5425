import { create } from 'zustand';
import { getLoginUserInfo } from '../api/session';
import type { UserInfo } from '../api/types';

interface UserState {
  info?: UserInfo;
  /** [storeId, storeGroupId, userId], as spec §3 has the client build it. */
  ids: Array<number | string | null | undefined>;
  load: () => Promise<UserInfo>;
  clear: () => void;
}

export const useUserStore = create<UserState>()((set) => ({
  info: undefined,
  ids: [],
  load: async () => {
    const info = await getLoginUserInfo();
    set({ info, ids: [info.storeId, info.storeGroupId, info.userId] });
    return info;
  },
  clear: () => set({ info: undefined, ids: [] }),
}));
