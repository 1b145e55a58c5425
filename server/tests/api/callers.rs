//! Knowing the caller: three queries at most when the token is not cached, none while it is,
//! and every change to what the token opens (permissions, a lock, a logout) takes effect on the
//! very next request. And the city site chosen in the header narrows what the caller reaches.

use serde_json::{Value, json};

use crate::common::{Caller, MENU, TestApp, USER_INFO};
use crate::fixtures::{COMPANIES, STAFF, STORES, Seeded};
use crate::on_both_backends;

const ROLE_ADD: &str = "/api/v1/fm/role/add";
const TREE: &str = "/api/v1/fm/role/permissionTree";
const SAVE: &str = "/api/v1/fm/role/savePermissions";
const STAFF_ADD: &str = "/api/v1/fm/staff/add";
const STAFF_STATUS: &str = "/api/v1/fm/staff/changeStatus";
const COMPANY_DETAIL: &str = "/api/v1/fm/org/company/detail";

on_both_backends!(
    the_caller_costs_three_queries_then_none,
    a_permission_change_reaches_a_cached_caller_at_once,
    a_lock_ends_a_cached_session_saying_why,
    the_chosen_site_narrows_what_a_two_city_operator_reaches,
);

fn actions_of(menu: &Value, page: &str) -> Vec<String> {
    fn walk<'v>(nodes: &'v Value, out: &mut Vec<&'v Value>) {
        for node in nodes.as_array().into_iter().flatten() {
            out.push(node);
            walk(&node["children"], out);
        }
    }
    let mut all = Vec::new();
    walk(menu, &mut all);
    let entry = all
        .into_iter()
        .find(|n| n["menuPage"] == page)
        .unwrap_or_else(|| panic!("{page} missing from {menu}"));
    entry["authActions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["componentPath"].as_str().unwrap().to_owned())
        .collect()
}

async fn the_caller_costs_three_queries_then_none(app: TestApp) {
    for user in ["manager", "city", "admin"] {
        let caller = app.as_user(user).await;
        let before = app.queries();
        caller.data(MENU, json!({})).await;
        let cold = app.queries() - before;
        assert!(cold <= 3, "{user}: {cold} queries to know the caller");
        let before = app.queries();
        caller.data(USER_INFO, json!({})).await;
        caller.data(MENU, json!({})).await;
        assert_eq!(app.queries() - before, 0, "{user}: the cached caller");
    }
}

async fn a_permission_change_reaches_a_cached_caller_at_once(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let role = manager
        .data(
            ROLE_ADD,
            json!({ "name": "门店助理", "dataScope": "STORE", "remark": "" }),
        )
        .await;
    let tree = manager.data(TREE, json!({ "id": role["id"] })).await;
    let staff_page = find_page(&tree["tree"], "/work/store/staff").unwrap();
    let action = |code: &str| {
        staff_page["actions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["code"] == code)
            .unwrap()["actionId"]
            .clone()
    };
    let save = |actions: Vec<Value>| json!({ "id": role["id"], "menuIds": [staff_page["menuId"]], "actionIds": actions });
    manager
        .data(SAVE, save(vec![action("export"), action("add")]))
        .await;
    manager
        .data(
            STAFF_ADD,
            json!({
                "username": "assistant", "password": "Start@123", "realName": "周助理",
                "mobile": "13912345611", "storeId": s.stores["西湖店"], "roleIds": [role["id"]],
            }),
        )
        .await;
    let assistant = app.as_user_with("assistant", "Start@123").await;
    let menu = assistant.data(MENU, json!({})).await;
    assert_eq!(actions_of(&menu, "/work/store/staff"), ["add", "export"]);

    manager.data(SAVE, save(vec![action("export")])).await;
    let menu = assistant.data(MENU, json!({})).await;
    assert_eq!(actions_of(&menu, "/work/store/staff"), ["export"]);
    assistant
        .post(
            STAFF_ADD,
            json!({
                "username": "sneaky", "password": "Start@123", "realName": "偷偷",
                "mobile": "13912345612", "roleIds": [],
            }),
        )
        .await
        .assert_error(10020001, "无权限执行该操作");
}

fn find_page(nodes: &Value, page: &str) -> Option<Value> {
    for node in nodes.as_array()? {
        if node["menuPage"] == page {
            return Some(node.clone());
        }
        if let Some(found) = find_page(&node["children"], page) {
            return Some(found);
        }
    }
    None
}

async fn a_lock_ends_a_cached_session_saying_why(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let agent = app.as_user("agent").await;
    agent.data(USER_INFO, json!({})).await;
    manager
        .data(
            STAFF_STATUS,
            json!({ "id": s.users["agent"], "action": "lock" }),
        )
        .await;
    agent
        .post(MENU, json!({}))
        .await
        .assert_error(10010003, "账号已被锁定，请联系管理员");
}

/// POSTs as `caller` working in `site` (the header the SPA sends after the switcher).
async fn in_site(caller: &Caller<'_>, site: Option<i64>, path: &str, body: Value) -> Value {
    let mut request = caller
        .app
        .client
        .post(caller.app.url(path))
        .header("token", &caller.token)
        .json(&body);
    if let Some(site) = site {
        request = request.header("siteId", site.to_string());
    }
    request.send().await.unwrap().json().await.unwrap()
}

fn column(page: &Value, field: &str) -> Vec<Value> {
    let mut values: Vec<Value> = page["data"]["list"]
        .as_array()
        .unwrap_or_else(|| panic!("not a page: {page}"))
        .iter()
        .map(|row| row[field].clone())
        .collect();
    values.sort_by_key(|v| v.to_string());
    values.dedup();
    values
}

async fn the_chosen_site_narrows_what_a_two_city_operator_reaches(app: TestApp) {
    let s = Seeded::load(&app).await;
    let (hangzhou, ningbo) = (s.sites["杭州"], s.sites["宁波"]);
    let city = app.as_user("city").await;
    app.sql(&format!(
        "INSERT INTO user_site (user_id, site_id) VALUES ({}, {ningbo})",
        s.users["city"]
    ))
    .await;
    let info = city.data(USER_INFO, json!({})).await;
    assert_eq!(info["sites"].as_array().unwrap().len(), 2);

    // Each list, per chosen site: the sites its rows sit in.
    let both = {
        let mut both = vec![json!(hangzhou), json!(ningbo)];
        both.sort_by_key(|v| v.to_string());
        both
    };
    for path in [COMPANIES, STORES] {
        for (chosen, expected) in [
            (Some(hangzhou), vec![json!(hangzhou)]),
            (Some(ningbo), vec![json!(ningbo)]),
            (None, both.clone()),
        ] {
            let page = in_site(&city, chosen, path, json!({ "pageSize": 100 })).await;
            assert_eq!(
                column(&page, "siteId"),
                expected,
                "{path} under site {chosen:?}: {page}"
            );
        }
    }
    for (chosen, present, absent) in [
        (Some(hangzhou), "manager", "nbmanager"),
        (Some(ningbo), "nbmanager", "manager"),
    ] {
        let page = in_site(&city, chosen, STAFF, json!({ "pageSize": 100 })).await;
        let names = column(&page, "username");
        assert!(names.contains(&json!(present)), "{chosen:?}: {names:?}");
        assert!(!names.contains(&json!(absent)), "{chosen:?}: {names:?}");
    }
    // A 杭州 company asked for under 宁波 is out of reach; under 杭州 it opens.
    let company = json!({ "id": s.org("安居经纪") });
    let refused = in_site(&city, Some(ningbo), COMPANY_DETAIL, company.clone()).await;
    assert_eq!(refused["code"], 10020002, "{refused}");
    let opened = in_site(&city, Some(hangzhou), COMPANY_DETAIL, company).await;
    assert_eq!(opened["code"], 0, "{opened}");
}
