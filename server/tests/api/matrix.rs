//! The authorization matrix: every organisation route called by every demo user (two stores, a
//! partner organisation, a company boss, an agent, two cities and the admin). Allowed calls
//! succeed, the others get the permission or scope error, and no answer names a tenant outside
//! the caller's reach.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, USERS, assert_no_foreign_rows, id_number, new_staff};
use crate::on_both_backends;

/// Expected outcome per user, in [`USERS`] order: `A` allowed, `P` 无权限执行该操作 (10020001),
/// `S` 无权限访问该数据 (10020002).
type Expect = &'static str;

const ALL: Expect = "AAAAAAAAA";
const ADMIN_ONLY: Expect = "APPPPPPPP";
/// Lists on company and city pages: the admin and both cities (each sees its own city).
const CITY_LISTS: Expect = "AAPPPPPAP";
/// Company pages about 安居经纪: 宁波's city cannot reach it.
const COMPANY_PAGES: Expect = "AAPPPPPSP";
/// Workbench and city pages that every store user but the agent has.
const WORK_AND_CITY: Expect = "AAAPAAAAA";
/// Changes to 安居经纪's stores and staff: its stores' managers reach only their own store.
const STORE_WRITE: Expect = "AAAPASSSS";
/// Changes at 安居经纪's company level.
const COMPANY_WRITE: Expect = "AASPASSSS";
/// City reference data of 杭州.
const CITY_WRITE: Expect = "AAPPPPPSP";
/// Onboarding in 西湖店.
const ENROLLMENT: Expect = "APAPASSPS";
/// The community dictionary, read by the workbench users of each city (the city pages have no
/// community page).
const COMMUNITY_READS: Expect = "APAAAAAPA";
/// A community of 杭州 and what is below it: kept by everyone working in 杭州 whose role has the
/// action; 宁波's manager reaches no row of it.
const COMMUNITY_WRITE: Expect = "APAAAAAPS";
/// Removing a community: agents have no 删除 on list pages.
const COMMUNITY_DELETE: Expect = "APAPAAAPS";

fn code_of(expect: char) -> i64 {
    match expect {
        'A' => 0,
        'P' => 10020001,
        'S' => 10020002,
        other => panic!("unknown expectation {other}"),
    }
}

/// A number unique within the test run, for names and mobiles.
fn next() -> u32 {
    static COUNTER: AtomicU32 = AtomicU32::new(100);
    COUNTER.fetch_add(1, Ordering::SeqCst)
}

fn mobile() -> String {
    format!("1390000{:04}", next())
}

struct Matrix<'a> {
    seeded: Seeded,
    admin: Caller<'a>,
    callers: Vec<Caller<'a>>,
}

impl<'a> Matrix<'a> {
    async fn new(app: &'a TestApp) -> Self {
        let mut callers = Vec::new();
        for user in USERS {
            callers.push(app.as_user(user).await);
        }
        Self {
            seeded: Seeded::load(app).await,
            admin: app.as_user("admin").await,
            callers,
        }
    }

    /// Calls `path` as every user with the body `body(user)` and checks the outcomes.
    async fn check<F, Fut>(&self, path: &str, expect: Expect, mut body: F)
    where
        F: FnMut(&'static str) -> Fut,
        Fut: std::future::Future<Output = Value>,
    {
        assert_eq!(expect.len(), USERS.len(), "{path}");
        for ((user, caller), wanted) in USERS.iter().zip(&self.callers).zip(expect.chars()) {
            let request = body(user).await;
            let answer = caller.post(path, request.clone()).await;
            assert_eq!(
                answer.code(),
                code_of(wanted),
                "{path} as {user} with {request}: {}",
                answer.body
            );
            if wanted == 'A' {
                assert_no_foreign_rows(user, path, &answer.body);
            } else {
                assert!(answer.message().starts_with("无权限"), "{}", answer.body);
            }
        }
    }

    /// The same body for everyone.
    async fn same(&self, path: &str, expect: Expect, body: Value) {
        self.check(path, expect, |_| {
            let body = body.clone();
            async move { body }
        })
        .await;
    }

    fn id(&self, answer: Value) -> i64 {
        answer["id"].as_i64().expect("an id")
    }

    async fn admin(&self, path: &str, body: Value) -> Value {
        self.admin.data(path, body).await
    }

    /// `check` for a GET route, or a POST route whose path names the record: `call(i)` calls
    /// as `self.callers[i]` and says the path it called.
    async fn each<F, Fut>(&self, expect: Expect, mut call: F)
    where
        F: FnMut(usize) -> Fut,
        Fut: std::future::Future<Output = (String, crate::common::Answer)>,
    {
        for ((index, user), wanted) in USERS.iter().enumerate().zip(expect.chars()) {
            let (path, answer) = call(index).await;
            assert_eq!(
                answer.code(),
                code_of(wanted),
                "{path} as {user}: {}",
                answer.body
            );
            if wanted != 'A' {
                assert!(answer.message().starts_with("无权限"), "{}", answer.body);
            }
        }
    }
}

async fn reads(app: TestApp) {
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let page = json!({ "pageNum": 1, "pageSize": 100 });
    m.same("/api/v1/fm/org/citySite/list", ADMIN_ONLY, page.clone())
        .await;
    m.same("/api/v1/fm/org/citySite/options", ALL, json!({}))
        .await;
    m.same("/api/v1/fm/org/company/list", CITY_LISTS, page.clone())
        .await;
    m.same(
        "/api/v1/fm/org/company/detail",
        COMPANY_PAGES,
        json!({ "id": s.org("安居经纪") }),
    )
    .await;
    m.same("/api/v1/fm/org/company/options", ALL, json!({}))
        .await;
    m.same(
        "/api/v1/fm/org/storeGroup/list",
        WORK_AND_CITY,
        page.clone(),
    )
    .await;
    m.same("/api/v1/fm/org/storeGroup/options", ALL, json!({}))
        .await;
    m.same("/api/v1/fm/org/store/list", WORK_AND_CITY, page.clone())
        .await;
    m.same("/api/v1/fm/org/store/options", ALL, json!({})).await;
    m.same("/api/v1/fm/org/department/tree", WORK_AND_CITY, json!({}))
        .await;
    m.same("/api/v1/fm/org/position/list", WORK_AND_CITY, page.clone())
        .await;
    m.same("/api/v1/fm/org/position/options", WORK_AND_CITY, json!({}))
        .await;
    m.same("/api/v1/fm/staff/list", WORK_AND_CITY, page.clone())
        .await;
    m.same(
        "/api/v1/fm/staff/detail",
        "AAAPASSSS",
        json!({ "id": s.users["agent"] }),
    )
    .await;
    m.same(
        "/api/v1/fm/staff/detail",
        "AAAPASSSS",
        json!({ "id": s.users["agent"], "unmasked": true }),
    )
    .await;
    m.same("/api/v1/fm/role/list", WORK_AND_CITY, page.clone())
        .await;
    let manager_role = json!({ "id": s.roles["安居经纪/店长"] });
    m.same("/api/v1/fm/role/detail", "AAAPAASSS", manager_role.clone())
        .await;
    m.same("/api/v1/fm/role/permissionTree", "AAAPAASSS", manager_role)
        .await;
    m.same("/api/v1/fm/role/options", WORK_AND_CITY, json!({}))
        .await;
    m.same("/api/v1/fm/role/dataScopes", WORK_AND_CITY, json!({}))
        .await;
    m.same("/api/v1/fm/menu/tree", ADMIN_ONLY, json!({})).await;
    m.same("/api/v1/fm/app/list", WORK_AND_CITY, page.clone())
        .await;
    m.same("/api/v1/fm/app/enablement", WORK_AND_CITY, json!({}))
        .await;
    m.same("/api/v1/fm/dictionary/list", "APAPAAAPA", page.clone())
        .await;
    m.same(
        "/api/v1/fm/cityConfig/listingRole/list",
        CITY_LISTS,
        page.clone(),
    )
    .await;
    m.same(
        "/api/v1/fm/cityConfig/listingRole/totals",
        CITY_LISTS,
        json!({}),
    )
    .await;
    // The new-home pages filter by district: every store user reads their own city's.
    m.same("/api/v1/fm/cityConfig/district/tree", ALL, json!({}))
        .await;
    m.same(
        "/api/v1/fm/cityConfig/buildingType/list",
        CITY_LISTS,
        page.clone(),
    )
    .await;
    m.same("/api/v1/fm/audit/list", ADMIN_ONLY, page.clone())
        .await;
    m.same("/api/v1/fm/enrollment/list", "APAPAAAPA", page)
        .await;
}

async fn organisation_writes(app: TestApp) {
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let (hangzhou, anju) = (s.sites["杭州"], s.org("安居经纪"));
    m.check("/api/v1/fm/org/citySite/add", ADMIN_ONLY, |user| async move {
        json!({ "name": format!("站点{user}"), "code": format!("site-{user}") })
    })
    .await;
    m.same(
        "/api/v1/fm/org/citySite/edit",
        ADMIN_ONLY,
        json!({ "id": hangzhou, "name": "杭州", "code": "hangzhou", "sort": 0, "enabled": true }),
    )
    .await;
    m.check("/api/v1/fm/org/citySite/delete", ADMIN_ONLY, |_| async {
        let n = next();
        json!({ "id": m.id(m.admin("/api/v1/fm/org/citySite/add", json!({ "name": format!("临时{n}"), "code": format!("tmp{n}") })).await) })
    })
    .await;

    m.check("/api/v1/fm/org/company/add", COMPANY_PAGES, |user| async move {
        json!({ "siteId": hangzhou, "name": format!("公司{user}"), "scope": 4 })
    })
    .await;
    m.same(
        "/api/v1/fm/org/company/edit",
        COMPANY_PAGES,
        json!({
            "id": anju, "name": "安居经纪", "contactName": "赵立新", "contactMobile": "13700000001",
            "address": "杭州市西湖区文三路1号", "enabled": true,
        }),
    )
    .await;
    m.check("/api/v1/fm/org/company/delete", COMPANY_PAGES, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/org/company/add", json!({ "siteId": hangzhou, "name": format!("临时公司{}", next()), "scope": 3 })).await) })
    })
    .await;

    m.check(
        "/api/v1/fm/org/storeGroup/add",
        COMPANY_WRITE,
        |user| async move { json!({ "organisationId": anju, "name": format!("组{user}") }) },
    )
    .await;
    m.same(
        "/api/v1/fm/org/storeGroup/edit",
        COMPANY_WRITE,
        json!({ "id": s.groups["西湖片区"], "name": "西湖片区" }),
    )
    .await;
    m.check("/api/v1/fm/org/storeGroup/delete", COMPANY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/org/storeGroup/add", json!({ "organisationId": anju, "name": format!("临时组{}", next()) })).await) })
    })
    .await;

    let group = s.groups["西湖片区"];
    m.check(
        "/api/v1/fm/org/store/add",
        COMPANY_WRITE,
        |user| async move {
            json!({ "organisationId": anju, "storeGroupId": group, "name": format!("店{user}") })
        },
    )
    .await;
    m.same("/api/v1/fm/org/store/edit", STORE_WRITE, json!({
        "id": s.stores["西湖店"], "storeGroupId": group, "name": "西湖店", "address": "杭州市西湖区文三路1号",
    }))
    .await;
    m.check("/api/v1/fm/org/store/delete", COMPANY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/org/store/add", json!({ "organisationId": anju, "storeGroupId": group, "name": format!("临时店{}", next()) })).await) })
    })
    .await;

    let (team, west_lake) = (s.departments["销售一部"], s.stores["西湖店"]);
    m.check(
        "/api/v1/fm/org/department/add",
        STORE_WRITE,
        |user| async move { json!({ "parentId": team, "name": format!("部{user}") }) },
    )
    .await;
    m.same(
        "/api/v1/fm/org/department/edit",
        STORE_WRITE,
        json!({
            "id": s.departments["销售二部"], "storeId": west_lake, "name": "销售二部", "sort": 2,
        }),
    )
    .await;
    m.check("/api/v1/fm/org/department/delete", STORE_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/org/department/add", json!({ "parentId": team, "name": format!("临时部{}", next()) })).await) })
    })
    .await;

    m.check(
        "/api/v1/fm/org/position/add",
        COMPANY_WRITE,
        |user| async move { json!({ "organisationId": anju, "name": format!("岗{user}") }) },
    )
    .await;
    m.same(
        "/api/v1/fm/org/position/edit",
        COMPANY_WRITE,
        json!({ "id": s.positions["安居经纪/店员"], "name": "店员", "sort": 5 }),
    )
    .await;
    m.check("/api/v1/fm/org/position/delete", COMPANY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/org/position/add", json!({ "organisationId": anju, "name": format!("临时岗{}", next()) })).await) })
    })
    .await;
}

async fn people_and_role_writes(app: TestApp) {
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let (anju, west_lake) = (s.org("安居经纪"), s.stores["西湖店"]);
    m.check("/api/v1/fm/staff/add", STORE_WRITE, |user| async move {
        json!({
            "username": format!("staff_{user}"), "password": "Start@123", "realName": format!("员工{user}"),
            "mobile": mobile(), "storeId": west_lake, "roleIds": [],
        })
    })
    .await;
    m.same("/api/v1/fm/staff/edit", STORE_WRITE, json!({
        "id": s.users["agent"], "realName": "李晓峰", "mobile": "13800000004", "storeId": west_lake,
        "departmentId": s.departments["销售一部"], "positionId": s.positions["安居经纪/经纪人"],
        "roleIds": [s.roles["安居经纪/经纪人"]],
    }))
    .await;
    m.check("/api/v1/fm/staff/changeStatus", STORE_WRITE, |_| async {
        let n = next();
        let id = new_staff(&m.admin, s, &format!("lockme{n}"), &mobile()).await;
        json!({ "id": id, "action": "lock" })
    })
    .await;

    m.check("/api/v1/fm/role/add", "AAAPAASSS", |user| async move {
        json!({ "organisationId": anju, "name": format!("角色{user}"), "dataScope": "SELF" })
    })
    .await;
    m.same(
        "/api/v1/fm/role/edit",
        COMPANY_WRITE,
        json!({ "id": s.roles["安居经纪/店长"], "name": "店长", "dataScope": "STORE" }),
    )
    .await;
    let fresh_role = || async {
        m.id(m.admin("/api/v1/fm/role/add", json!({ "organisationId": anju, "name": format!("临时角色{}", next()), "dataScope": "SELF" })).await)
    };
    m.check("/api/v1/fm/role/delete", COMPANY_WRITE, |_| async {
        json!({ "id": fresh_role().await })
    })
    .await;
    m.check(
        "/api/v1/fm/role/savePermissions",
        COMPANY_WRITE,
        |_| async { json!({ "id": fresh_role().await, "menuIds": [], "actionIds": [] }) },
    )
    .await;
}

async fn global_and_city_writes(app: TestApp) {
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let work = s.menus["/work"];
    m.check("/api/v1/fm/menu/add", ADMIN_ONLY, |user| async move {
        json!({ "parentId": work, "menuName": format!("菜单{user}"), "menuType": 2, "status": 3,
                "menuPage": format!("/work/test/{user}"), "perms": format!("work:test:{user}:list"), "componentPath": "work/test",
                "actions": [{ "code": "add", "name": "新增", "perms": format!("work:test:{user}:add") }] })
    })
    .await;
    m.same("/api/v1/fm/menu/edit", ADMIN_ONLY, json!({
        "id": s.menus["/work/mine"], "parentId": work, "menuName": "个人中心", "menuIcon": "mine", "menuType": 2,
        "status": 2, "menuPage": "/work/mine", "perms": "work:mine:list", "componentPath": "work/mine", "sort": 7, "actions": [],
    }))
    .await;
    m.check("/api/v1/fm/menu/delete", ADMIN_ONLY, |_| async {
        let n = next();
        json!({ "id": m.admin("/api/v1/fm/menu/add", json!({ "parentId": work, "menuName": "临时", "menuType": 2, "status": 3, "menuPage": format!("/work/tmp/{n}"), "perms": format!("work:tmp:t{n}:view"), "componentPath": "work/tmp" })).await["menuId"] })
    })
    .await;
    let roots = [s.menus["/work"], s.menus["/coc"], s.menus["/adminConfig"]];
    m.same(
        "/api/v1/fm/menu/sort",
        ADMIN_ONLY,
        json!({ "parentId": null, "ids": roots }),
    )
    .await;

    m.check("/api/v1/fm/app/add", ADMIN_ONLY, |user| async move {
        json!({ "code": format!("app_{user}"), "name": format!("应用{user}"), "appType": 6 })
    })
    .await;
    m.same("/api/v1/fm/app/edit", ADMIN_ONLY, json!({ "id": s.apps["mapSearch"], "name": "地图找房", "appType": 6, "icon": "community", "description": "第三方地图找房服务", "sort": 5, "enabled": true })).await;
    m.check("/api/v1/fm/app/delete", ADMIN_ONLY, |_| async {
        let n = next();
        json!({ "id": m.id(m.admin("/api/v1/fm/app/add", json!({ "code": format!("tmp{n}"), "name": format!("临时应用{n}"), "appType": 1 })).await) })
    })
    .await;
    m.same("/api/v1/fm/app/setEnabled", COMPANY_WRITE, json!({ "appId": s.apps["dashboard"], "organisationId": s.org("安居经纪"), "enabled": true })).await;
    m.same(
        "/api/v1/fm/app/inheritCity",
        COMPANY_WRITE,
        json!({ "appId": s.apps["eSign"], "organisationId": s.org("安居经纪") }),
    )
    .await;

    let anju = s.org("安居经纪");
    let dictionary = "APSPASSPS";
    m.check("/api/v1/fm/dictionary/add", dictionary, |user| async move {
        json!({ "organisationId": anju, "dictKey": format!("test.{user}"), "label": "测试", "valueType": "number", "value": "1" })
    })
    .await;
    m.same("/api/v1/fm/dictionary/edit", dictionary, json!({ "id": s.dictionary["安居经纪/house.maxImages"], "label": "房源图片上限", "valueType": "number", "value": "20" })).await;
    m.check("/api/v1/fm/dictionary/delete", dictionary, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/dictionary/add", json!({ "organisationId": anju, "dictKey": format!("tmp.k{}", next()), "label": "临时", "valueType": "string", "value": "x" })).await) })
    })
    .await;

    let hangzhou = s.sites["杭州"];
    m.check(
        "/api/v1/fm/cityConfig/listingRole/add",
        CITY_WRITE,
        |user| async move {
            json!({ "siteId": hangzhou, "name": format!("角色{user}"), "ratio": "5" })
        },
    )
    .await;
    m.same(
        "/api/v1/fm/cityConfig/listingRole/edit",
        CITY_WRITE,
        json!({ "id": s.listing_roles["录入人"], "name": "录入人", "ratio": "10", "sort": 0 }),
    )
    .await;
    m.check("/api/v1/fm/cityConfig/listingRole/delete", CITY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/cityConfig/listingRole/add", json!({ "siteId": hangzhou, "name": format!("临时{}", next()) })).await) })
    })
    .await;
    m.check(
        "/api/v1/fm/cityConfig/buildingType/add",
        CITY_WRITE,
        |user| async move { json!({ "siteId": hangzhou, "name": format!("类型{user}") }) },
    )
    .await;
    m.same(
        "/api/v1/fm/cityConfig/buildingType/edit",
        CITY_WRITE,
        json!({ "id": s.building_types["板楼"], "name": "板楼", "sort": 0 }),
    )
    .await;
    m.check("/api/v1/fm/cityConfig/buildingType/delete", CITY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/cityConfig/buildingType/add", json!({ "siteId": hangzhou, "name": format!("临时{}", next()) })).await) })
    })
    .await;
    m.check(
        "/api/v1/fm/cityConfig/district/add",
        CITY_WRITE,
        |user| async move { json!({ "siteId": hangzhou, "name": format!("区{user}") }) },
    )
    .await;
    m.same(
        "/api/v1/fm/cityConfig/district/edit",
        CITY_WRITE,
        json!({ "id": s.districts["西湖区"], "name": "西湖区", "sort": 0 }),
    )
    .await;
    m.check("/api/v1/fm/cityConfig/district/delete", CITY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/cityConfig/district/add", json!({ "siteId": hangzhou, "name": format!("临时区{}", next()) })).await) })
    })
    .await;
    let west_lake = s.districts["西湖区"];
    m.check(
        "/api/v1/fm/cityConfig/businessCircle/add",
        CITY_WRITE,
        |user| async move { json!({ "districtId": west_lake, "name": format!("商圈{user}") }) },
    )
    .await;
    m.same(
        "/api/v1/fm/cityConfig/businessCircle/edit",
        CITY_WRITE,
        json!({ "id": s.circles["文三路"], "name": "文三路", "sort": 0 }),
    )
    .await;
    m.check("/api/v1/fm/cityConfig/businessCircle/delete", CITY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/cityConfig/businessCircle/add", json!({ "districtId": west_lake, "name": format!("临时圈{}", next()) })).await) })
    })
    .await;
}

const SUBMIT: &str = "/api/v1/fm/enrollment/submit";

/// An onboarding in 西湖店 started by the admin, moved through `steps` first.
async fn enrollment_in(m: &Matrix<'_>, steps: &[&str]) -> i64 {
    let n = next();
    let started = m
        .admin("/api/v1/fm/enrollment/start", json!({
            "username": format!("hire{n}"), "password": "Start@123", "realName": format!("新人{n}"),
            "mobile": mobile(), "storeId": m.seeded.stores["西湖店"], "roleIds": [],
            "workingStatus": "INCUMBENCY_FORMAL",
        }))
        .await;
    let id = m.id(started);
    for step in steps {
        let body = match *step {
            "save" => json!({
                "id": id, "realName": format!("新人{n}"), "mobile": started_mobile(m, id).await,
                "idNumber": id_number(n), "bankCard": "6222021234567890123", "education": 6,
                "maritalStatus": 1, "entryDate": "2026-03-01",
            }),
            _ => json!({ "id": id }),
        };
        m.admin(&format!("/api/v1/fm/enrollment/{step}"), body)
            .await;
    }
    id
}

async fn started_mobile(m: &Matrix<'_>, id: i64) -> Value {
    m.admin(
        "/api/v1/fm/enrollment/detail",
        json!({ "id": id, "unmasked": true }),
    )
    .await["mobile"]
        .clone()
}

async fn enrollment_routes(app: TestApp) {
    let m = Matrix::new(&app).await;
    let west_lake = m.seeded.stores["西湖店"];
    m.check("/api/v1/fm/enrollment/start", ENROLLMENT, |user| async move {
        json!({ "username": format!("hire_{user}"), "password": "Start@123", "realName": format!("新人{user}"),
                "mobile": mobile(), "storeId": west_lake, "roleIds": [] })
    })
    .await;
    let drafted = enrollment_in(&m, &[]).await;
    m.same(
        "/api/v1/fm/enrollment/detail",
        ENROLLMENT,
        json!({ "id": drafted }),
    )
    .await;
    m.check("/api/v1/fm/enrollment/save", ENROLLMENT, |_| async {
        let id = enrollment_in(&m, &[]).await;
        json!({ "id": id, "realName": "新人甲", "mobile": started_mobile(&m, id).await, "education": 5 })
    })
    .await;
    m.check("/api/v1/fm/enrollment/submit", ENROLLMENT, |_| async {
        json!({ "id": enrollment_in(&m, &["save"]).await })
    })
    .await;
    m.check("/api/v1/fm/enrollment/approve", ENROLLMENT, |user| {
        let (m, app) = (&m, &app);
        async move {
            // Whoever submitted does not approve: the admin decides one the manager sent.
            let id = enrollment_in(m, &["save"]).await;
            let submit = json!({ "id": id });
            match user {
                "admin" => app.as_user("manager").await.data(SUBMIT, submit).await,
                _ => m.admin(SUBMIT, submit).await,
            };
            json!({ "id": id })
        }
    })
    .await;
    m.check("/api/v1/fm/enrollment/reject", ENROLLMENT, |_| async {
        json!({ "id": enrollment_in(&m, &["save", "submit"]).await, "reason": "资料不全" })
    })
    .await;
    m.check("/api/v1/fm/enrollment/cancel", ENROLLMENT, |_| async {
        json!({ "id": enrollment_in(&m, &[]).await })
    })
    .await;
}

/// Writes whose row as stored would lie outside the caller's scope: each caller tries to move a
/// fresh 西湖店 department to company level, or to add one there. Only callers reaching the
/// whole company (or city) may; the store managers, who can edit the department where it is,
/// are refused and the department stays in its store.
async fn writes_never_move_rows_out_of_scope(app: TestApp) {
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let xihu = s.stores["西湖店"];
    let fresh_department = || async {
        let n = next();
        m.id(m.admin("/api/v1/fm/org/department/add", json!({ "organisationId": s.org("安居经纪"), "storeId": xihu, "name": format!("临时部门{n}") })).await)
    };
    m.check("/api/v1/fm/org/department/edit", COMPANY_WRITE, |user| async move {
        json!({ "id": fresh_department().await, "parentId": null, "storeId": null, "name": format!("移出{user}") })
    })
    .await;
    let manager = &m.callers[2];
    let id = fresh_department().await;
    let refused = manager
        .post(
            "/api/v1/fm/org/department/edit",
            json!({ "id": id, "storeId": null, "name": "移出门店" }),
        )
        .await;
    assert_eq!(refused.code(), 10020002, "{}", refused.body);
    let tree = m
        .admin(
            "/api/v1/fm/org/department/tree",
            json!({ "organisationId": s.org("安居经纪") }),
        )
        .await;
    let mut nodes = Vec::new();
    let mut stack: Vec<Value> = tree.as_array().unwrap().clone();
    while let Some(node) = stack.pop() {
        stack.extend(node["children"].as_array().unwrap().iter().cloned());
        nodes.push(node);
    }
    let kept = nodes
        .iter()
        .find(|n| n["id"] == id)
        .expect("the department");
    assert_eq!(kept["storeId"].as_i64(), Some(xihu));
    assert_ne!(
        kept["name"], "移出门店",
        "nothing of the refused edit was written"
    );

    m.check(
        "/api/v1/fm/org/department/add",
        COMPANY_WRITE,
        |user| async move {
            json!({ "organisationId": s.org("安居经纪"), "name": format!("公司级{user}") })
        },
    )
    .await;
}

/// What the database's foreign keys refuse answers 10020006 with what still uses the row, on
/// both engines: a district that business circles refer to, a department with sub-departments.
async fn rows_still_referred_to_are_not_removed(app: TestApp) {
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let city = &m.callers[1];
    let district = m.id(m
        .admin(
            "/api/v1/fm/cityConfig/district/add",
            json!({ "siteId": s.sites["杭州"], "name": "临时区域" }),
        )
        .await);
    m.admin(
        "/api/v1/fm/cityConfig/businessCircle/add",
        json!({ "districtId": district, "name": "临时商圈" }),
    )
    .await;
    let answer = city
        .post(
            "/api/v1/fm/cityConfig/district/delete",
            json!({ "id": district }),
        )
        .await;
    assert_eq!(
        (answer.code(), answer.message()),
        (10020006, "该区域下还有商圈或小区，无法删除")
    );
    let parent = m.id(m
        .admin(
            "/api/v1/fm/org/department/add",
            json!({ "organisationId": s.org("安居经纪"), "name": "上级部门" }),
        )
        .await);
    m.admin(
        "/api/v1/fm/org/department/add",
        json!({ "parentId": parent, "name": "下级部门" }),
    )
    .await;
    let answer = m.callers[4]
        .post("/api/v1/fm/org/department/delete", json!({ "id": parent }))
        .await;
    assert_eq!(
        (answer.code(), answer.message()),
        (10020006, "该部门下还有下级部门或员工，无法删除")
    );
}

/// 租房: every rental route as every demo user, on a rental of the agent in 西湖店 (and a public
/// one for 认领); entries on rooms the admin makes in each city.
async fn rental_routes(app: TestApp) {
    const LIST: &str = "/api/v1/fm/house/rental/list";
    const TRANSITION: &str = "/api/v1/fm/house/rental/transition";
    /// One rental of 西湖店: its company's readers but the other store; the administrator
    /// reaches everything.
    const ONE_RENTAL: Expect = "APAAASSPS";
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let page = json!({ "pageNum": 1, "pageSize": 100 });
    m.same(LIST, COMMUNITY_READS, page.clone()).await;
    let manager = &m.callers[2];
    let rentals = manager.data(LIST, page.clone()).await["list"]
        .as_array()
        .unwrap()
        .clone();
    let agents = rentals
        .iter()
        .find(|row| row["maintainerId"] == s.users["agent"] && row["status"] == 1)
        .expect("the agent keeps a valid rental")["id"]
        .clone();
    let id = json!({ "id": agents });
    for path in [
        "/api/v1/fm/house/rental/detail",
        "/api/v1/fm/house/rental/revealPhone",
    ] {
        m.same(path, ONE_RENTAL, id.clone()).await;
    }
    // The form's 房源角色: of the rental, for those who may edit it; of a new one, for those who
    // may enter one in a company.
    m.same(
        "/api/v1/fm/house/rental/roleChoices",
        ONE_RENTAL,
        id.clone(),
    )
    .await;
    m.same(
        "/api/v1/fm/house/rental/roleChoices",
        "PPAAAAAPA",
        json!({}),
    )
    .await;
    m.same(
        "/api/v1/fm/house/rental/followUp/list",
        ONE_RENTAL,
        json!({ "listingId": agents, "pageNum": 1, "pageSize": 10 }),
    )
    .await;
    m.same(
        "/api/v1/fm/house/rental/followUp/add",
        ONE_RENTAL,
        json!({ "listingId": agents, "content": "回访房东" }),
    )
    .await;
    let form = |room: i64| {
        json!({
            "roomId": room, "area": "60", "rooms": 2, "halls": 1, "baths": 1, "totalFloors": 6,
            "floor": 1, "orientation": 2, "decoration": 4, "rent": "2800", "rentType": 1,
            "paymentTerms": 2, "ownerName": "矩阵房东", "ownerPhone": "13700001111"
        })
    };
    let mut edit = form(0);
    edit["id"] = agents.clone();
    m.same("/api/v1/fm/house/rental/edit", ONE_RENTAL, edit)
        .await;
    // Each defer is undone by the administrator, so the next caller meets the rental valid.
    m.check(TRANSITION, ONE_RENTAL, |_| async {
        m.admin
            .post(TRANSITION, json!({ "id": agents, "action": "resume" }))
            .await;
        json!({ "id": agents, "action": "defer", "reason": 2 })
    })
    .await;
    // Entries: each user on a fresh room of their city; the administrator has no company.
    let mut rooms = HashMap::new();
    for (city, district) in [("杭州", s.districts["西湖区"]), ("宁波", 0)] {
        let site = s.sites[city];
        let district = if district == 0 {
            m.admin(
                "/api/v1/fm/cityConfig/district/tree",
                json!({ "siteId": site }),
            )
            .await[0]["id"]
                .as_i64()
                .unwrap()
        } else {
            district
        };
        let community = m.id(m.admin("/api/v1/fm/house/community/add", json!({ "siteId": site, "name": format!("租房矩阵{city}"), "districtId": district, "propertyType": 1, "offerStatus": 2 })).await);
        let building = m.id(m
            .admin(
                "/api/v1/fm/house/building/add",
                json!({ "communityId": community, "name": "1幢" }),
            )
            .await);
        let unit = m.id(m
            .admin(
                "/api/v1/fm/house/unit/add",
                json!({ "buildingId": building, "name": "1单元" }),
            )
            .await);
        for user in USERS {
            for purpose in ["add", "claim"] {
                let room = m.id(m.admin("/api/v1/fm/house/room/add", json!({ "unitId": unit, "name": format!("{}", 101 + rooms.len()), "floor": 1 })).await);
                rooms.insert((city, purpose, user), room);
            }
        }
    }
    // Each claim is of a rental the company's boss has just put in the public pool; the
    // administrator claims for no company, and 宁波's manager cannot read it.
    let boss = &m.callers[4];
    m.check("/api/v1/fm/house/rental/claim", "SPAAAASPS", |user| {
        let room = rooms[&("杭州", "claim", user)];
        async move {
            let entered = boss.data("/api/v1/fm/house/rental/add", form(room)).await;
            boss.data(
                TRANSITION,
                json!({ "id": entered["id"], "action": "release", "reason": 1 }),
            )
            .await;
            json!({ "id": entered["id"] })
        }
    })
    .await;
    m.check("/api/v1/fm/house/rental/add", "PPAAAAAPA", |user| {
        let city = if ["nbmanager", "city2"].contains(&user) {
            "宁波"
        } else {
            "杭州"
        };
        let body = form(rooms[&(city, "add", user)]);
        async move { body }
    })
    .await;
}

/// 交易: contracts, commission orders, the split template and performance. Reads are the
/// workbench's; one agent's contract and order are read by the store and company above them
/// only; the template is the caller's company's, saved by company-wide callers.
async fn deal_routes(app: TestApp) {
    use crate::deal::{ACHIEVEMENT, ADD, CONTRACT, CONTRACTS, ORDER, ORDERS, TEMPLATE};
    const WORK_READS: Expect = "APAAAAAPA";
    const AGENTS_OWN: Expect = "APAAASSPS";
    const OWN_COMPANY: Expect = "PPAAAAAPA";
    let m = Matrix::new(&app).await;
    let agent = m.seeded.users["agent"];
    let contracts = m
        .admin(
            CONTRACTS,
            json!({ "kind": 1, "pageNum": 1, "pageSize": 100 }),
        )
        .await;
    let mine = contracts["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["agentId"] == agent && c["orderId"].is_i64())
        .expect("the demo agent has a signed contract")
        .clone();
    for kind in [1, 2] {
        m.same(
            CONTRACTS,
            WORK_READS,
            json!({ "kind": kind, "pageNum": 1, "pageSize": 20 }),
        )
        .await;
    }
    m.same(CONTRACT, AGENTS_OWN, json!({ "id": mine["id"] }))
        .await;
    m.same(ORDERS, WORK_READS, json!({ "pageNum": 1, "pageSize": 20 }))
        .await;
    m.same(ORDER, AGENTS_OWN, json!({ "id": mine["orderId"] }))
        .await;
    m.same(TEMPLATE, OWN_COMPANY, json!({})).await;
    m.same(ACHIEVEMENT, WORK_READS, json!({ "group": "store" }))
        .await;
    m.check(ADD, OWN_COMPANY, |_| async {
        json!({
            "kind": 2, "code": format!("ZL-M-{}", next()), "address": "中山路1号",
            "ownerName": "王业主", "ownerPhone": "13700001111", "customerName": "张客户",
            "customerPhone": "13700002222", "price": "3500", "leaseMonths": 12,
            "customerCommission": "3500"
        })
    })
    .await;
    // A contract form's choices: the caller's company's people and the split a lease by address
    // would get (every role to the closer, the caller).
    m.same(
        "/api/v1/fm/business/contract/people",
        OWN_COMPANY,
        json!({}),
    )
    .await;
    m.same(
        "/api/v1/fm/business/contract/split",
        OWN_COMPANY,
        json!({ "kind": 2, "customerCommission": "3500" }),
    )
    .await;
    // The company's template as it already is: only who may save it is in question. The
    // admin and the cities have no company; the stores' managers do not reach theirs.
    let template = m.callers[4].data(TEMPLATE, json!({})).await;
    m.same(
        "/api/v1/fm/business/splitTemplate/save",
        "PPSPASAPS",
        json!({ "shares": template["shares"] }),
    )
    .await;
}

/// The community dictionary: a 杭州 community with a building, unit and room made by the admin.
async fn community_routes(app: TestApp) {
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let hangzhou = s.sites["杭州"];
    let west_lake = s.districts["西湖区"];
    let community = |name: String| json!({ "siteId": hangzhou, "name": name, "districtId": west_lake, "propertyType": 1, "offerStatus": 1 });
    let id = m.id(m
        .admin(
            "/api/v1/fm/house/community/add",
            community("矩阵小区".into()),
        )
        .await);
    let building = m.id(m
        .admin(
            "/api/v1/fm/house/building/add",
            json!({ "communityId": id, "name": "1幢" }),
        )
        .await);
    let unit = m.id(m
        .admin(
            "/api/v1/fm/house/unit/add",
            json!({ "buildingId": building, "name": "1单元" }),
        )
        .await);
    let room = m.id(m
        .admin(
            "/api/v1/fm/house/room/add",
            json!({ "unitId": unit, "name": "101", "floor": 1 }),
        )
        .await);
    let page = json!({ "pageNum": 1, "pageSize": 100 });
    m.same("/api/v1/fm/house/community/list", COMMUNITY_READS, page)
        .await;
    m.same(
        "/api/v1/fm/house/community/suggest",
        COMMUNITY_READS,
        json!({ "keyword": "j" }),
    )
    .await;
    m.same(
        "/api/v1/fm/house/community/areas",
        COMMUNITY_READS,
        json!({}),
    )
    .await;
    m.same(
        "/api/v1/fm/house/community/detail",
        COMMUNITY_WRITE,
        json!({ "id": id }),
    )
    .await;
    m.same(
        "/api/v1/fm/house/building/list",
        COMMUNITY_WRITE,
        json!({ "communityId": id }),
    )
    .await;
    m.same(
        "/api/v1/fm/house/unit/list",
        COMMUNITY_WRITE,
        json!({ "buildingId": building }),
    )
    .await;
    m.same(
        "/api/v1/fm/house/room/list",
        COMMUNITY_WRITE,
        json!({ "unitId": unit }),
    )
    .await;
    // Each user adds in the city they work in.
    let ningbo = m
        .admin(
            "/api/v1/fm/cityConfig/district/tree",
            json!({ "siteId": s.sites["宁波"] }),
        )
        .await;
    let haishu = ningbo[0]["id"].as_i64().unwrap();
    m.check("/api/v1/fm/house/community/add", COMMUNITY_READS, |user| async move {
        let (site, district) = match user {
            "nbmanager" | "city2" => (s.sites["宁波"], haishu),
            _ => (hangzhou, west_lake),
        };
        json!({ "siteId": site, "name": format!("新小区{user}"), "districtId": district, "propertyType": 1, "offerStatus": 1 })
    })
    .await;
    m.same(
        "/api/v1/fm/house/community/edit",
        COMMUNITY_WRITE,
        json!({ "id": id, "name": "矩阵小区", "aliases": "矩阵", "districtId": west_lake, "propertyType": 2, "offerStatus": 2 }),
    )
    .await;
    m.check("/api/v1/fm/house/community/delete", COMMUNITY_DELETE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/house/community/add", community(format!("临时小区{}", next()))).await) })
    })
    .await;
    m.check(
        "/api/v1/fm/house/building/add",
        COMMUNITY_WRITE,
        |user| async move {
            json!({ "communityId": id, "name": format!("{}幢{}", next(), user.len()) })
        },
    )
    .await;
    m.same(
        "/api/v1/fm/house/building/edit",
        COMMUNITY_WRITE,
        json!({ "id": building, "name": "1幢", "floors": 18 }),
    )
    .await;
    m.check("/api/v1/fm/house/building/delete", COMMUNITY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/house/building/add", json!({ "communityId": id, "name": format!("临{}", next()) })).await) })
    })
    .await;
    m.check(
        "/api/v1/fm/house/unit/add",
        COMMUNITY_WRITE,
        |_| async move { json!({ "buildingId": building, "name": format!("{}单元", next()) }) },
    )
    .await;
    m.same(
        "/api/v1/fm/house/unit/edit",
        COMMUNITY_WRITE,
        json!({ "id": unit, "name": "1单元" }),
    )
    .await;
    m.check("/api/v1/fm/house/unit/delete", COMMUNITY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/house/unit/add", json!({ "buildingId": building, "name": format!("临{}", next()) })).await) })
    })
    .await;
    m.check(
        "/api/v1/fm/house/room/add",
        COMMUNITY_WRITE,
        |_| async move { json!({ "unitId": unit, "name": format!("{}", next()) }) },
    )
    .await;
    m.same(
        "/api/v1/fm/house/room/edit",
        COMMUNITY_WRITE,
        json!({ "id": room, "name": "101", "floor": 1 }),
    )
    .await;
    m.check("/api/v1/fm/house/room/delete", COMMUNITY_WRITE, |_| async {
        json!({ "id": m.id(m.admin("/api/v1/fm/house/room/add", json!({ "unitId": unit, "name": format!("临{}", next()) })).await) })
    })
    .await;
}

/// The AI helper's knowledge base: global configuration, the global admin's alone.
async fn knowledge_routes(app: TestApp) {
    let m = Matrix::new(&app).await;
    let k = |tail: &str| format!("/api/v1/chat/Knowledge/{tail}");
    let base = m
        .admin(&k("knowledge/list"), json!({ "name": "经纪业务规则" }))
        .await["list"][0]["id"]
        .as_i64()
        .unwrap();
    let point = m
        .admin(
            &k("point/list"),
            json!({ "knowledgeId": base, "keyword": "钥匙丢失" }),
        )
        .await["list"][0]
        .clone();
    let set = point["dataSetId"].as_i64().unwrap();
    let page = json!({ "pageNum": 1, "pageSize": 10 });
    m.same(&k("knowledge/list"), ADMIN_ONLY, page.clone()).await;
    m.same(
        &k(&format!("knowledge/detail/{base}")),
        ADMIN_ONLY,
        json!({}),
    )
    .await;
    m.check(&k("config"), ADMIN_ONLY, |user| async move {
        json!({ "name": format!("知识库{user}") })
    })
    .await;
    m.same(
        &k("config"),
        ADMIN_ONLY,
        json!({ "id": base, "name": "经纪业务规则", "description": "门店经纪业务规则问答" }),
    )
    .await;
    // The admin calls first and deletes; the others are refused before the id is looked at.
    let fresh = m.id(m.admin(&k("config"), json!({ "name": "临时知识库" })).await);
    m.same(&k(&format!("knowledge/del/{fresh}")), ADMIN_ONLY, json!({}))
        .await;
    let extra = m
        .admin(&k("handle/import"), json!({ "knowledgeId": base, "dataSetName": "临时数据集", "question": "临时问题", "answer": "临时答案" }))
        .await;
    m.same(
        &k(&format!("del/point/{}", extra["id"])),
        ADMIN_ONLY,
        json!({}),
    )
    .await;
    m.same(
        &k(&format!("data/set/del/{}", extra["dataSetId"])),
        ADMIN_ONLY,
        json!({}),
    )
    .await;
    m.same(
        &k("data/set/list"),
        ADMIN_ONLY,
        json!({ "knowledgeId": base }),
    )
    .await;
    m.same(
        &k("data/set/list/count"),
        ADMIN_ONLY,
        json!({ "knowledgeId": base }),
    )
    .await;
    m.same(&k(&format!("data/set/detail/{set}")), ADMIN_ONLY, json!({}))
        .await;
    m.same(&k("point/list"), ADMIN_ONLY, json!({ "knowledgeId": base }))
        .await;
    m.same(
        &k("handle/edit"),
        ADMIN_ONLY,
        json!({ "id": set, "name": "钥匙管理" }),
    )
    .await;
    m.same(
        &k("edit/point"),
        ADMIN_ONLY,
        json!({ "id": point["id"], "question": point["question"], "answer": point["answer"], "indexes": point["indexes"] }),
    )
    .await;
    m.check(&k("handle/import"), ADMIN_ONLY, |user| async move {
        json!({ "knowledgeId": base, "question": format!("{user}的问题"), "answer": "答案" })
    })
    .await;
    m.same(
        &k(&format!("vector/search/{base}")),
        ADMIN_ONLY,
        json!({ "query": "带看准备" }),
    )
    .await;
    m.same(&k("fee/expect"), ADMIN_ONLY, json!({ "knowledgeId": base }))
        .await;
    // A page on a local web server, for 网页解析.
    let page = {
        let html = "<h2>带看要带什么？</h2><p>带看确认单。</p>";
        let web = axum::Router::new().route(
            "/",
            axum::routing::get(move || async move {
                ([(axum::http::header::CONTENT_TYPE, "text/html")], html)
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, web).await.unwrap() });
        url
    };
    m.same(
        &k("web/analysis"),
        ADMIN_ONLY,
        json!({ "knowledgeId": base, "url": page }),
    )
    .await;
    let lunch = m
        .admin(
            "/api/v1/chat/assistant/log/page",
            json!({ "keyword": "今天午饭吃什么？" }),
        )
        .await["list"][0]["id"]
        .as_i64()
        .unwrap();
    m.same(
        &k("dialogue/create"),
        ADMIN_ONLY,
        json!({ "logId": lunch, "knowledgeId": base, "answer": "午休12:00-13:00。" }),
    )
    .await;
    m.check(&k("batch/import"), ADMIN_ONLY, |user| async move {
        json!({ "knowledgeId": base, "files": [{ "fileName": format!("{user}.txt"), "content": format!("问：{user}的批量问题？\n答：答案。") }] })
    })
    .await;
    let batch = m.id(
        m.admin(&k("batch/import"), json!({ "knowledgeId": base, "files": [{ "fileName": "批量.txt", "content": "问：批量问题？\n答：答案。" }] }))
            .await,
    );
    m.same(
        &k(&format!("batch/import/progress/{batch}")),
        ADMIN_ONLY,
        json!({}),
    )
    .await;
    // A batch still running (as a start writes it, with no task behind it), for the stop.
    app.sql(&format!(
        "INSERT INTO knowledge_import (id, knowledge_id, status, files_total, files_done, \
         rows_total, rows_done, added, skipped, failed, created_at, updated_at) VALUES \
         (900001, {base}, 1, 0, 0, 0, 0, 0, 0, 0, '2026-11-25T12:00:00+00:00', \
         '2026-11-25T12:00:00+00:00')"
    ))
    .await;
    m.same(&k("stop/batch/import/900001"), ADMIN_ONLY, json!({}))
        .await;
}

/// A project's id by name, as the admin finds it.
async fn project(m: &Matrix<'_>, name: &str) -> i64 {
    let found = m
        .admin(NEW_HOMES, json!({ "keyword": name, "pageSize": 100 }))
        .await;
    found["list"][0]["id"].as_i64().expect("a demo project")
}

const NEW_HOMES: &str = "/api/v1/fm/house/newHouse/list";

/// A valid project form in the district `district`.
fn project_form(name: &str, district: i64) -> Value {
    json!({
        "name": name, "saleStatus": 3, "propertyType": 1, "districtId": district,
        "address": "测试地址1号", "averagePrice": "30000", "propertyTerm": 70,
        "houseTypes": [{ "name": "A户型", "rooms": 3, "halls": 2, "baths": 1,
                         "areaMin": "89", "areaMax": "95", "saleStatus": 3 }],
        "commissionRules": [{ "kind": 1, "rate": "3", "validFrom": "2026-01-01" }],
    })
}

/// New homes: every store user reads the list (narrowed to what is distributed to them), a
/// project's detail only where it is distributed, and only city operations write.
async fn new_home_routes(app: TestApp) {
    let m = Matrix::new(&app).await;
    let s = &m.seeded;
    let west_lake = s.districts["西湖区"];
    let haishu = m
        .admin(
            "/api/v1/fm/cityConfig/district/tree",
            json!({ "siteId": s.sites["宁波"] }),
        )
        .await[0]["id"]
        .as_i64()
        .unwrap();
    m.same(NEW_HOMES, ALL, json!({ "pageSize": 100 })).await;
    let whole_company = project(&m, "西溪云庐").await;
    let one_store = project(&m, "江南雲璟").await;
    m.same(
        "/api/v1/fm/house/newHouse/detail",
        "AAAAAASSS",
        json!({ "id": whole_company }),
    )
    .await;
    m.same(
        "/api/v1/fm/house/newHouse/detail",
        "AAAAASSSS",
        json!({ "id": one_store }),
    )
    .await;
    m.check(
        "/api/v1/fm/house/newHouse/add",
        "AAPPPPPAP",
        |user| async move {
            let district = if user == "city2" { haishu } else { west_lake };
            project_form(&format!("测试楼盘{}", next()), district)
        },
    )
    .await;
    m.check(
        "/api/v1/fm/house/newHouse/edit",
        CITY_WRITE,
        |_| async move {
            let mut form = project_form(&format!("改名楼盘{}", next()), west_lake);
            form["id"] = json!(whole_company);
            form
        },
    )
    .await;
    m.check("/api/v1/fm/house/newHouse/delete", CITY_WRITE, |_| async {
        let added = m
            .admin(
                "/api/v1/fm/house/newHouse/add",
                project_form(&format!("临时楼盘{}", next()), west_lake),
            )
            .await;
        json!({ "id": m.id(added) })
    })
    .await;
    m.same(
        "/api/v1/fm/house/newHouse/distribution",
        CITY_WRITE,
        json!({ "id": whole_company }),
    )
    .await;
    m.same(
        "/api/v1/fm/house/newHouse/distribute",
        CITY_WRITE,
        json!({ "id": whole_company, "organisationIds": [s.org("安居经纪")] }),
    )
    .await;
}

/// The project each demo user reports to (one distributed to their company or store).
fn reported_project(user: &str) -> &'static str {
    match user {
        "partner" => "湖滨金座",
        "nbmanager" => "天一江宸",
        _ => "西溪云庐",
    }
}

/// New-home reports: store users report on projects distributed to them, city operations (and
/// the admin) review their city's, the reporting side closes; nobody reaches another store's
/// report or another city's.
async fn report_routes(app: TestApp) {
    use crate::report::{ADD, DETAIL, LIST, MOVE, PROJECTS, report};
    let m = Matrix::new(&app).await;
    let m = &m;
    let agent = app.as_user("agent").await;
    let agent = &agent;
    m.same(PROJECTS, "APAAAAAPA", json!({})).await;
    m.same(LIST, ALL, json!({ "pageSize": 100 })).await;
    let fresh = |name: String| async move {
        let xixi = project(m, "西溪云庐").await;
        agent.data(ADD, report(xixi, &name, &mobile())).await["id"]
            .as_i64()
            .unwrap()
    };
    let id = fresh("矩阵客户".to_owned()).await;
    m.same(DETAIL, "AAAAASSSS", json!({ "id": id })).await;
    m.check(ADD, "PPAAAAAPA", |user| async move {
        let project = project(m, reported_project(user)).await;
        report(project, &format!("客户{}", next()), &mobile())
    })
    .await;
    m.check(MOVE, "AAPPPPPSP", |_| async move {
        let id = fresh(format!("审核{}", next())).await;
        json!({ "id": id, "action": "approve" })
    })
    .await;
    m.check(MOVE, "APAAASSPS", |_| async move {
        let id = fresh(format!("关闭{}", next())).await;
        json!({ "id": id, "action": "close" })
    })
    .await;
}

/// New-home deals: declared by store users on their own visited reports (the admin has no
/// company to declare for), read at the declarer's seat, reviewed by managers; city operations
/// have no deal page.
async fn new_home_deal_routes(app: TestApp) {
    use crate::new_home_deal::{ADD, DETAIL, EDIT, LIST, MOVE, PREPARE, declaration, visited};
    let m = Matrix::new(&app).await;
    let m = &m;
    let agent = app.as_user("agent").await;
    let agent = &agent;
    let city = app.as_user("city").await;
    let city = &city;
    let me = m.seeded.users["agent"];
    let fresh_deal = || async move {
        let report = visited(agent, city, "西溪云庐", &mobile()).await;
        agent.data(ADD, declaration(report, me, None)).await["id"]
            .as_i64()
            .unwrap()
    };
    let report = visited(agent, city, "西溪云庐", &mobile()).await;
    m.same(
        PREPARE,
        "APAAASSPS",
        json!({ "reportId": report, "price": "1000000" }),
    )
    .await;
    let deal = fresh_deal().await;
    m.same(LIST, "APAAAAAPA", json!({ "pageSize": 100 })).await;
    m.same(DETAIL, "APAAASSPS", json!({ "id": deal })).await;
    let mut edit = declaration(report, me, None);
    edit["id"] = json!(deal);
    m.same(EDIT, "APAAASSPS", edit).await;
    m.check(MOVE, "APAPASSPS", |_| async move {
        json!({ "id": fresh_deal().await, "action": "approve" })
    })
    .await;
    m.check(ADD, "PPAAAAAPA", |user| async move {
        let index = USERS.iter().position(|u| *u == user).unwrap();
        // Those without a company declare on the agent's report (and are refused anyway).
        let own = !matches!(user, "admin" | "city" | "city2");
        let reporter = if own { &m.callers[index] } else { agent };
        let checker = if user == "nbmanager" {
            &m.callers[7]
        } else {
            city
        };
        let project = if own {
            reported_project(user)
        } else {
            "西溪云庐"
        };
        let report = visited(reporter, checker, project, &mobile()).await;
        let person = m.seeded.users[if own { user } else { "agent" }];
        declaration(report, person, None)
    })
    .await;
}

/// The AI assistants: only the admin manages them; everyone logged in is offered the published
/// ones.
async fn assistant_routes(app: TestApp) {
    use crate::chat::{LIST, PUBLISH, SUBMIT, TOOLS, dialogue};
    let m = Matrix::new(&app).await;
    let created = m.admin(SUBMIT, dialogue("矩阵助手")).await;
    let id = m.id(created);
    m.check(SUBMIT, ADMIN_ONLY, |user| async move {
        dialogue(&format!("助手{user}"))
    })
    .await;
    let mut changed = dialogue("矩阵助手");
    changed["id"] = json!(id);
    // A knowledge base to answer from, which publishing needs without a chat model.
    changed["knowledgeIds"] = json!([crate::ai_logs::rules_base(&m.admin).await]);
    m.same(SUBMIT, ADMIN_ONLY, changed).await;
    m.same(PUBLISH, ADMIN_ONLY, json!({ "id": id, "published": true }))
        .await;
    let m = &m;
    m.each(ADMIN_ONLY, |i| async move {
        (LIST.to_owned(), m.callers[i].get(LIST, &[]).await)
    })
    .await;
    m.each(ADMIN_ONLY, |i| async move {
        let path = format!("/api/v1/chat/assistant/detail/{id}");
        let answer = m.callers[i].get(&path, &[]).await;
        (path, answer)
    })
    .await;
    m.each(ALL, |i| async move {
        (TOOLS.to_owned(), m.callers[i].get(TOOLS, &[]).await)
    })
    .await;
    // The functions over the brokerage's data: named to everyone, bound by the admin.
    let functions = "/api/v1/chat/function/list";
    m.each(ALL, |i| async move {
        (functions.to_owned(), m.callers[i].get(functions, &[]).await)
    })
    .await;
    for source_type in [1, 2] {
        let path = format!("/api/v1/chat/assistant/datasource/{source_type}?keywords=");
        m.same(&path, ADMIN_ONLY, json!({})).await;
    }
    m.same(
        "/api/v1/chat/assistant/datasource",
        ADMIN_ONLY,
        json!({ "assistantId": id, "sourceTypeId": 2, "sourceIds": ["listing_search"] }),
    )
    .await;
    // Its knowledge bases, from the knowledge side.
    let k = |tail: &str| format!("/api/v1/chat/Knowledge/assistant/knowledge/{tail}");
    let rules = m
        .admin(
            "/api/v1/chat/Knowledge/knowledge/list",
            json!({ "name": "经纪业务规则" }),
        )
        .await["list"][0]["id"]
        .as_i64()
        .unwrap();
    let bound = m
        .admin(
            &k("add"),
            json!({ "assistantId": id, "knowledgeIds": [rules] }),
        )
        .await;
    let binding = bound[0]["id"].as_i64().unwrap();
    m.same(&k("list"), ADMIN_ONLY, json!({ "assistantId": id }))
        .await;
    m.same(
        &k("add"),
        ADMIN_ONLY,
        json!({ "assistantId": id, "knowledgeIds": [rules] }),
    )
    .await;
    m.same(
        &k("status"),
        ADMIN_ONLY,
        json!({ "id": binding, "enabled": true }),
    )
    .await;
    m.each(ADMIN_ONLY, |i| async move {
        let fresh = m
            .admin(
                &k("add"),
                json!({ "assistantId": id, "knowledgeIds": [rules] }),
            )
            .await[0]["id"]
            .clone();
        let path = k(&format!("del/{fresh}"));
        let answer = m.callers[i].post(&path, json!({})).await;
        (path, answer)
    })
    .await;
    // The chat log (the demo's past turns) and its statistics: the admin's pages.
    let log = |tail: &str| format!("/api/v1/chat/assistant/log/{tail}");
    let turn = m.admin(&log("page"), json!({})).await["list"][0]["id"]
        .as_i64()
        .expect("the demo has past turns");
    m.same(&log("page"), ADMIN_ONLY, json!({ "pageNum": 1 }))
        .await;
    m.same(&log("context"), ADMIN_ONLY, json!({ "id": turn }))
        .await;
    m.same(&log("refrence/doc"), ADMIN_ONLY, json!({ "id": turn }))
        .await;
    m.same(&log("statistics/summary"), ADMIN_ONLY, json!({}))
        .await;
    m.each(ADMIN_ONLY, |i| async move {
        let path = log("statistics");
        let answer = m.callers[i].get(&path, &[]).await;
        (path, answer)
    })
    .await;
    // The export is a file for the admin (read in ai_logs.rs), a refusal for everyone else.
    for (user, caller) in USERS.iter().zip(&m.callers).skip(1) {
        let refused = caller.get(&log("export"), &[]).await;
        assert_eq!(
            refused.code(),
            10020001,
            "export as {user}: {}",
            refused.body
        );
    }
    // Everyone's own turns with an assistant.
    m.each(ALL, |i| async move {
        let path = log(&format!("{id}/list"));
        let answer = m.callers[i].get(&path, &[]).await;
        (path, answer)
    })
    .await;
    m.each(ADMIN_ONLY, |i| async move {
        let doomed = m.admin(SUBMIT, dialogue(&format!("待删{i}"))).await;
        let path = format!("/api/v1/chat/assistant/del/{}", doomed["id"]);
        let answer = m.callers[i].post(&path, json!({})).await;
        (path, answer)
    })
    .await;
}

/// 客户's reminder on the workbench home and its 转移 picker (the other customer routes are called
/// by every demo user in customer.rs).
async fn customer_routes(app: TestApp) {
    let m = Matrix::new(&app).await;
    m.same("/api/v1/fm/crm/customer/due", "APAAAAAPA", json!({}))
        .await;
    m.same("/api/v1/fm/crm/customer/agents", "APAPAAAPA", json!({}))
        .await;
}

on_both_backends!(
    customer_routes,
    report_routes,
    new_home_deal_routes,
    rental_routes,
    deal_routes,
    assistant_routes,
    new_home_routes,
    knowledge_routes,
    community_routes,
    writes_never_move_rows_out_of_scope,
    rows_still_referred_to_are_not_removed,
    reads,
    organisation_writes,
    people_and_role_writes,
    global_and_city_writes,
    enrollment_routes,
);
