//! Permission codes: a page's and an action's identity, apart from the route path route config
//! edits. Moving a page keeps who may call what; the routes name codes the seeded tree holds.

use std::collections::HashSet;

use brokerdesk_server::access::need;
use serde_json::{Value, json};

use crate::common::{MENU, TestApp, USER_INFO};
use crate::fixtures::{MENU_TREE, STAFF};
use crate::on_both_backends;

const MENU_EDIT: &str = "/api/v1/fm/menu/edit";

fn walk(nodes: &Value, out: &mut Vec<Value>) {
    for node in nodes.as_array().unwrap() {
        out.push(node.clone());
        walk(&node["children"], out);
    }
}

fn entries(nodes: &Value) -> Vec<Value> {
    let mut all = Vec::new();
    walk(nodes, &mut all);
    all
}

fn find(nodes: &Value, page: &str) -> Option<Value> {
    entries(nodes).into_iter().find(|n| n["menuPage"] == page)
}

/// The route config form of `node` as the tree gives it, with `path` and `perms`.
fn edit_form(node: &Value, path: &str, perms: &Value) -> Value {
    let actions: Vec<Value> = node["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(
            |a| json!({ "id": a["id"], "code": a["code"], "name": a["name"], "perms": a["perms"] }),
        )
        .collect();
    json!({
        "id": node["menuId"], "parentId": node["parentId"], "menuName": node["menuName"],
        "menuIcon": node["menuIcon"], "menuType": node["menuType"], "status": node["status"],
        "menuPage": path, "perms": perms, "componentPath": node["componentPath"],
        "sort": node["sort"], "actions": actions,
    })
}

async fn moving_a_page_keeps_who_may_call_its_api(app: TestApp) {
    let admin = app.as_user("admin").await;
    let manager = app.as_user("manager").await;
    let tree = admin.data(MENU_TREE, json!({})).await;
    let staff = find(&tree, "/work/store/staff").unwrap();
    assert_eq!(staff["perms"], "work:store:staff:list");

    let moved = admin
        .data(
            MENU_EDIT,
            edit_form(&staff, "/work/store/people", &staff["perms"]),
        )
        .await;
    assert_eq!(
        (&moved["menuPage"], &moved["perms"]),
        (
            &json!("/work/store/people"),
            &json!("work:store:staff:list")
        ),
        "the path moves, the code stays"
    );

    // The manager still lists staff and sees the page, with its buttons, under the new path.
    manager.data(STAFF, json!({})).await;
    let menu = manager.data(MENU, json!({})).await;
    assert!(find(&menu, "/work/store/staff").is_none());
    let page = find(&menu, "/work/store/people").expect("the page under its new path");
    let buttons: Vec<&str> = page["authActions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["componentPath"].as_str().unwrap())
        .collect();
    assert_eq!(buttons, ["add", "edit", "delete", "export"]);
    let info = manager.data(USER_INFO, json!({})).await;
    assert!(
        info["permissions"]
            .as_array()
            .unwrap()
            .contains(&json!("work:store:staff:add"))
    );

    // The code is the identity: changing it on purpose is what closes the API.
    admin
        .data(
            MENU_EDIT,
            edit_form(
                &staff,
                "/work/store/people",
                &json!("work:store:people:list"),
            ),
        )
        .await;
    manager
        .post(STAFF, json!({}))
        .await
        .assert_error(10020001, "无权限执行该操作");
}

async fn every_code_a_route_needs_is_in_the_seeded_tree(app: TestApp) {
    let tree = app.as_user("admin").await.data(MENU_TREE, json!({})).await;
    let mut seeded = HashSet::new();
    for entry in entries(&tree) {
        if entry["menuType"] == 2 {
            seeded.insert(entry["perms"].as_str().unwrap().to_owned());
        }
        for action in entry["actions"].as_array().unwrap() {
            seeded.insert(action["perms"].as_str().unwrap().to_owned());
        }
    }
    for (name, need) in need::ALL {
        assert!(!need.codes().is_empty(), "{name} opens to anyone");
        for code in need.codes() {
            assert!(seeded.contains(*code), "{name}: {code} is not seeded");
        }
    }
}

on_both_backends!(
    moving_a_page_keeps_who_may_call_its_api,
    every_code_a_route_needs_is_in_the_seeded_tree,
);
