// The route config's vocabulary (spec §2 "Default menu tree"): types, statuses and which status
// each type allows are core's, the same table the server checks a saved entry against.
import { menuStatusesOf } from '@core/wasm';
import { enumOptions, enumText } from '../../../components/enums';

export const MENU_TYPES = enumOptions('menuType');

export function menuTypeText(type: number): string {
  return enumText('menuType', type);
}

export function menuStatusText(status: number): string {
  return enumText('menuStatus', status);
}

/** The statuses a menu of `type` may have. */
export function statusesOf(type: number | undefined) {
  const allowed: number[] = type === undefined ? [] : Array.from(menuStatusesOf(type));
  return enumOptions('menuStatus').filter((option) => allowed.includes(Number(option.value)));
}
