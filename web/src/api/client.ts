// The one request client of spec §7 and the error catalogue of §8. Core shapes the request
// (headers, body merge, query encoding) and classifies the answer; this module only moves bytes,
// times things and shows toasts.
import { Message } from '@arco-design/web-react';
//
// It imports no store that calls it: the session store hands in what the client needs from it
// (the chat login, what to do when the login has expired), so the import graph has no cycle.
import {
  classifyBlobText,
  classifyResponse,
  shapeRequest,
  type RequestContext,
  type RequestSpec,
  type ShapedRequest,
} from '@core/wasm';
import { LIMITS, TEXT } from '../config/coreData';
import { runtimeConfig, type HostBases } from '../config/runtime';
import { readCookie } from '../stores/cookies';
import { storageKeys } from '../stores/storageKeys';
import { useLoadingStore } from '../stores/loading';
import type { ChatLoginInfo } from './types';

export interface RequestOptions extends RequestSpec {
  /** Which upstream; chat calls use `chatApi` together with `chat: true`. Default `api`. */
  base?: Exclude<keyof HostBases, 'ws'>;
  /** Show the overlay when the call takes longer than the loading delay. Default true. */
  showLoading?: boolean;
  /** Toast a failure. When false, a failure resolves to an `ApiFailure` for the caller. */
  showErrorMessage?: boolean;
  /** Lets the caller cancel (import analyses); a cancelled call rejects with '取消请求'. */
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
}

/** A non-zero answer handed back to a caller that asked for `showErrorMessage: false`. */
export interface ApiFailure {
  failed: true;
  code: number;
  message: string;
  /** The input field at fault and its message, when the server names one (`errors` of the envelope). */
  errors?: Record<string, string[]>;
}

export type RequestErrorKind = 'api' | 'loginExpired' | 'network' | 'cancelled' | 'setup';

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly code?: number;

  constructor(kind: RequestErrorKind, message: string, code?: number) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    this.code = code;
  }
}

let chatLogin: ChatLoginInfo | null | undefined;
let loginExpired: () => void = () => undefined;

/** The signed-in user's chat credentials, sent with chat calls; set when user info loads. */
export function setChatLogin(info: ChatLoginInfo | null | undefined): void {
  chatLogin = info;
}

/** Whether the chat credentials have come (with the fresh user info; a reloaded tab waits for them). */
export function chatReady(): boolean {
  return Boolean(chatLogin?.token);
}

/** What ends the session once a login-expired answer has been shown (the session store's logout). */
export function onLoginExpired(handler: () => void): void {
  loginExpired = handler;
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && (value as ApiFailure).failed === true;
}

/**
 * A request as a key of the data cache (api/useRead.ts): what decides its answer, including the
 * site it is asked for (the siteId header changes it) and whether a refusal is quiet.
 */
export type RequestKey = readonly [base: string, url: string, spec: RequestSpec, quiet: boolean, siteId: string];

let recording: RequestKey[] | undefined;
/** What a recorded request answers: nothing, ever; the loader's result is thrown away. */
const NOT_SENT = new Promise<never>(() => undefined);

/**
 * The requests `load` makes, as cache keys, found without sending them, so the data hooks can
 * keep their `(load, key)` signatures and two pickers asking for the same stores share one cache
 * entry. Only requests made before the loader's first `await` are seen: the loaders of this app
 * make one call, or a few side by side. A loader must hand back its answer as it came (shape it
 * where it is shown): another screen making the same request gets the same cached value.
 */
export function requestsOf(load: () => unknown): RequestKey[] {
  const outer = recording;
  const found: RequestKey[] = [];
  recording = found;
  try {
    void load();
  } finally {
    recording = outer;
  }
  return found;
}

export function request<T>(options: RequestOptions & { showErrorMessage: false }): Promise<T | ApiFailure>;
export function request<T>(options: RequestOptions): Promise<T>;
export async function request<T>(options: RequestOptions): Promise<T | ApiFailure> {
  if (recording) {
    recording.push([options.base ?? 'api', options.url, toSpec(options), options.showErrorMessage === false, readCookie('siteId') ?? '']);
    return NOT_SENT;
  }
  const showErrorMessage = options.showErrorMessage !== false;

  let shaped: ShapedRequest;
  try {
    shaped = shapeRequest(toSpec(options), requestContext());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    Message.error(message);
    throw new RequestError('setup', message);
  }

  const stopLoading = startLoadingOverlay(options.showLoading !== false, LIMITS.loadingDelayMs);
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), LIMITS.requestTimeoutMs);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel);

  try {
    const response = await fetch(baseUrl(options) + shaped.url, {
      method: shaped.method,
      headers: shaped.multipart ? shaped.headers : { ...shaped.headers, 'Content-Type': 'application/json' },
      body: requestBody(shaped),
      credentials: 'include',
      signal: controller.signal,
    });
    if (options.responseType === 'blob') return (await readBlob(response)) as T;
    const body: unknown = await response.json();
    const outcome = classifyResponse(body, showErrorMessage);
    if (outcome.kind === 'success') return outcome.data as T;
    if (outcome.kind === 'loginExpired') {
      startLoginExpiredFlow(outcome.message);
      throw new RequestError('loginExpired', outcome.message, responseCode(body));
    }
    if (outcome.toast) {
      Message.error(outcome.message);
      throw new RequestError('api', outcome.message, responseCode(body));
    }
    return { failed: true, code: responseCode(body), message: outcome.message, errors: fieldErrors(body) };
  } catch (error) {
    if (error instanceof RequestError) throw error;
    if (options.signal?.aborted) throw new RequestError('cancelled', TEXT.cancelRequest);
    setTimeout(() => Message.error(TEXT.networkError), LIMITS.networkErrorToastDelayMs);
    throw new RequestError('network', TEXT.networkError);
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', cancel);
    stopLoading();
  }
}

/** Only the spec's own fields, and only those given: core reads an absent field as its default. */
function toSpec(options: RequestOptions): RequestSpec {
  const { method, url, data, params, dataType, chat } = options;
  const spec: RequestSpec = { url };
  if (method !== undefined) spec.method = method;
  if (data !== undefined) spec.data = data;
  if (params !== undefined) spec.params = params;
  if (dataType !== undefined) spec.dataType = dataType;
  if (chat !== undefined) spec.chat = chat;
  return spec;
}

function requestContext(): RequestContext {
  const chat = chatLogin;
  return {
    token: readCookie('token'),
    userId: readCookie('userId'),
    siteId: readCookie('siteId'),
    chatToken: chat?.token,
    chatAppId: chat?.applicationIdentity,
  };
}

function baseUrl(options: RequestOptions): string {
  return runtimeConfig().bases[options.base ?? 'api'];
}

function requestBody(shaped: ShapedRequest): BodyInit | undefined {
  if (shaped.body === null || shaped.body === undefined) return undefined;
  if (!shaped.multipart) return JSON.stringify(shaped.body);
  const form = new FormData();
  for (const [name, value] of Object.entries(shaped.body as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

/** A download that turns out to be a JSON error shows its message as a warning. */
async function readBlob(response: Response): Promise<Blob> {
  const blob = await response.blob();
  if (!blob.type.includes('json')) return blob;
  const warning = classifyBlobText(await blob.text());
  if (warning) {
    Message.warning({ content: warning.message, duration: LIMITS.warningToastMs });
    throw new RequestError('api', warning.message);
  }
  return blob;
}

function responseCode(body: unknown): number {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : Number(code ?? -1);
}

function fieldErrors(body: unknown): Record<string, string[]> | undefined {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string[]>) : undefined;
}

function startLoadingOverlay(enabled: boolean, delayMs: number): () => void {
  if (!enabled) return () => undefined;
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    useLoadingStore.getState().begin();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (shown) useLoadingStore.getState().end();
  };
}

/** This page's login-expired flow is under way: the answers of its other requests add nothing. */
let expiring = false;

/**
 * §8: warn after 300 ms, log out 1 s later, once however many requests answer so. Guarded in this
 * page, not by the stored flag: a reload that cut a flow short (the flag set, the logout not yet
 * run) must still end the session on the next such answer.
 */
function startLoginExpiredFlow(message: string): void {
  if (expiring) return;
  expiring = true;
  // The flag carries why the session ended, for the login page to repeat (账号已被锁定, not 登录已过期).
  localStorage.setItem(storageKeys.timeOver, message);
  setTimeout(() => {
    Message.warning({ content: message, duration: LIMITS.warningToastMs });
    setTimeout(() => {
      expiring = false;
      loginExpired();
    }, LIMITS.loginExpiredLogoutDelayMs);
  }, LIMITS.loginExpiredWarningDelayMs);
}
