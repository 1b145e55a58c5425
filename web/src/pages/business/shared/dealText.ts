// How the deal pages read money (fen), areas (hundredths of ㎡) and shares (basis points):
// core's formatters, so no page does the arithmetic.
import { fenToYuan, formatThousands } from '@core/wasm';

/** Fen as 元 with thousands separators: 10370367 → 103,703.67元. */
export function yuanText(fen: number | null | undefined): string {
  return fen === null || fen === undefined ? '—' : `${formatThousands(fenToYuan(fen), 2)}元`;
}

/** Hundredths of ㎡: 9836 → 98.36㎡. */
export function areaText(area: number): string {
  return `${fenToYuan(area)}㎡`;
}

/** Basis points: 3334 → 33.34%. */
export function shareText(bp: number): string {
  return `${fenToYuan(bp)}%`;
}
