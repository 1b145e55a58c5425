import type { KnowledgePoint } from '../../../api/ai/knowledge';
import { coreFields } from '../../../components/form/coreForm';
import type { FieldSpec } from '../../../components/form/fields';

/** The point dialog's values: the extra indexes are typed one per line. */
export interface PointValues {
  question: string;
  answer: string;
  indexes?: string;
  dataSetName?: string;
}

/** A new point may name its data set (default 手动录入); an existing one stays where it is. */
export function pointFields(editing: boolean): FieldSpec[] {
  return [
    ...coreFields('knowledgePoint'),
    {
      field: 'indexes',
      label: '补充索引',
      kind: 'textarea',
      placeholder: '同一问题的其他问法，每行一条',
      extra: '检索时与问题同等对待，最多5条',
    },
    ...(editing
      ? []
      : [{ field: 'dataSetName', label: '数据集', kind: 'text' as const, maxLength: 50, placeholder: '手动录入' }]),
  ];
}

/** The lines of the indexes box; the server drops blanks and repeats. */
export function indexLines(text: string | undefined): string[] {
  return (text ?? '').split('\n');
}

export function pointFormValues(point: KnowledgePoint): PointValues {
  return { question: point.question, answer: point.answer, indexes: point.indexes.join('\n') };
}
