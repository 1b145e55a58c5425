import { Card, Descriptions, Grid, Typography } from '@arco-design/web-react';
import type { SidebarItem } from '@core/wasm';
import { MenuIcon } from '../../../layout/menuIcons';
import { currentWorkspace } from '../../../layout/workspace';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useSiteStore } from '../../../stores/site';
import { useUserStore } from '../../../stores/user';
import { DueCustomers } from '../../crm/shared/DueCustomers';
import { CUSTOMER_ROUTE } from '../../crm/shared/customerText';
import type { PageProps } from '../../registry';
import './WorkspaceHome.css';

function pagesOf(items: SidebarItem[]): SidebarItem[] {
  return items.flatMap((item) => (item.children.length > 0 ? pagesOf(item.children) : [item]));
}

/** The workspace home: who is signed in, where, the customers due for a follow-up today, and the
 *  workspace's pages as shortcuts. */
export default function WorkspaceHome({ route }: PageProps) {
  const nav = useNav();
  const info = useUserStore((state) => state.info);
  const table = useMenuStore((state) => state.routeTable);
  const siteName = useSiteStore((state) => state.sites.find((site) => site.id === state.siteId)?.name);
  const workspace = currentWorkspace(table, route.path);
  const shortcuts = pagesOf(workspace?.children ?? []).filter((page) => page.path !== route.path);
  // The reminder shows to whoever has the customer page: their own customers due for a follow-up.
  const keepsCustomers = table.routes.some((page) => page.path === CUSTOMER_ROUTE);

  return (
    <div className="workspace-home">
      <Card className="workspace-home__welcome" bordered={false}>
        <Typography.Title heading={5} className="workspace-home__greeting">
          您好，{info?.realName}
        </Typography.Title>
        <Typography.Paragraph type="secondary">欢迎使用{workspace?.name ?? '房产经纪管理平台'}。</Typography.Paragraph>
        <Descriptions
          column={3}
          colon="："
          data={[
            { label: '岗位', value: info?.positionName || '—' },
            { label: '工号', value: info?.userCode || '—' },
            { label: '城市站点', value: siteName ?? '—' },
          ]}
        />
      </Card>
      {keepsCustomers && <DueCustomers />}
      {shortcuts.length > 0 && (
        <Card title="常用功能" bordered={false}>
          <Grid.Row gutter={[12, 12]}>
            {shortcuts.map((page) => (
              <Grid.Col key={page.path} xs={12} sm={8} md={6} lg={4}>
                <button type="button" className="workspace-home__shortcut" onClick={() => nav.push(page.path)}>
                  <MenuIcon name={page.icon} />
                  <span>{page.name}</span>
                </button>
              </Grid.Col>
            ))}
          </Grid.Row>
        </Card>
      )}
    </div>
  );
}
