import { findRoute, type RouteTable, type SidebarItem } from '@core/wasm';

/** The workspace (sidebar root) the current path belongs to, by the route's meta.workspace. */
export function currentWorkspace(table: RouteTable, pathname: string): SidebarItem | undefined {
  const workspace = findRoute(table, pathname)?.meta.workspace;
  return table.sidebar.find((root) => root.path === workspace) ?? table.sidebar[0];
}

/** The sidebar entry to highlight: the deepest one whose path is the current path or a prefix of it. */
export function selectedSidebarPath(items: SidebarItem[], pathname: string): string | undefined {
  let best: string | undefined;
  const visit = (list: SidebarItem[]) => {
    for (const item of list) {
      const matches = pathname === item.path || pathname.startsWith(`${item.path}/`);
      if (matches && item.children.length === 0 && (!best || item.path.length > best.length)) best = item.path;
      visit(item.children);
    }
  };
  visit(items);
  return best;
}

/** The directories above a sidebar path, to open them. */
export function openSidebarPaths(items: SidebarItem[], target: string | undefined): string[] {
  if (!target) return [];
  for (const item of items) {
    if (item.path === target) return [];
    const below = openSidebarPaths(item.children, target);
    if (item.children.length > 0 && (below.length > 0 || item.children.some((child) => child.path === target))) {
      return [item.path, ...below];
    }
  }
  return [];
}
