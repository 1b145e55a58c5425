//! The default menu tree of spec §2: every workspace and page, with icon, type, status, path,
//! permission code, view and the actions each page offers. Paths are the spec's, with `{id}`
//! written `:id`.
//!
//! Permission codes are identities, not addresses: the server's routes name them, and they stay
//! when route config moves a page. They were first spelt after the paths (a list page `…:list`, a
//! detail page `…:view`, a directory without suffix); a page moved here keeps its code.

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
/// Actions of the listing lists (二手房, 租房): their records, plus 状态管理 (a manager's moves
/// of the lifecycle table), 认领 from the public pool, 查看电话 (reveal an owner's phone,
/// recorded) and 写跟进.
const LISTING: &[(&str, &str)] = &[
    ("add", "新增"),
    ("edit", "编辑"),
    ("delete", "删除"),
    ("export", "导出"),
    ("manage", "状态管理"),
    ("claim", "认领"),
    ("viewPhone", "查看电话"),
    ("followUp", "写跟进"),
];
/// Actions of the customer list: its records, plus 认领 from the public pool, a manager's 转移,
/// 查看电话 (reveal a customer's phone, recorded), 写跟进 and 写带看.
const CUSTOMER: &[(&str, &str)] = &[
    ("add", "新增"),
    ("edit", "编辑"),
    ("delete", "删除"),
    ("export", "导出"),
    ("claim", "认领"),
    ("transfer", "转移"),
    ("viewPhone", "查看电话"),
    ("followUp", "写跟进"),
    ("viewing", "写带看"),
];
/// 买卖合同 and 租赁合同: their records, 签约 (binds the deal; the listing becomes 我司成交) and
/// 解约.
const CONTRACT: &[(&str, &str)] = &[
    ("add", "新增"),
    ("edit", "编辑"),
    ("delete", "删除"),
    ("export", "导出"),
    ("sign", "签约"),
    ("cancel", "解约"),
];
/// 佣金结算: the duties on commission orders (core `deal::Duty`) and the company's split
/// template.
const COMMISSION: &[(&str, &str)] = &[
    ("export", "导出"),
    ("submit", "提交审核"),
    ("review", "审核"),
    ("confirm", "确认收款"),
    ("close", "关闭"),
    ("template", "分佣模板"),
];
/// Actions of the lead pool: entering one, a manager's 分配 (and 恢复 of an invalid lead), 认领
/// from the pool, 标记无效, 转为客户, and export. Batch add is its own (hidden) page.
const CLUE: &[(&str, &str)] = &[
    ("add", "新增"),
    ("export", "导出"),
    ("assign", "分配"),
    ("claim", "认领"),
    ("invalidate", "标记无效"),
    ("convert", "转为客户"),
];
/// Actions of a list page that only reads.
const READ: &[(&str, &str)] = &[("export", "导出")];
/// Actions of a detail page.
const DETAIL: &[(&str, &str)] = &[("edit", "编辑")];
const NONE: &[(&str, &str)] = &[];
/// The new-home list: besides export, seeing commission rules is an action a role may withhold.
const NEW_HOME_READ: &[(&str, &str)] = &[("export", "导出"), ("commission", "查看佣金")];
/// 我要报备: report a customer, close one's own report, export.
const REPORT: &[(&str, &str)] = &[("add", "报备"), ("export", "导出"), ("close", "关闭")];
/// City operations' 报备审核: the project side's answers.
const REPORT_REVIEW: &[(&str, &str)] = &[("review", "审核"), ("visit", "确认到访")];
/// 成交详情: besides editing, the split's review (业绩审核) and closing.
const DEAL_DETAIL: &[(&str, &str)] = &[("edit", "编辑"), ("review", "业绩审核")];
/// City operations' new-home projects: managed and distributed to companies and stores.
const NEW_HOME_MANAGE: &[(&str, &str)] = &[
    ("add", "新增"),
    ("edit", "编辑"),
    ("delete", "删除"),
    ("distribute", "分销"),
];

fn dir(name: &str, icon: &str, path: &str, perms: &str, children: Vec<MenuEntry>) -> MenuEntry {
    MenuEntry {
        menu_id: None,
        menu_name: name.into(),
        menu_icon: icon.into(),
        menu_type: MENU_TYPE_DIRECTORY,
        status: STATUS_DIRECTORY,
        menu_page: path.into(),
        perms: perms.into(),
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
    perms: &str,
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
        perms: perms.into(),
        component_path: view,
        auth_actions: actions
            .iter()
            .map(|(code, label)| AuthAction {
                component_path: (*code).into(),
                perms: action_perms(perms, code),
                action_name: (*label).into(),
            })
            .collect(),
        children: Vec::new(),
    }
}

/// An action's code: its page's code with the last part replaced by the action
/// (`work:store:staff:list` → `work:store:staff:add`).
fn action_perms(page: &str, action: &str) -> String {
    let stem = page.rsplit_once(':').map_or(page, |(stem, _)| stem);
    format!("{stem}:{action}")
}

fn page(name: &str, icon: &str, path: &str, perms: &str, actions: &[(&str, &str)]) -> MenuEntry {
    page_with(STATUS_VISIBLE, name, icon, path, perms, actions)
}

fn hidden(name: &str, path: &str, perms: &str, actions: &[(&str, &str)]) -> MenuEntry {
    page_with(STATUS_HIDDEN, name, "", path, perms, actions)
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
        "work",
        vec![
            page(
                "首页",
                "home",
                "/work/home/index",
                "work:home:index:list",
                NONE,
            ),
            dir(
                "房源管理",
                "house",
                "/work/house",
                "work:house",
                vec![
                    page(
                        "新房",
                        "newHouseDistribution",
                        "/work/house/new",
                        "work:house:new:list",
                        NEW_HOME_READ,
                    ),
                    hidden(
                        "新房详情",
                        "/work/newHouse/detail/:id",
                        "work:newHouse:detail:view",
                        DETAIL,
                    ),
                    page(
                        "二手房",
                        "house",
                        "/work/house/old",
                        "work:house:old:list",
                        LISTING,
                    ),
                    hidden(
                        "二手房详情",
                        "/work/house/old/detail/:id",
                        "work:house:old:detail:view",
                        DETAIL,
                    ),
                    hidden(
                        "编辑二手房",
                        "/work/house/old/edit/:id",
                        "work:house:old:edit:view",
                        NONE,
                    ),
                    page(
                        "租房",
                        "house",
                        "/work/house/rental",
                        "work:house:rental:list",
                        LISTING,
                    ),
                    hidden(
                        "租房详情",
                        "/work/house/rental/detail/:id",
                        "work:house:rental:detail:view",
                        DETAIL,
                    ),
                    hidden(
                        "编辑租房",
                        "/work/house/rental/edit/:id",
                        "work:house:rental:edit:view",
                        NONE,
                    ),
                    page(
                        "小区",
                        "community",
                        "/work/house/community",
                        "work:house:community:list",
                        MANAGE,
                    ),
                    hidden(
                        "小区详情",
                        "/work/house/communityDetail/:id",
                        "work:house:communityDetail:view",
                        DETAIL,
                    ),
                    hidden(
                        "编辑小区",
                        "/work/house/communityEdit",
                        "work:house:communityEdit:view",
                        NONE,
                    ),
                ],
            ),
            dir(
                "客户管理",
                "customer",
                "/work/crm",
                "work:crm",
                vec![
                    page(
                        "全部客户",
                        "customer",
                        "/work/crm/customer",
                        "work:crm:customer:list",
                        CUSTOMER,
                    ),
                    page(
                        "线索池",
                        "viewing",
                        "/work/crm/clue",
                        "work:crm:clue:list",
                        CLUE,
                    ),
                    hidden(
                        "批量添加线索",
                        "/work/crm/clue/edit",
                        "work:crm:clue:edit:view",
                        NONE,
                    ),
                ],
            ),
            dir(
                "交易中心",
                "transactionCenter",
                "/work/business",
                "work:business",
                vec![
                    page(
                        "我要报备",
                        "report",
                        "/work/business/newHouse",
                        "work:business:newHouse:list",
                        REPORT,
                    ),
                    hidden(
                        "成交详情",
                        "/work/business/newHouse/dealDetail/:id",
                        "work:business:newHouse:dealDetail:view",
                        DEAL_DETAIL,
                    ),
                    hidden(
                        "申报成交",
                        "/work/business/newHouse/editDeal/:id",
                        "work:business:newHouse:editDeal:view",
                        NONE,
                    ),
                    page(
                        "业绩",
                        "commissionSettlement",
                        "/work/business/achievement",
                        "work:business:achievement:list",
                        READ,
                    ),
                    page(
                        "佣金结算",
                        "commissionSettlement",
                        "/work/business/commission",
                        "work:business:commission:list",
                        COMMISSION,
                    ),
                    page(
                        "买卖合同",
                        "signingTransaction",
                        "/work/business/dealContract",
                        "work:business:dealContract:list",
                        CONTRACT,
                    ),
                    hidden(
                        "买卖合同详情",
                        "/work/business/dealContract/detail/:id",
                        "work:business:dealContract:detail:view",
                        DETAIL,
                    ),
                    hidden(
                        "编辑买卖合同",
                        "/work/business/dealContract/edit/:id",
                        "work:business:dealContract:edit:view",
                        NONE,
                    ),
                    page(
                        "租赁合同",
                        "signingTransaction",
                        "/work/business/leaseContract",
                        "work:business:leaseContract:list",
                        CONTRACT,
                    ),
                    hidden(
                        "租赁合同详情",
                        "/work/business/leaseContract/detail/:id",
                        "work:business:leaseContract:detail:view",
                        DETAIL,
                    ),
                    hidden(
                        "编辑租赁合同",
                        "/work/business/leaseContract/edit/:id",
                        "work:business:leaseContract:edit:view",
                        NONE,
                    ),
                ],
            ),
            dir(
                "数据统计",
                "statistics",
                "/work/statistics",
                "work:statistics",
                vec![
                    page(
                        "量化统计",
                        "statistics",
                        "/work/statistics/quantization",
                        "work:statistics:quantization:list",
                        READ,
                    ),
                    page(
                        "房源统计",
                        "statistics",
                        "/work/statistics/house",
                        "work:statistics:house:list",
                        READ,
                    ),
                    page(
                        "客户统计",
                        "statistics",
                        "/work/statistics/customer",
                        "work:statistics:customer:list",
                        READ,
                    ),
                    page(
                        "带看统计",
                        "viewing",
                        "/work/statistics/visit",
                        "work:statistics:visit:list",
                        READ,
                    ),
                    page(
                        "业绩统计",
                        "statistics",
                        "/work/statistics/performance",
                        "work:statistics:performance:list",
                        READ,
                    ),
                ],
            ),
            dir(
                "门店管理",
                "store",
                "/work/store",
                "work:store",
                vec![
                    page(
                        "门店员工",
                        "storeStaff",
                        "/work/store/staff",
                        "work:store:staff:list",
                        MANAGE,
                    ),
                    hidden(
                        "员工详情",
                        "/work/store/userInfo/:id",
                        "work:store:userInfo:view",
                        DETAIL,
                    ),
                    page(
                        "费用管理",
                        "store",
                        "/work/store/cost",
                        "work:store:cost:list",
                        MANAGE,
                    ),
                    page(
                        "记账",
                        "store",
                        "/work/store/accounting",
                        "work:store:accounting:list",
                        MANAGE,
                    ),
                    hidden(
                        "办理入职",
                        "/enrollment",
                        "enrollment:view",
                        &[("approve", "审批")],
                    ),
                ],
            ),
            dir(
                "企业设置",
                "enterprise",
                "/work/enterprise",
                "work:enterprise",
                vec![
                    page(
                        "门店组",
                        "store",
                        "/work/enterprise/store",
                        "work:enterprise:store:list",
                        MANAGE,
                    ),
                    page(
                        "部门",
                        "userManagement",
                        "/work/enterprise/organograma",
                        "work:enterprise:organograma:list",
                        MANAGE,
                    ),
                    page(
                        "岗位",
                        "station",
                        "/work/enterprise/station",
                        "work:enterprise:station:list",
                        MANAGE,
                    ),
                    page(
                        "应用",
                        "app",
                        "/work/enterprise/app",
                        "work:enterprise:app:list",
                        MANAGE,
                    ),
                    page(
                        "角色",
                        "userManagement",
                        "/work/enterprise/role",
                        "work:enterprise:role:list",
                        MANAGE,
                    ),
                    hidden(
                        "权限设置",
                        "/work/enterprise/roleSetting/:id",
                        "work:enterprise:roleSetting:view",
                        DETAIL,
                    ),
                    page(
                        "参数配置",
                        "parameterConfig",
                        "/work/enterprise/dictionary",
                        "work:enterprise:dictionary:list",
                        MANAGE,
                    ),
                ],
            ),
            page("个人中心", "mine", "/work/mine", "work:mine:list", NONE),
        ],
    )
}

fn city_operations() -> MenuEntry {
    dir(
        "城市运营中心",
        "city",
        "/coc",
        "coc",
        vec![
            page("首页", "home", "/coc/home", "coc:home:list", NONE),
            dir(
                "团队管理",
                "userManagement",
                "/coc/company",
                "coc:company",
                vec![
                    page(
                        "团队列表",
                        "userManagement",
                        "/coc/company/index",
                        "coc:company:index:list",
                        MANAGE,
                    ),
                    hidden(
                        "经纪公司详情",
                        "/coc/company/brokerageDetail/:id",
                        "coc:company:brokerageDetail:view",
                        DETAIL,
                    ),
                    hidden(
                        "独立经纪人详情",
                        "/coc/company/independentDetail/:id",
                        "coc:company:independentDetail:view",
                        DETAIL,
                    ),
                    hidden(
                        "合作机构详情",
                        "/coc/company/partnerDetail/:id",
                        "coc:company:partnerDetail:view",
                        DETAIL,
                    ),
                ],
            ),
            page("应用", "app", "/coc/app", "coc:app:list", MANAGE),
            // Not a page of the spec: where city operations keep the new-home projects and
            // distribute them (docs/new-homes.md).
            page(
                "新房分销",
                "newHouseDistribution",
                "/coc/newHouse",
                "coc:newHouse:list",
                NEW_HOME_MANAGE,
            ),
            page(
                "报备审核",
                "report",
                "/coc/newHouse/report",
                "coc:newHouse:report:list",
                REPORT_REVIEW,
            ),
            dir(
                "城市配置",
                "parameterConfig",
                "/coc/config",
                "coc:config",
                vec![
                    page(
                        "房源角色",
                        "userManagement",
                        "/coc/config/role",
                        "coc:config:role:list",
                        MANAGE,
                    ),
                    page(
                        "区域商圈",
                        "community",
                        "/coc/config/areas",
                        "coc:config:areas:list",
                        MANAGE,
                    ),
                    page(
                        "建筑类型",
                        "house",
                        "/coc/config/building",
                        "coc:config:building:list",
                        MANAGE,
                    ),
                ],
            ),
            dir(
                "人事管理",
                "storeStaff",
                "/coc/hr",
                "coc:hr",
                vec![
                    page(
                        "员工",
                        "storeStaff",
                        "/coc/hr/staff",
                        "coc:hr:staff:list",
                        MANAGE,
                    ),
                    hidden(
                        "员工详情",
                        "/coc/hr/userInfo/:id",
                        "coc:hr:userInfo:view",
                        DETAIL,
                    ),
                    page(
                        "部门",
                        "userManagement",
                        "/coc/hr/organograma",
                        "coc:hr:organograma:list",
                        MANAGE,
                    ),
                    page(
                        "岗位",
                        "station",
                        "/coc/hr/station",
                        "coc:hr:station:list",
                        MANAGE,
                    ),
                    page(
                        "角色",
                        "userManagement",
                        "/coc/hr/role",
                        "coc:hr:role:list",
                        MANAGE,
                    ),
                    hidden(
                        "权限设置",
                        "/coc/hr/roleSetting/:id",
                        "coc:hr:roleSetting:view",
                        DETAIL,
                    ),
                ],
            ),
            page("个人中心", "mine", "/coc/mine", "coc:mine:list", NONE),
        ],
    )
}

fn global_admin() -> MenuEntry {
    dir(
        "全局配置",
        "admin",
        "/adminConfig",
        "adminConfig",
        vec![
            page(
                "首页",
                "home",
                "/adminConfig/home",
                "adminConfig:home:list",
                NONE,
            ),
            page(
                "城市站点",
                "city",
                "/adminConfig/citySite",
                "adminConfig:citySite:list",
                MANAGE,
            ),
            page(
                "应用",
                "app",
                "/adminConfig/app",
                "adminConfig:app:list",
                MANAGE,
            ),
            page(
                "公司管理",
                "userManagement",
                "/adminConfig/company",
                "adminConfig:company:list",
                MANAGE,
            ),
            hidden(
                "经纪公司详情",
                "/adminConfig/company/brokerageDetail/:id",
                "adminConfig:company:brokerageDetail:view",
                DETAIL,
            ),
            hidden(
                "独立经纪人详情",
                "/adminConfig/company/independentDetail/:id",
                "adminConfig:company:independentDetail:view",
                DETAIL,
            ),
            hidden(
                "合作机构详情",
                "/adminConfig/company/partnerDetail/:id",
                "adminConfig:company:partnerDetail:view",
                DETAIL,
            ),
            // Reached from a company's 员工 tab: it belongs to 公司管理.
            hidden(
                "用户详情",
                "/adminConfig/userInfo/:id",
                "adminConfig:userInfo:view",
                DETAIL,
            ),
            page(
                "路由配置",
                "routeConfig",
                "/adminConfig/menu",
                "adminConfig:menu:list",
                MANAGE,
            ),
            dir(
                "AI助手",
                "ai",
                "/adminConfig/aiHelper",
                "adminConfig:aiHelper",
                vec![
                    page(
                        "对话助手",
                        "ai",
                        "/adminConfig/aiHelper/dialog",
                        "adminConfig:aiHelper:dialog:list",
                        MANAGE,
                    ),
                    hidden(
                        "对话助手详情",
                        "/adminConfig/aiHelper/dialog/detail",
                        "adminConfig:aiHelper:dialog:detail:view",
                        DETAIL,
                    ),
                    page(
                        "创作助手",
                        "ai",
                        "/adminConfig/aiHelper/creation",
                        "adminConfig:aiHelper:creation:list",
                        MANAGE,
                    ),
                    hidden(
                        "创作助手详情",
                        "/adminConfig/aiHelper/creation/detail",
                        "adminConfig:aiHelper:creation:detail:view",
                        DETAIL,
                    ),
                    page(
                        "知识库",
                        "knowledge",
                        "/adminConfig/aiHelper/knowledge",
                        "adminConfig:aiHelper:knowledge:list",
                        MANAGE,
                    ),
                    hidden(
                        "知识库详情",
                        "/adminConfig/aiHelper/knowledge/detail",
                        "adminConfig:aiHelper:knowledge:detail:view",
                        DETAIL,
                    ),
                    page(
                        "对话日志",
                        "report",
                        "/adminConfig/aiHelper/log",
                        "adminConfig:aiHelper:log:list",
                        READ,
                    ),
                    page(
                        "使用统计",
                        "statistics",
                        "/adminConfig/aiHelper/statistics",
                        "adminConfig:aiHelper:statistics:list",
                        READ,
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
    fn every_page_directory_and_action_has_its_own_well_formed_code() {
        let mut seen = HashSet::new();
        for e in all() {
            let actions = e.auth_actions.iter().map(|a| &a.perms);
            for code in std::iter::once(&e.perms).chain(actions) {
                assert!(
                    crate::org::fields::permission_code(code).is_ok(),
                    "{code} of {}",
                    e.menu_page
                );
                assert!(seen.insert(code.clone()), "{code} given twice");
            }
        }
        let staff = all()
            .into_iter()
            .find(|e| e.menu_page == "/work/store/staff")
            .unwrap();
        assert_eq!(staff.perms, "work:store:staff:list");
        assert_eq!(staff.auth_actions[0].perms, "work:store:staff:add");
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
