import { useState } from 'react';
import { Menu } from '@arco-design/web-react';
import type { SidebarItem } from '@core/wasm';
import { useNav } from '../router/useNav';
import { MenuIcon } from './menuIcons';
import { openSidebarPaths, selectedSidebarPath } from './workspace';

function renderItems(items: SidebarItem[]) {
  return items.map((item) =>
    item.children.length > 0 ? (
      <Menu.SubMenu
        key={item.path}
        title={
          <>
            <MenuIcon name={item.icon} />
            {item.name}
          </>
        }
      >
        {renderItems(item.children)}
      </Menu.SubMenu>
    ) : (
      <Menu.Item key={item.path}>
        <MenuIcon name={item.icon} />
        {item.name}
      </Menu.Item>
    ),
  );
}

export function Sidebar({ items, pathname, collapsed }: { items: SidebarItem[]; pathname: string; collapsed: boolean }) {
  const nav = useNav();
  const selected = selectedSidebarPath(items, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openSidebarPaths(items, selected));
  // Another page or menu opens the directories above the page; the user may close them again.
  const [shown, setShown] = useState({ items, selected });
  if (shown.items !== items || shown.selected !== selected) {
    setShown({ items, selected });
    setOpenKeys((open) => [...new Set([...open, ...openSidebarPaths(items, selected)])]);
  }

  return (
    <Menu
      data-testid="sidebar"
      className="app-sidebar__menu"
      collapse={collapsed}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
      onClickMenuItem={(path) => nav.push(path)}
    >
      {renderItems(items)}
    </Menu>
  );
}
