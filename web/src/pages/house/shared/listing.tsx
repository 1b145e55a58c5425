// What the listing pages of both trades (二手房, 租房) share: which trade a page serves, how a
// listing's numbers read (all from core) and its status tag.
import { Tag } from '@arco-design/web-react';
import type { FormKind, RouteRecord } from '@core/wasm';
import {
  filterRanges,
  houseAreaText,
  housePriceText,
  houseRentText,
  houseRentUnitText,
  houseUnitPriceText,
} from '@core/wasm';
import { listingApi, type ListingApi, type ListingFamily } from '../../../api/house/oldHouse';
import type { EnumOption } from '../../../components/enums';
import { enumText } from '../../../components/enums';

/** One trade as its pages show it: its routes, words, enum tables and forms. */
export interface Trade {
  /** Core `houseTrade`. */
  code: 1 | 2;
  family: ListingFamily;
  /** 二手房, 租房. */
  name: string;
  api: ListingApi;
  /** Enum tables of its statuses, actions and tags. */
  statuses: string;
  actions: string;
  tags: string;
  /** Core forms: entering one, editing one. */
  forms: [FormKind, FormKind];
  /** The price column: 总价 in 万, or 租金 a month. */
  priceLabel: string;
  priceText: (fen: number) => string;
  unitLabel: string;
  unitText: (fen: number) => string;
}

export const SALE: Trade = {
  code: 1,
  family: 'old',
  name: '二手房',
  api: listingApi('old'),
  statuses: 'houseStatus',
  actions: 'houseAction',
  tags: 'houseTag',
  forms: ['secondHand', 'secondHandEdit'],
  priceLabel: '总价',
  priceText: (fen) => housePriceText(fen),
  unitLabel: '单价',
  unitText: (fen) => houseUnitPriceText(fen),
};

export const LEASE: Trade = {
  code: 2,
  family: 'rental',
  name: '租房',
  api: listingApi('rental'),
  statuses: 'rentalStatus',
  actions: 'rentalAction',
  tags: 'rentalTag',
  forms: ['rental', 'rentalEdit'],
  priceLabel: '租金',
  priceText: (fen) => houseRentText(fen),
  unitLabel: '租金单价',
  unitText: (fen) => houseRentUnitText(fen),
};

/** The trade a page of `route` serves: the rental pages' views sit under `house/rental`. */
export function tradeOf(route: RouteRecord): Trade {
  return route.componentPath.includes('house/rental') ? LEASE : SALE;
}

/** `2室1厅1卫`. */
export function layoutText(listing: { rooms: number; halls: number; baths: number }): string {
  return `${listing.rooms}室${listing.halls}厅${listing.baths}卫`;
}

/** `89.5㎡`. */
export function areaText(area: number): string {
  return `${houseAreaText(area)}㎡`;
}

export const priceText = (fen: number) => housePriceText(fen);
export const unitPriceText = (fen: number) => houseUnitPriceText(fen);

/** `6/18层`. */
export function floorText(listing: { floor: number; totalFloors: number }): string {
  return `${listing.floor}/${listing.totalFloors}层`;
}

/** The §9 ranges called `name` as filter choices: the value is the range's index. */
export function rangeOptions(name: string): EnumOption[] {
  return (filterRanges(name) ?? []).map((range, index) => ({ label: range.label, value: index }));
}

const STATUS_COLORS: Record<number, string> = {
  1: 'green',
  2: 'orange',
  3: 'gray',
  4: 'arcoblue',
  5: 'purple',
  6: 'red',
};

/** The listing's status in its trade's words, and 公盘 beside it when it is in the public pool. */
export function ListingStatusTag({ status, pool, trade }: { status: number; pool: number; trade: Trade }) {
  return (
    <span className="cell-nowrap">
      <Tag color={STATUS_COLORS[status]} size="small">
        {enumText(trade.statuses, status)}
      </Tag>
      {pool === 2 && (
        <Tag color="cyan" size="small" style={{ marginLeft: 4 }}>
          {enumText('housePool', pool)}
        </Tag>
      )}
    </span>
  );
}
