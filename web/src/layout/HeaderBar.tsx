import { Avatar, Button, Dropdown, Menu, Select, Space } from '@arco-design/web-react';
import { IconDown, IconMenuFold, IconMenuUnfold, IconPoweroff } from '@arco-design/web-react/icon';
import type { SidebarItem } from '@core/wasm';
import { useNav } from '../router/useNav';
import { useSessionStore } from '../stores/session';
import { selectMenuCollapsed, useSettingsStore } from '../stores/settings';
import { useSiteStore } from '../stores/site';
import { useUserStore } from '../stores/user';
import { ChatLauncher } from '../components/chat/ChatPanel';
import { MenuIcon } from './menuIcons';

function WorkspaceTitle({ workspace, workspaces }: { workspace?: SidebarItem; workspaces: SidebarItem[] }) {
  const nav = useNav();
  const title = (
    <span className="app-header__workspace" data-testid="workspace-title">
      {workspace && <MenuIcon name={workspace.icon} />}
      {workspace?.name}
      {workspaces.length > 1 && <IconDown />}
    </span>
  );
  if (workspaces.length <= 1) return title;
  return (
    <Dropdown
      trigger="click"
      droplist={
        <Menu data-testid="workspace-switcher" onClickMenuItem={(path) => nav.push(path)}>
          {workspaces.map((root) => (
            <Menu.Item key={root.path}>
              <MenuIcon name={root.icon} />
              {root.name}
            </Menu.Item>
          ))}
        </Menu>
      }
    >
      <button type="button" className="app-header__workspace-button">
        {title}
      </button>
    </Dropdown>
  );
}

export function HeaderBar({ workspace, workspaces }: { workspace?: SidebarItem; workspaces: SidebarItem[] }) {
  const collapsed = useSettingsStore(selectMenuCollapsed);
  const toggleCollapsed = useSettingsStore((state) => state.toggleMenuCollapsed);
  const info = useUserStore((state) => state.info);
  const { sites, siteId, choose } = useSiteStore();
  const logout = useSessionStore((state) => state.logout);

  return (
    <div className="app-header">
      <Space size={12}>
        <Button
          type="text"
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
          data-testid="collapse-toggle"
          icon={collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
          onClick={toggleCollapsed}
        />
        <WorkspaceTitle workspace={workspace} workspaces={workspaces} />
      </Space>
      <Space size={16}>
        <ChatLauncher />
        {/* One city leaves nothing to switch. */}
        {sites.length > 1 && (
          <Select
            data-testid="site-switcher"
            aria-label="切换城市站点"
            className="app-header__site"
            value={siteId}
            options={sites.map((site) => ({ label: site.name, value: site.id }))}
            onChange={(value: number) => info && choose(String(info.userId), value)}
          />
        )}
        <Space size={8}>
          <Avatar size={28} className="app-header__avatar">
            {info?.realName.slice(0, 1)}
          </Avatar>
          <span data-testid="user-name">{info?.realName}</span>
          {info?.positionName && <span className="app-header__position">{info.positionName}</span>}
        </Space>
        <Button
          data-testid="logout-button"
          type="secondary"
          aria-label="退出登录"
          icon={<IconPoweroff />}
          onClick={() => void logout()}
        >
          <span className="app-header__logout-text">退出登录</span>
        </Button>
      </Space>
    </div>
  );
}
