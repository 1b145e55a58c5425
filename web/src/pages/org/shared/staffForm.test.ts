import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from '../../../api/org/org';
import type { FieldSpec, TreeOption } from '../../../components/form/fields';
import { isOwnRecord, staffFields, type PlacementChoices } from './staffForm';

const ANJU = 1;
const NEW = 2;

function department(id: number, name: string, organisationId: number, storeId: number | null, children: DepartmentNode[] = []): DepartmentNode {
  return { id, name, organisationId, storeId, storeName: '', parentId: null, sort: 0, staffCount: 0, children };
}

/** What a city operator's lists hold: two companies' choices, and a global role. */
const choices: PlacementChoices = {
  companies: [
    { id: ANJU, name: '安居经纪' },
    { id: NEW, name: '新开经纪' },
  ],
  stores: [
    { id: 11, name: '西湖店', organisationId: ANJU },
    { id: 12, name: '滨江店', organisationId: ANJU },
    { id: 21, name: '新开一店', organisationId: NEW },
  ],
  departments: [
    department(100, '总经办', ANJU, null, [department(101, '西湖店销售部', ANJU, 11), department(102, '滨江店销售部', ANJU, 12)]),
    department(200, '新开总经办', NEW, null),
  ],
  positions: [
    { id: 31, name: '总经理', organisationId: ANJU },
    { id: 32, name: '总经理', organisationId: NEW },
  ],
  roles: [
    { id: 41, name: '店长', dataScope: 'STORE', organisationId: ANJU, menuCount: 12 },
    { id: 42, name: '总经理', dataScope: 'COMPANY', organisationId: NEW, menuCount: 0 },
    { id: 43, name: '城市运营', dataScope: 'CITY_SITE', organisationId: null, menuCount: 9 },
  ],
};

const field = (name: string): FieldSpec => staffFields(false, choices).find((spec) => spec.field === name)!;
const values = (spec: FieldSpec, form: Record<string, unknown>) => spec.optionsFor!(form).map((option) => option.value);
const titles = (nodes: TreeOption[]): string[] => nodes.flatMap((node) => [node.title, ...titles(node.children ?? [])]);

describe('the staff form offers the chosen company’s choices', () => {
  it('offers only the chosen company’s stores, posts and roles (and global roles)', () => {
    const chosen = { organisationId: NEW };
    expect(values(field('storeId'), chosen)).toEqual([21]);
    expect(values(field('positionId'), chosen)).toEqual([32]);
    expect(values(field('roleIds'), chosen)).toEqual([42, 43]);
  });

  it('marks a role that opens no page, whose holder could not log in', () => {
    const labels = field('roleIds').optionsFor!({ organisationId: NEW }).map((option) => option.label);
    expect(labels).toEqual(['总经理（未设置权限）', '城市运营']);
  });

  it('offers everything the caller reaches before a company is chosen', () => {
    expect(values(field('storeId'), {})).toEqual([11, 12, 21]);
  });

  it('offers the chosen store’s departments, and the company’s when no store is chosen', () => {
    const departments = field('departmentId').treeDataFor!;
    expect(titles(departments({ organisationId: ANJU, storeId: 11 }))).toEqual(['西湖店销售部']);
    expect(titles(departments({ organisationId: ANJU }))).toEqual(['总经办', '西湖店销售部', '滨江店销售部']);
    expect(titles(departments({ organisationId: NEW }))).toEqual(['新开总经办']);
  });

  it('clears the store, department, post and roles when the company changes', () => {
    const dependents = staffFields(false, choices)
      .filter((spec) => spec.dependsOn?.includes('organisationId'))
      .map((spec) => spec.field);
    expect(dependents).toEqual(['storeId', 'departmentId', 'positionId', 'roleIds']);
    expect(field('departmentId').dependsOn).toContain('storeId');
  });
});

const noChoices: PlacementChoices = { stores: [], departments: [], positions: [], roles: [] };

describe('the staff edit form', () => {
  it('shows the seat read-only on one’s own record, with the hint under 角色', () => {
    const own = staffFields(true, noChoices, true);
    const ownField = (name: string) => own.find((spec) => spec.field === name);
    for (const name of ['roleIds', 'storeId', 'departmentId', 'positionId']) expect(ownField(name)?.disabled, name).toBe(true);
    expect(ownField('roleIds')?.extra).toBe('不能修改自己的角色、门店、部门和岗位，请联系上级处理');
    expect(ownField('realName')?.disabled).toBeFalsy();
  });

  it('leaves a colleague’s seat editable', () => {
    const other = staffFields(true, noChoices, false);
    expect(other.find((spec) => spec.field === 'roleIds')?.disabled).toBeFalsy();
  });

  it('knows one’s own record by the signed-in user id', () => {
    expect(isOwnRecord({ id: 7 }, '7')).toBe(true);
    expect(isOwnRecord({ id: 7 }, 8)).toBe(false);
    expect(isOwnRecord(undefined, 7)).toBe(false);
  });
});
