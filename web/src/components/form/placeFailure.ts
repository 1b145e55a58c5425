import { Message, type FormInstance } from '@arco-design/web-react';
import type { ApiFailure } from '../../api/client';
import type { FieldSpec } from './fields';

/** A refusal under the field it names when it is on this form, else a toast. */
export function placeFailure<V>(form: FormInstance<V>, fields: FieldSpec[], failure: ApiFailure | { field: string; message: string }) {
  const named =
    'failed' in failure
      ? Object.entries(failure.errors ?? {}).map(([field, messages]) => ({ field, message: messages[0] ?? failure.message }))
      : [failure];
  const ours = named.filter((fault) => fields.some((spec) => spec.field === fault.field));
  if (ours.length === 0) {
    Message.error(failure.message);
    return;
  }
  form.setFields(
    Object.fromEntries(ours.map((fault) => [fault.field, { error: { message: fault.message } }])) as Parameters<
      FormInstance<V>['setFields']
    >[0],
  );
  form.scrollToField(ours[0].field as keyof V);
}
