// What the second-hand pages share: how a listing's numbers read (all from core) and its
// status tag.
import { Tag } from '@arco-design/web-react';
import { filterRanges, houseAreaText, housePriceText, houseUnitPriceText } from '@core/wasm';
import type { EnumOption } from '../../../components/enums';
import { enumText } from '../../../components/enums';

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

/** The listing's status, and 公盘 beside it when it is in the public pool. */
export function ListingStatusTag({ status, pool }: { status: number; pool: number }) {
  return (
    <span className="cell-nowrap">
      <Tag color={STATUS_COLORS[status]} size="small">
        {enumText('houseStatus', status)}
      </Tag>
      {pool === 2 && (
        <Tag color="cyan" size="small" style={{ marginLeft: 4 }}>
          {enumText('housePool', pool)}
        </Tag>
      )}
    </span>
  );
}
