//! Roles: a role with limited actions hides the rest and the server refuses them; nobody hands
//! on more than they hold; custom and department scopes reach exactly their rows.

use serde_json::{Value, json};

use crate::common::{MENU, TestApp, USER_INFO};
use crate::fixtures::{AUDIT, ROLES, STAFF, Seeded};
use crate::on_both_backends;

const ROLE_ADD: &str = "/api/v1/fm/role/add";
const ROLE_EDIT: &str = "/api/v1/fm/role/edit";
const ROLE_DELETE: &str = "/api/v1/fm/role/delete";
const ROLE_DETAIL: &str = "/api/v1/fm/role/detail";
const TREE: &str = "/api/v1/fm/role/permissionTree";
const SAVE: &str = "/api/v1/fm/role/savePermissions";
const STAFF_ADD: &str = "/api/v1/fm/staff/add";

fn walk(nodes: &Value, out: &mut Vec<Value>) {
    for node in nodes.as_array().unwrap() {
        out.push(node.clone());
        walk(&node["children"], out);
    }
}

fn find(nodes: &Value, page: &str) -> Value {
    let mut all = Vec::new();
    walk(nodes, &mut all);
    all.into_iter()
        .find(|n| n["menuPage"] == page)
        .unwrap_or_else(|| panic!("{page} missing"))
}

fn usernames(page: &Value) -> Vec<String> {
    let mut names: Vec<String> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["username"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

async fn a_role_with_limited_actions_hides_and_refuses_the_rest(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let role = manager
        .data(
            ROLE_ADD,
            json!({ "name": "门店助理", "dataScope": "STORE", "remark": "只看员工" }),
        )
        .await;
    assert_eq!(
        (role["storeId"].as_i64(), role["organisationId"].as_i64()),
        (Some(s.stores["西湖店"]), Some(s.org("安居经纪")))
    );
    let tree = manager.data(TREE, json!({ "id": role["id"] })).await["tree"].clone();
    assert!(
        tree.as_array()
            .unwrap()
            .iter()
            .all(|root| root["menuPage"] == "/work"),
        "only what the manager holds is offered"
    );
    let staff_page = find(&tree, "/work/store/staff");
    assert_eq!(staff_page["checked"], false);
    let export = staff_page["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["code"] == "export")
        .unwrap()["actionId"]
        .clone();
    let saved = manager
        .data(
            SAVE,
            json!({ "id": role["id"], "menuIds": [staff_page["menuId"]], "actionIds": [export] }),
        )
        .await;
    let page = find(&saved["tree"], "/work/store/staff");
    assert_eq!(page["checked"], true);
    let checked: Vec<&str> = page["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["checked"] == true)
        .map(|a| a["code"].as_str().unwrap())
        .collect();
    assert_eq!(checked, ["export"]);

    manager
        .data(STAFF_ADD, json!({
            "username": "assistant", "password": "Start@123", "realName": "周助理", "mobile": "13912345601",
            "storeId": s.stores["西湖店"], "roleIds": [role["id"]],
        }))
        .await;
    let assistant = app.as_user_with("assistant", "Start@123").await;
    let menu = assistant.data(MENU, json!({})).await;
    let entry = find(&menu, "/work/store/staff");
    let actions: Vec<&str> = entry["authActions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["componentPath"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["export"], "the add button has no action to show");
    let info = assistant.data(USER_INFO, json!({})).await;
    let permissions = info["permissions"].as_array().unwrap();
    assert!(permissions.contains(&json!("work:store:staff:list")));
    assert!(permissions.contains(&json!("work:store:staff:export")));
    assert!(!permissions.contains(&json!("work:store:staff:add")));
    // Calling the hidden action anyway is refused by the server, and nothing is written.
    assistant
        .post(STAFF_ADD, json!({ "username": "sneaky", "password": "Start@123", "realName": "偷偷", "mobile": "13912345602", "roleIds": [] }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    assert_eq!(
        usernames(&assistant.data(STAFF, json!({})).await),
        ["agent", "assistant", "manager"]
    );
    assistant
        .post("/api/v1/fm/role/list", json!({}))
        .await
        .assert_error(10020001, "无权限执行该操作");

    let audit = app
        .as_user("admin")
        .await
        .data(
            AUDIT,
            json!({ "entity": "rolePermission", "entityId": role["id"] }),
        )
        .await;
    let entry = &audit["list"][0];
    assert_eq!(entry["before"], json!({ "menuIds": [], "actionIds": [] }));
    assert_eq!(entry["after"]["actionIds"], json!([export]));
    assert_eq!(entry["actorName"], "王建国");
    assert_eq!(
        entry["entityName"], role["name"],
        "permission changes name their role"
    );
}

async fn nobody_hands_on_more_than_they_hold(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    // The forms offer only the scopes the caller may give, so nobody picks one to be refused.
    assert_eq!(
        manager.data("/api/v1/fm/role/dataScopes", json!({})).await,
        json!(["STORE", "DEPT_AND_BELOW", "DEPT", "CUSTOM", "SELF"])
    );
    assert_eq!(
        app.as_user("boss")
            .await
            .data("/api/v1/fm/role/dataScopes", json!({}))
            .await[0],
        "COMPANY",
        "a general manager is not offered 全部数据"
    );
    for scope in ["COMPANY", "ALL", "STORE_GROUP", "CITY_SITE"] {
        manager
            .post(ROLE_ADD, json!({ "name": "越权", "dataScope": scope }))
            .await
            .assert_error(10020004, "不能授予超出自身范围的数据权限");
    }
    manager
        .post(ROLE_ADD, json!({ "name": "越权", "dataScope": "CUSTOM", "customStoreIds": [s.stores["滨江店"]] }))
        .await
        .assert_error(10020004, "不能授予超出自身范围的数据权限");
    manager
        .post(ROLE_ADD, json!({ "name": "", "dataScope": "SELF" }))
        .await
        .assert_error(10000004, "角色名称不能为空");
    manager
        .post(ROLE_ADD, json!({ "name": "x", "dataScope": "self" }))
        .await
        .assert_error(10000004, "请选择数据权限");
    manager
        .post(ROLE_ADD, json!({ "name": "x", "dataScope": "CUSTOM" }))
        .await
        .assert_error(10000004, "请选择自定义数据范围的部门或门店");

    let role = manager
        .data(ROLE_ADD, json!({ "name": "店员", "dataScope": "SELF" }))
        .await;
    manager
        .post(ROLE_ADD, json!({ "name": "店员", "dataScope": "SELF" }))
        .await
        .assert_error(10000409, "该范围内已存在同名角色");
    let boss = app.as_user("boss").await;
    boss.post(ROLE_ADD, json!({ "name": "店长", "dataScope": "STORE" }))
        .await
        .assert_error(10000409, "该范围内已存在同名角色");

    let city_menu = app
        .as_user("admin")
        .await
        .data("/api/v1/fm/menu/tree", json!({}))
        .await;
    let coc_page = find(&city_menu, "/coc/hr/staff")["menuId"].clone();
    manager
        .post(
            SAVE,
            json!({ "id": role["id"], "menuIds": [coc_page], "actionIds": [] }),
        )
        .await
        .assert_error(10020004, "不能授予自身没有的菜单或操作权限");
    // An action ticked alone brings its page and every directory above it, as the tree shows.
    let staff_page = find(&city_menu, "/work/store/staff");
    let add = staff_page["actions"][0]["id"].clone();
    let saved = manager
        .data(
            SAVE,
            json!({ "id": role["id"], "menuIds": [], "actionIds": [add] }),
        )
        .await;
    for granted in ["/work", "/work/store", "/work/store/staff"] {
        assert_eq!(find(&saved["tree"], granted)["checked"], true, "{granted}");
    }
    assert_eq!(find(&saved["tree"], "/work/store/cost")["checked"], false);
    let actions = &find(&saved["tree"], "/work/store/staff")["actions"];
    let ticked: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["checked"] == true)
        .map(|a| a["code"].as_str().unwrap())
        .collect();
    assert_eq!(ticked, ["add"]);
    manager
        .post(
            SAVE,
            json!({ "id": role["id"], "menuIds": [999_999], "actionIds": [] }),
        )
        .await
        .assert_error(10000004, "所选菜单不存在");
    // A company role is read by its stores' managers but changed only at company level.
    manager
        .post(
            ROLE_EDIT,
            json!({ "id": s.roles["安居经纪/店长"], "name": "店长", "dataScope": "COMPANY" }),
        )
        .await
        .assert_error(10020002, "无权限访问该数据");
    manager
        .post(STAFF_ADD, json!({
            "username": "vice", "password": "Start@123", "realName": "副总", "mobile": "13912345603",
            "storeId": s.stores["西湖店"], "roleIds": [s.roles["安居经纪/总经理"]],
        }))
        .await
        .assert_error(10020004, "不能分配超出自身权限的角色");
    // Nor a post above their own: 总经理 is neither offered to a store manager nor accepted.
    manager
        .post(STAFF_ADD, json!({
            "username": "vice", "password": "Start@123", "realName": "副总", "mobile": "13912345603",
            "storeId": s.stores["西湖店"], "positionId": s.positions["安居经纪/总经理"],
        }))
        .await
        .assert_error(10020004, "不能分配高于自身岗位的岗位");
    let posts = manager
        .data("/api/v1/fm/org/position/options", json!({}))
        .await;
    let posts: Vec<&str> = posts
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(posts, ["店长", "经纪人", "店员"]);
    let options = manager.data("/api/v1/fm/role/options", json!({})).await;
    let offered: Vec<&str> = options
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        offered,
        ["店长", "经纪人", "店员"],
        "the manager may assign these and not 总经理"
    );

    // A role in use stays; an unused one goes, audited.
    boss.post(ROLE_DELETE, json!({ "id": s.roles["安居经纪/经纪人"] }))
        .await
        .assert_error(10020006, "该角色已分配给员工，无法删除");
    manager.data(ROLE_DELETE, json!({ "id": role["id"] })).await;
    let audit = app
        .as_user("admin")
        .await
        .data(AUDIT, json!({ "entity": "role", "entityId": role["id"] }))
        .await;
    let actions: Vec<&str> = audit["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["delete", "create"]);
}

async fn custom_and_department_scopes_reach_exactly_their_rows(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let staff_menu = find(
        &app.as_user("admin")
            .await
            .data("/api/v1/fm/menu/tree", json!({}))
            .await,
        "/work/store/staff",
    )["menuId"]
        .clone();
    let make_role = |name: &str, scope: &str, departments: Vec<i64>| json!({ "name": name, "dataScope": scope, "customDepartmentIds": departments });
    let custom = boss
        .data(
            ROLE_ADD,
            make_role("二部观察员", "CUSTOM", vec![s.departments["销售二部"]]),
        )
        .await;
    assert_eq!(
        custom["customDepartmentIds"],
        json!([s.departments["销售二部"]])
    );
    let below = boss
        .data(ROLE_ADD, make_role("一部主管", "DEPT_AND_BELOW", vec![]))
        .await;
    for role in [&custom, &below] {
        boss.data(
            SAVE,
            json!({ "id": role["id"], "menuIds": [staff_menu], "actionIds": [] }),
        )
        .await;
    }
    let child = boss
        .data(
            "/api/v1/fm/org/department/add",
            json!({ "parentId": s.departments["销售一部"], "name": "一部一组" }),
        )
        .await;
    let person = |username: &str, mobile: &str, department: Value, role: &Value| {
        json!({
            "username": username, "password": "Start@123", "realName": format!("员工{username}"), "mobile": mobile,
            "storeId": s.stores["西湖店"], "departmentId": department, "roleIds": [role["id"]],
        })
    };
    let mut watcher = person(
        "watcher",
        "13912345611",
        json!(s.departments["总经办"]),
        &custom,
    );
    watcher["storeId"] = Value::Null;
    boss.data(STAFF_ADD, watcher).await;
    boss.data(
        STAFF_ADD,
        person(
            "second",
            "13912345612",
            json!(s.departments["销售二部"]),
            &custom,
        ),
    )
    .await;
    boss.data(
        STAFF_ADD,
        person(
            "lead",
            "13912345613",
            json!(s.departments["销售一部"]),
            &below,
        ),
    )
    .await;
    boss.data(
        STAFF_ADD,
        person("groupie", "13912345614", child["id"].clone(), &below),
    )
    .await;

    let watcher = app.as_user_with("watcher", "Start@123").await;
    assert_eq!(usernames(&watcher.data(STAFF, json!({})).await), ["second"]);
    let lead = app.as_user_with("lead", "Start@123").await;
    assert_eq!(
        usernames(&lead.data(STAFF, json!({})).await),
        ["agent", "groupie", "lead", "manager"]
    );
    let groupie = app.as_user_with("groupie", "Start@123").await;
    assert_eq!(
        usernames(&groupie.data(STAFF, json!({})).await),
        ["groupie"]
    );
}

/// Each role row says which row actions its reader may use: a store manager reads the company's
/// roles but changes, deletes and sets permissions only on their store's own; the company's
/// general manager may change the company's roles.
async fn role_rows_offer_only_what_the_caller_may_change(app: TestApp) {
    let s = Seeded::load(&app).await;
    let company_role = json!(s.roles["安居经纪/店长"]);
    let manager = app.as_user("manager").await;
    let own = manager
        .data(ROLE_ADD, json!({ "name": "门店文员", "dataScope": "SELF" }))
        .await;
    let page = manager
        .data(ROLES, json!({ "pageNum": 1, "pageSize": 100 }))
        .await;
    let offered = |id: &Value| {
        page["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|role| &role["id"] == id)
            .unwrap_or_else(|| panic!("role {id} is listed"))["availableActions"]
            .clone()
    };
    assert_eq!(offered(&own["id"]), json!(["edit", "delete", "permission"]));
    assert_eq!(offered(&company_role), json!([]));
    let read_only = manager
        .data(ROLE_DETAIL, json!({ "id": company_role }))
        .await;
    assert_eq!(read_only["availableActions"], json!([]));
    let boss = app.as_user("boss").await;
    let writable = boss.data(ROLE_DETAIL, json!({ "id": company_role })).await;
    assert_eq!(
        writable["availableActions"],
        json!(["edit", "delete", "permission"])
    );
}

/// A general manager who unticks their own role's permissions would lock the whole company out:
/// a role one holds offers no 编辑, 删除 or 权限设置, and each is refused; nothing changes. City
/// operations, above the company, still change it.
async fn a_role_one_holds_is_read_only_to_them(app: TestApp) {
    let s = Seeded::load(&app).await;
    let own_role = json!(s.roles["安居经纪/总经理"]);
    let boss = app.as_user("boss").await;
    let detail = boss.data(ROLE_DETAIL, json!({ "id": own_role })).await;
    assert_eq!(detail["availableActions"], json!([]));
    let before = boss.data(TREE, json!({ "id": own_role })).await;
    assert_eq!(
        before["role"]["availableActions"],
        json!([]),
        "权限设置 reads only"
    );
    for (path, body) in [
        (
            SAVE,
            json!({ "id": own_role, "menuIds": [], "actionIds": [] }),
        ),
        (
            ROLE_EDIT,
            json!({ "id": own_role, "name": "总经理", "dataScope": "SELF" }),
        ),
        (ROLE_DELETE, json!({ "id": own_role })),
    ] {
        boss.post(path, body)
            .await
            .assert_error(10020002, "不能修改自己所属的角色");
    }
    let after = boss.data(TREE, json!({ "id": own_role })).await;
    assert_eq!(checked(&after["tree"]), checked(&before["tree"]));
    assert_eq!(after["role"]["dataScope"], before["role"]["dataScope"]);
    // The workspace still answers with its pages.
    assert!(
        !boss.data(USER_INFO, json!({})).await["permissions"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    // Another role of the same company stays the general manager's to change.
    let manager_role = boss
        .data(ROLE_DETAIL, json!({ "id": s.roles["安居经纪/店长"] }))
        .await;
    assert_eq!(
        manager_role["availableActions"],
        json!(["edit", "delete", "permission"])
    );
    // City operations, above the company, may change the general manager's role.
    let city = app.as_user("city").await;
    let tree = city.data(TREE, json!({ "id": own_role })).await;
    assert_eq!(
        tree["role"]["availableActions"],
        json!(["edit", "delete", "permission"])
    );
    let from_above = city.data(ROLE_DETAIL, json!({ "id": own_role })).await;
    assert_eq!(
        from_above["availableActions"],
        json!(["edit", "delete", "permission"])
    );
    let renamed = city
        .data(
            ROLE_EDIT,
            json!({ "id": own_role, "name": "总经理", "dataScope": before["role"]["dataScope"], "remark": "城市运营调整" }),
        )
        .await;
    assert_eq!(renamed["remark"], "城市运营调整");
}

/// Every menu and action id the tree marks checked.
fn checked(tree: &Value) -> (Vec<i64>, Vec<i64>) {
    let mut nodes = Vec::new();
    walk(tree, &mut nodes);
    let mut menus = Vec::new();
    let mut actions = Vec::new();
    for node in nodes {
        if node["checked"] == true {
            menus.push(node["menuId"].as_i64().unwrap());
        }
        for action in node["actions"].as_array().unwrap() {
            if action["checked"] == true {
                actions.push(action["actionId"].as_i64().unwrap());
            }
        }
    }
    menus.sort_unstable();
    actions.sort_unstable();
    (menus, actions)
}

fn roots(tree: &Value) -> Vec<&str> {
    tree.as_array()
        .unwrap()
        .iter()
        .map(|root| root["menuPage"].as_str().unwrap())
        .collect()
}

async fn saving_a_role_keeps_what_the_editor_cannot_grant(app: TestApp) {
    let s = Seeded::load(&app).await;
    let city = app.as_user("city").await;
    let store_manager = s.roles["安居经纪/店长"];
    let manager_menu = app.as_user("manager").await.data(MENU, json!({})).await;

    // City operations edit a company role in the company's workspace, seeing its real grants.
    let seen = city.data(TREE, json!({ "id": store_manager })).await;
    assert_eq!(roots(&seen["tree"]), ["/work"]);
    assert_eq!(find(&seen["tree"], "/work/store/staff")["checked"], true);
    assert_eq!(seen["keptGrants"], 0);
    let (menus, actions) = checked(&seen["tree"]);
    let saved = city
        .data(
            SAVE,
            json!({ "id": store_manager, "menuIds": menus, "actionIds": actions }),
        )
        .await;
    assert_eq!(checked(&saved["tree"]), (menus, actions));
    assert_eq!(
        app.as_user("manager").await.data(MENU, json!({})).await,
        manager_menu,
        "saving untouched changes nothing for the role's holders"
    );
    city.post(
        SAVE,
        json!({ "id": store_manager, "menuIds": [s.menus["/coc/hr/staff"]], "actionIds": [] }),
    )
    .await
    .assert_error(10020004, "不能授予自身没有的菜单或操作权限");

    // A grant the editor cannot give survives their save, and they are told it is there.
    let admin = app.as_user("admin").await;
    let role = admin
        .data(
            ROLE_ADD,
            json!({ "name": "区域督导", "dataScope": "COMPANY", "organisationId": s.org("安居经纪") }),
        )
        .await;
    let foreign = s.menus["/coc/hr/staff"];
    admin
        .data(SAVE, json!({
            "id": role["id"],
            "menuIds": [foreign, s.menus["/work/store/staff"], s.menus["/work/enterprise/role"]],
            "actionIds": [],
        }))
        .await;
    let boss = app.as_user("boss").await;
    let seen = boss.data(TREE, json!({ "id": role["id"] })).await;
    assert_eq!(roots(&seen["tree"]), ["/work"]);
    // The /coc page and the two directories above it, which the admin's save brought.
    assert_eq!(seen["keptGrants"], 3);
    let saved = boss
        .data(
            SAVE,
            json!({ "id": role["id"], "menuIds": [s.menus["/work/store/staff"]], "actionIds": [] }),
        )
        .await;
    assert_eq!(saved["keptGrants"], 3);
    let held = app
        .as_user("admin")
        .await
        .data(TREE, json!({ "id": role["id"] }))
        .await;
    let (menus, _) = checked(&held["tree"]);
    assert_eq!(
        menus,
        {
            let mut expected = vec![s.menus["/coc"], s.menus["/coc/hr"], foreign];
            expected.extend(["/work", "/work/store", "/work/store/staff"].map(|m| s.menus[m]));
            expected.sort_unstable();
            expected
        },
        "the boss removed 角色 and kept the /coc page they cannot see"
    );
}

async fn city_operations_make_a_working_role_for_a_new_company(app: TestApp) {
    let s = Seeded::load(&app).await;
    let city = app.as_user("city").await;
    let company = city
        .data("/api/v1/fm/org/company/add", json!({
            "name": "新开经纪", "scope": 2, "contactName": "钱新", "contactMobile": "13912345690",
            "siteId": s.sites["杭州"],
        }))
        .await;
    let role = city
        .data(
            ROLE_ADD,
            json!({ "name": "总经理", "dataScope": "COMPANY", "organisationId": company["id"] }),
        )
        .await;
    assert_eq!(
        role["menuCount"], 0,
        "a new role opens nothing: the list says 未设置权限"
    );
    let tree = city.data(TREE, json!({ "id": role["id"] })).await["tree"].clone();
    assert_eq!(roots(&tree), ["/work"]);
    let staff = find(&tree, "/work/store/staff");
    let add = staff["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["code"] == "add")
        .unwrap()["actionId"]
        .clone();
    let saved = city
        .data(
            SAVE,
            json!({ "id": role["id"], "menuIds": [staff["menuId"]], "actionIds": [add] }),
        )
        .await;
    assert_eq!(find(&saved["tree"], "/work/store/staff")["checked"], true);

    // The role the city made is the city's to give: 新增员工 offers it and the company's general
    // manager, added with it, logs in to the company workspace.
    let offered = city
        .data(
            "/api/v1/fm/role/options",
            json!({ "organisationId": company["id"] }),
        )
        .await;
    let names: Vec<&str> = offered
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["总经理"]);
    // The ticked page brings the directories above it (门店工作台, 门店管理): three entries.
    assert_eq!(
        offered[0]["menuCount"], 3,
        "the picker knows the role opens a page"
    );
    assert_eq!(
        city.data(ROLE_DETAIL, json!({ "id": role["id"] })).await["menuCount"],
        3
    );
    city.data(STAFF_ADD, json!({
        "username": "xinkai", "password": "Start@123", "realName": "钱新", "mobile": "13912345691",
        "organisationId": company["id"], "roleIds": [role["id"]],
    }))
    .await;
    let manager = app.as_user_with("xinkai", "Start@123").await;
    let menu = manager.data(MENU, json!({})).await;
    let roots: Vec<&str> = menu
        .as_array()
        .unwrap()
        .iter()
        .map(|root| root["menuPage"].as_str().unwrap())
        .collect();
    assert_eq!(roots, ["/work"]);
    find(&menu, "/work/store/staff");
    let info = manager.data(USER_INFO, json!({})).await;
    assert!(
        info["permissions"]
            .as_array()
            .unwrap()
            .contains(&json!("work:store:staff:add"))
    );
}

on_both_backends!(
    a_role_one_holds_is_read_only_to_them,
    role_rows_offer_only_what_the_caller_may_change,
    a_role_with_limited_actions_hides_and_refuses_the_rest,
    nobody_hands_on_more_than_they_hold,
    custom_and_department_scopes_reach_exactly_their_rows,
    saving_a_role_keeps_what_the_editor_cannot_grant,
    city_operations_make_a_working_role_for_a_new_company,
);
