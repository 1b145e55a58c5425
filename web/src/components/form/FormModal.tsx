import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Form, Grid, Message, Modal } from '@arco-design/web-react';
import { isApiFailure } from '../../api/client';
import { TEXT } from '../../config/coreData';
import { clearDependents, FormField, type FieldSpec } from './fields';
import { placeFailure, validated } from './placeFailure';
import { useEscToClose } from './useEscToClose';
import { useReturnFocus } from './useReturnFocus';

export interface FormModalProps<V> {
  title: string;
  visible: boolean;
  fields: FieldSpec[];
  /** The record being edited, or the defaults of a new one. */
  initialValues?: Partial<V>;
  /** Sends the form; an `ApiFailure` keeps the dialog open with the server's message. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** After a successful save, e.g. to reload the list. */
  onSaved?: () => void;
  /** Two columns for long forms (people). */
  columns?: 1 | 2;
  okText?: string;
  /** The dismiss button, when 取消 would read as the action itself (取消入职). */
  cancelText?: string;
  successText?: string;
  testId?: string;
  /** A warning over the fields, read before confirming (封盘: only a manager lifts it). */
  notice?: string;
}

/** Closes a form by a possible slip (Esc, the ×, a click outside): at once when nothing was
 *  changed, else after 放弃修改？ is confirmed. Every form in a dialog or drawer closes so. */
export function closeAsking(changed: boolean, close: () => void) {
  if (!changed) {
    close();
    return;
  }
  Modal.confirm({
    title: TEXT.discardChanges,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: { 'data-testid': 'discard-ok' } as object,
    onOk: close,
  });
}

/**
 * The create/edit dialog of the list pages: fields with core's rules, nothing sent until they
 * pass, the server's refusal shown where it belongs, and the dialog closed only on success.
 */
export function FormModal<V extends object>({
  title,
  visible,
  fields,
  initialValues,
  onSubmit,
  onClose,
  onSaved,
  columns = 1,
  okText = '确定',
  cancelText = '取消',
  successText = '保存成功',
  testId = 'form-modal',
  notice,
}: FormModalProps<V>) {
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  // Whether the user changed a field since the dialog opened (filling in a record does not count).
  const touched = useRef(false);
  // Closing without saving: at once when nothing was changed, else after 放弃修改？ is confirmed.
  const dismiss = useCallback(() => closeAsking(touched.current, onClose), [onClose]);
  const layer = useEscToClose(visible, dismiss);
  const returnFocus = useReturnFocus(visible);

  useEffect(() => {
    if (!visible) return;
    touched.current = false;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [visible, initialValues, form]);

  const submit = async () => {
    // Every field runs its core check: all faults show at once, and a toast says what to fix.
    const values = await validated(form, fields);
    if (!values) return;
    setSaving(true);
    try {
      const result = await onSubmit(values);
      if (isApiFailure(result)) {
        placeFailure(form, fields, result);
        return;
      }
      Message.success(successText);
      onClose();
      onSaved?.();
    } catch {
      // The request client has already shown what went wrong.
    } finally {
      setSaving(false);
    }
  };

  // Enter in a text box sends the dialog, as in any form; not in a text area or an open picker.
  const submitOnEnter = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || target.tagName !== 'INPUT') return;
    if (target.closest('.arco-select, .arco-tree-select, .arco-picker')) return;
    event.preventDefault();
    void submit();
  };

  return (
    <Modal
      title={title}
      visible={visible}
      onOk={submit}
      // Esc, the × and a click outside may be slips: they ask first. 取消 is a choice: it closes.
      onCancel={dismiss}
      cancelButtonProps={{ onClick: onClose }}
      confirmLoading={saving}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ 'data-testid': 'form-submit' } as object}
      unmountOnExit
      escToExit={false}
      wrapClassName={layer}
      afterClose={returnFocus}
      style={{ width: columns === 2 ? 860 : 560 }}
    >
      {notice && <Alert type="warning" content={notice} style={{ marginBottom: 16 }} data-testid={`${testId}-notice`} />}
      <Form
        data-testid={testId}
        // Control ids `<testId>-<field>`, apart from the list's filter fields of the same names.
        id={testId}
        form={form}
        layout="horizontal"
        labelCol={{ span: columns === 2 ? 8 : 6 }}
        wrapperCol={{ span: columns === 2 ? 16 : 17 }}
        autoComplete="off"
        onKeyDown={submitOnEnter}
        // `onChange` is the user's change only: filling in a record being edited clears nothing.
        onChange={(changed, values) => {
          touched.current = true;
          clearDependents(form, fields, changed, values);
        }}
      >
        <Grid.Row gutter={16}>
          {fields.map((spec) => (
            // Two columns from a medium window up; one below, so no field is squeezed.
            <Grid.Col key={spec.field} xs={24} md={24 / columns}>
              <FormField spec={spec} />
            </Grid.Col>
          ))}
        </Grid.Row>
      </Form>
    </Modal>
  );
}
