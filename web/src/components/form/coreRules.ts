// Arco form rules that ask core's validators (spec §5) and organisation field rules: the browser
// shows exactly the message the server would answer with, because both run the same Rust function.
import type { RulesProps } from '@arco-design/web-react';
import { checkOrgField, validate } from '@core/wasm';

/** A form value as the validators read it: text, with nothing for empty. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : '';
  return String(value);
}

/**
 * A core check of a whole value (a name's length, a username, a dictionary value by the type
 * chosen beside it): its message or undefined. It sees empty values too, and says itself whether
 * they may be empty. `values` are the form's other fields.
 */
export type CoreCheck = (text: string, values: Record<string, unknown>) => string | undefined;

/** An organisation field rule of core (`name`, `remark`, `username`, `password`, `dictKey`, …). */
export function orgCheck(kind: string, label = ''): CoreCheck {
  return (text) => checkOrgField(kind, label, text);
}

/**
 * The rule list of a field: `rule` is a core validator name (`tel`, `idCard`, `bankCard`, …),
 * `check` a core field rule; a required field with neither is checked by core's `required`.
 */
export function coreRules(
  rule: string | undefined,
  required: boolean,
  check?: CoreCheck,
  formValues: () => Record<string, unknown> = () => ({}),
): RulesProps[] {
  if (!rule && !check && !required) return [];
  return [
    {
      validator: (value: unknown, callback: (message?: string) => void) => {
        const text = valueText(value);
        const ruleMessage = rule || !check ? validate(rule ?? 'required', text, required) : undefined;
        // A check that lets an empty value through leaves a required field to core's `required`.
        const checkMessage = ruleMessage ?? check?.(text, formValues());
        callback(checkMessage ?? (required ? validate('required', text, true) : undefined));
      },
    },
  ];
}
