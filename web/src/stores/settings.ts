import { create } from 'zustand';
import { LIMITS } from '../config/coreData';
import { readLocal, writeLocal } from './localStore';
import { storageKeys } from './storageKeys';

interface SettingsState {
  themeType: number;
  /** The user's choice for a wide window, kept across visits. */
  menuCollapsed: boolean;
  /** The window is below the sidebar's breakpoint: the sidebar starts collapsed. */
  narrowWindow: boolean;
  /** Opened by the user in a narrow window; forgotten when the window changes side. */
  narrowMenuOpen: boolean;
  toggleMenuCollapsed: () => void;
  setNarrowWindow: (narrow: boolean) => void;
}

/** Below the sidebar's breakpoint (Arco's `lg`, 992 px): read at start so the first paint is right. */
const narrowAtStart = () => window.matchMedia?.('(max-width: 991px)').matches === true;

/** Theme type (default 1) and the sidebar's collapsed flag, kept across visits (spec §4). */
export const useSettingsStore = create<SettingsState>()((set, get) => ({
  themeType: readLocal<number>(storageKeys.themeType) ?? LIMITS.defaultThemeType,
  menuCollapsed: readLocal<boolean>(storageKeys.menuCollapsed) === true,
  narrowWindow: narrowAtStart(),
  narrowMenuOpen: false,
  toggleMenuCollapsed: () => {
    // In a narrow window the toggle opens the sidebar for now, without changing the kept choice.
    if (get().narrowWindow) {
      set({ narrowMenuOpen: !get().narrowMenuOpen });
      return;
    }
    const menuCollapsed = !get().menuCollapsed;
    writeLocal(storageKeys.menuCollapsed, menuCollapsed);
    set({ menuCollapsed });
  },
  setNarrowWindow: (narrow) => {
    if (narrow !== get().narrowWindow) set({ narrowWindow: narrow, narrowMenuOpen: false });
  },
}));

/** Whether the sidebar shows collapsed now: always in a narrow window unless opened there. */
export const selectMenuCollapsed = (state: SettingsState): boolean =>
  state.narrowWindow ? !state.narrowMenuOpen : state.menuCollapsed;
