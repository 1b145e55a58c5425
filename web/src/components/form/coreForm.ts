// The forms of core: a form's fields come from its one definition in Rust, and the
// browser checks them with the same function the server runs on the request, so both answer
// with the same field and the same message.
import { checkForm, formatDate, formFields, type FormErrors, type FormFieldDef, type FormKind } from '@core/wasm';
import { firstScreenForms } from 'virtual:core-snapshot';
import { LIMITS } from '../../config/coreData';
import type { FieldSpec } from './fields';

/**
 * Today in China time (UTC+8, core's `businessUtcOffsetMinutes`), `YYYY-MM-DD`: the day the
 * server judges dates by (`form::today`), so a default date or a 'not before/after today' check
 * agrees with the server wherever the browser's clock is set.
 */
export function today(): string {
  return formatDate(Date.now(), 'YYYY-MM-DD', LIMITS.businessUtcOffsetMinutes);
}

/** The time of day now in China time, `HH:mm`: what a time field means (a viewing's 带看时间). */
export function nowClock(): string {
  return formatDate(Date.now(), 'HH:mm', LIMITS.businessUtcOffsetMinutes);
}

/** Every fault of `values` on form `kind`: field name → message. */
export function formErrors(kind: FormKind, values: Record<string, unknown>): FormErrors {
  return checkForm(kind, values, today());
}

// The login page's forms are taken at build time: the page renders before core's module arrives.
const definitions = new Map<FormKind, FormFieldDef[]>(Object.entries(firstScreenForms) as Array<[FormKind, FormFieldDef[]]>);

function definition(kind: FormKind): FormFieldDef[] {
  let fields = definitions.get(kind);
  if (!fields) {
    fields = formFields(kind);
    definitions.set(kind, fields);
  }
  return fields;
}

/** The label core gives field `field` of form `kind`: the word its messages use (请输入用户名). */
export function fieldLabel(kind: FormKind, field: string): string {
  const def = definition(kind).find((d) => d.name === field);
  if (!def) throw new Error(`core form ${kind} has no field ${field}`);
  return def.label;
}

/** What a page adds to a core field: the choices it lists, a placeholder, when it shows. */
export type FieldUi = Partial<
  Pick<
    FieldSpec,
    | 'options'
    | 'treeData'
    | 'placeholder'
    | 'disabled'
    | 'extra'
    | 'visibleWhen'
    | 'optionsFor'
    | 'treeDataFor'
    | 'labelFor'
    | 'extraFor'
    | 'dependsOn'
    | 'resetTo'
    | 'onSearch'
  >
>;

/**
 * The fields of core form `kind`, in core's order, with the page's additions; `false` leaves a
 * field out (the company choice for a caller inside one company).
 */
export function coreFields(kind: FormKind, ui: Record<string, FieldUi | false> = {}): FieldSpec[] {
  return definition(kind)
    .filter((def) => ui[def.name] !== false)
    .map((def) => ({
      field: def.name,
      label: def.label,
      kind: def.control,
      required: def.required,
      requiredWhen: def.requiredWhen,
      maxLength: def.maxLength,
      min: def.min,
      max: def.max,
      options: def.choices?.map((choice) => ({ value: choice.value, label: choice.label })),
      extra: def.hint,
      fromToday: def.fromToday,
      form: kind,
      ...(ui[def.name] || {}),
    }));
}
