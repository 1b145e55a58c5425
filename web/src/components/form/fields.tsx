// Declarative form fields: one description renders the control, its label and its check, so
// every create/edit form and filter bar reads alike. Form fields come from core (`coreFields`)
// and are checked by core's form; filter fields are plain.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DatePicker, Form, Input, InputNumber, Select, Space, Switch, TimePicker, TreeSelect } from '@arco-design/web-react';
import type { ColProps, RulesProps } from '@arco-design/web-react';
import type { RefTreeSelectType } from '@arco-design/web-react/es/TreeSelect';
import type { FormKind } from '@core/wasm';
import type { EnumOption } from '../enums';
import { formErrors, today } from './coreForm';
import { percentOf, shareOf } from './percent';
import { shiftTabPastBox } from './shiftTab';

export interface TreeOption {
  key: string | number;
  title: string;
  children?: TreeOption[];
}

export type FieldKind =
  | 'text'
  | 'password'
  | 'textarea'
  | 'number'
  | 'percent'
  | 'select'
  | 'multiSelect'
  | 'treeSelect'
  | 'multiTreeSelect'
  | 'date'
  | 'time'
  | 'switch'
  /** Two boxes, `<field>Min` and `<field>Max`, typed as text (a filter's own price span). */
  | 'range';

export interface FieldSpec {
  field: string;
  label: string;
  kind?: FieldKind;
  required?: boolean;
  /** Required while another field holds one of `values` (a menu page's component path). */
  requiredWhen?: { field: string; values: string[] };
  /** The core form that checks this field (with the form's other values). */
  form?: FormKind;
  /** Core's length limit: past it the box shows core's message (typing is not cut off). */
  maxLength?: number;
  min?: number;
  max?: number;
  options?: EnumOption[];
  treeData?: TreeOption[];
  placeholder?: string;
  /** Read-only, e.g. a key field once the record exists. */
  disabled?: boolean;
  /** A date core refuses before today: the calendar greys those days. */
  fromToday?: boolean;
  extra?: ReactNode;
  /** Shown only while the form's other values make it relevant (custom data scope → its departments). */
  visibleWhen?: (values: Record<string, unknown>) => boolean;
  /** Choices that follow the form's other values (the chosen company's posts); over `options`. */
  optionsFor?: (values: Record<string, unknown>) => EnumOption[];
  /** A tree of choices that follows the form's other values (the chosen store's departments). */
  treeDataFor?: (values: Record<string, unknown>) => TreeOption[];
  /** A label that follows the form's other values (a budget's unit follows the demand); over `label`. */
  labelFor?: (values: Record<string, unknown>) => string;
  /** Help text that follows the form's values (a low threshold's warning); over `extra` when given. */
  extraFor?: (values: Record<string, unknown>) => ReactNode | undefined;
  /** The label and box columns of a field wider than its form's others (a remark across two
   *  columns keeps its label in line with the first column's). */
  labelCol?: ColProps;
  wrapperCol?: ColProps;
  /** A select whose choices the server finds for what is typed (a customer by name or phone). */
  onSearch?: (text: string) => void;
  /** Fields whose change empties this one: a choice made for another company no longer fits. */
  dependsOn?: string[];
  /** What this field takes instead of nothing when a field it depends on changes. */
  resetTo?: (values: Record<string, unknown>) => unknown;
}

type FormValues = Record<string, unknown>;

/** `spec` with the label and choices its `labelFor`/`optionsFor`/`treeDataFor` give for `values`. */
function withChoices(spec: FieldSpec, values: FormValues): FieldSpec {
  return {
    ...spec,
    label: spec.labelFor ? spec.labelFor(values) : spec.label,
    options: spec.optionsFor ? spec.optionsFor(values) : spec.options,
    treeData: spec.treeDataFor ? spec.treeDataFor(values) : spec.treeData,
    extra: (spec.extraFor && spec.extraFor(values)) ?? spec.extra,
  };
}

/**
 * Resets the fields that depend on the ones the user just changed (a form's `onChange`, given
 * the form's values after the change): a new company clears the store, department, post and
 * roles chosen for the old one.
 */
export function clearDependents(
  form: { setFieldValue: (field: never, value: never) => void },
  fields: FieldSpec[],
  changed: object,
  values: object,
): void {
  const names = Object.keys(changed);
  for (const spec of fields) {
    if (!spec.dependsOn?.some((name) => names.includes(name))) continue;
    const multiple = spec.kind === 'multiSelect' || spec.kind === 'multiTreeSelect';
    const next = spec.resetTo ? spec.resetTo(values as FormValues) : multiple ? [] : undefined;
    form.setFieldValue(spec.field as never, next as never);
  }
}

type ArcoTreeNode = { key: string; title: string; className?: string; children?: ArcoTreeNode[] };

/** Arco's tree nodes; the one the arrow keys are on is marked so it shows. */
function arcoTree(nodes: TreeOption[], active?: string): ArcoTreeNode[] {
  return nodes.map((node) => {
    const key = String(node.key);
    return {
      key,
      title: node.title,
      className: key === active ? ACTIVE_NODE : undefined,
      children: arcoTree(node.children ?? [], active),
    };
  });
}

/** The class of the tree node the arrow keys are on (styled in styles.css). */
const ACTIVE_NODE = 'bd-tree-node-active';

/** Every node's key in the order the open tree lists them (Arco opens every branch). */
function treeKeys(nodes: TreeOption[]): string[] {
  return nodes.flatMap((node) => [String(node.key), ...treeKeys(node.children ?? [])]);
}

type Id = number | string;

/**
 * Arco's tree select speaks string keys; records hold numeric ids. It also has no keyboard of its
 * own: here Enter, Space or ↓ opens it, ↑/↓ move through the tree, Enter or Space chooses (ticks,
 * in a multiple one) and Esc or Tab closes it, so a keyboard user fills it like any other select.
 */
function IdTreeSelect({
  treeData,
  value,
  onChange,
  multiple,
  ...rest
}: {
  treeData: TreeOption[];
  value?: Id | Id[] | null;
  onChange?: (value: Id | Id[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
}) {
  const numeric = treeData.length === 0 || typeof treeData[0].key === 'number';
  const fromKey = (key: string): Id => (numeric ? Number(key) : key);
  const keys = value === null || value === undefined ? undefined : Array.isArray(value) ? value.map(String) : String(value);
  // Arco's tree select ignores Esc: it closes here, and the dialog around it stays (useEscToClose).
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | undefined>(undefined);
  const box = useRef<RefTreeSelectType>(null);
  // Arco takes focus off the box whenever its tree closes; a close made with a key gives it back.
  const refocus = useRef(false);
  const order = treeKeys(treeData);
  const chosen = Array.isArray(keys) ? keys : keys === undefined ? [] : [keys];

  const show = (next: boolean, byKey = false) => {
    refocus.current = !next && byKey;
    setOpen(next);
    // Opening starts on the chosen node, or the first one.
    setActive(next ? (chosen.find((key) => order.includes(key)) ?? order[0]) : undefined);
  };

  const choose = (key: string) => {
    if (!multiple) {
      onChange?.(fromKey(key));
      show(false, true);
      return;
    }
    const next = chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key];
    onChange?.(next.map(fromKey));
  };

  // After Arco's own effect (a child's effects run first), which has just blurred the box.
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    box.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open || active === undefined) return;
    document.querySelector(`.${ACTIVE_NODE}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (rest.disabled) return;
    const { key } = event;
    if (key === 'Escape') {
      if (open) show(false, true);
      return;
    }
    if (key === 'Tab') {
      if (open) show(false);
      return;
    }
    if (!open) {
      if (key === 'Enter' || key === ' ' || key === 'ArrowDown') {
        event.preventDefault();
        show(true);
      }
      return;
    }
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (order.length === 0) return;
      const at = active === undefined ? -1 : order.indexOf(active);
      const step = key === 'ArrowDown' ? 1 : -1;
      setActive(order[Math.min(order.length - 1, Math.max(0, at + step))]);
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      if (active !== undefined) choose(active);
    }
  };

  return (
    <TreeSelect
      {...rest}
      ref={box}
      popupVisible={open}
      onVisibleChange={show}
      onKeyDown={onKeyDown}
      treeData={arcoTree(treeData, open ? active : undefined)}
      value={keys}
      treeCheckable={multiple}
      treeCheckStrictly={multiple}
      multiple={multiple}
      onChange={(next: string | string[] | undefined) => {
        if (next === undefined) onChange?.(multiple ? [] : undefined);
        else onChange?.(Array.isArray(next) ? next.map(fromKey) : fromKey(next));
      }}
      allowClear
    />
  );
}

function placeholderOf(spec: FieldSpec): string {
  if (spec.placeholder) return spec.placeholder;
  const choosing =
    spec.kind !== undefined && ['select', 'multiSelect', 'treeSelect', 'multiTreeSelect', 'date', 'time'].includes(spec.kind);
  return `${choosing ? '请选择' : '请输入'}${spec.label}`;
}

/** A calendar or clock opens over the page, not inside a dialog whose body scrolls (a long
 * form's dialog clips what opens at its foot, and 下次跟进日期 would show only its month). */
const overDialogs = () => document.body;

function control(spec: FieldSpec, testId: string): ReactNode {
  const common = { placeholder: placeholderOf(spec), disabled: spec.disabled, 'data-testid': testId };
  // Past core's limit the box turns red and core's message says why; typing is not cut off.
  const maxLength = spec.maxLength ? { length: spec.maxLength, errorOnly: true } : undefined;
  switch (spec.kind ?? 'text') {
    case 'password':
      return <Input.Password {...common} maxLength={maxLength} autoComplete="new-password" />;
    case 'textarea':
      return <Input.TextArea {...common} maxLength={maxLength} showWordLimit={Boolean(spec.maxLength)} />;
    case 'number':
      // No min/max on the box: Arco would silently clamp 3000 to 2100 on blur; core's range
      // message says what is allowed instead.
      return <InputNumber {...common} style={{ width: '100%' }} />;
    case 'percent':
      // The value is core's 0–1 share; the box shows and takes it in percent (0.3 as 30 %).
      return (
        <InputNumber
          {...common}
          suffix="%"
          formatter={(value, info) => (info.userTyping ? info.input : percentOf(value))}
          parser={shareOf}
          style={{ width: '100%' }}
        />
      );
    case 'select':
    case 'multiSelect':
      return (
        <Select
          {...common}
          mode={spec.kind === 'multiSelect' ? 'multiple' : undefined}
          options={spec.options ?? []}
          allowClear
          showSearch
          onKeyDown={shiftTabPastBox}
          onSearch={spec.onSearch}
          filterOption={
            spec.onSearch
              ? false
              : (input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').includes(input)
          }
        />
      );
    case 'treeSelect':
    case 'multiTreeSelect':
      return <IdTreeSelect {...common} treeData={spec.treeData ?? []} multiple={spec.kind === 'multiTreeSelect'} />;
    case 'date':
      // The value stays the `YYYY-MM-DD` text the server takes.
      return (
        <DatePicker
          placeholder={common.placeholder}
          disabled={spec.disabled}
          inputProps={{ 'data-testid': testId } as object}
          style={{ width: '100%' }}
          format="YYYY-MM-DD"
          getPopupContainer={overDialogs}
          disabledDate={spec.fromToday ? (day) => day.format('YYYY-MM-DD') < today() : undefined}
        />
      );
    case 'time':
      // The value stays the `HH:mm` text the server takes, China time. No 此刻 button: it would
      // take the browser's clock (a form defaults to China's now instead, `nowClock`).
      return (
        <TimePicker
          placeholder={common.placeholder}
          disabled={spec.disabled}
          showNowBtn={false}
          {...({ 'data-testid': testId } as object)}
          style={{ width: '100%' }}
          format="HH:mm"
          getPopupContainer={overDialogs}
        />
      );
    case 'switch':
      return <Switch disabled={spec.disabled} data-testid={testId} />;
    default:
      return <Input {...common} maxLength={maxLength} allowClear />;
  }
}

/** A span typed at both ends under one label: 总价 from 最低 to 最高. */
function RangeItem({ spec, testIdPrefix }: { spec: FieldSpec; testIdPrefix: string }) {
  const end = (suffix: 'Min' | 'Max', placeholder: string) => (
    <Form.Item field={`${spec.field}${suffix}`} noStyle>
      <Input
        placeholder={placeholder}
        allowClear
        aria-label={`${spec.label}${placeholder}`}
        style={{ width: 88 }}
        data-testid={`${testIdPrefix}-${spec.field}${suffix}`}
      />
    </Form.Item>
  );
  return (
    <Form.Item label={spec.label} extra={spec.extra}>
      <Space size={4}>
        {end('Min', '最低')}
        <span aria-hidden>-</span>
        {end('Max', '最高')}
      </Space>
    </Form.Item>
  );
}

/** Whether `spec` is required with the form's current values. */
function requiredNow(spec: FieldSpec, values: Record<string, unknown>): boolean {
  const when = spec.requiredWhen;
  return Boolean(spec.required) || (when !== undefined && when.values.includes(String(values[when.field] ?? '')));
}

/** A form item for `spec`; test ids read `<prefix>-<field>`. */
export function FormField({ spec, testIdPrefix = 'field' }: { spec: FieldSpec; testIdPrefix?: string }) {
  const { visibleWhen, requiredWhen, optionsFor, treeDataFor, labelFor, extraFor } = spec;
  if (!visibleWhen && !requiredWhen && !optionsFor && !treeDataFor && !labelFor && !extraFor)
    return <FieldItem spec={spec} testIdPrefix={testIdPrefix} required={spec.required} />;
  return (
    <Form.Item shouldUpdate noStyle>
      {(values: FormValues) =>
        !visibleWhen || visibleWhen(values) ? (
          <FieldItem spec={withChoices(spec, values)} testIdPrefix={testIdPrefix} required={requiredNow(spec, values)} />
        ) : null
      }
    </Form.Item>
  );
}

/** The check of a core form's field: core's message for it with the form's values, if any. */
function coreRule(kind: FormKind, field: string, values: () => Record<string, unknown>): RulesProps[] {
  return [
    {
      validator: (value: unknown, callback: (message?: string) => void) => {
        callback(formErrors(kind, { ...values(), [field]: value })[field]);
      },
    },
  ];
}

/** A field without a core rule (a dialog's 原因 or 说明) has nothing to check, but its change still
 *  runs this so a refusal the server put under it (placeFailure) goes once a value is picked. */
const CLEARS_REFUSAL: RulesProps[] = [{ validator: (_value: unknown, callback: (message?: string) => void) => callback() }];

function FieldItem({ spec, testIdPrefix, required }: { spec: FieldSpec; testIdPrefix: string; required?: boolean }) {
  const { form } = Form.useFormContext();
  if (spec.kind === 'range') return <RangeItem spec={spec} testIdPrefix={testIdPrefix} />;
  return (
    <Form.Item
      label={spec.label}
      field={spec.field}
      required={required}
      labelCol={spec.labelCol}
      wrapperCol={spec.wrapperCol}
      rules={spec.form ? coreRule(spec.form, spec.field, () => form.getFieldsValue()) : CLEARS_REFUSAL}
      validateTrigger={['onBlur', 'onChange']}
      triggerPropName={spec.kind === 'switch' ? 'checked' : undefined}
      extra={spec.extra}
    >
      {control(spec, `${testIdPrefix}-${spec.field}`)}
    </Form.Item>
  );
}
