import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Form, Message, Tag, Typography } from '@arco-design/web-react';
import { IconSave } from '@arco-design/web-react/icon';
import { isApiFailure } from '../../../api/client';
import { departmentApi, storeApi } from '../../../api/org/org';
import { roleApi, type Role } from '../../../api/org/role';
import { useRead } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { enumText } from '../../../components/enums';
import { coreFields } from '../../../components/form/coreForm';
import { FormField } from '../../../components/form/fields';
import { placeFailure } from '../../../components/form/placeFailure';
import { usePermission } from '../../../components/Permission';
import { PermissionTree } from '../../../components/tree/PermissionTree';
import type { Grants } from '../../../components/tree/permissionKeys';
import { treeOptions } from '../../../components/tree/treeOptions';
import type { PageProps } from '../../registry';
import { toOptions, useOptions } from '../shared/useOptions';
import { dataScopeUi, grantableScopes } from '../shared/dataScopeFields';
import { checkedGrants, permissionMenus } from './rolePermissions';

interface ScopeValues {
  dataScope: string;
  customDepartmentIds: number[];
  customStoreIds: number[];
}

function scopeOf(role: Role): ScopeValues {
  return {
    dataScope: role.dataScope,
    customDepartmentIds: role.customDepartmentIds,
    customStoreIds: role.customStoreIds,
  };
}

const NO_GRANTS: Grants = { menuIds: [], actionIds: [] };

const sameIds = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

function scopeChanged(role: Role, scope: ScopeValues): boolean {
  return (
    role.dataScope !== scope.dataScope ||
    !sameIds(role.customDepartmentIds, scope.customDepartmentIds) ||
    !sameIds(role.customStoreIds, scope.customStoreIds)
  );
}

/**
 * 权限设置 (/work/enterprise/roleSetting/:id, /coc/hr/roleSetting/:id): the menus and actions a
 * role grants, as a checkable tree of what the caller may grant, and the role's data scope.
 */
export default function RoleSettingPage({ route }: PageProps) {
  const id = Number(useParams().id);
  // Through the shared cache: a save (or any write) loads the role and its tree again.
  const { data: loaded, error, replace } = useRead(() => roleApi.permissionTree(id));
  // The ticks show the role as loaded until the user changes them; theirs hold until saved,
  // whatever loads meanwhile.
  const [ticked, setTicked] = useState<{ roleId: number; grants: Grants }>();
  const loadedGrants = useMemo(() => (loaded ? checkedGrants(loaded.tree) : NO_GRANTS), [loaded]);
  const grants = ticked?.roleId === id ? ticked.grants : loadedGrants;
  const setGrants = (next: Grants) => setTicked({ roleId: id, grants: next });
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ScopeValues>();
  // The page's 编辑 action, and the server's word on this role: none on a role one holds.
  const mayEditPage = usePermission()('edit');
  const canEdit = mayEditPage && (loaded?.role.availableActions.includes('permission') ?? false);
  const departments = useOptions(() => departmentApi.options());
  const stores = toOptions(useOptions(() => storeApi.options()));
  const grantable = useOptions(() => roleApi.dataScopes());
  // Core's role form gives the data-scope fields (label, required, check); the page the choices.
  const scopeUi = dataScopeUi(
    treeOptions(departments, (d) => d.id, (d) => d.name),
    stores,
    grantable,
  );
  const fields = coreFields('role', {
    organisationId: false,
    name: false,
    remark: false,
    ...scopeUi,
    dataScope: { options: grantableScopes(grantable, loaded?.role.dataScope) },
  });

  // The scope fields show the role as loaded, and as saved.
  useEffect(() => {
    if (loaded) form.setFieldsValue(scopeOf(loaded.role));
  }, [loaded, form]);

  const menus = useMemo(() => permissionMenus(loaded?.tree ?? []), [loaded]);

  const save = async () => {
    if (!loaded) return;
    const values = await form.validate().catch(() => undefined);
    if (!values) return;
    // The custom lists are only on the form while the custom scope is chosen.
    const scope: ScopeValues = {
      dataScope: values.dataScope,
      customDepartmentIds: values.customDepartmentIds ?? [],
      customStoreIds: values.customStoreIds ?? [],
    };
    setSaving(true);
    try {
      const role = loaded.role;
      if (scopeChanged(role, scope)) {
        const edited = await roleApi.edit({ id: role.id, name: role.name, remark: role.remark ?? undefined, ...scope });
        if (isApiFailure(edited)) {
          placeFailure(form, fields, edited);
          return;
        }
      }
      const saved = await roleApi.savePermissions({ id: role.id, ...grants });
      if (isApiFailure(saved)) {
        placeFailure(form, fields, saved);
        return;
      }
      replace(saved);
      setTicked(undefined);
      Message.success('权限已保存');
    } catch {
      // the request client has shown what went wrong
    } finally {
      setSaving(false);
    }
  };

  const role = loaded?.role;
  return (
    <DetailPage
      testId="role-setting"
      title={role ? `权限设置 · ${role.name}` : route.meta.title}
      badges={role && <Tag color="arcoblue">{enumText('dataScope', role.dataScope)}</Tag>}
      loading={!loaded}
      error={error}
      subject={loaded?.role.name}
      extra={
        canEdit && (
          <Button type="primary" icon={<IconSave />} loading={saving} onClick={save} data-testid="role-setting-save">
            保存
          </Button>
        )
      }
    >
      {mayEditPage && loaded && !canEdit && (
        <Alert type="info" content="仅可查看：自己所属的角色和上级管理的角色由上级修改" data-testid="role-setting-read-only" />
      )}
      <DetailSection title="数据权限">
        <Form
          form={form}
          layout="vertical"
          disabled={!canEdit}
          initialValues={role && scopeOf(role)}
          data-testid="data-scope-form"
        >
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 360px)', columnGap: 16 }}>
            {fields.map((spec) => (
              <FormField key={spec.field} spec={spec} />
            ))}
          </div>
        </Form>
      </DetailSection>
      <DetailSection title="菜单与操作权限">
        <Typography.Paragraph type="secondary">
          勾选页面即可访问该页面；页面下的操作（新增、编辑、删除等）需单独勾选。仅列出您可以授予该角色的权限。
        </Typography.Paragraph>
        {loaded && loaded.keptGrants > 0 && (
          <Typography.Paragraph type="secondary" data-testid="role-setting-kept">
            该角色另有 {loaded.keptGrants} 项您无权授予的权限，未在此列出，保存时保持不变。
          </Typography.Paragraph>
        )}
        <PermissionTree menus={menus} value={grants} onChange={setGrants} readOnly={!canEdit} />
        {/* A long tree ends where the eye is: 保存 again at its foot. */}
        {canEdit && (
          <Button
            type="primary"
            icon={<IconSave />}
            loading={saving}
            onClick={save}
            style={{ marginTop: 16 }}
            data-testid="role-setting-save-bottom"
          >
            保存
          </Button>
        )}
      </DetailSection>
    </DetailPage>
  );
}
