//! Ids of the seeded demo organisation, looked up by name through the admin's API, and helpers
//! that create throwaway records for tests that change or delete them.

use std::collections::HashMap;

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};

/// The demo users, in the order the authorization matrix lists them.
pub const USERS: [&str; 9] = [
    "admin",
    "city",
    "manager",
    "agent",
    "boss",
    "manager2",
    "partner",
    "city2",
    "nbmanager",
];

/// Names that belong to the other city.
const NINGBO: &[&str] = &["宁波", "甬城置业", "天一店", "海曙", "吴宁", "郑海"];
const HANGZHOU: &[&str] = &[
    "杭州",
    "安居经纪",
    "西湖店",
    "滨江店",
    "优居",
    "王建国",
    "李晓峰",
    "赵立新",
    "孙丽",
    "钱进",
    "陈思雨",
    "文三路",
];

/// What must never appear in an answer to `user`: names of tenants outside their reach.
pub fn foreign_markers(user: &str) -> Vec<&'static str> {
    let mut markers: Vec<&'static str> = match user {
        "city2" | "nbmanager" => HANGZHOU.to_vec(),
        "admin" => Vec::new(),
        _ => NINGBO.to_vec(),
    };
    markers.extend(match user {
        "manager" => &[
            "滨江店",
            "孙丽",
            "滨江销售部",
            "优居",
            "钱进",
            "张伟独立经纪人",
        ][..],
        "agent" => &["滨江店", "孙丽", "优居", "钱进", "张伟独立经纪人"][..],
        "boss" => &["优居", "钱进", "张伟独立经纪人"][..],
        "manager2" => &["西湖店", "王建国", "李晓峰", "销售一部", "优居", "钱进"][..],
        "partner" => &[
            "安居经纪",
            "西湖店",
            "滨江店",
            "王建国",
            "李晓峰",
            "赵立新",
            "孙丽",
            "张伟独立经纪人",
        ][..],
        _ => &[][..],
    });
    markers
}

/// Fails when an answer to `user` names a tenant outside their reach.
pub fn assert_no_foreign_rows(user: &str, context: &str, body: &Value) {
    let text = body.to_string();
    for marker in foreign_markers(user) {
        assert!(
            !text.contains(marker),
            "{context}: {user} was shown {marker}: {text}"
        );
    }
}

pub const SITES: &str = "/api/v1/fm/org/citySite/list";
pub const COMPANIES: &str = "/api/v1/fm/org/company/list";
pub const GROUPS: &str = "/api/v1/fm/org/storeGroup/list";
pub const STORES: &str = "/api/v1/fm/org/store/list";
pub const DEPARTMENTS: &str = "/api/v1/fm/org/department/tree";
pub const POSITIONS: &str = "/api/v1/fm/org/position/list";
pub const STAFF: &str = "/api/v1/fm/staff/list";
pub const ROLES: &str = "/api/v1/fm/role/list";
pub const MENU_TREE: &str = "/api/v1/fm/menu/tree";
pub const APPS: &str = "/api/v1/fm/app/list";
pub const DICTIONARY: &str = "/api/v1/fm/dictionary/list";
pub const LISTING_ROLES: &str = "/api/v1/fm/cityConfig/listingRole/list";
pub const DISTRICTS: &str = "/api/v1/fm/cityConfig/district/tree";
pub const BUILDING_TYPES: &str = "/api/v1/fm/cityConfig/buildingType/list";
pub const AUDIT: &str = "/api/v1/fm/audit/list";

/// Ids of the seed, by name.
pub struct Seeded {
    pub sites: HashMap<String, i64>,
    pub organisations: HashMap<String, i64>,
    pub groups: HashMap<String, i64>,
    pub stores: HashMap<String, i64>,
    pub departments: HashMap<String, i64>,
    /// By `组织名/岗位名`.
    pub positions: HashMap<String, i64>,
    /// By `组织名/角色名`; global roles by their name alone.
    pub roles: HashMap<String, i64>,
    pub users: HashMap<String, i64>,
    /// By route.
    pub menus: HashMap<String, i64>,
    pub apps: HashMap<String, i64>,
    /// By `组织名/键`.
    pub dictionary: HashMap<String, i64>,
    pub listing_roles: HashMap<String, i64>,
    pub districts: HashMap<String, i64>,
    pub circles: HashMap<String, i64>,
    pub building_types: HashMap<String, i64>,
}

fn by(list: &Value, key: impl Fn(&Value) -> String) -> HashMap<String, i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|row| (key(row), row["id"].as_i64().unwrap()))
        .collect()
}

fn text(row: &Value, field: &str) -> String {
    row[field].as_str().unwrap_or_default().to_owned()
}

fn walk(nodes: &Value, out: &mut Vec<Value>) {
    for node in nodes.as_array().unwrap() {
        out.push(node.clone());
        walk(&node["children"], out);
    }
}

impl Seeded {
    pub async fn load(app: &TestApp) -> Self {
        let admin = app.as_user("admin").await;
        let page = json!({ "pageSize": 100 });
        let list = |v: Value| v["list"].clone();
        let sites = by(&list(admin.data(SITES, page.clone()).await), |r| {
            text(r, "name")
        });
        let organisations = by(&list(admin.data(COMPANIES, page.clone()).await), |r| {
            text(r, "name")
        });
        let groups = by(&list(admin.data(GROUPS, page.clone()).await), |r| {
            text(r, "name")
        });
        let stores = by(&list(admin.data(STORES, page.clone()).await), |r| {
            text(r, "name")
        });
        let mut nodes = Vec::new();
        walk(&admin.data(DEPARTMENTS, json!({})).await, &mut nodes);
        let departments = by(&Value::Array(nodes), |r| text(r, "name"));
        let positions = by(&list(admin.data(POSITIONS, page.clone()).await), |r| {
            format!("{}/{}", text(r, "organisationName"), text(r, "name"))
        });
        let roles = by(
            &list(admin.data(ROLES, page.clone()).await),
            |r| match text(r, "organisationName").as_str() {
                "" => text(r, "name"),
                org => format!("{org}/{}", text(r, "name")),
            },
        );
        let users = by(&list(admin.data(STAFF, page.clone()).await), |r| {
            text(r, "username")
        });
        let mut menu_nodes = Vec::new();
        walk(&admin.data(MENU_TREE, json!({})).await, &mut menu_nodes);
        let menus = menu_nodes
            .iter()
            .map(|m| (text(m, "menuPage"), m["menuId"].as_i64().unwrap()))
            .collect();
        let apps = by(&list(admin.data(APPS, page.clone()).await), |r| {
            text(r, "code")
        });
        let dictionary = by(&list(admin.data(DICTIONARY, page.clone()).await), |r| {
            format!("{}/{}", text(r, "organisationName"), text(r, "dictKey"))
        });
        let hangzhou = json!({ "pageSize": 100, "siteId": sites["杭州"] });
        let listing_roles = by(
            &list(admin.data(LISTING_ROLES, hangzhou.clone()).await),
            |r| text(r, "name"),
        );
        let building_types = by(
            &list(admin.data(BUILDING_TYPES, hangzhou.clone()).await),
            |r| text(r, "name"),
        );
        let area = admin
            .data(DISTRICTS, json!({ "siteId": sites["杭州"] }))
            .await;
        let districts = by(&area, |r| text(r, "name"));
        let mut circles = HashMap::new();
        for district in area.as_array().unwrap() {
            circles.extend(by(&district["circles"], |r| text(r, "name")));
        }
        Self {
            sites,
            organisations,
            groups,
            stores,
            departments,
            positions,
            roles,
            users,
            menus,
            apps,
            dictionary,
            listing_roles,
            districts,
            circles,
            building_types,
        }
    }

    pub fn org(&self, name: &str) -> i64 {
        self.organisations[name]
    }
}

/// A valid resident ID number that differs by `n` (its check character computed).
pub fn id_number(n: u32) -> String {
    let body = format!("33010619900101{:03}", n % 1000);
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const CHECK: &[u8; 11] = b"10X98765432";
    let sum: u32 = body
        .bytes()
        .zip(WEIGHTS)
        .map(|(digit, weight)| u32::from(digit - b'0') * weight)
        .sum();
    format!("{body}{}", CHECK[(sum % 11) as usize] as char)
}

/// Creates a staff member in 西湖店 as the admin; returns their id.
pub async fn new_staff(admin: &Caller<'_>, seeded: &Seeded, username: &str, mobile: &str) -> i64 {
    admin
        .data(
            "/api/v1/fm/staff/add",
            json!({
                "username": username, "password": "Start@123", "realName": format!("员工{username}"),
                "mobile": mobile, "storeId": seeded.stores["西湖店"],
                "departmentId": seeded.departments["销售一部"],
                "roleIds": [seeded.roles["安居经纪/经纪人"]],
            }),
        )
        .await["id"]
        .as_i64()
        .unwrap()
}
