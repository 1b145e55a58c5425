// How new-home values read on screen. Amounts arrive from the server in stored units with the
// form's text beside them (core's hundredths), so nothing here does arithmetic on money.
import { filterRanges } from '@core/wasm';
import type { EnumOption } from '../../../components/enums';
import type { CommissionRule, HouseType, NewHome } from '../../../api/house/newHome';

/** The §9 ranges of core table `name` as select options; the value is the range's position. */
export function rangeOptions(name: string): EnumOption[] {
  return (filterRanges(name) ?? []).map((range, index) => ({ label: range.label, value: index }));
}

/** Hundredths (㎡ × 100) as the decimal they are: 9550 → 95.5. */
function hundredths(value: number): string {
  return String(value / 100);
}

/** 89-95.5㎡, or one figure when both ends agree; '—' without house types. */
export function areaText(min?: number | null, max?: number | null): string {
  if (min === null || min === undefined || max === null || max === undefined) return '—';
  return min === max ? `${hundredths(min)}㎡` : `${hundredths(min)}-${hundredths(max)}㎡`;
}

export function averagePriceText(row: NewHome): string {
  return row.averagePriceText ? `${row.averagePriceText}元/㎡` : '—';
}

/** 主力户型: 3/4室. */
export function roomsText(rooms: number[]): string {
  const counted = rooms.filter((count) => count > 0);
  return counted.length === 0 ? '—' : `${counted.join('/')}室`;
}

/** 主力户型 of the list: `3/4室 89-140㎡`, either part alone when the other is unknown, '—' with neither. */
export function mainTypesText(row: Pick<NewHome, 'rooms' | 'areaMin' | 'areaMax'>): string {
  const parts = [roomsText(row.rooms), areaText(row.areaMin, row.areaMax)].filter((part) => part !== '—');
  return parts.length === 0 ? '—' : parts.join(' ');
}

/** 3室2厅2卫. */
export function layoutText(type: HouseType): string {
  return type.rooms === 0 ? `${type.baths}卫` : `${type.rooms}室${type.halls}厅${type.baths}卫`;
}

/** 总价 300-330.5万. */
export function totalPriceText(type: HouseType): string {
  const { priceMinText: min, priceMaxText: max } = type;
  if (!min && !max) return '—';
  if (min && max) return min === max ? `${min}万` : `${min}-${max}万`;
  return `${min || max}万`;
}

/** 成交价的3.5% / 每套20000元. */
export function commissionText(rule: CommissionRule): string {
  return rule.kind === 1 ? `成交价的${rule.rateText}%` : `每套${rule.amountText}元`;
}

export function periodText(rule: CommissionRule): string {
  return `${rule.validFrom} 至 ${rule.validTo ?? '长期'}`;
}

export function termText(years?: number | null): string {
  return years ? `${years}年` : '—';
}
