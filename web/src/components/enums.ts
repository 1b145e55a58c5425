// Enumeration options and labels, always from core's tables (spec §3 and core's org module):
// React never spells a label.
import { enumLabel, enumTable, orgEnumTable, vocabTable } from '@core/wasm';

export interface EnumOption {
  label: string;
  value: number | string;
}

function entries(name: string) {
  return enumTable(name) ?? orgEnumTable(name) ?? vocabTable(name) ?? [];
}

/** The options of a core enumeration, in core's order; an unknown name gives none. */
export function enumOptions(name: string): EnumOption[] {
  return entries(name).map((entry) => ({ label: entry.label, value: entry.value }));
}

/** The label of a value, or '—' when the value is empty or not in the table. */
export function enumText(name: string, value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const label = enumLabel(name, value) ?? entries(name).find((entry) => String(entry.value) === String(value))?.label;
  return label ?? '—';
}
