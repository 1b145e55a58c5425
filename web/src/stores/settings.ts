import { create } from 'zustand';
import { LIMITS } from '../config/coreData';
import { readLocal, writeLocal } from './localStore';
import { storageKeys } from './storageKeys';

interface SettingsState {
  themeType: number;
  menuCollapsed: boolean;
  toggleMenuCollapsed: () => void;
}

/** Theme type (default 1) and the sidebar's collapsed flag, kept across visits (spec §4). */
export const useSettingsStore = create<SettingsState>()((set, get) => ({
  themeType: readLocal<number>(storageKeys.themeType) ?? LIMITS.defaultThemeType,
  menuCollapsed: readLocal<boolean>(storageKeys.menuCollapsed) === true,
  toggleMenuCollapsed: () => {
    const menuCollapsed = !get().menuCollapsed;
    writeLocal(storageKeys.menuCollapsed, menuCollapsed);
    set({ menuCollapsed });
  },
}));
