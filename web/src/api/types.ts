// Shapes of the session calls of spec §7 (the server's answers inside the `data` envelope),
// generated from the server's OpenAPI document.
import type { Schema } from './schemas';

export type LoginForm = Schema<'LoginRequest'>;
export type LoginResult = Schema<'LoginData'>;
export type Site = Schema<'SiteInfo'>;
export type ChatLoginInfo = Schema<'ChatLoginInfo'>;
export type UserInfo = Schema<'UserInfo'>;
