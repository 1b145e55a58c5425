// A `percent` field's box: core's 0–1 share shown and typed as a percentage.
/** A 0–1 share as the percent a `percent` box shows (0.3 → "30"); anything else as it is. */
export function percentOf(value: number | string | undefined): string {
  if (value === undefined || value === '') return '';
  const share = Number(value);
  return Number.isFinite(share) ? String(Math.round(share * 10_000) / 100) : String(value);
}

/** What a `percent` box holds as the share core checks ("30" → 0.3); anything else as typed. */
export function shareOf(text: string): number | string {
  const trimmed = text.trim();
  const percent = Number(trimmed);
  return trimmed === '' || !Number.isFinite(percent) ? trimmed : Math.round(percent * 100) / 10_000;
}
