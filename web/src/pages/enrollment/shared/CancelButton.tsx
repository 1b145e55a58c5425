import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { enrollmentApi } from '../../../api/org/enrollment';
import { enumText } from '../../../components/enums';
import { coreFields } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import { useCase } from './caseContext';

/** 取消入职: ends the onboarding; the hire never joins the staff (core onboarding table). */
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
        fields={coreFields('onboardingCancel')}
        okText={label}
        cancelText="暂不取消"
        successText="已取消入职"
        onSubmit={async (values) => show(await enrollmentApi.cancel(enrollment.id, values.reason))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
