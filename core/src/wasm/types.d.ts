// ---- menu & routes (spec §2) ----
export interface AuthAction {
  /** the button's code the permission directive checks ('add') */
  componentPath: string;
  /** permission code the server's routes name ('work:store:staff:add'); kept across renames */
  perms: string;
  actionName: string;
}
/** A role's grants; `closeGrants` closes a permission tree's ticks upwards. */
export interface Grants { menuIds: number[]; actionIds: number[] }
/** What `closeGrants` reads of a permission tree's menu (other fields are ignored). */
export interface GrantNode { menuId: number; actions: GrantAction[]; children: GrantNode[] }
export interface GrantAction { actionId: number }
export interface MenuEntry {
  menuId?: number; menuName: string; menuIcon: string;
  /** 1 directory, 2 page */
  menuType: number;
  /** 1 directory, 2 visible page, 3 hidden detail page */
  status: number;
  /** route path, params as ':id' */
  menuPage: string;
  /** permission code the server's routes name ('work:store:staff:list'); kept across renames */
  perms: string;
  componentPath: string; authActions: AuthAction[]; children: MenuEntry[];
}
export interface RouteMeta {
  title: string; icon: string;
  /** every server route: true */
  permission: boolean;
  /** action codes (AuthAction.componentPath) */
  authActions: string[];
  status: number;
  /** status 3 */
  hidden: boolean;
  /** '/work' | '/coc' | '/adminConfig' (first path segment) */
  workspace: string;
  /** a hidden detail page's list page (sidebar highlight, 返回列表); '' for visible pages */
  owner: string;
}
export interface RouteRecord { path: string; name: string; componentPath: string; redirect?: string; meta: RouteMeta }
/** status 1/2 only */
export interface SidebarItem { name: string; icon: string; path: string; children: SidebarItem[] }
export interface RouteTable {
  /** flat: every directory (redirecting to its first non-hidden page) and every page; absolute paths */
  routes: RouteRecord[];
  /** tree without hidden pages; empty directories dropped */
  sidebar: SidebarItem[];
  /** first visible page path ('' when the menu is empty) */
  home: string;
}

// ---- navigation guard (spec §2) ----
export interface GuardInput { path: string; hasSession: boolean; hasUserId: boolean; permission?: boolean | null }
export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  | { kind: 'loadUser' };
/** message is 'url参数错误' when !ok; failed values keep their raw text */
export interface QueryDecryptResult { ok: boolean; query: Record<string, string>; message?: string }

// ---- tabs (spec §2) ----
export interface VisitedView {
  path: string; fullPath: string; query: Record<string, string>;
  name: string;
  /** query title or name, then ' · ' and the record's name once its page has named it */
  title: string; meta: RouteMeta | null;
  /** the home tab: first, kept past the cap, not closable */
  pinned?: boolean;
  /** the record a detail page shows */
  subject?: string;
}
export interface AddVisitedViewResult { views: VisitedView[]; dropped: VisitedView[] }
/** sessionKey: the sessionStorage key to delete (the closed view's path) */
export interface RemoveVisitedViewResult { views: VisitedView[]; sessionKey?: string }

// ---- permissions (spec §6) ----
export interface PermissionDirectiveInput { action: string; allowedActions: string[]; hostname: string; positionName: string }
export interface FeatureInput { code: string; permissions: string[]; positionName: string; hostname: string; localMenuFlag: boolean }

// ---- request shaping (spec §7, §8) ----
export interface RequestSpec {
  /** default POST */
  method?: string;
  url: string;
  data?: unknown;
  params?: Record<string, unknown>;
  dataType?: 'json' | 'formData';
  chat?: boolean;
}
export interface RequestContext { token?: string; userId?: string; siteId?: string; chatToken?: string; chatAppId?: string }
export interface ShapedRequest {
  method: string;
  /** with the query string (siteId always present) */
  url: string;
  headers: Record<string, string>;
  /** JSON body for POST/DELETE; for multipart the caller's data object itself (files intact); null for GET */
  body: unknown | null;
  multipart: boolean;
}
export type ResponseOutcome =
  | { kind: 'success'; data: unknown }
  | { kind: 'loginExpired'; message: string }
  | { kind: 'error'; message: string; toast: boolean };
export interface BlobWarning { message: string }

// ---- display formats (spec §3) ----
/** 0 none, 1 middle (138****5678), 2 last four only, 3 all hidden */
export type MaskLevel = 0 | 1 | 2 | 3;
export interface EnumEntry { value: number | string; label: string }
/** min inclusive, max exclusive; a missing bound is open */
export interface FilterRange { label: string; min?: number; max?: number }
export type TextToken =
  | { kind: 'text'; text: string }
  | { kind: 'link'; key: string }
  | { kind: 'image'; key: string };
export interface CompressionPlan { width: number; height: number; quality: number }
/** expired: the caller removes the key */
export interface StorageRead { expired: boolean; value?: unknown }
export interface StorageKeys {
  token: string; userId: string; siteId: string; themeType: string; menuCollapsed: string;
  tagViews: string; menu: string; site: string;
}

// ---- chat (spec §3, §4) ----
export interface ChatEntry {
  /** display it as parsePlaceholders(text) */
  text: string;
  /** 0 idle/done, 1 answering, 2 error, 3 stopped, 4 thinking, 5 stopping */
  status: number;
  /** 0 question, 1 answer, -1 new-conversation marker */
  type: number;
  id: string | null; groupId: string | null; uuId: string;
  context: unknown; contextLoading: boolean; tokenTotal: number | null;
  imageList: unknown[]; docCount: number; doc: unknown[]; extraType: number | null; stoped: boolean;
}
export interface Conversation { uuId: string; entries: ChatEntry[] }
/** tag: start | end | stop | textError | usage | doc | systemTag; anything else is a text chunk */
export interface ChatReply { msg: string; tag: string; uuid: string }
/** toast: shown instead when the action is blocked (conversation unchanged) */
export interface ChatUpdate { conversation: Conversation; toast?: string }
/** question: the text to send again */
export interface ChatRetryResult { conversation: Conversation; toast?: string; question?: string }
export interface ChatReplyResult { conversation: Conversation; applied: boolean }
export interface ConnectionState {
  phase: 'idle' | 'connecting' | 'open' | 'closed' | 'failed';
  deliberate: boolean; reconnectAttempts: number; unansweredPings: number;
  lastPingMs: number | null; replyDeadlineMs: number | null;
}
export type ConnectionEvent =
  | { kind: 'connect' }
  | { kind: 'opened'; nowMs: number }
  | { kind: 'pong' }
  | { kind: 'tick'; nowMs: number; answering: boolean }
  | { kind: 'questionSent'; nowMs: number; timeoutMs: number }
  | { kind: 'replyReceived' }
  | { kind: 'error'; detail: string }
  | { kind: 'closed'; code: number }
  | { kind: 'close' };
export type ConnectionCommand =
  | { kind: 'open' }
  | { kind: 'reconnect'; attempt: number }
  | { kind: 'send'; text: string }
  | { kind: 'closeSocket'; code: number }
  | { kind: 'failAnswer'; message: string }
  | { kind: 'socketError'; message: string }
  | { kind: 'toast'; message: string };
export interface ConnectionStepResult { state: ConnectionState; commands: ConnectionCommand[] }
export interface SocketPayload {
  msg: string; uuid: string; cmd?: string; assistantId?: string; msgId?: string; retryMsgId?: string;
}
/** a question frame: code is the chat type */
export interface SocketMessage { code: number; msg: SocketPayload }

/** What a knowledge base import reads, kind by kind, and a txt file as it is understood. */
export interface KnowledgeImportFormats { formats: { kinds: string; rule: string }[]; txtExample: string }
