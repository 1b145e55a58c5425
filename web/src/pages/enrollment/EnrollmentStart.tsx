import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Form, Grid, Message, Space } from '@arco-design/web-react';
import { isApiFailure } from '../../api/client';
import { enrollmentApi, type EnrollmentStart as StartValues } from '../../api/org/enrollment';
import { orgCheck } from '../../components/form/coreRules';
import { FormField, type FieldSpec } from '../../components/form/fields';
import { accountFields, placementFields, workingStatusField } from '../org/staff/staffForm';
import { usePlacementChoices } from '../org/staff/usePlacementChoices';
import { ENROLLMENT_PATH } from '../../router/permission';
import { useMenuStore } from '../../stores/menu';
import { placeFailure } from '../../components/form/placeFailure';

/** Callers who work above one company (city operations, admin) say which company the hire joins. */
function worksAboveOneCompany(workspaces: string[]): boolean {
  return !workspaces.includes('/work');
}

/** /enrollment/new: the manager opens an onboarding with the hire's account and placement. */
export default function EnrollmentStart() {
  const navigate = useNavigate();
  const sidebar = useMenuStore((state) => state.routeTable.sidebar);
  const choices = usePlacementChoices(worksAboveOneCompany(sidebar.map((root) => root.path)));
  const [form] = Form.useForm<StartValues>();
  const [saving, setSaving] = useState(false);

  const fields: FieldSpec[] = [
    ...accountFields(),
    { field: 'realName', label: '姓名', required: true, check: orgCheck('name', '姓名') },
    { field: 'mobile', label: '手机号码', rule: 'mobile', required: true },
    ...placementFields(choices),
    workingStatusField('入职状态', false),
  ];

  const start = async () => {
    const values = await form.validate().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const result = await enrollmentApi.start({ ...values, roleIds: values.roleIds ?? [] });
      if (isApiFailure(result)) {
        placeFailure(form, fields, result);
        return;
      }
      Message.success('已发起入职，请完善入职资料');
      navigate(`${ENROLLMENT_PATH}/${result.id}/info`, { replace: true });
    } catch {
      // the request client has shown what went wrong
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="发起入职" bordered={false} data-testid="enrollment-new">
      <Form form={form} labelCol={{ span: 8 }} wrapperCol={{ span: 16 }} initialValues={{ roleIds: [] }} autoComplete="off">
        <Grid.Row gutter={16}>
          {fields.map((spec) => (
            <Grid.Col key={spec.field} span={12}>
              <FormField spec={spec} />
            </Grid.Col>
          ))}
        </Grid.Row>
      </Form>
      <Space className="enrollment__actions">
        <Button onClick={() => navigate(ENROLLMENT_PATH)}>取消</Button>
        <Button type="primary" loading={saving} onClick={start} data-testid="form-submit">
          下一步：完善资料
        </Button>
      </Space>
    </Card>
  );
}
