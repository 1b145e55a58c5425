import { useEffect, useState } from 'react';
import { Button, Form, Grid, Input, Message, Modal, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { isApiFailure } from '../../../api/client';
import type { MenuActionRow, MenuFields } from '../../../api/org/menuAdmin';
import { coreRules, orgCheck } from '../../../components/form/coreRules';
import { FormField, type TreeOption } from '../../../components/form/fields';
import { MENU_TYPES, statusesOf } from './menuVocabulary';

export interface MenuFormProps {
  title: string;
  visible: boolean;
  initialValues?: Partial<MenuFields>;
  parents: TreeOption[];
  onSubmit: (values: MenuFields) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
}

/** A menu entry with its page actions (code + name rows), checked with core's field rules. */
export function MenuFormModal({ title, visible, initialValues, parents, onSubmit, onClose, onSaved }: MenuFormProps) {
  const [form] = Form.useForm<MenuFields>();
  const [saving, setSaving] = useState(false);

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
        Message.error(result.message);
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
      style={{ width: 760 }}
    >
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 18 }} data-testid="menu-form" autoComplete="off">
        <Grid.Row gutter={16}>
          <Grid.Col span={12}>
            <FormField spec={{ field: 'parentId', label: '上级菜单', kind: 'treeSelect', treeData: parents, placeholder: '不选则为顶级' }} />
          </Grid.Col>
          <Grid.Col span={12}>
            <FormField spec={{ field: 'menuName', label: '菜单名称', required: true, check: orgCheck('name', '菜单名称') }} />
          </Grid.Col>
          <Grid.Col span={12}>
            <FormField spec={{ field: 'menuType', label: '类型', kind: 'select', required: true, options: MENU_TYPES }} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Form.Item shouldUpdate noStyle>
              {(values: Partial<MenuFields>) => (
                <FormField
                  spec={{ field: 'status', label: '状态', kind: 'select', required: true, options: statusesOf(values.menuType) }}
                />
              )}
            </Form.Item>
          </Grid.Col>
          <Grid.Col span={12}>
            <FormField spec={{ field: 'menuPage', label: '路由地址', required: true, check: orgCheck('routePath') }} />
          </Grid.Col>
          <Grid.Col span={12}>
            <FormField spec={{ field: 'componentPath', label: '组件路径', check: orgCheck('remark', '组件路径') }} />
          </Grid.Col>
          <Grid.Col span={12}>
            <FormField spec={{ field: 'menuIcon', label: '图标', check: orgCheck('remark', '图标') }} />
          </Grid.Col>
          <Grid.Col span={12}>
            <FormField spec={{ field: 'sort', label: '排序', kind: 'number', rule: 'int' }} />
          </Grid.Col>
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
                      rules={coreRules(undefined, true, orgCheck('actionCode', '操作编码'))}
                    >
                      <Input placeholder="操作编码，如 add" style={{ width: 200 }} data-testid={`menu-action-code-${index}`} />
                    </Form.Item>
                    <Form.Item
                      field={`${row.field}.name`}
                      style={{ marginBottom: 0 }}
                      rules={coreRules(undefined, true, orgCheck('name', '操作名称'))}
                    >
                      <Input placeholder="操作名称，如 新增" style={{ width: 200 }} data-testid={`menu-action-name-${index}`} />
                    </Form.Item>
                    <Button icon={<IconDelete />} status="danger" onClick={() => remove(index)} aria-label="删除操作" />
                  </Space>
                ))}
                <Button type="dashed" icon={<IconPlus />} onClick={() => add({ code: '', name: '' } as MenuActionRow)}>
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
