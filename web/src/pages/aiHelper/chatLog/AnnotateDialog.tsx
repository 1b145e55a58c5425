import { useMemo } from 'react';
import type { ChatLog } from '../../../api/ai/logs';
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
 * 对话标注: a turn of the chat log made a knowledge point (dialogue/create) — typically a question
 * the assistant could not answer, given the right answer — in the chosen knowledge base's data set
 * 对话标注.
 */
export function AnnotateDialog({ turn, onClose }: { turn?: ChatLog; onClose: () => void }) {
  const { data: bases } = useRead(
    () => (turn ? knowledgeApi.list({ pageNum: 1, pageSize: 100 }) : Promise.resolve(undefined)),
    turn?.id ?? 0,
  );
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
    () => (turn ? { question: turn.question, answer: turn.answer, knowledgeId: bases?.list[0]?.id } : undefined),
    [turn, bases],
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
