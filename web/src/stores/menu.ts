import { create } from 'zustand';
// Core's useLocalMenu is a plain function, not a React hook; the alias says so.
import { buildRouteTable, defaultMenuTree, useLocalMenu as localMenuApplies, type MenuEntry, type RouteTable } from '@core/wasm';
import { emptyRouteTable } from 'virtual:core-snapshot';
import { getMenuListByUser } from '../api/session';
import { runtimeConfig } from '../config/runtime';
import { readLocal, writeLocal } from './localStore';
import { storageKeys } from './storageKeys';

interface MenuState {
  menus: MenuEntry[];
  routeTable: RouteTable;
  /** The cached menu of a user, so a reload has its routes before the server answers. */
  restore: (userId: string) => void;
  /** The server's menu (or the local one in local development with the flag); false when empty. */
  load: (userId: string) => Promise<boolean>;
}

/** Core's table of no menu, asked at build time: the store exists before the wasm module. */
const EMPTY_TABLE: RouteTable = emptyRouteTable;

function tableOf(menus: MenuEntry[]) {
  return { menus, routeTable: buildRouteTable(menus) };
}

export const useMenuStore = create<MenuState>()((set, get) => ({
  menus: [],
  routeTable: EMPTY_TABLE,
  restore: (userId) => {
    const cached = readLocal<MenuEntry[]>(storageKeys.menu(userId));
    if (Array.isArray(cached)) set(tableOf(cached));
  },
  load: async (userId) => {
    const menus = localMenuApplies(window.location.hostname, runtimeConfig().localMenu)
      ? defaultMenuTree()
      : await getMenuListByUser();
    if (menus.length === 0) {
      localStorage.removeItem(storageKeys.menu(userId));
      set(tableOf([]));
      return false;
    }
    writeLocal(storageKeys.menu(userId), menus);
    // A refresh that finds the same menu keeps the same route table, so no route re-renders.
    if (JSON.stringify(menus) !== JSON.stringify(get().menus)) set(tableOf(menus));
    return true;
  },
}));
