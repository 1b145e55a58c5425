// Shapes of the session calls of spec §7 (the server's answers inside the `data` envelope),
// generated from the server's OpenAPI document.
import type { Schema } from './schemas';

export type LoginForm = Schema<'LoginRequest'>;
export type LoginResult = Schema<'LoginData'>;
/** Before logging in: whether this username needs an SMS code, and whether this client waits. */
export type PreloginResult = Schema<'PreloginData'>;
/** A code is on its way: how long it lives and when another may be asked for. */
export type SendCodeResult = Schema<'SendCodeData'>;
export type Site = Schema<'SiteInfo'>;
export type ChatLoginInfo = Schema<'ChatLoginInfo'>;
export type UserInfo = Schema<'UserInfo'>;
