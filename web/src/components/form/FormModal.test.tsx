import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiFailure } from '../../api/client';
import { coreFields } from './coreForm';
import { FormModal } from './FormModal';

const fields = coreFields('store', { organisationId: false, storeGroupId: false });

function open(onSubmit: (values: Record<string, unknown>) => Promise<unknown>) {
  render(<FormModal title="新增门店" visible fields={fields} onSubmit={onSubmit} onClose={() => undefined} />);
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

// A shared machine renders Arco slowly; the default 5 s is not about the product.
describe('FormModal', { timeout: 30_000 }, () => {
  it("shows core's messages on every field at once and sends nothing while one is wrong", async () => {
    const onSubmit = vi.fn(async () => ({}));
    open(onSubmit);
    type('field-address', '址'.repeat(201));
    fireEvent.click(screen.getByTestId('form-submit'));
    // Beside the field, and as a toast naming it with how many need fixing.
    const form = screen.getByTestId('form-modal');
    await waitFor(() => expect(within(form).getByText('门店名称不能为空')).toBeTruthy());
    expect(within(form).getByText('门店地址不能超过200个字符')).toBeTruthy();
    expect(await screen.findByText('门店名称不能为空（共2项需要修改）')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('marks the fields core requires', () => {
    open(async () => ({}));
    const label = screen.getByText('门店名称').closest('.arco-form-item');
    expect(label?.querySelector('.arco-form-item-symbol')).toBeTruthy();
  });

  it('sends the values once they pass, also on Enter', async () => {
    const onSubmit = vi.fn(async () => ({}));
    open(onSubmit);
    type('field-name', '西湖店');
    fireEvent.keyDown(screen.getByTestId('field-name'), { key: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: '西湖店' })));
  });

  it("puts the server's refusals under their fields, and a corrected value clears its error", async () => {
    const refusal: ApiFailure = {
      failed: true,
      code: 10000409,
      message: '该公司下已存在同名门店',
      errors: { name: ['该公司下已存在同名门店'] },
    };
    open(async () => refusal);
    type('field-name', '西湖店');
    fireEvent.click(screen.getByTestId('form-submit'));
    const form = screen.getByTestId('form-modal');
    // Under the field, and in a toast naming it.
    expect(await within(form).findByText('该公司下已存在同名门店')).toBeTruthy();
    const toasts = () => [...document.querySelectorAll('.arco-message')].map((toast) => toast.textContent);
    await waitFor(() => expect(toasts()).toContain('该公司下已存在同名门店'));
    type('field-name', '西湖二店');
    await waitFor(() => expect(within(form).queryByText('该公司下已存在同名门店')).toBeNull());
  });

  it("clears the server's refusal of a field without a core rule once it is changed (原因, 说明)", async () => {
    const refusal: ApiFailure = { failed: true, code: 10000004, message: '请选择原因', errors: { note: ['请选择原因'] } };
    render(
      <FormModal
        title="封盘"
        visible
        fields={[{ field: 'note', label: '原因', required: true }]}
        onSubmit={async () => refusal}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByTestId('form-submit'));
    const form = screen.getByTestId('form-modal');
    expect(await within(form).findByText('请选择原因')).toBeTruthy();
    type('field-note', '业主暂不出售');
    await waitFor(() => expect(within(form).queryByText('请选择原因')).toBeNull());
  });

  describe('closing without saving', () => {
    function openToClose() {
      const onClose = vi.fn();
      render(<FormModal title="新增门店" visible fields={fields} onSubmit={async () => ({})} onClose={onClose} />);
      return onClose;
    }
    const closeButton = () => document.querySelector('.arco-modal-close-icon') as HTMLElement;
    const discardQuestion = () => screen.queryByText('放弃修改？');

    // Esc goes the same way (useEscToClose calls the same dismissal); jsdom lays out no layer to
    // find on top, so the browser suite presses it.
    it('closes an untouched form at once by the ×', () => {
      const onClose = openToClose();
      fireEvent.click(closeButton());
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(discardQuestion()).toBeNull();
    });

    it('asks 放弃修改？ before a changed form closes by the ×; 取消 keeps it, 确定 closes it', async () => {
      const onClose = openToClose();
      type('field-name', '西湖店');
      fireEvent.click(closeButton());
      expect(await screen.findByText('放弃修改？')).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();
      const question = screen.getByText('放弃修改？').closest('.arco-modal') as HTMLElement;
      fireEvent.click(within(question).getByRole('button', { name: /取\s*消/ }));
      await waitFor(() => expect(onClose).not.toHaveBeenCalled());
      expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('西湖店');

      fireEvent.click(closeButton());
      fireEvent.click(await screen.findByTestId('discard-ok'));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    });
  });
});
