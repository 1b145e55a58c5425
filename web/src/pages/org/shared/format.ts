import { formatDate } from '@core/wasm';
import { LIMITS } from '../../../config/coreData';

/**
 * Epoch milliseconds as `YYYY-MM-DD HH:mm` in China time (core formatDate with core's
 * `businessUtcOffsetMinutes`), as the brokerage keeps its times wherever the browser's clock is
 * set: a viewing entered at 10:15 shows 10:15. '—' when absent.
 */
export function dateTime(timeMs: number | null | undefined): string {
  if (timeMs === null || timeMs === undefined) return '—';
  return formatDate(timeMs, 'YYYY-MM-DD HH:mm', LIMITS.businessUtcOffsetMinutes) || '—';
}

/** A plain value for a table cell or description: '—' when empty. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}
