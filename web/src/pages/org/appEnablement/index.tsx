import { useState } from 'react';
import { Alert, Button, Message, Space, Switch, Tag } from '@arco-design/web-react';
import { appApi, type AppEnablement } from '../../../api/org/app';
import { enumText } from '../../../components/enums';
import { DataTable } from '../../../components/list/DataTable';
import { usePermission } from '../../../components/Permission';
import { useTreeQuery } from '../../../components/tree/useTreeQuery';
import '../../../components/list/ListPage.css';
import { orDash } from '../shared/format';

/**
 * 应用 (/coc/app, /work/enterprise/app): which catalogue apps the caller's city site or company
 * uses. The server picks the level from who asks (company staff: their company, whatever site
 * the header shows); switching needs the page's 编辑 action and a data scope covering that level.
 */
export default function AppEnablementPage() {
  const query = useTreeQuery(() => appApi.enablement());
  const [saving, setSaving] = useState<number | undefined>();
  const canEdit = usePermission()('edit');
  const readOnly = canEdit && query.rows.some((app) => !app.editable);

  const toggle = async (app: AppEnablement, enabled: boolean) => {
    setSaving(app.appId);
    try {
      await appApi.setEnabled({ appId: app.appId, enabled });
      Message.success(enabled ? '已启用' : '已停用');
      query.reload();
    } catch {
      // the request client has shown the refusal
    } finally {
      setSaving(undefined);
    }
  };

  const inheritCity = async (app: AppEnablement) => {
    setSaving(app.appId);
    try {
      await appApi.inheritCity({ appId: app.appId });
      Message.success('已恢复城市设置');
      query.reload();
    } catch {
      // the request client has shown the refusal
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <div className="page-card" data-testid="app-enablement">
      <div className="list-page__toolbar">
        <div className="list-page__title">应用</div>
      </div>
      {readOnly && (
        <Alert type="info" content="仅可查看：修改公司的应用设置需要全公司的数据权限" data-testid="app-read-only" />
      )}
      <DataTable<AppEnablement>
        rowKey="appId"
        rows={query.rows}
        loading={query.loading}
        columns={[
          { title: '应用名称', dataIndex: 'appName' },
          { title: '应用类型', dataIndex: 'appType', render: (type: number) => enumText('appType', type) },
          { title: '应用简介', dataIndex: 'description', render: orDash },
          {
            title: '来源',
            dataIndex: 'inherited',
            // A company's own setting can go back to its city's (恢复城市设置).
            render: (inherited: boolean, app: AppEnablement) =>
              inherited ? (
                <Tag>沿用城市设置</Tag>
              ) : (
                <Space size={4}>
                  <Tag color="arcoblue">本级设置</Tag>
                  {app.restorable && canEdit && app.editable && (
                    <Button
                      type="text"
                      size="mini"
                      loading={saving === app.appId}
                      onClick={() => void inheritCity(app)}
                      aria-label={`恢复城市设置 ${app.appName}`}
                      data-testid="app-inherit-city"
                    >
                      恢复城市设置
                    </Button>
                  )}
                </Space>
              ),
          },
          {
            title: '启用',
            dataIndex: 'enabled',
            render: (enabled: boolean, app: AppEnablement) => (
              <Switch
                checked={enabled}
                disabled={!canEdit || !app.editable}
                loading={saving === app.appId}
                onChange={(next) => void toggle(app, next)}
                aria-label={`启用 ${app.appName}`}
                data-testid="app-enabled"
              />
            ),
          },
        ]}
      />
    </div>
  );
}
