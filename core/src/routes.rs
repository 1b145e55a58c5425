//! Menu tree → route table (spec §2): every directory and page as a flat list of absolute routes,
//! the sidebar tree without hidden pages, and the home page. Every server route gets
//! `permission: true`; a page's allowed actions come from its menu entry's `authActions`.

use serde::{Deserialize, Serialize};

use crate::menu::{MenuEntry, STATUS_DIRECTORY, STATUS_HIDDEN};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteMeta {
    pub title: String,
    pub icon: String,
    /// Every route built from the server menu is open to its user.
    pub permission: bool,
    /// Action codes the permission directive keeps on this page.
    pub auth_actions: Vec<String>,
    pub status: u8,
    /// Hidden detail pages (status 3) are routable but not in the sidebar.
    pub hidden: bool,
    /// `/work`, `/coc` or `/adminConfig`: the first path segment.
    pub workspace: String,
    /// For a hidden detail page, the visible page it belongs to (its list): the sidebar
    /// highlights it and the page's 返回列表 goes there. Empty for visible pages.
    #[serde(default)]
    pub owner: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteRecord {
    pub path: String,
    pub name: String,
    pub component_path: String,
    /// Directories redirect to their first non-hidden descendant page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect: Option<String>,
    pub meta: RouteMeta,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SidebarItem {
    pub name: String,
    pub icon: String,
    pub path: String,
    pub children: Vec<SidebarItem>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouteTable {
    pub routes: Vec<RouteRecord>,
    pub sidebar: Vec<SidebarItem>,
    /// First visible page; empty when the menu has none.
    pub home: String,
}

/// Builds the route table of a user's menu tree.
pub fn build_route_table(menus: &[MenuEntry]) -> RouteTable {
    let mut routes = Vec::new();
    for entry in menus {
        collect_routes(entry, "", String::new(), &mut routes);
    }
    let sidebar = menus
        .iter()
        .filter_map(|entry| sidebar_item(entry, ""))
        .collect();
    let home = menus
        .iter()
        .find_map(|entry| first_visible_page(entry, ""))
        .unwrap_or_default();
    RouteTable {
        routes,
        sidebar,
        home,
    }
}

/// The route a browser path renders: an exact path first, then a pattern whose `:param`
/// segments match any one non-empty segment. Query string, hash and a trailing slash are ignored.
pub fn find_route<'t>(table: &'t RouteTable, pathname: &str) -> Option<&'t RouteRecord> {
    let index = match_route(
        table.routes.iter().map(|route| route.path.as_str()),
        pathname,
    )?;
    table.routes.get(index)
}

/// [`find_route`] over bare route paths: the index of the matching one.
pub fn match_route<'p>(
    paths: impl Iterator<Item = &'p str> + Clone,
    pathname: &str,
) -> Option<usize> {
    let path = normalise(pathname);
    paths.clone().position(|route| route == path).or_else(|| {
        paths
            .into_iter()
            .position(|route| pattern_matches(route, &path))
    })
}

fn normalise(pathname: &str) -> String {
    let end = pathname.find(['?', '#']).unwrap_or(pathname.len());
    let path = pathname[..end].trim_end_matches('/');
    if path.is_empty() {
        "/".into()
    } else if path.starts_with('/') {
        path.into()
    } else {
        format!("/{path}")
    }
}

fn pattern_matches(pattern: &str, path: &str) -> bool {
    let mut wanted = pattern.split('/');
    let mut given = path.split('/');
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(w), Some(g)) if w.starts_with(':') && !g.is_empty() => {}
            (Some(w), Some(g)) if w == g => {}
            _ => return false,
        }
    }
}

/// A menu path made absolute: server menus may give children paths relative to their parent.
fn absolute_path(entry: &MenuEntry, parent: &str) -> String {
    let page = entry.menu_page.trim();
    if page.starts_with('/') {
        normalise(page)
    } else {
        normalise(&format!("{}/{}", parent.trim_end_matches('/'), page))
    }
}

fn workspace_of(path: &str) -> String {
    path.split('/')
        .find(|segment| !segment.is_empty())
        .map(|segment| format!("/{segment}"))
        .unwrap_or_default()
}

fn is_directory(entry: &MenuEntry) -> bool {
    entry.status == STATUS_DIRECTORY || !entry.children.is_empty()
}

/// The visible page among `siblings` that the hidden one at `index` belongs to: one whose path
/// starts its path (角色 → 权限设置), else the nearest visible page listed before it
/// (门店员工 → 员工详情). Empty when there is none.
fn owner_among(siblings: &[MenuEntry], index: usize, parent: &str) -> String {
    let is_page = |entry: &&MenuEntry| entry.status != STATUS_HIDDEN && !is_directory(entry);
    let path = absolute_path(&siblings[index], parent);
    siblings
        .iter()
        .filter(is_page)
        .map(|entry| absolute_path(entry, parent))
        .filter(|candidate| path.starts_with(candidate.as_str()))
        .max_by_key(String::len)
        .or_else(|| {
            siblings[..index]
                .iter()
                .rev()
                .find(is_page)
                .map(|entry| absolute_path(entry, parent))
        })
        .unwrap_or_default()
}

fn collect_routes(entry: &MenuEntry, parent: &str, owner: String, out: &mut Vec<RouteRecord>) {
    let path = absolute_path(entry, parent);
    let redirect = if is_directory(entry) {
        entry
            .children
            .iter()
            .find_map(|child| first_visible_page(child, &path))
    } else {
        None
    };
    out.push(RouteRecord {
        path: path.clone(),
        name: entry.menu_name.clone(),
        component_path: entry.component_path.clone(),
        redirect,
        meta: RouteMeta {
            title: entry.menu_name.clone(),
            icon: entry.menu_icon.clone(),
            permission: true,
            auth_actions: entry
                .auth_actions
                .iter()
                .map(|action| action.component_path.clone())
                .collect(),
            status: entry.status,
            hidden: entry.status == STATUS_HIDDEN,
            workspace: workspace_of(&path),
            owner,
        },
    });
    for (index, child) in entry.children.iter().enumerate() {
        let owner = if child.status == STATUS_HIDDEN {
            owner_among(&entry.children, index, &path)
        } else {
            String::new()
        };
        collect_routes(child, &path, owner, out);
    }
}

/// Depth-first: the path of the first page whose status is not 3, skipping hidden entries
/// together with everything below them.
fn first_visible_page(entry: &MenuEntry, parent: &str) -> Option<String> {
    if entry.status == STATUS_HIDDEN {
        return None;
    }
    let path = absolute_path(entry, parent);
    if is_directory(entry) {
        entry
            .children
            .iter()
            .find_map(|child| first_visible_page(child, &path))
    } else {
        Some(path)
    }
}

fn sidebar_item(entry: &MenuEntry, parent: &str) -> Option<SidebarItem> {
    if entry.status == STATUS_HIDDEN {
        return None;
    }
    let path = absolute_path(entry, parent);
    let children: Vec<SidebarItem> = entry
        .children
        .iter()
        .filter_map(|child| sidebar_item(child, &path))
        .collect();
    if is_directory(entry) && children.is_empty() {
        return None;
    }
    Some(SidebarItem {
        name: entry.menu_name.clone(),
        icon: entry.menu_icon.clone(),
        path,
        children,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menu::{
        AuthAction, MENU_TYPE_DIRECTORY, MENU_TYPE_PAGE, STATUS_VISIBLE, default_menu_tree,
    };

    fn entry(name: &str, status: u8, path: &str, children: Vec<MenuEntry>) -> MenuEntry {
        MenuEntry {
            menu_id: None,
            menu_name: name.into(),
            menu_icon: "icon".into(),
            menu_type: if status == STATUS_DIRECTORY {
                MENU_TYPE_DIRECTORY
            } else {
                MENU_TYPE_PAGE
            },
            status,
            menu_page: path.into(),
            perms: path.trim_start_matches('/').replace('/', ":"),
            component_path: if status == STATUS_DIRECTORY {
                String::new()
            } else {
                path.trim_start_matches('/').into()
            },
            auth_actions: vec![AuthAction {
                component_path: "add".into(),
                perms: format!("{}:add", path.trim_start_matches('/').replace('/', ":")),
                action_name: "新增".into(),
            }],
            children,
        }
    }

    fn sample() -> Vec<MenuEntry> {
        vec![entry(
            "门店工作台",
            STATUS_DIRECTORY,
            "/work",
            vec![
                entry(
                    "房源管理",
                    STATUS_DIRECTORY,
                    "/work/house",
                    vec![
                        entry(
                            "二手房详情",
                            STATUS_HIDDEN,
                            "/work/house/old/detail/:id",
                            vec![],
                        ),
                        entry("二手房", STATUS_VISIBLE, "/work/house/old", vec![]),
                    ],
                ),
                entry(
                    "空目录",
                    STATUS_DIRECTORY,
                    "/work/empty",
                    vec![entry("隐藏", STATUS_HIDDEN, "/work/empty/x/:id", vec![])],
                ),
            ],
        )]
    }

    #[test]
    fn a_parent_redirects_to_its_first_child_whose_status_is_not_3() {
        let table = build_route_table(&sample());
        let work = find_route(&table, "/work").unwrap();
        assert_eq!(work.redirect.as_deref(), Some("/work/house/old"));
        let house = find_route(&table, "/work/house").unwrap();
        assert_eq!(house.redirect.as_deref(), Some("/work/house/old"));
        assert_eq!(find_route(&table, "/work/empty").unwrap().redirect, None);
        assert_eq!(
            find_route(&table, "/work/house/old").unwrap().redirect,
            None
        );
    }

    #[test]
    fn every_server_menu_route_gets_permission_true_and_its_actions() {
        let table = build_route_table(&sample());
        assert_eq!(table.routes.len(), 6);
        for route in &table.routes {
            assert!(route.meta.permission, "{}", route.path);
            assert_eq!(route.meta.workspace, "/work");
        }
        let detail = find_route(&table, "/work/house/old/detail/42").unwrap();
        assert_eq!(detail.meta.auth_actions, vec!["add".to_string()]);
        assert!(detail.meta.hidden);
        assert_eq!(detail.component_path, "work/house/old/detail/:id");
    }

    #[test]
    fn sidebar_drops_hidden_pages_and_empty_directories() {
        let table = build_route_table(&sample());
        assert_eq!(table.sidebar.len(), 1);
        let work = &table.sidebar[0];
        assert_eq!(work.children.len(), 1);
        let house = &work.children[0];
        assert_eq!(house.name, "房源管理");
        assert_eq!(house.children.len(), 1);
        assert_eq!(house.children[0].path, "/work/house/old");
        assert_eq!(table.home, "/work/house/old");
    }

    #[test]
    fn find_route_matches_params_and_ignores_query_and_trailing_slash() {
        let table = build_route_table(&sample());
        assert!(find_route(&table, "/work/house/old/detail/7?title=x#top").is_some());
        assert!(find_route(&table, "/work/house/old/").is_some());
        assert!(find_route(&table, "/work/house/old/detail/").is_none());
        assert!(find_route(&table, "/work/house/old/detail/7/8").is_none());
        assert!(find_route(&table, "/nowhere").is_none());
    }

    #[test]
    fn relative_child_paths_are_made_absolute() {
        let menus = vec![entry(
            "城市运营中心",
            STATUS_DIRECTORY,
            "/coc",
            vec![entry("首页", STATUS_VISIBLE, "home", vec![])],
        )];
        let table = build_route_table(&menus);
        assert_eq!(table.home, "/coc/home");
        assert_eq!(table.routes[1].meta.workspace, "/coc");
    }

    #[test]
    fn an_empty_menu_has_no_home() {
        let table = build_route_table(&[]);
        assert_eq!(table, RouteTable::default());
    }

    #[test]
    fn the_default_tree_gives_all_three_workspaces() {
        let table = build_route_table(&default_menu_tree());
        assert_eq!(table.home, "/work/home/index");
        for path in [
            "/work/house/old/edit/3",
            "/work/newHouse/detail/9",
            "/coc/company/partnerDetail/1",
            "/adminConfig/menu",
        ] {
            assert!(find_route(&table, path).is_some(), "{path}");
        }
        let sidebar: Vec<&str> = table.sidebar.iter().map(|s| s.path.as_str()).collect();
        assert_eq!(sidebar, ["/work", "/coc", "/adminConfig"]);
    }

    #[test]
    fn a_detail_page_belongs_to_its_list() {
        let table = build_route_table(&default_menu_tree());
        let owner = |path: &str| find_route(&table, path).unwrap().meta.owner.clone();
        assert_eq!(owner("/work/store/userInfo/7"), "/work/store/staff");
        assert_eq!(
            owner("/work/enterprise/roleSetting/7"),
            "/work/enterprise/role"
        );
        assert_eq!(owner("/coc/hr/userInfo/7"), "/coc/hr/staff");
        assert_eq!(owner("/coc/hr/roleSetting/7"), "/coc/hr/role");
        assert_eq!(
            owner("/coc/company/independentDetail/7"),
            "/coc/company/index"
        );
        assert_eq!(
            owner("/adminConfig/company/partnerDetail/7"),
            "/adminConfig/company"
        );
        assert_eq!(owner("/adminConfig/userInfo/7"), "/adminConfig/company");
        assert_eq!(
            owner("/adminConfig/aiHelper/dialog/detail"),
            "/adminConfig/aiHelper/dialog"
        );
        assert_eq!(owner("/work/store/staff"), "");
    }
}
