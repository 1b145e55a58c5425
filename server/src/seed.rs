//! The demo brokerage, written on first start (when no user exists) so a new user can log in
//! at once: city sites 杭州 and 宁波; the brokerage company 安居经纪 (store group 西湖片区,
//! stores 西湖店 and 滨江店), a partner organisation and an independent broker in 杭州, the
//! company 甬城置业 in 宁波; departments, positions, roles with their data scopes bound to the
//! default menu tree, demo users, apps, dictionary entries and the cities' reference data.

use std::collections::HashMap;

use brokerdesk_core::menu::{MenuEntry, STATUS_VISIBLE, default_menu_tree};
use brokerdesk_core::org::data_scope::DataScope;
use brokerdesk_core::org::staff_status::WorkingStatus;
use brokerdesk_core::permission::SUPER_ADMIN_POSITION;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, Set, TransactionSession,
    TransactionTrait,
};

use crate::auth::password::hash_password;
use crate::entity::{
    app, app_enablement, building_type, business_circle, city_site, department, dictionary,
    district, listing_role, menu, menu_action, organisation, position, role, role_action,
    role_menu, store, store_group, user, user_role, user_site,
};

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "Demo@2026";

/// Which part of the default menu tree a demo role opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grant {
    /// A whole workspace, every action.
    Workspace(&'static str),
    /// The store workbench without 门店管理 and 企业设置, and no `delete` on list pages.
    AgentWorkbench,
}

struct SeedRole {
    code: &'static str,
    name: &'static str,
    data_scope: DataScope,
    /// The organisation it belongs to; `None` for a global role.
    organisation: Option<&'static str>,
    grant: Grant,
}

const ROLES: [SeedRole; 7] = [
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
    role_code: &'static str,
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
const SITES: [(&str, &str); 2] = [("杭州", "hangzhou"), ("宁波", "ningbo")];

struct SeedOrganisation {
    name: &'static str,
    site: &'static str,
    scope: i16,
    contact_name: &'static str,
    contact_mobile: &'static str,
    address: &'static str,
}

const ORGANISATIONS: [SeedOrganisation; 4] = [
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
const STORE_GROUPS: [(&str, &str); 2] = [("西湖片区", "安居经纪"), ("海曙片区", "甬城置业")];

/// `(store, organisation, group, address)`.
const STORES: [(&str, &str, Option<&str>, &str); 4] = [
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
const DEPARTMENTS: [(&str, &str, Option<&str>, Option<&str>); 5] = [
    ("总经办", "安居经纪", None, None),
    ("销售一部", "安居经纪", Some("西湖店"), None),
    ("销售二部", "安居经纪", Some("西湖店"), None),
    ("滨江销售部", "安居经纪", Some("滨江店"), None),
    ("天一销售部", "甬城置业", Some("天一店"), None),
];

/// `(position, organisation)`; city and global positions have none.
const POSITIONS: [(&str, Option<&str>); 9] = [
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
const APPS: [(&str, &str, i16, &str, &str); 6] = [
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
const DICTIONARY: [(&str, &str, &str, &str, &str, &str); 5] = [
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
const LISTING_ROLES: [(&str, &str, i32); 6] = [
    ("杭州", "录入人", 1000),
    ("杭州", "维护人", 2000),
    ("杭州", "钥匙人", 1000),
    ("杭州", "实勘人", 1000),
    ("杭州", "委托人", 2000),
    ("宁波", "录入人", 1500),
];

/// `(site, district, business circles)`.
const DISTRICTS: [(&str, &str, &[&str]); 4] = [
    ("杭州", "西湖区", &["文三路", "黄龙", "西溪"]),
    ("杭州", "滨江区", &["江南大道", "滨江区政府"]),
    ("杭州", "上城区", &["湖滨", "南星"]),
    ("宁波", "海曙区", &["天一广场"]),
];

const BUILDING_TYPES: [(&str, &str); 4] = [
    ("杭州", "板楼"),
    ("杭州", "塔楼"),
    ("杭州", "板塔结合"),
    ("宁波", "板楼"),
];

/// Directories of the workbench an agent does not get.
const AGENT_HIDDEN_DIRECTORIES: [&str; 2] = ["/work/store", "/work/enterprise"];
const AGENT_HIDDEN_ACTION: &str = "delete";

/// Ids of the rows written so far, by name.
#[derive(Default)]
struct Ids {
    sites: HashMap<&'static str, i64>,
    organisations: HashMap<&'static str, i64>,
    groups: HashMap<&'static str, i64>,
    stores: HashMap<&'static str, store::Model>,
    departments: HashMap<&'static str, i64>,
    /// By `(name, organisation)`.
    positions: HashMap<(&'static str, Option<&'static str>), i64>,
    roles: HashMap<&'static str, i64>,
}

/// Seeds the demo brokerage if the database has no user; returns whether it did.
pub async fn seed_if_empty<C>(db: &C) -> Result<bool, DbErr>
where
    C: ConnectionTrait + TransactionTrait,
{
    if user::Entity::find().count(db).await? > 0 {
        return Ok(false);
    }
    // Hashed before the transaction (hashing is slow and must not hold the database), and once:
    // the demo accounts share a published password, so one salt among them hides nothing.
    let password_hash = hash_password(DEMO_PASSWORD)
        .await
        .map_err(|err| DbErr::Custom(err.to_string()))?;
    let txn = db.begin().await?;
    // Checked again inside: two processes may start on one empty database.
    if user::Entity::find().count(&txn).await? > 0 {
        return Ok(false);
    }
    let mut ids = Ids::default();
    organisation_tree(&txn, &mut ids).await?;
    let menus = insert_menu_tree(&txn).await?;
    roles(&txn, &mut ids, &menus).await?;
    users(&txn, &ids, &password_hash).await?;
    apps(&txn, &ids).await?;
    reference_data(&txn, &ids).await?;
    txn.commit().await?;
    tracing::info!("seeded the demo brokerage");
    Ok(true)
}

async fn organisation_tree(db: &impl ConnectionTrait, ids: &mut Ids) -> Result<(), DbErr> {
    let now = Utc::now();
    for (sort, (name, code)) in SITES.into_iter().enumerate() {
        let site = city_site::ActiveModel {
            name: Set(name.into()),
            code: Set(code.into()),
            sort: Set(sort as i32),
            enabled: Set(true),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.sites.insert(name, site.id);
    }
    for org in &ORGANISATIONS {
        let row = organisation::ActiveModel {
            site_id: Set(ids.sites[org.site]),
            name: Set(org.name.into()),
            scope: Set(org.scope),
            contact_name: Set(org.contact_name.into()),
            contact_mobile: Set(Some(org.contact_mobile.into())),
            address: Set(org.address.into()),
            enabled: Set(true),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.organisations.insert(org.name, row.id);
    }
    let site_of = |organisation: &str| {
        ORGANISATIONS
            .iter()
            .find(|o| o.name == organisation)
            .map(|o| o.site)
            .unwrap_or_default()
    };
    for (name, org) in STORE_GROUPS {
        let row = store_group::ActiveModel {
            organisation_id: Set(ids.organisations[org]),
            site_id: Set(Some(ids.sites[site_of(org)])),
            name: Set(name.into()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.groups.insert(name, row.id);
    }
    for (name, org, group, address) in STORES {
        let row = store::ActiveModel {
            organisation_id: Set(ids.organisations[org]),
            store_group_id: Set(group.map(|g| ids.groups[g])),
            site_id: Set(ids.sites[site_of(org)]),
            name: Set(name.into()),
            address: Set(address.into()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.stores.insert(name, row);
    }
    for (sort, (name, org, in_store, parent)) in DEPARTMENTS.into_iter().enumerate() {
        let shop = in_store.map(|s| &ids.stores[s]);
        let row = department::ActiveModel {
            site_id: Set(ids.sites[site_of(org)]),
            organisation_id: Set(ids.organisations[org]),
            store_group_id: Set(shop.and_then(|s| s.store_group_id)),
            store_id: Set(shop.map(|s| s.id)),
            parent_id: Set(parent.map(|p| ids.departments[p])),
            name: Set(name.into()),
            sort: Set(sort as i32),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.departments.insert(name, row.id);
    }
    for (sort, (name, org)) in POSITIONS.into_iter().enumerate() {
        let row = position::ActiveModel {
            organisation_id: Set(org.map(|o| ids.organisations[o])),
            site_id: Set(org.map(|o| ids.sites[site_of(o)])),
            name: Set(name.into()),
            sort: Set(sort as i32),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.positions.insert((name, org), row.id);
    }
    Ok(())
}

async fn roles(
    db: &impl ConnectionTrait,
    ids: &mut Ids,
    menus: &[StoredMenu],
) -> Result<(), DbErr> {
    for seed in &ROLES {
        let organisation_id = seed.organisation.map(|o| ids.organisations[o]);
        let site_id = seed.organisation.map(|o| {
            let site = ORGANISATIONS
                .iter()
                .find(|org| org.name == o)
                .map(|org| org.site)
                .unwrap_or_default();
            ids.sites[site]
        });
        let row = role::ActiveModel {
            code: Set(seed.code.into()),
            name: Set(seed.name.into()),
            data_scope: Set(seed.data_scope.code().into()),
            organisation_id: Set(organisation_id),
            site_id: Set(site_id),
            store_id: Set(None),
            remark: Set(String::new()),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(db)
        .await?;
        bind_role(db, row.id, menus, seed.grant).await?;
        ids.roles.insert(seed.code, row.id);
    }
    Ok(())
}

async fn users(db: &impl ConnectionTrait, ids: &Ids, password_hash: &str) -> Result<(), DbErr> {
    let now = Utc::now();
    for demo in &DEMO_USERS {
        let shop = demo.store.map(|s| &ids.stores[s]);
        let account = user::ActiveModel {
            username: Set(demo.username.into()),
            password_hash: Set(password_hash.to_owned()),
            real_name: Set(demo.real_name.into()),
            user_code: Set(demo.user_code.into()),
            mobile: Set(Some(demo.mobile.into())),
            position_id: Set(Some(ids.positions[&(demo.position, demo.organisation)])),
            store_id: Set(shop.map(|s| s.id)),
            store_group_id: Set(shop.and_then(|s| s.store_group_id)),
            organisation_id: Set(demo.organisation.map(|o| ids.organisations[o])),
            // The super administrator belongs to no city: no city's operators manage them.
            site_id: Set((demo.role_code != "admin").then(|| ids.sites[demo.site])),
            department_id: Set(demo.department.map(|d| ids.departments[d])),
            working_status: Set(WorkingStatus::Formal.into()),
            locked: Set(false),
            failed_logins: Set(0),
            locked_until: Set(None),
            sex: Set(0),
            entry_date: Set(Some(now.date_naive())),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        user_role::Entity::insert(user_role::ActiveModel {
            user_id: Set(account.id),
            role_id: Set(ids.roles[demo.role_code]),
        })
        .exec_without_returning(db)
        .await?;
        // The super administrator may switch to every city; everyone else works in one.
        let sites: Vec<i64> = if demo.role_code == "admin" {
            SITES.iter().map(|(name, _)| ids.sites[name]).collect()
        } else {
            vec![ids.sites[demo.site]]
        };
        for site_id in sites {
            user_site::Entity::insert(user_site::ActiveModel {
                user_id: Set(account.id),
                site_id: Set(site_id),
            })
            .exec_without_returning(db)
            .await?;
        }
    }
    Ok(())
}

async fn apps(db: &impl ConnectionTrait, ids: &Ids) -> Result<(), DbErr> {
    let now = Utc::now();
    for (sort, (code, name, app_type, icon, description)) in APPS.into_iter().enumerate() {
        let row = app::ActiveModel {
            code: Set(code.into()),
            name: Set(name.into()),
            app_type: Set(app_type),
            icon: Set(icon.into()),
            description: Set(description.into()),
            sort: Set(sort as i32),
            enabled: Set(true),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        // Cities run the first four; 安居经纪 adds the dashboard for itself.
        let mut settings = Vec::new();
        if app_type <= 4 {
            settings.push((ids.sites["杭州"], None));
            settings.push((ids.sites["宁波"], None));
        }
        if app_type == 5 {
            settings.push((ids.sites["杭州"], Some(ids.organisations["安居经纪"])));
        }
        for (site_id, organisation_id) in settings {
            app_enablement::ActiveModel {
                app_id: Set(row.id),
                site_id: Set(site_id),
                organisation_id: Set(organisation_id),
                enabled: Set(true),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}

async fn reference_data(db: &impl ConnectionTrait, ids: &Ids) -> Result<(), DbErr> {
    let now = Utc::now();
    for (org, key, label, value_type, value, remark) in DICTIONARY {
        let site = ORGANISATIONS
            .iter()
            .find(|o| o.name == org)
            .map(|o| o.site)
            .unwrap_or_default();
        dictionary::ActiveModel {
            site_id: Set(ids.sites[site]),
            organisation_id: Set(ids.organisations[org]),
            dict_key: Set(key.into()),
            label: Set(label.into()),
            value_type: Set(value_type.into()),
            value: Set(value.into()),
            remark: Set(remark.into()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    for (sort, (site, name, ratio)) in LISTING_ROLES.into_iter().enumerate() {
        listing_role::ActiveModel {
            site_id: Set(ids.sites[site]),
            name: Set(name.into()),
            ratio: Set(ratio),
            sort: Set(sort as i32),
            remark: Set(String::new()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    for (sort, (site, name, circles)) in DISTRICTS.into_iter().enumerate() {
        let row = district::ActiveModel {
            site_id: Set(ids.sites[site]),
            name: Set(name.into()),
            sort: Set(sort as i32),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        for (circle_sort, circle) in circles.iter().enumerate() {
            business_circle::ActiveModel {
                site_id: Set(ids.sites[site]),
                district_id: Set(row.id),
                name: Set((*circle).into()),
                sort: Set(circle_sort as i32),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    for (sort, (site, name)) in BUILDING_TYPES.into_iter().enumerate() {
        building_type::ActiveModel {
            site_id: Set(ids.sites[site]),
            name: Set(name.into()),
            sort: Set(sort as i32),
            remark: Set(String::new()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// One stored menu row with what a role binding needs to know about it.
struct StoredMenu {
    id: i64,
    /// Paths from the workspace root down to this entry.
    ancestry: Vec<String>,
    status: u8,
    /// `(action id, action code)`.
    actions: Vec<(i64, String)>,
}
async fn insert_menu_tree(db: &impl ConnectionTrait) -> Result<Vec<StoredMenu>, DbErr> {
    let mut stored = Vec::new();
    // Depth-first with an explicit stack: (entry, parent id, ancestry, sort).
    let mut pending: Vec<(MenuEntry, Option<i64>, Vec<String>, i32)> = default_menu_tree()
        .into_iter()
        .enumerate()
        .rev()
        .map(|(sort, entry)| (entry, None, Vec::new(), sort as i32))
        .collect();
    while let Some((entry, parent_id, mut ancestry, sort)) = pending.pop() {
        let row = menu::ActiveModel {
            parent_id: Set(parent_id),
            menu_name: Set(entry.menu_name.clone()),
            menu_icon: Set(entry.menu_icon.clone()),
            menu_type: Set(entry.menu_type.into()),
            status: Set(entry.status.into()),
            menu_page: Set(entry.menu_page.clone()),
            component_path: Set(entry.component_path.clone()),
            sort: Set(sort),
            ..Default::default()
        }
        .insert(db)
        .await?;
        let mut actions = Vec::new();
        for (index, action) in entry.auth_actions.iter().enumerate() {
            let stored_action = menu_action::ActiveModel {
                menu_id: Set(row.id),
                code: Set(action.component_path.clone()),
                name: Set(action.action_name.clone()),
                sort: Set(index as i32),
                ..Default::default()
            }
            .insert(db)
            .await?;
            actions.push((stored_action.id, stored_action.code));
        }
        ancestry.push(entry.menu_page.clone());
        for (index, child) in entry.children.into_iter().enumerate().rev() {
            pending.push((child, Some(row.id), ancestry.clone(), index as i32));
        }
        stored.push(StoredMenu {
            id: row.id,
            ancestry,
            status: entry.status,
            actions,
        });
    }
    Ok(stored)
}

fn grants(grant: Grant, entry: &StoredMenu) -> (bool, Vec<i64>) {
    let root = entry.ancestry.first().map(String::as_str);
    let (opened, drop_action) = match grant {
        Grant::Workspace(path) => (root == Some(path), None),
        Grant::AgentWorkbench => {
            let hidden = entry
                .ancestry
                .iter()
                .any(|path| AGENT_HIDDEN_DIRECTORIES.contains(&path.as_str()));
            let list_page = entry.status == STATUS_VISIBLE;
            (
                root == Some("/work") && !hidden,
                list_page.then_some(AGENT_HIDDEN_ACTION),
            )
        }
    };
    let actions = if opened {
        entry
            .actions
            .iter()
            .filter(|(_, code)| Some(code.as_str()) != drop_action)
            .map(|(id, _)| *id)
            .collect()
    } else {
        Vec::new()
    };
    (opened, actions)
}

async fn bind_role(
    db: &impl ConnectionTrait,
    role_id: i64,
    menus: &[StoredMenu],
    grant: Grant,
) -> Result<(), DbErr> {
    let mut menu_rows = Vec::new();
    let mut action_rows = Vec::new();
    for entry in menus {
        let (opened, actions) = grants(grant, entry);
        if opened {
            menu_rows.push(role_menu::ActiveModel {
                role_id: Set(role_id),
                menu_id: Set(entry.id),
            });
        }
        action_rows.extend(actions.into_iter().map(|id| role_action::ActiveModel {
            role_id: Set(role_id),
            menu_action_id: Set(id),
        }));
    }
    role_menu::Entity::insert_many(menu_rows)
        .exec_without_returning(db)
        .await?;
    role_action::Entity::insert_many(action_rows)
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// The demo logins, as `main` prints them.
pub fn demo_logins() -> String {
    let mut text = format!("演示账号（密码均为 {DEMO_PASSWORD}）：\n");
    for demo in &DEMO_USERS {
        text.push_str(&format!(
            "  {:<8} {} {:<6} → {}\n",
            demo.username, demo.real_name, demo.position, demo.workspace
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(ancestry: &[&str], status: u8) -> StoredMenu {
        StoredMenu {
            id: 1,
            ancestry: ancestry.iter().map(|p| (*p).to_owned()).collect(),
            status,
            actions: vec![(7, "add".into()), (8, "delete".into())],
        }
    }

    #[test]
    fn a_workspace_grant_opens_its_tree_with_every_action() {
        let page = entry(&["/coc", "/coc/hr", "/coc/hr/staff"], STATUS_VISIBLE);
        assert_eq!(grants(Grant::Workspace("/coc"), &page), (true, vec![7, 8]));
        assert_eq!(grants(Grant::Workspace("/work"), &page), (false, vec![]));
    }

    #[test]
    fn agents_lose_store_and_enterprise_directories_and_delete_on_list_pages() {
        let list = entry(
            &["/work", "/work/crm", "/work/crm/customer"],
            STATUS_VISIBLE,
        );
        assert_eq!(grants(Grant::AgentWorkbench, &list), (true, vec![7]));
        let detail = entry(&["/work", "/work/house", "/work/house/old/detail/:id"], 3);
        assert_eq!(grants(Grant::AgentWorkbench, &detail), (true, vec![7, 8]));
        let staff = entry(
            &["/work", "/work/store", "/work/store/staff"],
            STATUS_VISIBLE,
        );
        assert_eq!(grants(Grant::AgentWorkbench, &staff), (false, vec![]));
        let enrollment = entry(&["/work", "/work/store", "/enrollment"], 3);
        assert_eq!(grants(Grant::AgentWorkbench, &enrollment), (false, vec![]));
    }
}
