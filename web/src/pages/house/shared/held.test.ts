import { describe, expect, it } from 'vitest';
import type { ListingDetail, ListingKey } from '../../../api/house/oldHouse';
import { heldNotice, holdWarning, releaseKeyNotice } from './held';
import { LEASE, SALE } from './listing';

const AT = Date.UTC(2026, 10, 20, 2, 30);

const listing = (status: number, maintainerId: number | null): ListingDetail =>
  ({
    status,
    maintainerId,
    history: [
      { id: 3, action: 'seal', actionLabel: '封盘', fromStatus: '', toStatus: '', reason: '业主暂停出售：下月再议', actorId: 5, actorName: '王店长', at: AT },
      { id: 1, action: 'seal', actionLabel: '封盘', fromStatus: '', toStatus: '', reason: '旧的原因', actorId: 5, actorName: '王店长', at: AT - 1 },
    ],
  }) as unknown as ListingDetail;

describe('a held listing tells its keeper why', () => {
  it('names who sealed it, when and why, and that only a 店长 lifts it', () => {
    expect(heldNotice(listing(2, 7), 7, SALE)).toBe(
      '该房源已由王店长于2026-11-20 10:30封盘，原因：业主暂停出售：下月再议。封盘期间您不能编辑、转公盘或报成交，只有店长可以解封；如需继续经营，请联系店长。',
    );
  });

  it('says nothing to anyone but the keeper, nor of a listing on offer', () => {
    expect(heldNotice(listing(2, 7), 8, SALE)).toBeUndefined();
    expect(heldNotice(listing(2, 7), undefined, SALE)).toBeUndefined();
    expect(heldNotice(listing(1, 7), 7, SALE)).toBeUndefined();
  });

  it('a deferral without its history entry still says who may bring it back', () => {
    expect(heldNotice({ ...listing(3, 7), history: [] }, 7, LEASE)).toBe(
      '该房源已暂缓。暂缓期间您不能编辑、转公盘或报成交，只有店长可以恢复有效；如需继续经营，请联系店长。',
    );
  });

  it('warns before 封盘 and 暂缓, not before other reasons', () => {
    expect(holdWarning('seal', SALE)).toBe('封盘后您将不能编辑、转公盘或报成交，只有店长可以解封。请确认后再提交。');
    expect(holdWarning('defer', LEASE)).toBe('暂缓后您将不能编辑、转公盘或报成交，只有店长可以恢复有效。请确认后再提交。');
    expect(holdWarning('release', SALE)).toBeUndefined();
  });
});

describe('转公盘 says what becomes of the key', () => {
  const key = (over: Partial<ListingKey>): ListingKey => ({ registered: true, status: 1, storeName: '西湖店', ...over }) as ListingKey;

  it('stays with the store holding it, which alone lends it', () => {
    expect(releaseKeyNotice(key({}))).toBe(
      '该房源已登记钥匙（目前在西湖店保管）。转公盘后钥匙仍由西湖店保管，其他门店可以查看钥匙信息，但借出和归还只能由西湖店办理。',
    );
    expect(releaseKeyNotice(key({ status: 2 }))).toContain('目前借出中，归还后仍由西湖店保管');
  });

  it('says nothing without a key', () => {
    expect(releaseKeyNotice(key({ registered: false }))).toBeUndefined();
    expect(releaseKeyNotice(null)).toBeUndefined();
  });
});
