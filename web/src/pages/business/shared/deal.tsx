// What the contract, commission and performance pages share: which kind of contract a page serves
// (买卖 or 租赁, by its route), how money and shares read (core), and the status tags.
import { Tag } from '@arco-design/web-react';
import type { FormKind, RouteRecord } from '@core/wasm';
import { dealBpText, dealYuan, houseFenToWan, houseFenToYuan, housePriceText, houseRentText } from '@core/wasm';
import { listingApi, type ListingApi } from '../../../api/house/oldHouse';
import { enumText } from '../../../components/enums';

/** One kind of contract as its pages show it. */
export interface ContractKind {
  /** Core `contractKind`. */
  code: 1 | 2;
  /** The route family: `dealContract` or `leaseContract`. */
  family: 'dealContract' | 'leaseContract';
  name: string;
  form: FormKind;
  /** The listings it is written on: 二手房 for a sale, 租房 for a lease. */
  listings: ListingApi;
  listingFamily: 'old' | 'rental';
  priceLabel: string;
  priceText: (fen: number) => string;
  /** The price as the form field takes it again (万 or 元). */
  priceInput: (fen: number) => string;
}

export const SALE_CONTRACT: ContractKind = {
  code: 1,
  family: 'dealContract',
  name: '买卖合同',
  form: 'saleContract',
  listings: listingApi('old'),
  listingFamily: 'old',
  priceLabel: '成交价',
  priceText: (fen) => housePriceText(fen),
  priceInput: (fen) => houseFenToWan(fen),
};

export const LEASE_CONTRACT: ContractKind = {
  code: 2,
  family: 'leaseContract',
  name: '租赁合同',
  form: 'leaseContract',
  listings: listingApi('rental'),
  listingFamily: 'rental',
  priceLabel: '月租金',
  priceText: (fen) => houseRentText(fen),
  priceInput: (fen) => houseFenToYuan(fen),
};

/** The kind a page of `route` serves: the lease pages sit under `business/leaseContract`. */
export function contractKindOf(route: RouteRecord): ContractKind {
  return route.componentPath.includes('leaseContract') ? LEASE_CONTRACT : SALE_CONTRACT;
}

/** Fen as `1,234.56元`. */
export function yuanText(fen: number | null | undefined): string {
  return fen === null || fen === undefined ? '—' : `${dealYuan(fen)}元`;
}

/** Basis points as `35%`. */
export function shareText(bp: number): string {
  return `${dealBpText(bp)}%`;
}

const CONTRACT_COLORS: Record<number, string> = { 1: 'orange', 2: 'arcoblue', 3: 'green', 9: 'gray' };
const ORDER_COLORS: Record<number, string> = {
  0: 'red',
  5: 'gray',
  10: 'orange',
  15: 'arcoblue',
  16: 'cyan',
  20: 'green',
  100: 'gray',
};

export function ContractStatusTag({ status }: { status: number }) {
  return (
    <Tag color={CONTRACT_COLORS[status]} size="small" data-testid="contract-status">
      {enumText('contractStatus', status)}
    </Tag>
  );
}

export function OrderStatusTag({ status }: { status: number | null | undefined }) {
  if (status === null || status === undefined) return <span>—</span>;
  return (
    <Tag color={ORDER_COLORS[status]} size="small" data-testid="order-status">
      {enumText('orderStatus', status)}
    </Tag>
  );
}
