import type { PersonalFields } from '../../../api/org/staff';
import { coreFields } from '../../../components/form/coreForm';

type Nullable<T> = { [K in keyof T]?: T[K] | null };

/** The details of a stored record as form values (absent instead of null), core's onboarding fields. */
export function personValues(record: Nullable<PersonalFields>): Partial<PersonalFields> {
  const values: Record<string, unknown> = {};
  for (const spec of coreFields('onboarding', { workingStatus: false })) {
    const value = record[spec.field as keyof PersonalFields];
    if (value !== null && value !== undefined) values[spec.field] = value;
  }
  return values as Partial<PersonalFields>;
}
