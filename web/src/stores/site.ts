import { create } from 'zustand';
import { pickSite } from '@core/wasm';
import { LIMITS } from '../config/coreData';
import type { Site } from '../api/types';
import { writeCookie } from './cookies';
import { readLocal, writeLocal } from './localStore';
import { storageKeys } from './storageKeys';

interface SiteState {
  sites: Site[];
  siteId: number;
  /** Restores the user's saved site if still theirs, else their first (core pickSite). */
  restore: (userId: string, sites: Site[]) => void;
  choose: (userId: string, siteId: number) => void;
}

function savedSite(userId: string): number | undefined {
  const saved = readLocal<unknown>(storageKeys.site(userId));
  return typeof saved === 'number' ? saved : undefined;
}

function remember(userId: string, siteId: number) {
  writeCookie('siteId', String(siteId));
  writeLocal(storageKeys.site(userId), siteId);
}

export const useSiteStore = create<SiteState>()((set, get) => ({
  sites: [],
  siteId: LIMITS.noSiteId,
  restore: (userId, sites) => {
    const siteId = pickSite(savedSite(userId), sites.map((site) => site.id));
    remember(userId, siteId);
    // A refresh that finds the same sites keeps the same array, so nothing re-renders.
    const same = JSON.stringify(sites) === JSON.stringify(get().sites);
    set(same ? { siteId } : { sites, siteId });
  },
  choose: (userId, siteId) => {
    remember(userId, siteId);
    set({ siteId });
  },
}));
