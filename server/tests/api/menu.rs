//! getMenuListByUser: each demo user gets their own workspace and only their actions.

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

on_both_backends!(
    each_demo_user_gets_their_own_workspace,
    menus_keep_the_shipped_order_and_shape,
);
