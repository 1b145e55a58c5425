import { Tag } from '@arco-design/web-react';
import { companyApi, departmentApi, storeApi } from '../../../api/org/org';
import { roleApi, type Role, type RoleFields } from '../../../api/org/role';
import { enumText } from '../../../components/enums';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { treeOptions } from '../../../components/tree/treeOptions';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../shared/format';
import { toOptions, useOptions } from '../shared/useOptions';
import { choosesCompany } from '../shared/workspace';
import { dataScopeUi, scopeForCompany } from '../shared/dataScopeFields';
import { RoleName } from './RoleName';
import { coreFields } from '../../../components/form/coreForm';

type Values = RoleFields & { organisationId?: number };

/** 角色 (/work/enterprise/role, /coc/hr/role): roles, their data scope, and a way to their permissions. */
export default function RolesPage({ route }: PageProps) {
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const withCompany = choosesCompany(route);
  const companies = useOptions(() => (withCompany ? companyApi.options() : Promise.resolve([])));
  const departments = useOptions(() => departmentApi.options());
  const stores = toOptions(useOptions(() => storeApi.options()));
  const grantable = useOptions(() => roleApi.dataScopes());
  const scopeUi = dataScopeUi(
    treeOptions(departments, (d) => d.id, (d) => d.name),
    stores,
    grantable,
  );

  return (
    <CrudListPage<Role, { name?: string; organisationId?: number }, Values>
      testId="role"
      entityName="角色"
      fetchPage={roleApi.list}
      initialFilters={{}}
      filters={[
        { field: 'name', label: '角色名称' },
        ...(withCompany
          ? [{ field: 'organisationId', label: '所属公司', kind: 'select' as const, options: toOptions(companies) }]
          : []),
      ]}
      columns={[
        { title: '角色名称', dataIndex: 'name', render: (name: string, role: Role) => <RoleName name={name} menuCount={role.menuCount} /> },
        {
          title: '数据权限',
          dataIndex: 'dataScope',
          render: (scope: string) => <Tag color="arcoblue">{enumText('dataScope', scope)}</Tag>,
        },
        { title: '所属', dataIndex: 'organisationName', render: (name?: string | null) => name || '城市站点' },
        { title: '员工数', dataIndex: 'userCount', width: 80 },
        { title: '备注', dataIndex: 'remark', render: orDash },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      actionWidth={220}
      defaults={{ dataScope: 'SELF', customDepartmentIds: [], customStoreIds: [] }}
      toFormValues={(role) => ({
        name: role.name,
        dataScope: role.dataScope,
        customDepartmentIds: role.customDepartmentIds,
        customStoreIds: role.customStoreIds,
        remark: role.remark ?? undefined,
      })}
      formFields={(editing) =>
        coreFields('role', {
          organisationId:
            withCompany && !editing ? { options: toOptions(companies), placeholder: '不选则为城市站点角色' } : false,
          ...scopeUi,
          dataScope: { ...scopeUi.dataScope, dependsOn: ['organisationId'], resetTo: (values) => scopeForCompany(values, grantable) },
        })
      }
      rowAllows={(role, action) => role.availableActions.includes(action)}
      rowActions={(role) => {
        const path = relatedPath(table, route, 'roleSetting', role.id);
        if (!path) return [];
        // A role the viewer may not change (one they hold, one managed from above) still shows
        // its grants, on a page that says who changes them.
        return role.availableActions.includes('permission')
          ? [{ label: '权限设置', testId: 'row-permission', onClick: () => nav.push(path) }]
          : [{ label: '查看权限', testId: 'row-permission-view', onClick: () => nav.push(path) }];
      }}
      onAdd={(values) => roleApi.add(values)}
      onEdit={(role, values) => {
        const { organisationId: _ignored, ...fields } = values;
        return roleApi.edit({ ...fields, id: role.id });
      }}
      onDelete={(role) => roleApi.remove(role.id)}
    />
  );
}
