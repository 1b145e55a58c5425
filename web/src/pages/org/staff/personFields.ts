import type { PersonDetails } from '@core/wasm';
import type { PersonalFields } from '../../../api/org/staff';
import { enumOptions } from '../../../components/enums';
import { orgCheck } from '../../../components/form/coreRules';
import type { FieldSpec } from '../../../components/form/fields';

/** A person's own details, as the staff form and the onboarding form ask for them. */
export function personFields(): FieldSpec[] {
  return [
    { field: 'realName', label: '姓名', required: true, check: orgCheck('name', '姓名') },
    { field: 'mobile', label: '手机号码', rule: 'mobile', required: true },
    { field: 'sex', label: '性别', kind: 'select', options: enumOptions('sex') },
    { field: 'idNumber', label: '身份证号', rule: 'idCard' },
    { field: 'bankCard', label: '银行卡号', rule: 'bankCard' },
    { field: 'education', label: '学历', kind: 'select', options: enumOptions('education') },
    { field: 'maritalStatus', label: '婚姻状况', kind: 'select', options: enumOptions('maritalStatus') },
    { field: 'entryDate', label: '入职日期', kind: 'date' },
    { field: 'address', label: '联系地址', check: orgCheck('remark', '联系地址') },
    { field: 'emergencyContact', label: '紧急联系人', check: orgCheck('remark', '紧急联系人') },
    { field: 'emergencyMobile', label: '紧急联系电话', rule: 'mobile' },
  ];
}

type Nullable<T> = { [K in keyof T]?: T[K] | null };

/** The details of a stored record as form values (absent instead of null). */
export function personValues(record: Nullable<PersonalFields>): Partial<PersonalFields> {
  const values: Record<string, unknown> = {};
  for (const spec of personFields()) {
    const value = record[spec.field as keyof PersonalFields];
    if (value !== null && value !== undefined) values[spec.field] = value;
  }
  return values as Partial<PersonalFields>;
}

/** The form's details as core's person check reads them: text fields as text, choices as numbers. */
export function personDetails(values: Partial<PersonalFields>): PersonDetails {
  return personValues(values) as PersonDetails;
}
