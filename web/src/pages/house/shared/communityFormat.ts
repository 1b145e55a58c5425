// How the dictionary's stored numbers read on screen and in its form: fen and hundredths through
// core's fenToYuan, so no page does the arithmetic.
import { fenToYuan } from '@core/wasm';
import type { Community, District } from '../../../api/house/community';
import type { EnumOption } from '../../../components/enums';

/** Hundredths as the two-decimal text the form takes back (`250` → `2.50`); empty when unset. */
export function hundredths(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : fenToYuan(value);
}

/** 物业费: fen per m² per month as `2.50元/㎡·月`. */
export function propertyFee(fen: number | null | undefined): string {
  return fen === null || fen === undefined ? '—' : `${fenToYuan(fen)}元/㎡·月`;
}

/** 绿化率 in hundredths of a percent as `35.00%`. */
export function greenRatio(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${fenToYuan(value)}%`;
}

/** 区域 · 商圈. */
export function placeOf(community: Pick<Community, 'districtName' | 'businessCircleName'>): string {
  return [community.districtName, community.businessCircleName].filter(Boolean).join(' · ');
}

export function districtOptions(districts: District[]): EnumOption[] {
  return districts.map((district) => ({ label: district.name, value: district.id }));
}

/** The business circles of the chosen district (all of the city's while none is chosen). */
export function circleOptions(
  districts: { id: number; circles: { id: number; name: string }[] }[],
  districtId: unknown,
): EnumOption[] {
  return districts
    .filter((district) => districtId === undefined || districtId === null || districtId === '' || district.id === districtId)
    .flatMap((district) => district.circles.map((circle) => ({ label: circle.name, value: circle.id })));
}
