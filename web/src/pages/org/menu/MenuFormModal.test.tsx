import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MenuFields } from '../../../api/org/menuAdmin';
import { MenuFormModal } from './MenuFormModal';

const staffPage: Partial<MenuFields> = {
  menuName: '门店员工',
  menuType: 2,
  status: 2,
  menuPage: '/work/store/staff',
  perms: 'work:store:staff:list',
  componentPath: 'work/store/staff',
  sort: 0,
  actions: [{ id: 7, code: 'add', name: '新增', perms: 'work:store:staff:add' }],
};

function open(onSubmit: (values: MenuFields) => Promise<unknown>, initialValues = staffPage) {
  render(
    <MenuFormModal
      title="编辑菜单"
      visible
      initialValues={initialValues}
      parents={[]}
      onSubmit={onSubmit}
      onClose={() => undefined}
      onSaved={() => undefined}
    />,
  );
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

// A shared machine renders Arco slowly; the default 5 s is not about the product.
describe('MenuFormModal', { timeout: 30_000 }, () => {
  it('moves a page to another path and keeps its permission codes and its actions', async () => {
    const onSubmit = vi.fn(async () => ({}));
    open(onSubmit);
    expect(screen.getByText('权限标识')).toBeTruthy();
    type('field-menuPage', '/work/store/people');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          menuPage: '/work/store/people',
          perms: 'work:store:staff:list',
          actions: [expect.objectContaining({ id: 7, code: 'add', perms: 'work:store:staff:add' })],
        }),
      ),
    );
  });

  it("refuses a page's or an action's code as core does, and sends nothing", async () => {
    const onSubmit = vi.fn(async () => ({}));
    open(onSubmit);
    type('field-perms', '/work/store/staff');
    type('menu-action-perms-0', '');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('权限标识须为1-6段以冒号分隔的编码，每段为1-30位字母、数字或下划线，且以字母开头')).toBeTruthy();
    expect(await screen.findByText('权限标识不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
