import type { ListingDetail, ListingKey } from '../../../api/house/oldHouse';
import { enumText } from '../../../components/enums';
import { dateTime } from '../../org/shared/format';
import type { Trade } from './listing';

/** Sealed (封盘) and deferred (暂缓) listings are held: only a manager (店长) lifts them. */
const HELD: Record<number, { set: string; lift: string }> = { 2: { set: 'seal', lift: 'unseal' }, 3: { set: 'defer', lift: 'resume' } };

/**
 * What the keeper of a held listing reads over it: who set it aside, when and why (its history's
 * latest 封盘 or 暂缓), and that only a 店长 can lift it. Nothing for anyone else.
 */
export function heldNotice(listing: ListingDetail, me: number | undefined, trade: Trade): string | undefined {
  const held = HELD[listing.status];
  if (!held || me === undefined || listing.maintainerId !== me) return undefined;
  const what = enumText(trade.actions, held.set);
  const lift = enumText(trade.actions, held.lift);
  const entry = listing.history.find((change) => change.action === held.set);
  const by = entry ? `由${entry.actorName || '系统'}于${dateTime(entry.at)}` : '';
  const why = entry?.reason ? `，原因：${entry.reason}` : '';
  return `该房源已${by}${what}${why}。${what}期间您不能编辑、转公盘或报成交，只有店长可以${lift}；如需继续经营，请联系店长。`;
}

/** Said in the 封盘/暂缓 dialog before the keeper confirms. */
export function holdWarning(action: string, trade: Trade): string | undefined {
  const held = Object.values(HELD).find((entry) => entry.set === action);
  if (!held) return undefined;
  const what = enumText(trade.actions, action);
  return `${what}后您将不能编辑、转公盘或报成交，只有店长可以${enumText(trade.actions, held.lift)}。请确认后再提交。`;
}

/**
 * What 转公盘 says of the listing's key: nothing moves with it. The key stays with the store that
 * holds it, which alone lends it and takes it back; other stores read where it is (server
 * `listing/key.rs`, core `key::by_holding_store`). Nothing when no key is registered.
 */
export function releaseKeyNotice(key: ListingKey | null | undefined): string | undefined {
  if (!key?.registered) return undefined;
  const store = key.storeName || '登记门店';
  const now = key.status === 2 ? `目前借出中，归还后仍由${store}保管` : `目前在${store}保管`;
  return `该房源已登记钥匙（${now}）。转公盘后钥匙仍由${store}保管，其他门店可以查看钥匙信息，但借出和归还只能由${store}办理。`;
}
