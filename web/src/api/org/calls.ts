// The call shapes every organisation endpoint shares: POST JSON, paged lists as
// `{list, total}`, writes that hand a refusal back to the form that sent them.
//
// Every successful write marks the data cache stale (api/queryClient.ts): one write changes
// counts and choices on other screens.
import type { PageRequest, PageResult } from '../../components/list/useListQuery';
import { isApiFailure, request, RequestError, type ApiFailure } from '../client';
import { queryClient } from '../queryClient';

export type { PageRequest, PageResult };

/** A read; failures toast. Lists load without the full-page overlay: the table shows its own. */
export function read<T>(url: string, data: object = {}) {
  return request<T>({ url, data, showLoading: false });
}

/**
 * The record a detail or edit page shows: a refusal (not found, out of scope, no permission) is
 * said once, by the page (DetailError), not by a toast as well.
 */
export async function readRecord<T>(url: string, data: object = {}): Promise<T> {
  const result = await request<T>({ url, data, showLoading: false, showErrorMessage: false });
  if (isApiFailure(result)) throw new RequestError('api', result.message, result.code);
  return result;
}

/**
 * Choices for a select: quiet, because a form offers what the caller may see and a refusal only
 * means there is nothing to offer.
 */
export async function choices<T>(url: string, data: object = {}): Promise<T[]> {
  const result = await request<T[]>({ url, data, showLoading: false, showErrorMessage: false });
  return isApiFailure(result) ? [] : result;
}

/** A paged list endpoint. */
export function pageOf<T, F extends object = object>(url: string) {
  return (query: F & PageRequest) => read<PageResult<T>>(url, query);
}

/**
 * The fields a form actually holds: an untouched optional field is `undefined` in the form, and
 * would otherwise reach the server as `null`, which typed fields refuse.
 */
function given(data: object): object {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/**
 * After a write the server took: everything on screen refetches, the rest on its next showing;
 * but an unmasking read, which the audit log records each time, is not sent again unasked.
 */
function changed<T>(result: T): T {
  if (!isApiFailure(result)) void queryClient.invalidateQueries({ predicate: (query) => query.meta?.reveal !== true });
  return result;
}

/** A form's write: a refusal comes back as an `ApiFailure` for the form to place. */
export function write<T>(url: string, data: object): Promise<T | ApiFailure> {
  return request<T>({ url, data: given(data), showErrorMessage: false }).then(changed);
}

/** A write outside a form (delete, switch, status action); a refusal toasts and rejects. */
export function act<T = unknown>(url: string, data: object) {
  return request<T>({ url, data: given(data) }).then(changed);
}

export interface Option {
  id: number;
  name: string;
}
