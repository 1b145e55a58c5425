// The assistant form of both kinds: core's fields, the kind fixed by the page, the suggested
// questions one per line, the sites from the chat service.
import { thresholdDefaultPercent } from '@core/wasm';
import type { Assistant, AssistantSubmit, ChatSite } from '../../../api/ai/assistant';
import { knowledgeApi } from '../../../api/ai/knowledge';
import { coreFields } from '../../../components/form/coreForm';
import { thresholdExtra } from './thresholdWarning';
import type { FieldSpec } from '../../../components/form/fields';

export interface AssistantValues {
  name: string;
  description?: string;
  welcomeMessage?: string;
  /** One question a line. */
  suggestedQuestions?: string;
  prompt?: string;
  topK: number;
  threshold: number;
  citations?: boolean;
  siteIds?: number[];
  knowledgeIds?: number[];
}

/** The knowledge bases to bind, for 关联知识库 (the admin's own list, at most 100). */
export function knowledgeChoices() {
  return knowledgeApi.list({ pageNum: 1, pageSize: 100 }).then((page) => page.list.map((base) => ({ id: base.id, name: base.name })));
}

export interface Choice {
  id: number;
  name: string;
}

export const ASSISTANT_DEFAULTS: Partial<AssistantValues> = {
  topK: 3,
  threshold: thresholdDefaultPercent(),
  citations: true,
};

export function assistantFields(sites: ChatSite[] | undefined, bases: Choice[] | undefined): FieldSpec[] {
  return coreFields('assistant', {
    // The page decides the kind: 对话助手 or 创作助手.
    kind: false,
    siteIds: { options: (sites ?? []).map((site) => ({ value: site.id, label: site.name })) },
    knowledgeIds: { options: (bases ?? []).map((base) => ({ value: base.id, label: base.name })) },
    threshold: { extraFor: (values) => thresholdExtra(THRESHOLD_HINT, values.threshold) },
  });
}

const THRESHOLD_HINT = coreFields('assistant').find((field) => field.field === 'threshold')?.extra;

export function assistantFormValues(row: Assistant): AssistantValues {
  return {
    name: row.name,
    description: row.description || undefined,
    welcomeMessage: row.welcomeMessage || undefined,
    suggestedQuestions: row.suggestedQuestions.join('\n') || undefined,
    prompt: row.prompt || undefined,
    topK: row.topK,
    threshold: row.threshold,
    citations: row.citations,
    siteIds: row.siteIds,
    knowledgeIds: row.knowledgeIds,
  };
}

export function assistantSubmit(kind: number, values: AssistantValues, id?: number): AssistantSubmit {
  return {
    id,
    kind,
    name: values.name,
    description: values.description ?? '',
    welcomeMessage: values.welcomeMessage ?? '',
    suggestedQuestions: (values.suggestedQuestions ?? '').split('\n'),
    prompt: values.prompt ?? '',
    topK: Number(values.topK),
    threshold: Number(values.threshold),
    citations: values.citations ?? false,
    siteIds: values.siteIds ?? [],
    knowledgeIds: values.knowledgeIds ?? [],
  };
}
