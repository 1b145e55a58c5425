// 房源角色 on a listing's form (both trades): one picker per role of the listing's city
// (/coc/config/role: 录入人, 维护人, 实勘人, 钥匙人, 委托人 …) offering the colleagues the server lists
// for this caller (`roleChoices`: working, of their store or data scope). 录入 starts with the
// person entering the listing and 维护 with its maintainer (core `houseDefaultRoleMembers`); core
// checks the set (`houseCheckRoleMembers`) and the server checks it again with who may be picked.
// The ACN split of a contract reads these people.
import { Form, Grid, Select } from '@arco-design/web-react';
import { houseCheckRoleMembers, houseDefaultRoleMembers, type ListingRoleMember } from '@core/wasm';
import type { RoleChoices } from '../../../api/house/oldHouse';

/** The people a form's roles start with: those the listing has, and core's defaults for the
 *  roles nobody holds (all of them, for a new listing). */
export function startingMembers(choices: RoleChoices, held: ListingRoleMember[] = []): ListingRoleMember[] {
  const defaults = houseDefaultRoleMembers(choices.roles, choices.entererId, choices.maintainerId ?? undefined);
  const heldRoles = new Set(held.map((member) => member.roleId));
  return [...held, ...defaults.filter((member) => !heldRoles.has(member.roleId))];
}

/** Why the set is refused, or undefined. */
export function roleMembersError(members: ListingRoleMember[]): string | undefined {
  return houseCheckRoleMembers(members) ?? undefined;
}

export function ListingRolesField({
  choices,
  value,
  onChange,
  error,
}: {
  choices: RoleChoices;
  value: ListingRoleMember[];
  onChange: (members: ListingRoleMember[]) => void;
  /** The server's or core's refusal of the set. */
  error?: string;
}) {
  const options = choices.colleagues.map((person) => ({
    label: person.storeName ? `${person.name} · ${person.storeName}` : person.name,
    value: person.id,
  }));
  const setRole = (roleId: number, userIds: number[]) =>
    onChange([
      ...value.filter((member) => member.roleId !== roleId),
      ...userIds.map((userId) => ({ roleId, userId })),
    ]);
  if (choices.roles.length === 0) {
    return <div className="arco-form-message-help">本城市尚未配置房源角色</div>;
  }
  return (
    <>
      <Grid.Row gutter={16}>
        {choices.roles.map((role) => (
          <Grid.Col key={role.id} xs={24} sm={12} lg={8}>
            <Form.Item label={role.name} labelCol={{ span: 8 }} wrapperCol={{ span: 16 }}>
              <Select
                mode="multiple"
                allowClear
                showSearch
                placeholder={`请选择${role.name}`}
                options={options}
                value={value.filter((member) => member.roleId === role.id).map((member) => member.userId)}
                onChange={(userIds: number[]) => setRole(role.id, userIds ?? [])}
                filterOption={(input, option) =>
                  String((option as { props?: { children?: unknown } }).props?.children ?? '').includes(input)
                }
                data-testid={`listing-role-${role.name}`}
              />
            </Form.Item>
          </Grid.Col>
        ))}
      </Grid.Row>
      {error && (
        <div className="arco-form-message" style={{ color: 'rgb(var(--danger-6))', marginBottom: 12 }} data-testid="listing-roles-error">
          {error}
        </div>
      )}
    </>
  );
}
