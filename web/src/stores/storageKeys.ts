// Where the client keeps things: core names the keys of spec §9 (menu and site per user, theme
// type, collapsed flag, tag views); the time-over flag is this client's own.
import { storageKeys as coreStorageKeys } from '@core/wasm';
import { sharedStorageKeys as shared } from 'virtual:core-snapshot';

// Keys that do not depend on the user are core's names asked with no user, at build time: stores
// read them as they are created, before the wasm module has arrived.

export const storageKeys = {
  menu: (userId: string) => coreStorageKeys(userId).menu,
  site: (userId: string) => coreStorageKeys(userId).site,
  themeType: shared.themeType,
  menuCollapsed: shared.menuCollapsed,
  /** The visited views (sessionStorage). */
  tagViews: shared.tagViews,
  /** The signed-in user's info (sessionStorage), so a reload renders before the server answers. */
  userInfo: 'userInfo',
  /** Set once a login-expired flow has started, so it runs once; login clears it. */
  timeOver: 'timeOver',
  /**
   * An unsaved form of one user in this tab (sessionStorage; `form` is its route with the id or
   * `new`), so a tab switch or F5 keeps what was typed; saving, cancelling or 放弃草稿 clears it,
   * and logging out clears the tab's storage.
   */
  formDraft: (form: string, userId: string) => `formDraft:${form}:${userId}`,
  /**
   * One user's current conversation with one assistant in this tab (sessionStorage), so a reload
   * (F5) mid-chat keeps it; logging out clears it.
   */
  chat: (assistantId: number, userId: string) => `chat:${assistantId}:${userId}`,
} as const;
