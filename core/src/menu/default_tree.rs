//! The default menu tree of spec §2: every workspace and page, with icon, type, status, path,
//! view and the actions each page offers. Paths are the spec's, with `{id}` written `:id`.

use super::{
    AuthAction, MENU_TYPE_DIRECTORY, MENU_TYPE_PAGE, MenuEntry, STATUS_DIRECTORY, STATUS_HIDDEN,
    STATUS_VISIBLE,
};

/// Actions of a list page that manages records.
const MANAGE: &[(&str, &str)] = &[
    ("add", "新增"),
    ("edit", "编辑"),
    ("delete", "删除"),
    ("export", "导出"),
];
/// Actions of a list page that only reads.
const READ: &[(&str, &str)] = &[("export", "导出")];
/// Actions of a detail page.
const DETAIL: &[(&str, &str)] = &[("edit", "编辑")];
const NONE: &[(&str, &str)] = &[];

fn dir(name: &str, icon: &str, path: &str, children: Vec<MenuEntry>) -> MenuEntry {
    MenuEntry {
        menu_id: None,
        menu_name: name.into(),
        menu_icon: icon.into(),
        menu_type: MENU_TYPE_DIRECTORY,
        status: STATUS_DIRECTORY,
        menu_page: path.into(),
        component_path: String::new(),
        auth_actions: Vec::new(),
        children,
    }
}

fn page_with(
    status: u8,
    name: &str,
    icon: &str,
    path: &str,
    actions: &[(&str, &str)],
) -> MenuEntry {
    // The view is the path without its leading slash and parameters: `/work/house/old/detail/:id`
    // renders `work/house/old/detail`.
    let view = path
        .trim_start_matches('/')
        .split('/')
        .filter(|segment| !segment.starts_with(':'))
        .collect::<Vec<_>>()
        .join("/");
    MenuEntry {
        menu_id: None,
        menu_name: name.into(),
        menu_icon: icon.into(),
        menu_type: MENU_TYPE_PAGE,
        status,
        menu_page: path.into(),
        component_path: view,
        auth_actions: actions
            .iter()
            .map(|(code, label)| AuthAction {
                component_path: (*code).into(),
                action_name: (*label).into(),
            })
            .collect(),
        children: Vec::new(),
    }
}

fn page(name: &str, icon: &str, path: &str, actions: &[(&str, &str)]) -> MenuEntry {
    page_with(STATUS_VISIBLE, name, icon, path, actions)
}

fn hidden(name: &str, path: &str, actions: &[(&str, &str)]) -> MenuEntry {
    page_with(STATUS_HIDDEN, name, "", path, actions)
}

/// The three workspace trees: `/work`, `/coc`, `/adminConfig`.
pub fn default_menu_tree() -> Vec<MenuEntry> {
    vec![workbench(), city_operations(), global_admin()]
}

fn workbench() -> MenuEntry {
    dir(
        "门店工作台",
        "workbench",
        "/work",
        vec![
            page("首页", "home", "/work/home/index", NONE),
            dir(
                "房源管理",
                "house",
                "/work/house",
                vec![
                    page("新房", "newHouseDistribution", "/work/house/new", READ),
                    hidden("新房详情", "/work/newHouse/detail/:id", DETAIL),
                    page("二手房", "house", "/work/house/old", MANAGE),
                    hidden("二手房详情", "/work/house/old/detail/:id", DETAIL),
                    hidden("编辑二手房", "/work/house/old/edit/:id", NONE),
                    page("租房", "house", "/work/house/rental", MANAGE),
                    hidden("租房详情", "/work/house/rental/detail/:id", DETAIL),
                    hidden("编辑租房", "/work/house/rental/edit/:id", NONE),
                    page("小区", "community", "/work/house/community", MANAGE),
                    hidden("小区详情", "/work/house/communityDetail/:id", DETAIL),
                    hidden("编辑小区", "/work/house/communityEdit", NONE),
                ],
            ),
            dir(
                "客户管理",
                "customer",
                "/work/crm",
                vec![
                    page("全部客户", "customer", "/work/crm/customer", MANAGE),
                    page("线索池", "viewing", "/work/crm/clue", MANAGE),
                    hidden("批量添加线索", "/work/crm/clue/edit", NONE),
                ],
            ),
            dir(
                "交易中心",
                "transactionCenter",
                "/work/business",
                vec![
                    page("我要报备", "report", "/work/business/newHouse", MANAGE),
                    hidden("成交详情", "/work/business/newHouse/dealDetail/:id", DETAIL),
                    hidden("申报成交", "/work/business/newHouse/editDeal/:id", NONE),
                    page(
                        "业绩",
                        "commissionSettlement",
                        "/work/business/achievement",
                        READ,
                    ),
                    page(
                        "佣金结算",
                        "commissionSettlement",
                        "/work/business/commission",
                        MANAGE,
                    ),
                    page(
                        "买卖合同",
                        "signingTransaction",
                        "/work/business/dealContract",
                        MANAGE,
                    ),
                    hidden(
                        "买卖合同详情",
                        "/work/business/dealContract/detail/:id",
                        DETAIL,
                    ),
                    hidden("编辑买卖合同", "/work/business/dealContract/edit/:id", NONE),
                    page(
                        "租赁合同",
                        "signingTransaction",
                        "/work/business/leaseContract",
                        MANAGE,
                    ),
                    hidden(
                        "租赁合同详情",
                        "/work/business/leaseContract/detail/:id",
                        DETAIL,
                    ),
                    hidden(
                        "编辑租赁合同",
                        "/work/business/leaseContract/edit/:id",
                        NONE,
                    ),
                ],
            ),
            dir(
                "数据统计",
                "statistics",
                "/work/statistics",
                vec![
                    page(
                        "量化统计",
                        "statistics",
                        "/work/statistics/quantization",
                        READ,
                    ),
                    page("房源统计", "statistics", "/work/statistics/house", READ),
                    page("客户统计", "statistics", "/work/statistics/customer", READ),
                    page("带看统计", "viewing", "/work/statistics/visit", READ),
                    page(
                        "业绩统计",
                        "statistics",
                        "/work/statistics/performance",
                        READ,
                    ),
                ],
            ),
            dir(
                "门店管理",
                "store",
                "/work/store",
                vec![
                    page("门店员工", "storeStaff", "/work/store/staff", MANAGE),
                    hidden("员工详情", "/work/store/userInfo/:id", DETAIL),
                    page("费用管理", "store", "/work/store/cost", MANAGE),
                    page("记账", "store", "/work/store/accounting", MANAGE),
                    hidden("办理入职", "/enrollment", &[("approve", "审批")]),
                ],
            ),
            dir(
                "企业设置",
                "enterprise",
                "/work/enterprise",
                vec![
                    page("门店组", "store", "/work/enterprise/store", MANAGE),
                    page(
                        "部门",
                        "userManagement",
                        "/work/enterprise/organograma",
                        MANAGE,
                    ),
                    page("岗位", "station", "/work/enterprise/station", MANAGE),
                    page("应用", "app", "/work/enterprise/app", MANAGE),
                    page("角色", "userManagement", "/work/enterprise/role", MANAGE),
                    hidden("权限设置", "/work/enterprise/roleSetting/:id", DETAIL),
                    page(
                        "参数配置",
                        "parameterConfig",
                        "/work/enterprise/dictionary",
                        MANAGE,
                    ),
                ],
            ),
            page("个人中心", "mine", "/work/mine", NONE),
        ],
    )
}

fn city_operations() -> MenuEntry {
    dir(
        "城市运营中心",
        "city",
        "/coc",
        vec![
            page("首页", "home", "/coc/home", NONE),
            dir(
                "团队管理",
                "userManagement",
                "/coc/company",
                vec![
                    page("团队列表", "userManagement", "/coc/company/index", MANAGE),
                    hidden("经纪公司详情", "/coc/company/brokerageDetail/:id", DETAIL),
                    hidden(
                        "独立经纪人详情",
                        "/coc/company/independentDetail/:id",
                        DETAIL,
                    ),
                    hidden("合作机构详情", "/coc/company/partnerDetail/:id", DETAIL),
                ],
            ),
            page("应用", "app", "/coc/app", MANAGE),
            dir(
                "城市配置",
                "parameterConfig",
                "/coc/config",
                vec![
                    page("房源角色", "userManagement", "/coc/config/role", MANAGE),
                    page("区域商圈", "community", "/coc/config/areas", MANAGE),
                    page("建筑类型", "house", "/coc/config/building", MANAGE),
                ],
            ),
            dir(
                "人事管理",
                "storeStaff",
                "/coc/hr",
                vec![
                    page("员工", "storeStaff", "/coc/hr/staff", MANAGE),
                    hidden("员工详情", "/coc/hr/userInfo/:id", DETAIL),
                    page("部门", "userManagement", "/coc/hr/organograma", MANAGE),
                    page("岗位", "station", "/coc/hr/station", MANAGE),
                    page("角色", "userManagement", "/coc/hr/role", MANAGE),
                    hidden("权限设置", "/coc/hr/roleSetting/:id", DETAIL),
                ],
            ),
            page("个人中心", "mine", "/coc/mine", NONE),
        ],
    )
}

fn global_admin() -> MenuEntry {
    dir(
        "全局配置",
        "admin",
        "/adminConfig",
        vec![
            page("首页", "home", "/adminConfig/home", NONE),
            page("城市站点", "city", "/adminConfig/citySite", MANAGE),
            page("应用", "app", "/adminConfig/app", MANAGE),
            page("公司管理", "userManagement", "/adminConfig/company", MANAGE),
            hidden(
                "经纪公司详情",
                "/adminConfig/company/brokerageDetail/:id",
                DETAIL,
            ),
            hidden(
                "独立经纪人详情",
                "/adminConfig/company/independentDetail/:id",
                DETAIL,
            ),
            hidden(
                "合作机构详情",
                "/adminConfig/company/partnerDetail/:id",
                DETAIL,
            ),
            // Reached from a company's 员工 tab: it belongs to 公司管理.
            hidden("用户详情", "/adminConfig/userInfo/:id", DETAIL),
            page("路由配置", "routeConfig", "/adminConfig/menu", MANAGE),
            dir(
                "AI助手",
                "ai",
                "/adminConfig/aiHelper",
                vec![
                    page("对话助手", "ai", "/adminConfig/aiHelper/dialog", MANAGE),
                    hidden(
                        "对话助手详情",
                        "/adminConfig/aiHelper/dialog/detail",
                        DETAIL,
                    ),
                    page("创作助手", "ai", "/adminConfig/aiHelper/creation", MANAGE),
                    hidden(
                        "创作助手详情",
                        "/adminConfig/aiHelper/creation/detail",
                        DETAIL,
                    ),
                    page(
                        "知识库",
                        "knowledge",
                        "/adminConfig/aiHelper/knowledge",
                        MANAGE,
                    ),
                    hidden(
                        "知识库详情",
                        "/adminConfig/aiHelper/knowledge/detail",
                        DETAIL,
                    ),
                ],
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn all() -> Vec<MenuEntry> {
        default_menu_tree()
            .iter()
            .flat_map(|root| root.walk().into_iter().cloned().collect::<Vec<_>>())
            .collect()
    }

    #[test]
    fn every_spec_page_is_in_the_tree() {
        let paths: HashSet<String> = all().into_iter().map(|e| e.menu_page).collect();
        for path in [
            "/work/home/index",
            "/work/mine",
            "/work/newHouse/detail/:id",
            "/work/house/old/edit/:id",
            "/work/house/communityEdit",
            "/work/crm/clue/edit",
            "/work/business/newHouse/editDeal/:id",
            "/work/business/leaseContract/edit/:id",
            "/work/statistics/performance",
            "/work/store/userInfo/:id",
            "/work/enterprise/roleSetting/:id",
            "/work/enterprise/dictionary",
            "/coc/company/partnerDetail/:id",
            "/coc/config/building",
            "/coc/hr/roleSetting/:id",
            "/adminConfig/citySite",
            "/adminConfig/menu",
            "/adminConfig/aiHelper/knowledge/detail",
        ] {
            assert!(paths.contains(path), "{path} missing");
        }
    }

    #[test]
    fn paths_are_unique_within_a_workspace_and_pages_have_views() {
        let entries = all();
        let mut seen = HashSet::new();
        for e in &entries {
            if e.menu_type == MENU_TYPE_PAGE {
                assert!(
                    seen.insert(e.menu_page.clone()),
                    "duplicate {}",
                    e.menu_page
                );
                assert!(!e.component_path.is_empty());
                assert!(!e.component_path.contains(':'));
            }
        }
    }

    #[test]
    fn detail_pages_are_hidden_and_directories_have_status_one() {
        for e in all() {
            if e.menu_type == MENU_TYPE_DIRECTORY {
                assert_eq!(e.status, STATUS_DIRECTORY);
            }
            if e.menu_page.contains(":id") {
                assert_eq!(e.status, STATUS_HIDDEN, "{}", e.menu_page);
            }
        }
    }
}
