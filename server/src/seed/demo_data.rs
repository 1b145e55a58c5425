//! The demo brokerage as data: who works where, with which role, and the cities' reference data.
//! `demo.rs` writes it; change the brokerage here.

use brokerdesk_core::org::data_scope::DataScope;
use brokerdesk_core::permission::SUPER_ADMIN_POSITION;

use super::menus::Grant;
use crate::entity::organisation;

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "Demo@2026";

pub(super) struct SeedRole {
    pub code: &'static str,
    pub name: &'static str,
    pub data_scope: DataScope,
    /// The organisation it belongs to; `None` for a global role.
    pub organisation: Option<&'static str>,
    pub grant: Grant,
}

pub(super) const ROLES: [SeedRole; 7] = [
    SeedRole {
        code: "admin",
        name: "超级管理员",
        data_scope: DataScope::All,
        organisation: None,
        grant: Grant::Workspace("/adminConfig"),
    },
    SeedRole {
        code: "city",
        name: "城市运营",
        data_scope: DataScope::CitySite,
        organisation: None,
        grant: Grant::Workspace("/coc"),
    },
    SeedRole {
        code: "boss",
        name: "总经理",
        data_scope: DataScope::Company,
        organisation: Some("安居经纪"),
        grant: Grant::Workspace("/work"),
    },
    SeedRole {
        code: "manager",
        name: "店长",
        data_scope: DataScope::Store,
        organisation: Some("安居经纪"),
        grant: Grant::Workspace("/work"),
    },
    SeedRole {
        code: "agent",
        name: "经纪人",
        data_scope: DataScope::OwnRecord,
        organisation: Some("安居经纪"),
        grant: Grant::AgentWorkbench,
    },
    SeedRole {
        code: "nb_manager",
        name: "店长",
        data_scope: DataScope::Store,
        organisation: Some("甬城置业"),
        grant: Grant::Workspace("/work"),
    },
    SeedRole {
        code: "partner_admin",
        name: "机构管理员",
        data_scope: DataScope::Company,
        organisation: Some("优居合作机构"),
        grant: Grant::Workspace("/work"),
    },
];

pub struct DemoUser {
    pub username: &'static str,
    pub real_name: &'static str,
    pub user_code: &'static str,
    pub mobile: &'static str,
    pub position: &'static str,
    /// What they see after logging in.
    pub workspace: &'static str,
    pub site: &'static str,
    pub organisation: Option<&'static str>,
    pub store: Option<&'static str>,
    pub department: Option<&'static str>,
    pub role_code: &'static str,
}

pub const DEMO_USERS: [DemoUser; 9] = [
    DemoUser {
        username: "admin",
        real_name: "周明远",
        user_code: "BD0001",
        mobile: "13800000001",
        position: SUPER_ADMIN_POSITION,
        workspace: "/adminConfig 全局配置",
        site: "杭州",
        organisation: None,
        store: None,
        department: None,
        role_code: "admin",
    },
    DemoUser {
        username: "city",
        real_name: "陈思雨",
        user_code: "BD0002",
        mobile: "13800000002",
        position: "城市运营",
        workspace: "/coc 城市运营中心（杭州）",
        site: "杭州",
        organisation: None,
        store: None,
        department: None,
        role_code: "city",
    },
    DemoUser {
        username: "manager",
        real_name: "王建国",
        user_code: "BD0003",
        mobile: "13800000003",
        position: "店长",
        workspace: "/work 门店工作台（西湖店店长）",
        site: "杭州",
        organisation: Some("安居经纪"),
        store: Some("西湖店"),
        department: Some("销售一部"),
        role_code: "manager",
    },
    DemoUser {
        username: "agent",
        real_name: "李晓峰",
        user_code: "BD0004",
        mobile: "13800000004",
        position: "经纪人",
        workspace: "/work 门店工作台（经纪人）",
        site: "杭州",
        organisation: Some("安居经纪"),
        store: Some("西湖店"),
        department: Some("销售一部"),
        role_code: "agent",
    },
    DemoUser {
        username: "boss",
        real_name: "赵立新",
        user_code: "BD0005",
        mobile: "13800000005",
        position: "总经理",
        workspace: "/work 门店工作台（安居经纪总经理）",
        site: "杭州",
        organisation: Some("安居经纪"),
        store: None,
        department: Some("总经办"),
        role_code: "boss",
    },
    DemoUser {
        username: "manager2",
        real_name: "孙丽",
        user_code: "BD0006",
        mobile: "13800000006",
        position: "店长",
        workspace: "/work 门店工作台（滨江店店长）",
        site: "杭州",
        organisation: Some("安居经纪"),
        store: Some("滨江店"),
        department: Some("滨江销售部"),
        role_code: "manager",
    },
    DemoUser {
        username: "partner",
        real_name: "钱进",
        user_code: "BD0007",
        mobile: "13800000007",
        position: "机构负责人",
        workspace: "/work 门店工作台（合作机构）",
        site: "杭州",
        organisation: Some("优居合作机构"),
        store: Some("优居城西店"),
        department: None,
        role_code: "partner_admin",
    },
    DemoUser {
        username: "city2",
        real_name: "吴宁",
        user_code: "BD0008",
        mobile: "13800000008",
        position: "城市运营",
        workspace: "/coc 城市运营中心（宁波）",
        site: "宁波",
        organisation: None,
        store: None,
        department: None,
        role_code: "city",
    },
    DemoUser {
        username: "nbmanager",
        real_name: "郑海",
        user_code: "BD0009",
        mobile: "13800000009",
        position: "店长",
        workspace: "/work 门店工作台（宁波天一店店长）",
        site: "宁波",
        organisation: Some("甬城置业"),
        store: Some("天一店"),
        department: Some("天一销售部"),
        role_code: "nb_manager",
    },
];

/// `(name, code)`.
pub(super) const SITES: [(&str, &str); 2] = [("杭州", "hangzhou"), ("宁波", "ningbo")];

pub(super) struct SeedOrganisation {
    pub name: &'static str,
    pub site: &'static str,
    pub scope: i16,
    pub contact_name: &'static str,
    pub contact_mobile: &'static str,
    pub address: &'static str,
}

pub(super) const ORGANISATIONS: [SeedOrganisation; 4] = [
    SeedOrganisation {
        name: "安居经纪",
        site: "杭州",
        scope: organisation::SCOPE_BROKERAGE,
        contact_name: "赵立新",
        contact_mobile: "13700000001",
        address: "杭州市西湖区文三路1号",
    },
    SeedOrganisation {
        name: "优居合作机构",
        site: "杭州",
        scope: organisation::SCOPE_PARTNER,
        contact_name: "钱进",
        contact_mobile: "13700000002",
        address: "杭州市西湖区古墩路8号",
    },
    SeedOrganisation {
        name: "张伟独立经纪人",
        site: "杭州",
        scope: organisation::SCOPE_INDEPENDENT,
        contact_name: "张伟",
        contact_mobile: "13700000003",
        address: "杭州市上城区解放路5号",
    },
    SeedOrganisation {
        name: "甬城置业",
        site: "宁波",
        scope: organisation::SCOPE_BROKERAGE,
        contact_name: "郑海",
        contact_mobile: "13700000004",
        address: "宁波市海曙区中山西路2号",
    },
];

/// `(group, organisation)`.
pub(super) const STORE_GROUPS: [(&str, &str); 2] =
    [("西湖片区", "安居经纪"), ("海曙片区", "甬城置业")];

/// `(store, organisation, group, address)`.
pub(super) const STORES: [(&str, &str, Option<&str>, &str); 4] = [
    (
        "西湖店",
        "安居经纪",
        Some("西湖片区"),
        "杭州市西湖区文三路1号",
    ),
    (
        "滨江店",
        "安居经纪",
        Some("西湖片区"),
        "杭州市滨江区江南大道1号",
    ),
    ("优居城西店", "优居合作机构", None, "杭州市西湖区古墩路8号"),
    (
        "天一店",
        "甬城置业",
        Some("海曙片区"),
        "宁波市海曙区中山西路2号",
    ),
];

/// `(department, organisation, store, parent)`; parents come first.
pub(super) const DEPARTMENTS: [(&str, &str, Option<&str>, Option<&str>); 5] = [
    ("总经办", "安居经纪", None, None),
    ("销售一部", "安居经纪", Some("西湖店"), None),
    ("销售二部", "安居经纪", Some("西湖店"), None),
    ("滨江销售部", "安居经纪", Some("滨江店"), None),
    ("天一销售部", "甬城置业", Some("天一店"), None),
];

/// `(position, organisation)`; city and global positions have none.
pub(super) const POSITIONS: [(&str, Option<&str>); 9] = [
    (SUPER_ADMIN_POSITION, None),
    ("城市运营", None),
    ("总经理", Some("安居经纪")),
    ("店长", Some("安居经纪")),
    ("经纪人", Some("安居经纪")),
    ("店员", Some("安居经纪")),
    ("店长", Some("甬城置业")),
    ("经纪人", Some("甬城置业")),
    ("机构负责人", Some("优居合作机构")),
];

/// `(code, name, type, icon, description)`: one app per type.
pub(super) const APPS: [(&str, &str, i16, &str, &str); 6] = [
    (
        "houseHelper",
        "房源助手",
        1,
        "house",
        "房源录入、实勘与维护",
    ),
    (
        "customerKeeper",
        "客源管家",
        2,
        "customer",
        "客户跟进与带看提醒",
    ),
    (
        "eSign",
        "电子签约",
        3,
        "signingTransaction",
        "买卖与租赁合同在线签署",
    ),
    (
        "mobileOffice",
        "移动办公",
        4,
        "workbench",
        "考勤、审批与公告",
    ),
    ("dashboard", "经营看板", 5, "statistics", "门店经营数据一览"),
    (
        "mapSearch",
        "地图找房",
        6,
        "community",
        "第三方地图找房服务",
    ),
];

/// `(organisation, key, label, type, value, remark)`.
pub(super) const DICTIONARY: [(&str, &str, &str, &str, &str, &str); 5] = [
    (
        "安居经纪",
        "house.maxImages",
        "房源图片上限",
        "number",
        "20",
        "每套房源最多上传的图片数",
    ),
    (
        "安居经纪",
        "customer.protectDays",
        "客户保护期（天）",
        "number",
        "15",
        "超过保护期未跟进的客户进入公客池",
    ),
    (
        "安居经纪",
        "contract.requireReview",
        "合同需审核",
        "boolean",
        "true",
        "",
    ),
    (
        "安居经纪",
        "crm.sources",
        "客户来源",
        "json",
        "[\"门店接待\",\"网络端口\",\"老客户介绍\"]",
        "",
    ),
    (
        "甬城置业",
        "house.maxImages",
        "房源图片上限",
        "number",
        "15",
        "",
    ),
];

/// `(site, name, ratio in hundredths of a percent)`.
pub(super) const LISTING_ROLES: [(&str, &str, i32); 6] = [
    ("杭州", "录入人", 1000),
    ("杭州", "维护人", 2000),
    ("杭州", "钥匙人", 1000),
    ("杭州", "实勘人", 1000),
    ("杭州", "委托人", 2000),
    ("宁波", "录入人", 1500),
];

/// `(site, district, business circles)`.
pub(super) const DISTRICTS: [(&str, &str, &[&str]); 4] = [
    ("杭州", "西湖区", &["文三路", "黄龙", "西溪"]),
    ("杭州", "滨江区", &["江南大道", "滨江区政府"]),
    ("杭州", "上城区", &["湖滨", "南星"]),
    ("宁波", "海曙区", &["天一广场"]),
];

pub(super) const BUILDING_TYPES: [(&str, &str); 4] = [
    ("杭州", "板楼"),
    ("杭州", "塔楼"),
    ("杭州", "板塔结合"),
    ("宁波", "板楼"),
];
