// How a customer reads in the list, the drawer and the home page's reminder: every word and
// number from core (enum labels, stars, budget and area ranges), nothing decided here.
import { Rate, Tag } from '@arco-design/web-react';
import { customerAddressed, customerAreaText, customerBudgetText, customerLevelStars } from '@core/wasm';
import { enumText } from '../../../components/enums';

/** The customer page's route: its actions (认领, 转移, 查看电话…) gate the buttons wherever a
 *  customer is shown, the workspace home included. */
export const CUSTOMER_ROUTE = '/work/crm/customer';

/** 张伟 先生: the name and core's 先生/女士 for the sex (nothing for an unknown one, and no
 *  second title for a name such as 赵先生). */
export function addressed(customer: { name: string; sex: number }): string {
  return customerAddressed(customer.name, customer.sex);
}

/** `200-300万`, `80万以上`, a rental's `3000-5000元/月`, `不限` (core, by the demand's unit). */
export function budgetText(customer: { demand: number; budgetMin?: number | null; budgetMax?: number | null }): string {
  return customerBudgetText(customer.demand, customer.budgetMin ?? undefined, customer.budgetMax ?? undefined);
}

/** `80-120㎡`. */
export function areaText(customer: { areaMin?: number | null; areaMax?: number | null }): string {
  return customerAreaText(customer.areaMin ?? undefined, customer.areaMax ?? undefined);
}

/** Levels 2, 3 and 4 as one to three stars (spec §3). */
export function LevelStars({ level }: { level: number }) {
  const stars = customerLevelStars(level);
  return (
    <span aria-label={`${stars}星客户`} className="cell-nowrap">
      <Rate readonly count={3} value={stars} style={{ fontSize: 14 }} />
    </span>
  );
}

const STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'purple', 3: 'gray' };

/** 有效 / 已成交 / 无效, with 公客 beside it in the public pool. */
export function CustomerStatusTag({ status, pool }: { status: number; pool: number }) {
  return (
    <span className="cell-nowrap">
      <Tag color={STATUS_COLORS[status]} size="small">
        {enumText('customerStatus', status)}
      </Tag>
      <Tag color={pool === 2 ? 'cyan' : 'arcoblue'} size="small" style={{ marginLeft: 4 }}>
        {enumText('customerPool', pool)}
      </Tag>
    </span>
  );
}

/** The planned follow-up date, red once it is due (today or past). */
export function NextFollowUp({ on, due }: { on?: string | null; due: boolean }) {
  if (!on) return <span>—</span>;
  return (
    <span className="cell-nowrap" style={due ? { color: 'rgb(var(--danger-6))' } : undefined} data-due={due || undefined}>
      {on}
      {due && '（待跟进）'}
    </span>
  );
}
