// The assistant form of both kinds: core's fields, the kind fixed by the page, the suggested
// questions one per line, the sites from the chat service.
import type { Assistant, AssistantSubmit, ChatSite } from '../../../api/ai/assistant';
import { coreFields } from '../../../components/form/coreForm';
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
}

export const ASSISTANT_DEFAULTS: Partial<AssistantValues> = { topK: 3, threshold: 30, citations: true };

export function assistantFields(sites: ChatSite[] | undefined): FieldSpec[] {
  return coreFields('assistant', {
    // The page decides the kind: 对话助手 or 创作助手.
    kind: false,
    siteIds: { options: (sites ?? []).map((site) => ({ value: site.id, label: site.name })) },
  });
}

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
  };
}
