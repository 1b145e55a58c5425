import { Message, type FormInstance } from '@arco-design/web-react';
import type { ApiFailure } from '../../api/client';
import type { FieldSpec } from './fields';

export interface FieldFault {
  field: string;
  message: string;
}

/**
 * Every refusal under the field it names when that field is on this form (all at once), else
 * the message as a toast. The field's own check clears it once the value is corrected.
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
}
