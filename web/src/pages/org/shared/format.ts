import { formatDate } from '@core/wasm';

/** The browser's offset from UTC in minutes, as core's date formats take it. */
function localOffsetMinutes(timeMs: number): number {
  return -new Date(timeMs).getTimezoneOffset();
}

/** Epoch milliseconds as `YYYY-MM-DD HH:mm` (core formatDate); '—' when absent. */
export function dateTime(timeMs: number | null | undefined): string {
  if (timeMs === null || timeMs === undefined) return '—';
  return formatDate(timeMs, 'YYYY-MM-DD HH:mm', localOffsetMinutes(timeMs)) || '—';
}

/** A plain value for a table cell or description: '—' when empty. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}
