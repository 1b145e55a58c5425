// The session calls of spec §7, at their exact paths.
import type { MenuEntry } from '@core/wasm';
import { request } from './client';
import type { LoginForm, LoginResult, PreloginResult, SendCodeResult, UserInfo } from './types';

/** No spinner; the login page shows the server's message itself. */
export function login(form: LoginForm) {
  return request<LoginResult>({
    url: '/api/v2/fm/login/public/login/web',
    data: form,
    showLoading: false,
    showErrorMessage: false,
  });
}

/** Quiet: the login page asks after a failure whether the next try needs an SMS code. */
export function prelogin(data: { username: string }) {
  return request<PreloginResult>({
    url: '/api/v2/fm/login/public/prelogin/web',
    data,
    showLoading: false,
    showErrorMessage: false,
  });
}

export function getLoginUserInfo() {
  return request<UserInfo>({ url: '/api/v1/fm/login/getLoginUserInfo', params: { chatLoginInfo: 1 } });
}

export function logout() {
  return request<unknown>({
    url: '/api/v1/fm/login/logout',
    data: {},
    showLoading: false,
    showErrorMessage: false,
  });
}

/** Sends an SMS code; the caller chooses whether a failure toasts. */
export function sendVerifyCode(data: { cellphone: string }, showErrorMessage = true) {
  return request<SendCodeResult>({ url: '/api/v2/fm/login/public/verifyCode', data, showErrorMessage });
}

export function checkCode(data: { cellphone: string; code: string }) {
  return request<unknown>({ url: '/api/v2/fm/login/public/check/code', data });
}

/** Binds a new mobile after its code checks out; answers the new number, masked. */
export function editCellphone(data: { cellphone: string; code: string }) {
  return request<unknown>({ url: '/api/v1/fm/login/editCellphone', data });
}

/** Confirms a code sent to the user's current mobile. */
export function checkVerifyCode(data: { code: string }) {
  return request<unknown>({ url: '/api/v1/fm/login/checkVerifyCode', data });
}

export function getMenuListByUser() {
  return request<MenuEntry[]>({ url: '/api/v1/fm/login/getMenuListByUser' });
}
