import { describe, expect, it } from 'vitest';
import { isOwnRecord, staffFields } from './staffForm';

const choices = { stores: [], departments: [], positions: [], roles: [] };

describe('the staff edit form', () => {
  it('shows the seat read-only on one’s own record, with the hint under 角色', () => {
    const own = staffFields(true, choices, true);
    const field = (name: string) => own.find((spec) => spec.field === name);
    for (const name of ['roleIds', 'storeId', 'departmentId', 'positionId']) expect(field(name)?.disabled, name).toBe(true);
    expect(field('roleIds')?.extra).toBe('不能修改自己的角色、门店、部门和岗位，请联系上级处理');
    expect(field('realName')?.disabled).toBeFalsy();
  });

  it('leaves a colleague’s seat editable', () => {
    const other = staffFields(true, choices, false);
    expect(other.find((spec) => spec.field === 'roleIds')?.disabled).toBeFalsy();
  });

  it('knows one’s own record by the signed-in user id', () => {
    expect(isOwnRecord({ id: 7 }, '7')).toBe(true);
    expect(isOwnRecord({ id: 7 }, 8)).toBe(false);
    expect(isOwnRecord(undefined, 7)).toBe(false);
  });
});
