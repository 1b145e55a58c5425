import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormKind } from '@core/wasm';
import { coreFields, fieldLabel, formErrors } from './coreForm';

/** The table core and the server run too (`core/src/forms/cases.json`). */
interface FormCase {
  form: FormKind;
  note?: string;
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

const cases: FormCase[] = JSON.parse(
  // Vitest runs in web/.
  readFileSync(resolve(process.cwd(), '../core/src/forms/cases.json'), 'utf8'),
);

describe('core forms in the browser', () => {
  it.each(cases.map((c) => [`${c.form}${c.note ? ` (${c.note})` : ''}`, c] as const))(
    '%s: every fault at once, the message the server gives',
    (_, c) => {
      expect(formErrors(c.form, c.values)).toEqual(c.errors);
    },
  );

  it('builds fields from the definition: label, required mark, limits, choices, hint', () => {
    const company = coreFields('company', { siteId: false });
    expect(company.map((f) => f.field)).toEqual(['name', 'scope', 'contactName', 'contactMobile', 'address', 'enabled']);
    const scope = company[1];
    expect([scope.label, scope.kind, scope.required]).toEqual(['公司类型', 'select', true]);
    expect(scope.options?.[0]).toEqual({ value: 2, label: '经纪公司' });
    expect(company[2].maxLength).toBe(50);
    const password = coreFields('staff').find((f) => f.field === 'password');
    expect(password?.extra).toBe('密码须为8-32位，且同时包含字母和数字');
    const sort = coreFields('position').find((f) => f.field === 'sort');
    expect([sort?.min, sort?.max]).toEqual([0, 9999]);
    const required = coreFields('staff')
      .filter((f) => f.required)
      .map((f) => f.label);
    expect(required).toEqual(['用户名', '初始密码', '姓名', '手机号码']);
    expect(coreFields('staff').find((f) => f.field === 'roleIds')?.extra).toBe('未分配角色的员工无法登录系统');
  });

  it('the login page labels its fields with the words their messages use', () => {
    const labels = (kind: FormKind) => coreFields(kind).map((f) => fieldLabel(kind, f.field));
    expect(labels('login')).toEqual(['用户名', '密码']);
    expect(labels('loginCode')).toEqual(['手机号码', '验证码']);
    expect(formErrors('login', { username: '' }).username).toBe(`请输入${fieldLabel('login', 'username')}`);
    expect(formErrors('loginCode', { cellphone: '' }).cellphone).toBe(`请输入${fieldLabel('loginCode', 'cellphone')}`);
    expect(() => fieldLabel('login', 'account')).toThrow();
  });

  it('a field error goes once the value is corrected', () => {
    expect(formErrors('store', { name: '' }).name).toBe('门店名称不能为空');
    expect(formErrors('store', { name: '西湖店' }).name).toBeUndefined();
  });
});
