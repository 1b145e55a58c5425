import { useMemo, useState } from 'react';
import { staffActionTargets } from '@core/wasm';
import { staffApi, type StaffRow } from '../../../api/org/staff';
import { enumText } from '../../../components/enums';
import { coreFields } from '../../../components/form/coreForm';
import type { FieldSpec } from '../../../components/form/fields';
import { FormModal } from '../../../components/form/FormModal';
import type { RowAction } from '../../../components/list/RowActions';

interface Values {
  workingStatus?: string;
  reason?: string;
}

/**
 * The status buttons a person's record offers: those the server sends (core's transition table,
 * and none on your own row), each needing 编辑.
 */
export function statusActions(staff: StaffRow, choose: (action: string) => void): RowAction[] {
  return staff.availableActions.map((action) => ({
    action: 'edit',
    label: enumText('staffAction', action),
    testId: `status-${action}`,
    danger: action === 'leave' || action === 'lock',
    onClick: () => choose(action),
  }));
}

/**
 * The dialog of a status action: the target status when core offers more than one (调整状态,
 * 复职), and an optional reason that goes into the record's history.
 */
export function StatusActionModal({
  staff,
  action,
  onClose,
  onDone,
}: {
  staff?: StaffRow;
  action?: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const targets = useMemo(
    () => (staff && action ? staffActionTargets(action, staff.workingStatus, staff.locked) : []),
    [staff, action],
  );
  // The status is chosen only where the action offers more than one.
  const fields: FieldSpec[] = coreFields('staffStatus', {
    workingStatus:
      targets.length > 1
        ? { options: targets.map((code) => ({ value: code, label: enumText('workingStatus', code) })) }
        : false,
  });
  const initialValues = useMemo<Values>(() => ({ workingStatus: targets.length > 1 ? targets[0] : undefined }), [targets]);
  const label = action ? enumText('staffAction', action) : '';

  return (
    <FormModal<Values>
      title={staff ? `${label} · ${staff.realName}` : label}
      visible={Boolean(staff && action)}
      fields={fields}
      initialValues={initialValues}
      okText={label}
      successText="操作成功"
      onSubmit={(values) =>
        staffApi.changeStatus({
          id: staff!.id,
          action: action!,
          workingStatus: values.workingStatus,
          reason: values.reason,
        })
      }
      onClose={onClose}
      onSaved={onDone}
      testId="status-form"
    />
  );
}

/** Which status dialog is open. */
export function useStatusDialog() {
  const [state, setState] = useState<{ staff: StaffRow; action: string } | undefined>();
  return {
    staff: state?.staff,
    action: state?.action,
    open: (staff: StaffRow, action: string) => setState({ staff, action }),
    close: () => setState(undefined),
  };
}
