import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Form, Grid, Message, Space } from '@arco-design/web-react';
import { choosesCompany } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { enrollmentApi, type EnrollmentStart as StartValues } from '../../../api/org/enrollment';
import { coreFields } from '../../../components/form/coreForm';
import { clearDependents, FormField, type FieldSpec } from '../../../components/form/fields';
import { placementUi } from '../../org/shared/staffForm';
import { usePlacementChoices } from '../../org/shared/usePlacementChoices';
import { ENROLLMENT_PATH } from '../../../router/permission';
import { useMenuStore } from '../../../stores/menu';
import { placeFailure } from '../../../components/form/placeFailure';

/** /enrollment/new: the manager opens an onboarding with the hire's account and placement. */
export default function EnrollmentStart() {
  const navigate = useNavigate();
  const sidebar = useMenuStore((state) => state.routeTable.sidebar);
  // /enrollment sits outside the workspaces: core decides by the caller's own.
  const choices = usePlacementChoices(choosesCompany(undefined, sidebar.map((root) => root.path)));
  const [form] = Form.useForm<StartValues>();
  const [saving, setSaving] = useState(false);

  const fields: FieldSpec[] = coreFields('onboardingStart', placementUi(choices));
  // A caller with one store (a store manager) hires into it.
  const onlyStore = choices.stores.length === 1 ? choices.stores[0].id : undefined;
  useEffect(() => {
    if (onlyStore !== undefined && form.getFieldValue('storeId') === undefined) form.setFieldValue('storeId', onlyStore);
  }, [onlyStore, form]);

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
      <Form form={form} labelCol={{ span: 8 }} wrapperCol={{ span: 16 }} initialValues={{ roleIds: [] }}
        autoComplete="off"
        onChange={(changed, values) => clearDependents(form, fields, changed, values)}
      >
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
