import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiFailure } from '../../api/client';
import type { FieldSpec } from './fields';
import { FormModal } from './FormModal';

const fields: FieldSpec[] = [
  { field: 'realName', label: '姓名', required: true, maxLength: 20 },
  { field: 'mobile', label: '手机号码', rule: 'tel', required: true },
  { field: 'idCard', label: '身份证号', rule: 'idCard' },
];

function open(onSubmit: (values: Record<string, unknown>) => Promise<unknown>) {
  render(<FormModal title="新增员工" visible fields={fields} onSubmit={onSubmit} onClose={() => undefined} />);
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('FormModal', () => {
  it("shows core's Chinese messages and sends nothing while a field is wrong", async () => {
    const onSubmit = vi.fn(async () => ({}));
    open(onSubmit);
    type('field-mobile', '2345');
    type('field-idCard', '110101199003071234');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('不能为空')).toBeTruthy();
    expect(screen.getByText('仅支持中国大陆手机号码')).toBeTruthy();
    expect(screen.getByText('身份证号格式错误')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the values once they pass', async () => {
    const onSubmit = vi.fn(async () => ({}));
    open(onSubmit);
    type('field-realName', '王小明');
    type('field-mobile', '13800138000');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ realName: '王小明', mobile: '13800138000' }));
  });

  it("puts the server's refusal under the field it names", async () => {
    const refusal: ApiFailure = {
      failed: true,
      code: 10000409,
      message: '该手机号已被其他账号使用',
      errors: { mobile: ['该手机号已被其他账号使用'] },
    };
    open(async () => refusal);
    type('field-realName', '王小明');
    type('field-mobile', '13800138000');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('该手机号已被其他账号使用')).toBeTruthy();
    expect(screen.getByTestId('form-submit')).toBeTruthy();
  });
});
