//! getMenuListByUser: each demo user gets their own workspace and only their actions.

use sea_orm::{ConnectionTrait, Statement};
use serde_json::Value;

use crate::common::{MENU, TestApp};
use crate::on_both_backends;

fn top_level_paths(menu: &Value) -> Vec<String> {
    menu.as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["menuPage"].as_str().unwrap().to_owned())
        .collect()
}

fn walk(menu: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for entry in menu.as_array().unwrap() {
        out.push(entry.clone());
        out.extend(walk(&entry["children"]));
    }
    out
}

fn has_path(menu: &Value, path: &str) -> bool {
    walk(menu).iter().any(|entry| entry["menuPage"] == path)
}

fn actions_of(menu: &Value, path: &str) -> Vec<String> {
    walk(menu)
        .into_iter()
        .find(|entry| entry["menuPage"] == path)
        .unwrap_or_else(|| panic!("{path} missing"))["authActions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|action| action["componentPath"].as_str().unwrap().to_owned())
        .collect()
}

async fn menu_of(app: &TestApp, username: &str) -> Value {
    let (token, _) = app.login(username).await;
    app.post(MENU, Some(&token), Value::Null)
        .await
        .data()
        .clone()
}

async fn each_demo_user_gets_their_own_workspace(app: TestApp) {
    let admin = menu_of(&app, "admin").await;
    assert_eq!(top_level_paths(&admin), ["/adminConfig"]);
    assert!(has_path(&admin, "/adminConfig/aiHelper/knowledge"));
    assert!(
        has_path(&admin, "/adminConfig/userInfo/:id"),
        "hidden pages are sent too"
    );

    let city = menu_of(&app, "city").await;
    assert_eq!(top_level_paths(&city), ["/coc"]);
    assert!(has_path(&city, "/coc/hr/roleSetting/:id"));

    let manager = menu_of(&app, "manager").await;
    assert_eq!(top_level_paths(&manager), ["/work"]);
    assert!(has_path(&manager, "/work/store/staff"));
    assert!(has_path(&manager, "/work/enterprise/role"));
    assert!(has_path(&manager, "/enrollment"), "the onboarding entry");
    assert_eq!(
        actions_of(&manager, "/work/house/old"),
        [
            "add",
            "edit",
            "delete",
            "export",
            "manage",
            "claim",
            "viewPhone",
            "followUp"
        ]
    );

    let agent = menu_of(&app, "agent").await;
    assert_eq!(top_level_paths(&agent), ["/work"]);
    assert!(!has_path(&agent, "/work/store"), "no 门店管理");
    assert!(!has_path(&agent, "/work/enterprise"), "no 企业设置");
    assert!(!has_path(&agent, "/enrollment"));
    assert!(has_path(&agent, "/work/crm/customer"));
    // An agent neither manages listings' status nor reveals owners they do not keep.
    assert_eq!(
        actions_of(&agent, "/work/house/old"),
        ["add", "edit", "export", "claim", "followUp"]
    );
    assert!(
        walk(&agent).iter().all(|entry| entry["authActions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|action| action["componentPath"] != "delete")),
        "an agent deletes nothing"
    );
}

async fn menus_keep_the_shipped_order_and_shape(app: TestApp) {
    let manager = menu_of(&app, "manager").await;
    let workbench = &manager[0];
    assert_eq!(workbench["menuName"], "门店工作台");
    assert_eq!(workbench["menuType"], 1);
    assert_eq!(workbench["status"], 1);
    let children: Vec<&str> = workbench["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["menuName"].as_str().unwrap())
        .collect();
    assert_eq!(
        children,
        [
            "首页",
            "房源管理",
            "客户管理",
            "交易中心",
            "数据统计",
            "门店管理",
            "企业设置",
            "个人中心"
        ]
    );
    let home = &workbench["children"][0];
    assert_eq!(home["menuPage"], "/work/home/index");
    assert_eq!(home["componentPath"], "work/home/index");
    assert_eq!(home["menuType"], 2);
    assert_eq!(home["status"], 2);
    assert!(home["menuId"].as_i64().unwrap() > 0);
    let detail = walk(&manager)
        .into_iter()
        .find(|e| e["menuPage"] == "/work/house/old/detail/:id")
        .unwrap();
    assert_eq!(detail["status"], 3);
    assert_eq!(detail["authActions"][0]["actionName"], "编辑");
}

/// How many menu rows and page actions carry these codes.
async fn stored(app: &TestApp, codes: &str) -> i64 {
    let sql = format!(
        "SELECT (SELECT COUNT(*) FROM menu WHERE perms IN ({codes})) \
         + (SELECT COUNT(*) FROM menu_action WHERE perms IN ({codes})) AS n"
    );
    let backend = app.db.get_database_backend();
    let row = app
        .db
        .query_one_raw(Statement::from_string(backend, sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get("", "n").unwrap()
}

async fn a_releases_new_pages_reach_an_existing_database(app: TestApp) {
    // A database from before 新房分销 (/coc/newHouse) and 查看佣金: neither the rows nor the codes.
    let new = "'coc:newHouse:list', 'coc:newHouse:add', 'coc:newHouse:edit', \
               'coc:newHouse:delete', 'coc:newHouse:distribute', 'work:house:new:commission'";
    app.sql("DELETE FROM menu WHERE perms = 'coc:newHouse:list'")
        .await;
    app.sql("DELETE FROM menu_action WHERE perms = 'work:house:new:commission'")
        .await;
    app.sql(&format!("DELETE FROM menu_known WHERE perms IN ({new})"))
        .await;
    // 租房 was removed by an administrator in 路由配置: its code stays known.
    let removed = "'work:house:rental:list'";
    app.sql(&format!("DELETE FROM menu WHERE perms = {removed}"))
        .await;
    assert_eq!(stored(&app, new).await, 0);

    let added = brokerdesk_server::seed::add_new_entries(&app.db)
        .await
        .unwrap();
    assert_eq!(added, 6, "the page, its four actions and 查看佣金");
    assert_eq!(stored(&app, new).await, 6);
    assert_eq!(
        stored(&app, removed).await,
        0,
        "a removed page stays removed"
    );
    let again = brokerdesk_server::seed::add_new_entries(&app.db)
        .await
        .unwrap();
    assert_eq!(again, 0, "the next start adds nothing twice");

    // The page is where the tree puts it, under 城市运营中心's root, as the admin sees in 路由配置.
    let backend = app.db.get_database_backend();
    let parent = app
        .db
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT p.perms AS perms FROM menu m JOIN menu p ON p.id = m.parent_id \
             WHERE m.perms = 'coc:newHouse:list'",
        ))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(parent.try_get::<String>("", "perms").unwrap(), "coc");
}

on_both_backends!(
    each_demo_user_gets_their_own_workspace,
    menus_keep_the_shipped_order_and_shape,
    a_releases_new_pages_reach_an_existing_database,
);
