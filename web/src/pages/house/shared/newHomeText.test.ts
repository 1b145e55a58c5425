import { describe, expect, it } from 'vitest';
import type { CommissionRule, HouseType } from '../../../api/house/newHome';
import { areaText, commissionText, layoutText, mainTypesText, rangeOptions, roomsText, totalPriceText } from './newHomeText';

const type = (over: Partial<HouseType>): HouseType =>
  ({ rooms: 3, halls: 2, baths: 1, priceMinText: '', priceMaxText: '', ...over }) as HouseType;

describe('new-home texts', () => {
  it('offers the §9 ranges by position, as the server reads them', () => {
    expect(rangeOptions('openingDate').map((o) => o.label)).toEqual(['全部', '近期开盘', '7天内', '15天内', '30天内', '90天内']);
    expect(rangeOptions('propertyTerm')).toEqual([
      { label: '40年', value: 0 },
      { label: '50年', value: 1 },
      { label: '70年', value: 2 },
    ]);
  });

  it('says the main house types by what is known, never a dangling dash', () => {
    expect(mainTypesText({ rooms: [3, 4], areaMin: 8900, areaMax: 14000 })).toBe('3/4室 89-140㎡');
    expect(mainTypesText({ rooms: [], areaMin: 6000, areaMax: 22000 })).toBe('60-220㎡');
    expect(mainTypesText({ rooms: [2], areaMin: null, areaMax: null })).toBe('2室');
    expect(mainTypesText({ rooms: [], areaMin: null, areaMax: null })).toBe('—');
  });

  it('reads areas in hundredths of ㎡, layouts and price ranges as a buyer says them', () => {
    expect(areaText(8900, 9550)).toBe('89-95.5㎡');
    expect(areaText(9800, 9800)).toBe('98㎡');
    expect(areaText(null, null)).toBe('—');
    expect(roomsText([0, 3, 4])).toBe('3/4室');
    expect(layoutText(type({}))).toBe('3室2厅1卫');
    expect(layoutText(type({ rooms: 0, halls: 0, baths: 1 }))).toBe('1卫');
    expect(totalPriceText(type({ priceMinText: '300', priceMaxText: '330.5' }))).toBe('300-330.5万');
    expect(totalPriceText(type({}))).toBe('—');
  });

  it('says what a commission rule pays', () => {
    expect(commissionText({ kind: 1, rateText: '3.5', amountText: '' } as CommissionRule)).toBe('成交价的3.5%');
    expect(commissionText({ kind: 2, rateText: '', amountText: '20000' } as CommissionRule)).toBe('每套20000元');
  });
});
