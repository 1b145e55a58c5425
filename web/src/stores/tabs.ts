import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  addVisitedView,
  nameVisitedView,
  refreshVisitedViews,
  removeVisitedView,
  type RouteTable,
  type VisitedView,
} from '@core/wasm';
import { storageKeys } from './storageKeys';

interface TabsState {
  views: VisitedView[];
  /** Opens or refreshes a tab; past the width's cap the oldest tabs close (core addVisitedView). */
  open: (view: VisitedView, pageWidth: number) => void;
  /** Re-applies the cap after a resize by re-adding the newest tab. */
  fit: (pageWidth: number) => void;
  /** The pinned home tab closes nothing. */
  close: (path: string) => void;
  /** A detail page names its record in its tab (core nameVisitedView). */
  name: (path: string, subject: string) => void;
  /** After a menu refresh every tab takes its page's current name (core refreshVisitedViews). */
  refresh: (table: RouteTable) => void;
  clear: () => void;
}

/** A closed tab's page state lives in sessionStorage under its path; it goes with the tab. */
function forget(paths: string[]) {
  for (const path of paths) sessionStorage.removeItem(path);
}

export const useTabsStore = create<TabsState>()(
  persist(
    (set, get) => ({
      views: [],
      open: (view, pageWidth) => {
        const { views, dropped } = addVisitedView(get().views, view, pageWidth);
        forget(dropped.map((gone) => gone.path));
        set({ views });
      },
      fit: (pageWidth) => {
        const newest = get().views.at(-1);
        if (newest) get().open(newest, pageWidth);
      },
      close: (path) => {
        const { views, sessionKey } = removeVisitedView(get().views, path);
        if (sessionKey) forget([sessionKey]);
        set({ views });
      },
      name: (path, subject) => set({ views: nameVisitedView(get().views, path, subject) }),
      refresh: (table) => set({ views: refreshVisitedViews(get().views, table) }),
      clear: () => set({ views: [] }),
    }),
    { name: storageKeys.tagViews, storage: createJSONStorage(() => sessionStorage) },
  ),
);
