import { Message, type FormInstance } from '@arco-design/web-react';
import type { ApiFailure } from '../../api/client';
import type { FieldSpec } from './fields';

export interface FieldFault {
  field: string;
  message: string;
}

/**
 * Every refusal under the field it names when that field is on this form (all at once) and a
 * toast naming the first, else the message as a toast. The field's own check clears it once the
 * value is corrected.
 */
export function placeFailure<V>(form: FormInstance<V>, fields: FieldSpec[], failure: ApiFailure | FieldFault[]) {
  const named = Array.isArray(failure)
    ? failure
    : Object.entries(failure.errors ?? {}).map(([field, messages]) => ({ field, message: messages[0] ?? failure.message }));
  const ours = named.filter((fault) => fields.some((spec) => spec.field === fault.field));
  if (ours.length === 0) {
    Message.error(Array.isArray(failure) ? (failure[0]?.message ?? '') : failure.message);
    return;
  }
  form.setFields(
    Object.fromEntries(ours.map((fault) => [fault.field, { error: { message: fault.message } }])) as Parameters<
      FormInstance<V>['setFields']
    >[0],
  );
  form.scrollToField(ours[0].field as keyof V);
  // And a toast, as the browser's own check does: a refusal of a field out of sight (a long
  // form's 房号, a dialog's 说明) is never met with silence.
  Message.error(ours.length > 1 ? `${ours[0].message}（共${ours.length}项需要修改）` : ours[0].message);
}

/**
 * The form's values when the browser's checks pass; otherwise the page scrolls to the first field
 * at fault (in the form's order) and a toast says what to fix, as a server refusal does, so a
 * save clicked at the foot of a long form is never met with silence.
 */
export async function validated<V>(form: FormInstance<V>, fields: FieldSpec[]): Promise<V | undefined> {
  try {
    return await form.validate();
  } catch {
    const errors = form.getFieldsError() as Record<string, { message?: unknown } | undefined>;
    const faulty = fields.filter((spec) => errors[spec.field]);
    const first = faulty[0];
    if (!first) {
      Message.error('请检查标红的项');
      return undefined;
    }
    form.scrollToField(first.field as keyof V);
    const message = errors[first.field]?.message;
    const said = typeof message === 'string' && message ? message : `请检查${first.label}`;
    Message.error(faulty.length > 1 ? `${said}（共${faulty.length}项需要修改）` : said);
    return undefined;
  }
}
