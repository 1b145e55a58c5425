import { describe, expect, it } from 'vitest';
import { coreRules, orgCheck } from './coreRules';

function messageOf(rules: ReturnType<typeof coreRules>, value: unknown): string | undefined {
  let message: unknown;
  rules[0]?.validator?.(value, (m) => {
    message = m;
  });
  return message as string | undefined;
}

describe('coreRules', () => {
  it("uses core's validators and their exact messages (spec §5)", () => {
    expect(messageOf(coreRules('tel', true), '')).toBe('请输入手机号码');
    expect(messageOf(coreRules('tel', true), '2345')).toBe('仅支持中国大陆手机号码');
    expect(messageOf(coreRules('bankCard', false), '6222-0000')).toBe('银行卡号格式错误');
    expect(messageOf(coreRules('bankCard', false), '')).toBeUndefined();
    expect(messageOf(coreRules(undefined, true), '  ')).toBe('不能为空');
  });

  it("uses core's organisation field rules, naming the field", () => {
    const name = coreRules(undefined, true, orgCheck('name', '岗位名称'));
    expect(messageOf(name, '')).toBe('岗位名称不能为空');
    expect(messageOf(name, '岗'.repeat(51))).toBe('岗位名称不能超过50个字符');
    expect(messageOf(name, '店长')).toBeUndefined();
    expect(messageOf(coreRules(undefined, true, orgCheck('username')), '1abc')).toBe(
      '用户名须为4-30位字母、数字或下划线，且以字母开头',
    );
    expect(messageOf(coreRules(undefined, true, orgCheck('positionName')), '超级管理员')).toBe(
      '岗位名称「超级管理员」为系统保留',
    );
  });
});
