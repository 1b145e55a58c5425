import { useEffect, useState } from 'react';
import { Button, Form, Grid, Input, Message, Modal, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { isApiFailure } from '../../../api/client';
import type { MenuActionRow, MenuFields } from '../../../api/org/menuAdmin';
import type { RulesProps } from '@arco-design/web-react';
import { coreFields, formErrors } from '../../../components/form/coreForm';
import { FormField, type FieldSpec, type TreeOption } from '../../../components/form/fields';
import { placeFailure } from '../../../components/form/placeFailure';
import { MENU_TYPES, statusesOf } from './menuVocabulary';
import { useEscToClose } from '../../../components/form/useEscToClose';
import { useReturnFocus } from '../../../components/form/useReturnFocus';

export interface MenuFormProps {
  title: string;
  visible: boolean;
  initialValues?: Partial<MenuFields>;
  parents: TreeOption[];
  onSubmit: (values: MenuFields) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
}

/** A page action's code, name or permission code, checked with core's `menuAction` form against its row. */
function actionRule(field: 'code' | 'name' | 'perms', row: () => Record<string, unknown>): RulesProps[] {
  return [
    {
      validator: (value: unknown, callback: (message?: string) => void) =>
        callback(formErrors('menuAction', { ...row(), [field]: value })[field]),
    },
  ];
}

/**
 * A menu entry with its page actions (code, name and permission code rows), checked with core's
 * `menu` form. 权限标识 is what the server's routes name: editing 路由地址 leaves it as it is.
 */
export function MenuFormModal({ title, visible, initialValues, parents, onSubmit, onClose, onSaved }: MenuFormProps) {
  const [form] = Form.useForm<MenuFields>();
  const [saving, setSaving] = useState(false);
  const layer = useEscToClose(visible, onClose);
  const returnFocus = useReturnFocus(visible);
  const fields = coreFields('menu', {
    parentId: { treeData: parents, placeholder: '不选则为顶级' },
    menuType: { options: MENU_TYPES },
  });

  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues);
  }, [visible, initialValues, form]);

  const submit = async () => {
    const values = await form.validate().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const result = await onSubmit({ ...values, actions: values.actions ?? [] });
      if (isApiFailure(result)) {
        placeFailure(form, fields, result);
        return;
      }
      Message.success('保存成功');
      onClose();
      onSaved();
    } catch {
      // the request client has shown what went wrong
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={title}
      visible={visible}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'form-submit' } as object}
      unmountOnExit
      escToExit={false}
      wrapClassName={layer}
      afterClose={returnFocus}
      style={{ width: 760 }}
    >
      <Form form={form} id="menu-form" labelCol={{ span: 6 }} wrapperCol={{ span: 18 }} data-testid="menu-form" autoComplete="off">
        <Grid.Row gutter={16}>
          {fields.map((spec) => (
            <Grid.Col key={spec.field} xs={24} md={12}>
              {spec.field === 'status' ? (
                // A directory and a page offer different statuses.
                <Form.Item shouldUpdate noStyle>
                  {(values: Partial<MenuFields>) => (
                    <FormField spec={{ ...spec, options: statusesOf(values.menuType) } satisfies FieldSpec} />
                  )}
                </Form.Item>
              ) : (
                <FormField spec={spec} />
              )}
            </Grid.Col>
          ))}
        </Grid.Row>
        <Form.Item label="操作权限" labelCol={{ span: 3 }} wrapperCol={{ span: 21 }}>
          <Form.List field="actions">
            {(rows, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {rows.map((row, index) => (
                  <Space key={row.key} align="start">
                    {/* An existing action keeps its id, so its grants survive the edit. */}
                    <Form.Item field={`${row.field}.id`} noStyle>
                      <input type="hidden" />
                    </Form.Item>
                    <Form.Item
                      field={`${row.field}.code`}
                      style={{ marginBottom: 0 }}
                      rules={actionRule('code', () => (form.getFieldValue(row.field as keyof MenuFields) as Record<string, unknown> | undefined) ?? {})}
                    >
                      <Input placeholder="操作编码，如 add" style={{ width: 140 }} data-testid={`menu-action-code-${index}`} />
                    </Form.Item>
                    <Form.Item
                      field={`${row.field}.name`}
                      style={{ marginBottom: 0 }}
                      rules={actionRule('name', () => (form.getFieldValue(row.field as keyof MenuFields) as Record<string, unknown> | undefined) ?? {})}
                    >
                      <Input placeholder="操作名称，如 新增" style={{ width: 140 }} data-testid={`menu-action-name-${index}`} />
                    </Form.Item>
                    <Form.Item
                      field={`${row.field}.perms`}
                      style={{ marginBottom: 0 }}
                      rules={actionRule('perms', () => (form.getFieldValue(row.field as keyof MenuFields) as Record<string, unknown> | undefined) ?? {})}
                    >
                      <Input placeholder="权限标识，如 work:store:staff:add" style={{ width: 250 }} data-testid={`menu-action-perms-${index}`} />
                    </Form.Item>
                    <Button icon={<IconDelete />} status="danger" onClick={() => remove(index)} aria-label="删除操作" />
                  </Space>
                ))}
                <Button type="dashed" icon={<IconPlus />} onClick={() => add({ code: '', name: '', perms: '' } as MenuActionRow)}>
                  添加操作
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}
