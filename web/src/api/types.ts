// Shapes of the session calls of spec §7 (the server's answers inside the `data` envelope).

export interface LoginForm {
  username: string;
  password: string;
}

export interface LoginResult {
  token: string;
  userId: number | string;
}

export interface Site {
  id: number;
  name: string;
}

export interface ChatLoginInfo {
  token: string;
  applicationIdentity: string;
}

export interface UserInfo {
  userId: number | string;
  storeId?: number | null;
  storeGroupId?: number | null;
  positionName: string;
  realName: string;
  userCode: string;
  /** Masked by the server (138****0001). */
  mobile?: string | null;
  sites: Site[];
  permissions?: string[];
  chatLoginInfo?: ChatLoginInfo | null;
}
