import { useMemo } from 'react';
import { assistantApi } from '../../../api/ai/assistant';
import { logApi, type ChatLog } from '../../../api/ai/logs';
import { knowledgeApi } from '../../../api/ai/knowledge';
import { useRead } from '../../../api/useRead';
import { FormModal } from '../../../components/form/FormModal';
import type { FieldSpec } from '../../../components/form/fields';
import { indexLines, pointFields } from '../knowledgeDetail/pointForm';

interface AnnotateValues {
  knowledgeId: number;
  question: string;
  answer: string;
  indexes?: string;
}

/**
 * The base a correction most likely belongs in: the one the answer cited (its first document),
 * else the assistant's first bound base, else the first offered; only a base that is offered.
 */
export function preferredBase(offered: number[], cited: number[], bound: number[]): number | undefined {
  return [...cited, ...bound].find((id) => offered.includes(id)) ?? offered[0];
}

/**
 * 对话标注: a turn of the chat log made a knowledge point (dialogue/create) — typically a question
 * the assistant could not answer, given the right answer — in the chosen knowledge base's data set
 * 对话标注.
 */
export function AnnotateDialog({ turn, onClose }: { turn?: ChatLog; onClose: () => void }) {
  const { data: bases } = useRead(
    () => (turn ? knowledgeApi.list({ pageNum: 1, pageSize: 100 }) : Promise.resolve(undefined)),
    turn?.id ?? 0,
  );
  // What the answer cited and its assistant's bases, to choose the base a correction belongs in.
  const { data: cited } = useRead(
    () => (turn && turn.docCount > 0 ? logApi.docs(turn.id) : Promise.resolve([])),
    ['cited', turn?.id ?? 0],
  );
  const assistantId = turn?.assistantId;
  const assistant = useRead(
    () => (assistantId == null ? Promise.resolve(undefined) : assistantApi.detail(assistantId)),
    ['assistant', assistantId],
  );
  // A removed assistant (no id, or no longer found) has no bases left to go by.
  const ready =
    bases !== undefined && cited !== undefined && (assistantId == null || assistant.data !== undefined || assistant.failed);
  const preferred = ready
    ? preferredBase(
        bases.list.map((base) => base.id),
        cited.map((doc) => doc.knowledgeId),
        assistant.data?.knowledgeIds ?? [],
      )
    : undefined;
  const fields: FieldSpec[] = useMemo(
    () => [
      {
        field: 'knowledgeId',
        label: '知识库',
        kind: 'select',
        required: true,
        options: (bases?.list ?? []).map((base) => ({ value: base.id, label: base.name })),
      },
      ...pointFields(true),
    ],
    [bases],
  );
  const initialValues = useMemo(
    () => (turn && ready ? { question: turn.question, answer: turn.answer, knowledgeId: preferred } : undefined),
    [turn, ready, preferred],
  );
  return (
    <FormModal<AnnotateValues>
      title="对话标注：加入知识库"
      visible={turn !== undefined}
      fields={fields}
      initialValues={initialValues}
      testId="annotate-form"
      successText="已加入知识库"
      onSubmit={(values) =>
        knowledgeApi.annotate({
          logId: turn?.id ?? 0,
          knowledgeId: values.knowledgeId,
          question: values.question,
          answer: values.answer,
          indexes: indexLines(values.indexes),
        })
      }
      onClose={onClose}
    />
  );
}
