import { useMemo, useState } from 'react';
import { Button, Card, Form, Grid, Message, Space, Spin } from '@arco-design/web-react';
import { onboardingAvailableActions, workingStatuses } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { enrollmentApi } from '../../../api/org/enrollment';
import { useReveal } from '../../../api/useRead';
import type { PersonalFields } from '../../../api/org/staff';
import { enumText } from '../../../components/enums';
import { coreFields, formErrors } from '../../../components/form/coreForm';
import { FormField } from '../../../components/form/fields';
import { placeFailure } from '../../../components/form/placeFailure';
import { personValues } from '../../org/shared/personFields';
import { useCase } from '../shared/caseContext';
import { CancelButton } from '../shared/CancelButton';

type InfoValues = PersonalFields & { workingStatus?: string };

/**
 * Level 3, 完善资料: the hire's details — ID number, bank card, education, marital status,
 * contact. The fields show core's 提交审批 form (its `*` marks what approval needs) and are
 * checked as typed by the draft form; sending for approval checks the 提交审批 form.
 */
export default function EnrollmentInfo() {
  const { enrollment, show } = useCase();
  const [form] = Form.useForm<InfoValues>();
  const [busy, setBusy] = useState<string | undefined>();
  const actions = onboardingAvailableActions(enrollment.status);
  const fields = useMemo(
    () =>
      coreFields('onboardingSubmit', {
        workingStatus: { options: workingStatuses().map((code) => ({ value: code, label: enumText('workingStatus', code) })) },
      }).map((spec) => ({ ...spec, form: 'onboarding' as const })),
    [],
  );
  // The form edits the real values; the case frame shows them masked.
  const { data: unmasked } = useReveal(() => enrollmentApi.detail(enrollment.id, true));
  const initialValues = useMemo(
    () => unmasked && { ...personValues(unmasked), workingStatus: unmasked.workingStatus ?? undefined },
    [unmasked],
  );

  const send = async (action: 'save' | 'submit') => {
    const values = await form.validate().catch(() => undefined);
    // Sending for approval needs every detail: all that is missing shows at once.
    const missing = action === 'submit' ? formErrors('onboardingSubmit', form.getFieldsValue()) : {};
    const faults = Object.entries(missing).map(([field, message]) => ({ field, message }));
    if (faults.length > 0) placeFailure(form, fields, faults);
    if (!values || faults.length > 0) return;
    setBusy(action);
    try {
      const saved = await enrollmentApi.save({ ...values, id: enrollment.id });
      if (isApiFailure(saved)) {
        placeFailure(form, fields, saved);
        return;
      }
      if (action === 'save') {
        Message.success('已保存');
        show(saved);
        return;
      }
      const submitted = await enrollmentApi.submit(enrollment.id);
      if (isApiFailure(submitted)) {
        placeFailure(form, fields, submitted);
        return;
      }
      Message.success('已提交审批');
      show(submitted);
    } catch {
      // the request client has shown what went wrong
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card title="完善资料" bordered={false} data-testid="enrollment-info">
      {initialValues ? (
        <Form
          form={form}
          labelCol={{ span: 8 }}
          wrapperCol={{ span: 16 }}
          initialValues={initialValues}
          disabled={!actions.includes('save')}
          autoComplete="off"
          data-testid="enrollment-form"
        >
          <Grid.Row gutter={16}>
            {fields.map((spec) => (
              <Grid.Col key={spec.field} span={12}>
                <FormField spec={spec} />
              </Grid.Col>
            ))}
          </Grid.Row>
        </Form>
      ) : (
        <div className="page-loading">
          <Spin />
        </div>
      )}
      <Space className="enrollment__actions">
        {actions.includes('cancel') && <CancelButton />}
        {actions.includes('save') && (
          <Button loading={busy === 'save'} onClick={() => send('save')} data-testid="enrollment-save">
            {enumText('onboardingAction', 'save')}
          </Button>
        )}
        {actions.includes('submit') && (
          <Button type="primary" loading={busy === 'submit'} onClick={() => send('submit')} data-testid="enrollment-submit">
            {enumText('onboardingAction', 'submit')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
