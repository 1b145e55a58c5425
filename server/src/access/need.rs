//! What each route needs from the caller's menu grants. A [`Need`] lists permission codes
//! (`work:store:staff:list` for a page, `work:store:staff:add` for an action, as
//! `getLoginUserInfo` reports them); holding any one of them opens the route. The same
//! endpoint serves the pages of every workspace that show the same data.
//!
//! Codes, not route paths: a page's code is stored beside its path and route config may move the
//! page without changing who may call what.

/// Permission codes, any one of which opens a route; none means any logged-in caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need(pub &'static [&'static str]);

impl Need {
    /// Any logged-in caller (option lists for selects; the data scope still filters them).
    pub const LOGIN: Need = Need(&[]);

    pub fn codes(self) -> &'static [&'static str] {
        self.0
    }
}

/// Declares `Need` constants from lists of codes, and [`ALL`] listing every one of them.
macro_rules! needs {
    ($($(#[$doc:meta])* $name:ident = [$($code:literal),* $(,)?];)*) => {
        $($(#[$doc])* pub const $name: Need = Need(&[$($code),*]);)*

        /// Every need declared here, by name: what tests walk, so none is left out.
        pub const ALL: &[(&str, Need)] = &[$((stringify!($name), $name)),*];
    };
}

needs! {
    /// AI assistants (对话助手, 创作助手): their list and detail pages.
    ASSISTANT_READ = [
        "adminConfig:aiHelper:dialog:list", "adminConfig:aiHelper:creation:list",
        "adminConfig:aiHelper:dialog:detail:view", "adminConfig:aiHelper:creation:detail:view",
    ];
    ASSISTANT_ADD = ["adminConfig:aiHelper:dialog:add", "adminConfig:aiHelper:creation:add"];
    /// Changing and publishing.
    ASSISTANT_EDIT = [
        "adminConfig:aiHelper:dialog:edit", "adminConfig:aiHelper:creation:edit",
        "adminConfig:aiHelper:dialog:detail:edit", "adminConfig:aiHelper:creation:detail:edit",
    ];
    ASSISTANT_DELETE = [
        "adminConfig:aiHelper:dialog:delete", "adminConfig:aiHelper:creation:delete",
    ];

    /// 对话日志: every chat turn, a conversation's context, cited documents.
    CHAT_LOG_READ = ["adminConfig:aiHelper:log:list"];
    CHAT_LOG_EXPORT = ["adminConfig:aiHelper:log:export"];
    /// 使用统计: questions, askers, tokens and votes per day, assistant and user.
    CHAT_STATISTICS = ["adminConfig:aiHelper:statistics:list"];

    CITY_SITE_LIST = ["adminConfig:citySite:list"];
    CITY_SITE_ADD = ["adminConfig:citySite:add"];
    CITY_SITE_EDIT = ["adminConfig:citySite:edit"];
    CITY_SITE_DELETE = ["adminConfig:citySite:delete"];

    COMPANY_LIST = ["adminConfig:company:list", "coc:company:index:list"];
    COMPANY_READ = [
        "adminConfig:company:list", "coc:company:index:list",
        "adminConfig:company:brokerageDetail:view", "adminConfig:company:independentDetail:view",
        "adminConfig:company:partnerDetail:view", "coc:company:brokerageDetail:view",
        "coc:company:independentDetail:view", "coc:company:partnerDetail:view",
    ];
    COMPANY_ADD = ["adminConfig:company:add", "coc:company:index:add"];
    COMPANY_EDIT = [
        "adminConfig:company:edit", "coc:company:index:edit",
        "adminConfig:company:brokerageDetail:edit", "adminConfig:company:independentDetail:edit",
        "adminConfig:company:partnerDetail:edit", "coc:company:brokerageDetail:edit",
        "coc:company:independentDetail:edit", "coc:company:partnerDetail:edit",
    ];
    COMPANY_DELETE = ["adminConfig:company:delete", "coc:company:index:delete"];

    /// Store groups and stores: the workbench page, and a company's pages in the other
    /// workspaces.
    STORE_READ = [
        "work:enterprise:store:list",
        "adminConfig:company:list", "coc:company:index:list",
        "adminConfig:company:brokerageDetail:view", "adminConfig:company:independentDetail:view",
        "adminConfig:company:partnerDetail:view", "coc:company:brokerageDetail:view",
        "coc:company:independentDetail:view", "coc:company:partnerDetail:view",
    ];
    STORE_ADD = [
        "work:enterprise:store:add",
        "adminConfig:company:brokerageDetail:edit", "adminConfig:company:independentDetail:edit",
        "adminConfig:company:partnerDetail:edit", "coc:company:brokerageDetail:edit",
        "coc:company:independentDetail:edit", "coc:company:partnerDetail:edit",
    ];
    STORE_EDIT = [
        "work:enterprise:store:edit",
        "adminConfig:company:brokerageDetail:edit", "adminConfig:company:independentDetail:edit",
        "adminConfig:company:partnerDetail:edit", "coc:company:brokerageDetail:edit",
        "coc:company:independentDetail:edit", "coc:company:partnerDetail:edit",
    ];
    STORE_DELETE = [
        "work:enterprise:store:delete",
        "adminConfig:company:brokerageDetail:edit", "adminConfig:company:independentDetail:edit",
        "adminConfig:company:partnerDetail:edit", "coc:company:brokerageDetail:edit",
        "coc:company:independentDetail:edit", "coc:company:partnerDetail:edit",
    ];

    DEPARTMENT_READ = [
        "work:enterprise:organograma:list", "coc:hr:organograma:list",
        "work:store:staff:list", "coc:hr:staff:list", "enrollment:view",
    ];
    DEPARTMENT_ADD = ["work:enterprise:organograma:add", "coc:hr:organograma:add"];
    DEPARTMENT_EDIT = ["work:enterprise:organograma:edit", "coc:hr:organograma:edit"];
    DEPARTMENT_DELETE = ["work:enterprise:organograma:delete", "coc:hr:organograma:delete"];

    POSITION_LIST = ["work:enterprise:station:list", "coc:hr:station:list"];
    POSITION_OPTIONS = [
        "work:enterprise:station:list", "coc:hr:station:list",
        "work:store:staff:list", "coc:hr:staff:list",
        "work:store:userInfo:view", "coc:hr:userInfo:view", "adminConfig:userInfo:view",
        "enrollment:view",
    ];
    POSITION_ADD = ["work:enterprise:station:add", "coc:hr:station:add"];
    POSITION_EDIT = ["work:enterprise:station:edit", "coc:hr:station:edit"];
    POSITION_DELETE = ["work:enterprise:station:delete", "coc:hr:station:delete"];

    STAFF_LIST = ["work:store:staff:list", "coc:hr:staff:list"];
    STAFF_READ = [
        "work:store:staff:list", "coc:hr:staff:list",
        "work:store:userInfo:view", "coc:hr:userInfo:view", "adminConfig:userInfo:view",
    ];
    STAFF_ADD = ["work:store:staff:add", "coc:hr:staff:add"];
    STAFF_EDIT = [
        "work:store:staff:edit", "coc:hr:staff:edit",
        "work:store:userInfo:edit", "coc:hr:userInfo:edit", "adminConfig:userInfo:edit",
    ];

    ROLE_LIST = ["work:enterprise:role:list", "coc:hr:role:list"];
    ROLE_READ = [
        "work:enterprise:role:list", "coc:hr:role:list",
        "work:enterprise:roleSetting:view", "coc:hr:roleSetting:view",
    ];
    ROLE_OPTIONS = [
        "work:enterprise:role:list", "coc:hr:role:list",
        "work:store:staff:list", "coc:hr:staff:list",
        "work:store:userInfo:view", "coc:hr:userInfo:view", "adminConfig:userInfo:view",
        "enrollment:view",
    ];
    ROLE_ADD = ["work:enterprise:role:add", "coc:hr:role:add"];
    ROLE_EDIT = ["work:enterprise:role:edit", "coc:hr:role:edit"];
    ROLE_DELETE = ["work:enterprise:role:delete", "coc:hr:role:delete"];
    ROLE_PERMISSIONS_SAVE = [
        "work:enterprise:roleSetting:edit", "coc:hr:roleSetting:edit",
        "work:enterprise:role:edit", "coc:hr:role:edit",
    ];

    MENU_TREE = ["adminConfig:menu:list"];
    MENU_ADD = ["adminConfig:menu:add"];
    MENU_EDIT = ["adminConfig:menu:edit"];
    MENU_DELETE = ["adminConfig:menu:delete"];

    APP_READ = ["adminConfig:app:list", "coc:app:list", "work:enterprise:app:list"];
    APP_ADD = ["adminConfig:app:add"];
    APP_EDIT = ["adminConfig:app:edit"];
    APP_DELETE = ["adminConfig:app:delete"];
    APP_ENABLE = ["adminConfig:app:edit", "coc:app:edit", "work:enterprise:app:edit"];

    DICTIONARY_LIST = ["work:enterprise:dictionary:list"];
    DICTIONARY_ADD = ["work:enterprise:dictionary:add"];
    DICTIONARY_EDIT = ["work:enterprise:dictionary:edit"];
    DICTIONARY_DELETE = ["work:enterprise:dictionary:delete"];

    LISTING_ROLE_LIST = ["coc:config:role:list"];
    LISTING_ROLE_ADD = ["coc:config:role:add"];
    LISTING_ROLE_EDIT = ["coc:config:role:edit"];
    LISTING_ROLE_DELETE = ["coc:config:role:delete"];

    /// A city's districts and circles as filters and choices: the areas page, and the new-home
    /// pages that filter and place projects by them.
    AREA_READ = ["coc:config:areas:list", "work:house:new:list", "coc:newHouse:list"];
    AREA_ADD = ["coc:config:areas:add"];
    AREA_EDIT = ["coc:config:areas:edit"];
    AREA_DELETE = ["coc:config:areas:delete"];

    BUILDING_TYPE_LIST = ["coc:config:building:list"];
    BUILDING_TYPE_ADD = ["coc:config:building:add"];
    BUILDING_TYPE_EDIT = ["coc:config:building:edit"];
    BUILDING_TYPE_DELETE = ["coc:config:building:delete"];

    /// The community dictionary is read by whoever works with houses in the city: its own
    /// pages and the listing pages that pick a room from it.
    COMMUNITY_READ = [
        "work:house:community:list", "work:house:communityDetail:view",
        "work:house:communityEdit:view",
        "work:house:old:list", "work:house:old:edit:view",
        "work:house:rental:list", "work:house:rental:edit:view",
    ];
    COMMUNITY_ADD = ["work:house:community:add"];
    COMMUNITY_EDIT = ["work:house:community:edit", "work:house:communityDetail:edit"];
    COMMUNITY_DELETE = ["work:house:community:delete"];
    /// Buildings, units and rooms: the detail page's 编辑.
    COMMUNITY_PARTS = ["work:house:communityDetail:edit"];
    /// A missing room may also be added while entering a listing.
    ROOM_ADD = [
        "work:house:communityDetail:edit", "work:house:old:add", "work:house:rental:add",
    ];
    /// New homes: the store workbench's list and detail, and city operations' page.
    NEW_HOME_LIST = ["work:house:new:list", "coc:newHouse:list"];
    NEW_HOME_READ = ["work:house:new:list", "work:newHouse:detail:view", "coc:newHouse:list"];
    NEW_HOME_ADD = ["coc:newHouse:add"];
    NEW_HOME_EDIT = ["coc:newHouse:edit"];
    NEW_HOME_DELETE = ["coc:newHouse:delete"];
    NEW_HOME_DISTRIBUTE = ["coc:newHouse:distribute"];
    /// Who sees commission rules: 查看佣金 on the list, and the city's editors.
    NEW_HOME_COMMISSION = ["work:house:new:commission", "coc:newHouse:edit"];
    /// 二手房: the list, and the detail page opened from it.
    HOUSE_OLD_LIST = ["work:house:old:list"];
    HOUSE_OLD_READ = ["work:house:old:list", "work:house:old:detail:view"];
    HOUSE_OLD_ADD = ["work:house:old:add"];
    HOUSE_OLD_EDIT = ["work:house:old:edit", "work:house:old:detail:edit"];
    /// A manager's moves of the lifecycle table (core `listing::lifecycle`).
    HOUSE_OLD_MANAGE = ["work:house:old:manage"];
    HOUSE_OLD_CLAIM = ["work:house:old:claim"];
    HOUSE_OLD_VIEW_PHONE = ["work:house:old:viewPhone"];
    HOUSE_OLD_FOLLOW_UP = ["work:house:old:followUp"];
    /// 导出 of the filtered list (XLSX).
    HOUSE_OLD_EXPORT = ["work:house:old:export"];
    /// 租房: the same needs on the rental pages.
    HOUSE_RENTAL_LIST = ["work:house:rental:list"];
    HOUSE_RENTAL_READ = ["work:house:rental:list", "work:house:rental:detail:view"];
    HOUSE_RENTAL_ADD = ["work:house:rental:add"];
    HOUSE_RENTAL_EDIT = ["work:house:rental:edit", "work:house:rental:detail:edit"];
    HOUSE_RENTAL_MANAGE = ["work:house:rental:manage"];
    HOUSE_RENTAL_CLAIM = ["work:house:rental:claim"];
    HOUSE_RENTAL_VIEW_PHONE = ["work:house:rental:viewPhone"];
    HOUSE_RENTAL_FOLLOW_UP = ["work:house:rental:followUp"];
    HOUSE_RENTAL_EXPORT = ["work:house:rental:export"];

    /// 客户: the list (its detail opens in a drawer), entering and editing, 认领 from the public
    /// pool, a manager's 转移, 查看电话, 写跟进 and 写带看.
    CUSTOMER_LIST = ["work:crm:customer:list"];
    CUSTOMER_ADD = ["work:crm:customer:add"];
    CUSTOMER_EDIT = ["work:crm:customer:edit"];
    CUSTOMER_CLAIM = ["work:crm:customer:claim"];
    CUSTOMER_TRANSFER = ["work:crm:customer:transfer"];
    CUSTOMER_VIEW_PHONE = ["work:crm:customer:viewPhone"];
    CUSTOMER_FOLLOW_UP = ["work:crm:customer:followUp"];
    /// 写带看: recording a viewing, its feedback, the companions and listings to pick.
    CUSTOMER_VIEWING = ["work:crm:customer:viewing"];
    /// Viewings are read on a customer (the customer list) and on a listing (its pages); the
    /// route then asks for the one its subject needs.
    VIEWING_READ = [
        "work:crm:customer:list", "work:house:old:list", "work:house:old:detail:view",
        "work:house:rental:list", "work:house:rental:detail:view",
    ];
    /// 新房报备: the workbench's 我要报备 page and city operations' 报备审核 page read reports;
    /// 报备 on the first, 审核 and 确认到访 on the second, 关闭 by the reporting side.
    REPORT_READ = [
        "work:business:newHouse:list", "work:business:newHouse:dealDetail:view",
        "work:business:newHouse:editDeal:view", "coc:newHouse:report:list",
    ];
    REPORT_ADD = ["work:business:newHouse:add"];
    REPORT_REVIEW = ["coc:newHouse:report:review"];
    REPORT_VISIT = ["coc:newHouse:report:visit"];
    REPORT_CLOSE = ["work:business:newHouse:close"];
    /// 新房成交: declaring (the 申报成交 page), reading (成交详情), and the split's review.
    DEAL_READ = [
        "work:business:newHouse:list", "work:business:newHouse:dealDetail:view",
        "work:business:newHouse:editDeal:view",
    ];
    DEAL_DECLARE = ["work:business:newHouse:editDeal:view"];
    DEAL_REVIEW = ["work:business:newHouse:dealDetail:review"];

    /// 买卖合同 and 租赁合同 (docs/deals.md): each kind opens by its own pages.
    SALE_CONTRACT_READ = [
        "work:business:dealContract:list", "work:business:dealContract:detail:view",
    ];
    SALE_CONTRACT_ADD = ["work:business:dealContract:add"];
    SALE_CONTRACT_EDIT = [
        "work:business:dealContract:edit", "work:business:dealContract:detail:edit",
    ];
    /// 签约: the contract binds and its listing becomes 我司成交 (a manager's move).
    SALE_CONTRACT_SIGN = ["work:business:dealContract:sign"];
    SALE_CONTRACT_CANCEL = ["work:business:dealContract:cancel"];
    LEASE_CONTRACT_READ = [
        "work:business:leaseContract:list", "work:business:leaseContract:detail:view",
    ];
    LEASE_CONTRACT_ADD = ["work:business:leaseContract:add"];
    LEASE_CONTRACT_EDIT = [
        "work:business:leaseContract:edit", "work:business:leaseContract:detail:edit",
    ];
    LEASE_CONTRACT_SIGN = ["work:business:leaseContract:sign"];
    LEASE_CONTRACT_CANCEL = ["work:business:leaseContract:cancel"];
    /// A contract form's choices (colleagues, the split it would get): whoever writes a
    /// contract of either kind.
    CONTRACT_FORM = [
        "work:business:dealContract:add", "work:business:dealContract:edit",
        "work:business:dealContract:detail:edit", "work:business:leaseContract:add",
        "work:business:leaseContract:edit", "work:business:leaseContract:detail:edit",
    ];
    /// 佣金结算: the orders, and the duties of core `deal::Duty` on them.
    COMMISSION_LIST = ["work:business:commission:list"];
    COMMISSION_SUBMIT = ["work:business:commission:submit"];
    COMMISSION_REVIEW = ["work:business:commission:review"];
    COMMISSION_CONFIRM = ["work:business:commission:confirm"];
    COMMISSION_CLOSE = ["work:business:commission:close"];
    /// The company's split template: read by anyone with the commission or a contract page,
    /// changed with 分佣模板.
    SPLIT_TEMPLATE_READ = [
        "work:business:commission:list", "work:business:dealContract:list",
        "work:business:leaseContract:list",
    ];
    SPLIT_TEMPLATE_SAVE = ["work:business:commission:template"];
    /// 业绩.
    ACHIEVEMENT_LIST = ["work:business:achievement:list"];
    /// 线索池: the list, and the batch page opened from it.
    CLUE_LIST = ["work:crm:clue:list"];
    CLUE_ADD = ["work:crm:clue:add"];
    /// 批量添加线索 (its own hidden page, granted with the list).
    CLUE_IMPORT = ["work:crm:clue:edit:view"];
    /// A manager's 分配 and 恢复 (core `lead::states`).
    CLUE_ASSIGN = ["work:crm:clue:assign"];
    CLUE_CLAIM = ["work:crm:clue:claim"];
    CLUE_INVALIDATE = ["work:crm:clue:invalidate"];
    CLUE_CONVERT = ["work:crm:clue:convert"];

    AUDIT_LIST = ["adminConfig:home:list"];

    /// The AI helper's knowledge bases: reading (and test searches) on the list or detail page;
    /// data sets and points are changed from the detail page or the list's 编辑.
    KNOWLEDGE_READ = [
        "adminConfig:aiHelper:knowledge:list", "adminConfig:aiHelper:knowledge:detail:view",
    ];
    KNOWLEDGE_ADD = ["adminConfig:aiHelper:knowledge:add"];
    KNOWLEDGE_EDIT = [
        "adminConfig:aiHelper:knowledge:edit", "adminConfig:aiHelper:knowledge:detail:edit",
    ];
    KNOWLEDGE_DELETE = ["adminConfig:aiHelper:knowledge:delete"];

    ENROLLMENT = ["enrollment:view"];
    ENROLLMENT_APPROVE = ["enrollment:approve"];
}

#[cfg(test)]
mod tests {
    use super::*;
    use brokerdesk_core::menu::{MENU_TYPE_PAGE, default_menu_tree};
    use std::collections::HashSet;

    /// Every code a need names is a page's or an action's in the shipped menu tree, so no route
    /// is closed by a typo.
    #[test]
    fn every_code_names_a_shipped_page_or_action() {
        let mut known = HashSet::new();
        for root in default_menu_tree() {
            for entry in root.walk() {
                if entry.menu_type == MENU_TYPE_PAGE {
                    known.insert(entry.perms.clone());
                }
                for action in &entry.auth_actions {
                    known.insert(action.perms.clone());
                }
            }
        }
        for (name, need) in ALL {
            assert!(!need.codes().is_empty(), "{name} opens to anyone");
            for code in need.codes() {
                assert!(
                    known.contains(*code),
                    "{name}: {code} is not in the menu tree"
                );
            }
        }
    }
}
