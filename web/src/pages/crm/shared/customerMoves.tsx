// The moves of core's pool table as buttons take them: a confirmation naming the customer, then
// the server's guarded transition (a refusal toasts); 转移 asks whom to, 转公客 and 设为无效 why, in a
// dialog.
import { Message } from '@arco-design/web-react';
import { customerMoveReasonForm } from '@core/wasm';
import type { ApiFailure } from '../../../api/client';
import { customerApi } from '../../../api/crm/customer';
import { useRead } from '../../../api/useRead';
import { enumText } from '../../../components/enums';
import { confirmAction } from '../../../components/form/confirmAction';
import { coreFields } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';

/** Core's label of a `customerAction` code: 认领, 转公客, 设为无效… */
export const moveLabel = (action: string) => enumText('customerAction', action);

/** The permission action a move needs on the customer page, beyond the pool table's say. */
export function moveNeeds(action: string): string | undefined {
  return action === 'claim' || action === 'transfer' ? action : undefined;
}

/** Which moves say why, and by which form, is core's pool table; the hint under each is the
 *  page's word to the agent. */
const REASON_PLACEHOLDER: Record<string, string> = {
  customerRelease: '如：客户暂缓购房、联系不上，认领的同事会看到',
  customerInvalidate: '如：空号、已在别处成交、无购房意向，店长恢复有效时会看到',
};
export const isReasoned = (action: string) => customerMoveReasonForm(action) !== undefined;

/** Asks, then takes `action` (never 转移, 转公客 or 设为无效, which open their dialogs) on customer `id`. */
export function takeMove(id: number, name: string, action: string, onDone?: () => void) {
  const label = moveLabel(action);
  confirmAction({
    title: label,
    content: `确定对客户「${name}」执行「${label}」吗？`,
    danger: action === 'release' || action === 'invalidate',
    onOk: () =>
      (action === 'claim' ? customerApi.claim(id) : customerApi.move(id, action)).then(() => {
        Message.success(`${label}成功`);
        onDone?.();
      }),
  });
}

/** 转公客 or 设为无效: why (its core form, required and kept in the history), then the server's
 *  guarded move. */
export function ReasonModal({
  customer,
  action,
  onClose,
}: {
  customer: { id: number; name: string };
  action: string;
  onClose: () => void;
}) {
  const label = moveLabel(action);
  const form = customerMoveReasonForm(action);
  if (!form) return null;
  const placeholder = REASON_PLACEHOLDER[form];
  return (
    <FormModal<{ remark: string }>
      title={`${label} · ${customer.name}`}
      visible
      fields={coreFields(form, { remark: { placeholder } })}
      onSubmit={(values) => customerApi.moveWithReason(customer.id, action, values.remark)}
      onClose={onClose}
      successText={`${label}成功`}
      testId={`customer-${action}-form`}
    />
  );
}

const PICK = '请选择经纪人';

interface TransferValues {
  userId: number;
}

/** 转移: the agents the caller manages (the current agent left out), then the server's transfer. */
export function TransferModal({
  customer,
  onClose,
}: {
  customer: { id: number; name: string; ownerId?: number | null };
  onClose: () => void;
}) {
  const agents = useRead(() => customerApi.agents());
  const options = (agents.data ?? [])
    .filter((agent) => agent.id !== customer.ownerId)
    .map((agent) => ({ label: agent.storeName ? `${agent.name}（${agent.storeName}）` : agent.name, value: agent.id }));
  return (
    <FormModal<TransferValues>
      title={`转移客户 · ${customer.name}`}
      visible
      fields={[{ field: 'userId', label: '转移给', kind: 'select', required: true, options, placeholder: '请选择经纪人' }]}
      onSubmit={async (values) =>
        values.userId
          ? customerApi.transfer(customer.id, values.userId)
          : ({ failed: true, code: 10000004, message: PICK, errors: { userId: [PICK] } } satisfies ApiFailure)
      }
      onClose={onClose}
      successText="转移成功"
      testId="customer-transfer-form"
    />
  );
}
