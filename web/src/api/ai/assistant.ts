// The AI assistants (spec §7 "AI service"): chat calls, sent to the chat API base with the chat
// token and application id instead of the session's headers.
import type { PageRequest, PageResult } from '../../components/list/useListQuery';
import { chatReady, isApiFailure, request, type ApiFailure } from '../client';
import { queryClient } from '../queryClient';
import type { Schema } from '../schemas';

export type Assistant = Schema<'Assistant'>;
export type AssistantSubmit = Schema<'AssistantSubmit'>;
/** A published assistant the user may talk to, as the chat panel shows it. */
export type ChatTool = Schema<'ChatTool'>;
export type ChatSite = Schema<'ChatSite'>;
/** A function over the brokerage's data an assistant may call, and the list with whether a model calls them. */
export type ChatFunction = Schema<'ChatFunction'>;
export type FunctionList = Schema<'FunctionList'>;
export type DataSource = Schema<'DataSource'>;

/** Core `assistantSourceType`. */
export const SOURCE_KNOWLEDGE = 1;
export const SOURCE_FUNCTION = 2;

/** Core `assistantKind`. */
export const DIALOGUE = 1;
export const CREATION = 2;

/**
 * The chat API with the chat credentials; until they have come (a reloaded tab restores the user
 * without them), with the session's own, which the chat paths accept too — never with none, which
 * would read as an expired login.
 */
function chatCall() {
  return { chat: chatReady(), base: 'chatApi' } as const;
}

function changed<T>(result: T): T {
  if (!isApiFailure(result)) void queryClient.invalidateQueries();
  return result;
}

export const assistantApi = {
  list: (query: { kind: number; name?: string } & PageRequest) =>
    request<PageResult<Assistant>>({ url: '/api/v1/chat/assistant/list', method: 'GET', data: query, showLoading: false, ...chatCall() }),
  detail: (id: number) =>
    request<Assistant>({ url: `/api/v1/chat/assistant/detail/${id}`, method: 'GET', showLoading: false, ...chatCall() }),
  /** Creates (no id) or changes an assistant; a refusal comes back for the form to place. */
  submit: (data: AssistantSubmit): Promise<Assistant | ApiFailure> =>
    request<Assistant>({ url: '/api/v1/chat/assistant/submit', data, showErrorMessage: false, ...chatCall() }).then(changed),
  remove: (id: number) => request({ url: `/api/v1/chat/assistant/del/${id}`, data: {}, ...chatCall() }).then(changed),
  publish: (id: number, published: boolean) =>
    request<Assistant>({ url: '/api/v1/chat/assistant/publish', data: { id, published }, ...chatCall() }).then(changed),
  /** The functions over the brokerage's data, and whether a chat model that calls them is configured. */
  functions: () =>
    request<FunctionList>({ url: '/api/v1/chat/function/list', method: 'GET', showLoading: false, ...chatCall() }),
  /** Candidate sources of a type whose name contains `keywords`. */
  dataSources: (sourceTypeId: number, keywords = '') =>
    request<DataSource[]>({
      url: `/api/v1/chat/assistant/datasource/${sourceTypeId}?keywords=${encodeURIComponent(keywords)}`,
      data: {},
      showLoading: false,
      ...chatCall(),
    }),
  /** Saves exactly which sources of a type the assistant uses. */
  saveDataSources: (assistantId: number, sourceTypeId: number, sourceIds: (string | number)[]) =>
    request<Assistant>({
      url: '/api/v1/chat/assistant/datasource',
      data: { assistantId, sourceTypeId, sourceIds },
      ...chatCall(),
    }).then(changed),
  sites: () => request<ChatSite[]>({ url: '/api/v1/public/chat/sites', method: 'GET', showLoading: false, ...chatCall() }),
  /** The published assistants offered to the signed-in user. */
  tools: async (): Promise<ChatTool[]> => {
    // Quiet: a user nothing is offered to simply has no chat button.
    const tools = await request<ChatTool[]>({
      url: '/api/v1/chat/tool/list',
      method: 'GET',
      showLoading: false,
      showErrorMessage: false,
      ...chatCall(),
    });
    return isApiFailure(tools) ? [] : tools;
  },
};
