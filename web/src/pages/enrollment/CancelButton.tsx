import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { enrollmentApi } from '../../api/org/enrollment';
import { enumText } from '../../components/enums';
import { orgCheck } from '../../components/form/coreRules';
import { FormModal } from '../../components/form/FormModal';
import { useCase } from './caseContext';

/** 取消入职: ends the onboarding; the hire's pending record is closed (core onboarding table). */
export function CancelButton() {
  const { enrollment, show } = useCase();
  const [open, setOpen] = useState(false);
  const label = enumText('onboardingAction', 'cancel');
  return (
    <>
      <Button status="danger" onClick={() => setOpen(true)} data-testid="enrollment-cancel">
        {label}
      </Button>
      <FormModal<{ reason?: string }>
        title={`${label} · ${enrollment.realName}`}
        visible={open}
        fields={[{ field: 'reason', label: '原因', kind: 'textarea', check: orgCheck('remark', '原因') }]}
        okText={label}
        successText="已取消入职"
        onSubmit={async (values) => show(await enrollmentApi.cancel(enrollment.id, values.reason))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
