//! Organisation and configuration forms: every bad input gets a clear Chinese error and writes
//! nothing; records in use are not deleted; menus, apps and dictionary values behave.

use serde_json::{Value, json};

use crate::common::{Caller, MENU, TestApp};
use crate::fixtures::{
    AUDIT, COMPANIES, DEPARTMENTS, DICTIONARY, GROUPS, POSITIONS, SITES, STORES, Seeded,
};
use crate::on_both_backends;

/// Asserts a validation error naming `field`.
async fn refused(
    caller: &Caller<'_>,
    path: &str,
    body: Value,
    code: i64,
    field: Option<&str>,
    message: &str,
) {
    let answer = caller.post(path, body.clone()).await;
    answer.assert_error(code, message);
    if let Some(field) = field {
        assert_eq!(answer.body["errors"][field][0], message, "{path} {body}");
    }
}

async fn total(caller: &Caller<'_>, path: &str) -> Value {
    caller.data(path, json!({ "pageSize": 100 })).await["total"].clone()
}

async fn organisation_forms_refuse_bad_input(app: TestApp) {
    let s = Seeded::load(&app).await;
    let admin = app.as_user("admin").await;
    let long = "名".repeat(51);
    let site = "/api/v1/fm/org/citySite/add";
    let sites = total(&admin, SITES).await;
    refused(
        &admin,
        site,
        json!({ "name": "", "code": "x" }),
        10000004,
        Some("name"),
        "站点名称不能为空",
    )
    .await;
    refused(
        &admin,
        site,
        json!({ "name": long, "code": "x" }),
        10000004,
        Some("name"),
        "站点名称不能超过50个字符",
    )
    .await;
    refused(
        &admin,
        site,
        json!({ "name": "温州", "code": "Wen Zhou" }),
        10000004,
        Some("code"),
        "站点编码须为1-50位小写字母、数字、下划线或中划线",
    )
    .await;
    refused(
        &admin,
        site,
        json!({ "name": "杭州", "code": "hz2" }),
        10000409,
        None,
        "站点名称已存在",
    )
    .await;
    refused(
        &admin,
        site,
        json!({ "name": "温州", "code": "ningbo" }),
        10000409,
        None,
        "站点编码已存在",
    )
    .await;
    refused(
        &admin,
        site,
        json!({ "name": "温州", "code": "wenzhou", "sort": 10000 }),
        10000004,
        Some("sort"),
        "排序须为0-9999之间的整数",
    )
    .await;
    refused(
        &admin,
        site,
        json!({ "name": "温州" }),
        10000002,
        None,
        "缺少必填字段：code",
    )
    .await;
    assert_eq!(total(&admin, SITES).await, sites);
    refused(
        &admin,
        "/api/v1/fm/org/citySite/delete",
        json!({ "id": s.sites["杭州"] }),
        10020006,
        None,
        "该城市站点下还有公司或员工，无法删除",
    )
    .await;

    let city = app.as_user("city").await;
    let company = "/api/v1/fm/org/company/add";
    let companies = total(&admin, COMPANIES).await;
    refused(
        &city,
        company,
        json!({ "name": "新公司", "scope": 5 }),
        10000004,
        Some("scope"),
        "请选择公司类型",
    )
    .await;
    refused(
        &city,
        company,
        json!({ "name": " ", "scope": 2 }),
        10000004,
        Some("name"),
        "公司名称不能为空",
    )
    .await;
    refused(
        &city,
        company,
        json!({ "name": "新公司", "scope": 2, "contactMobile": "12345" }),
        10000004,
        Some("contactMobile"),
        "请输入正确的手机号码",
    )
    .await;
    refused(
        &city,
        company,
        json!({ "name": "安居经纪", "scope": 2 }),
        10000409,
        None,
        "该城市已存在同名公司",
    )
    .await;
    refused(
        &city,
        company,
        json!({ "name": "新公司", "scope": 2, "siteId": s.sites["宁波"] }),
        10020002,
        None,
        "无权限访问该数据",
    )
    .await;
    assert_eq!(total(&admin, COMPANIES).await, companies);
    refused(
        &city,
        "/api/v1/fm/org/company/delete",
        json!({ "id": s.org("安居经纪") }),
        10020006,
        None,
        "该公司下还有门店或员工，无法删除",
    )
    .await;
    let added = city
        .data(
            company,
            json!({ "name": "新公司", "scope": 3, "contactMobile": "13912340000" }),
        )
        .await;
    assert_eq!(
        (added["siteName"].as_str(), added["contactMobile"].as_str()),
        (Some("杭州"), Some("13912340000"))
    );
    let listed = city.data(COMPANIES, json!({ "scope": 3 })).await;
    assert_eq!(listed["total"], 2);
    assert_eq!(
        listed["list"][1]["contactMobile"], "139****0000",
        "lists mask the contact"
    );

    let boss = app.as_user("boss").await;
    let groups = total(&admin, GROUPS).await;
    refused(
        &boss,
        "/api/v1/fm/org/storeGroup/add",
        json!({ "name": "西湖片区" }),
        10000409,
        None,
        "该公司下已存在同名门店组",
    )
    .await;
    refused(
        &boss,
        "/api/v1/fm/org/storeGroup/add",
        json!({ "name": long }),
        10000004,
        Some("name"),
        "门店组名称不能超过50个字符",
    )
    .await;
    assert_eq!(total(&admin, GROUPS).await, groups);
    refused(
        &boss,
        "/api/v1/fm/org/storeGroup/delete",
        json!({ "id": s.groups["西湖片区"] }),
        10020006,
        None,
        "该门店组下还有门店，无法删除",
    )
    .await;
    let stores = total(&admin, STORES).await;
    refused(
        &boss,
        "/api/v1/fm/org/store/add",
        json!({ "name": "滨江店" }),
        10000409,
        None,
        "该公司下已存在同名门店",
    )
    .await;
    refused(
        &boss,
        "/api/v1/fm/org/store/add",
        json!({ "name": "新店", "address": "地".repeat(201) }),
        10000004,
        Some("address"),
        "门店地址不能超过200个字符",
    )
    .await;
    refused(&admin, "/api/v1/fm/org/store/add", json!({ "organisationId": s.org("安居经纪"), "storeGroupId": s.groups["海曙片区"], "name": "新店" }), 10000004, Some("storeGroupId"), "门店组不属于该公司").await;
    assert_eq!(total(&admin, STORES).await, stores);
    refused(
        &boss,
        "/api/v1/fm/org/store/delete",
        json!({ "id": s.stores["西湖店"] }),
        10020006,
        None,
        "该门店下还有员工或部门，无法删除",
    )
    .await;

    // Moving a store to a new group carries its people along, so group scopes stay right.
    let group = boss
        .data(
            "/api/v1/fm/org/storeGroup/add",
            json!({ "name": "城西片区" }),
        )
        .await;
    boss.data(
        "/api/v1/fm/org/store/edit",
        json!({ "id": s.stores["西湖店"], "storeGroupId": group["id"], "name": "西湖店" }),
    )
    .await;
    let agent = admin
        .data("/api/v1/fm/staff/detail", json!({ "id": s.users["agent"] }))
        .await;
    assert_eq!(agent["storeGroupId"], group["id"]);

    let team = s.departments["销售一部"];
    refused(
        &boss,
        "/api/v1/fm/org/department/add",
        json!({ "parentId": team, "name": "" }),
        10000004,
        Some("name"),
        "部门名称不能为空",
    )
    .await;
    refused(
        &boss,
        "/api/v1/fm/org/department/add",
        json!({ "name": "总经办" }),
        10000409,
        None,
        "同级下已存在同名部门",
    )
    .await;
    refused(
        &boss,
        "/api/v1/fm/org/department/add",
        json!({ "parentId": team, "storeId": s.stores["滨江店"], "name": "跨店" }),
        10000004,
        Some("storeId"),
        "下级部门须与上级部门属于同一门店",
    )
    .await;
    let child = boss
        .data(
            "/api/v1/fm/org/department/add",
            json!({ "parentId": team, "name": "一组" }),
        )
        .await;
    assert_eq!(
        child["storeName"], "西湖店",
        "a sub-department sits in its parent's store"
    );
    refused(&boss, "/api/v1/fm/org/department/edit", json!({ "id": team, "parentId": child["id"], "storeId": s.stores["西湖店"], "name": "销售一部" }), 10000004, Some("parentId"), "上级部门不能是自身或其下级部门").await;
    refused(
        &boss,
        "/api/v1/fm/org/department/delete",
        json!({ "id": team }),
        10020006,
        None,
        "该部门下还有下级部门或员工，无法删除",
    )
    .await;
    let tree = boss.data(DEPARTMENTS, json!({})).await;
    let first = tree
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == "销售一部")
        .unwrap();
    assert_eq!(first["children"][0]["name"], "一组");
    assert_eq!(first["staffCount"], 2);

    let positions = total(&admin, POSITIONS).await;
    refused(
        &boss,
        "/api/v1/fm/org/position/add",
        json!({ "name": "超级管理员" }),
        10000004,
        Some("name"),
        "岗位名称「超级管理员」为系统保留",
    )
    .await;
    refused(
        &boss,
        "/api/v1/fm/org/position/add",
        json!({ "name": "店长" }),
        10000409,
        None,
        "该公司下已存在同名岗位",
    )
    .await;
    assert_eq!(total(&admin, POSITIONS).await, positions);
    refused(
        &boss,
        "/api/v1/fm/org/position/delete",
        json!({ "id": s.positions["安居经纪/店长"] }),
        10020006,
        None,
        "该岗位下还有员工，无法删除",
    )
    .await;
    refused(
        &admin,
        "/api/v1/fm/org/position/edit",
        json!({ "id": s.positions["/超级管理员"], "name": "管理员" }),
        10020007,
        None,
        "全局数据仅超级管理员可修改",
    )
    .await;
}

async fn dictionary_values_must_read_as_their_type(app: TestApp) {
    let boss = app.as_user("boss").await;
    let add = "/api/v1/fm/dictionary/add";
    let before = total(&boss, DICTIONARY).await;
    let entry = |key: &str, value_type: &str, value: &str| json!({ "dictKey": key, "label": "测试", "valueType": value_type, "value": value });
    refused(
        &boss,
        add,
        entry("1key", "string", "x"),
        10000004,
        Some("dictKey"),
        "参数键名须为1-50位字母、数字、点或下划线，且以字母开头",
    )
    .await;
    refused(
        &boss,
        add,
        entry("a.n", "number", "12a"),
        10000004,
        Some("value"),
        "请输入数字",
    )
    .await;
    refused(
        &boss,
        add,
        entry("a.b", "boolean", "yes"),
        10000004,
        Some("value"),
        "请输入true或false",
    )
    .await;
    refused(
        &boss,
        add,
        entry("a.j", "json", "{a:1}"),
        10000004,
        Some("value"),
        "请输入合法的JSON",
    )
    .await;
    refused(
        &boss,
        add,
        entry("a.t", "text", "x"),
        10000004,
        Some("valueType"),
        "请选择参数类型",
    )
    .await;
    refused(
        &boss,
        add,
        entry("a.s", "string", " "),
        10000004,
        Some("value"),
        "参数值不能为空",
    )
    .await;
    refused(
        &boss,
        add,
        entry("house.maxImages", "number", "1"),
        10000409,
        None,
        "参数键名已存在",
    )
    .await;
    assert_eq!(total(&boss, DICTIONARY).await, before);
    let saved = boss
        .data(add, entry("crm.levels", "json", "{ \"a\": [1, 2] }"))
        .await;
    assert_eq!(saved["value"], "{\"a\":[1,2]}");
    // 甬城置业 keeps its own keys; the same key there is no clash.
    app.as_user("nbmanager")
        .await
        .data(DICTIONARY, json!({}))
        .await["list"]
        .as_array()
        .unwrap()
        .iter()
        .for_each(|row| assert_eq!(row["organisationName"], "甬城置业"));
    let found = boss.data(DICTIONARY, json!({ "keyword": "保护期" })).await;
    assert_eq!(found["list"][0]["dictKey"], "customer.protectDays");
}

async fn city_reference_data_and_apps(app: TestApp) {
    let s = Seeded::load(&app).await;
    let city = app.as_user("city").await;
    let add = "/api/v1/fm/cityConfig/listingRole/add";
    refused(
        &city,
        add,
        json!({ "name": "分成过高", "ratio": "100.5" }),
        10000004,
        Some("ratio"),
        "请输入0-100之间的数字，最多两位小数",
    )
    .await;
    refused(
        &city,
        add,
        json!({ "name": "录入人" }),
        10000409,
        None,
        "名称已存在",
    )
    .await;
    let role = city
        .data(add, json!({ "name": "带看人", "ratio": "7.5" }))
        .await;
    assert_eq!(
        (role["ratio"].as_str(), role["siteName"].as_str()),
        (Some("7.50"), Some("杭州"))
    );
    // Short of 100% is taken, and each city's total then carries core's warning.
    let totals = "/api/v1/fm/cityConfig/listingRole/totals";
    let own = city.data(totals, json!({})).await;
    assert_eq!(own.as_array().unwrap().len(), 1, "only the caller's city");
    assert_eq!(
        (
            own[0]["siteName"].as_str(),
            own[0]["total"].as_str(),
            own[0]["complete"].as_bool()
        ),
        (Some("杭州"), Some("77.50"), Some(false))
    );
    assert_eq!(
        own[0]["warning"],
        "各角色分成比例合计为77.50%，不足100%，成交佣金将有22.50%无人分得"
    );
    let all = app.as_user("admin").await.data(totals, json!({})).await;
    let cities: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["siteName"].as_str().unwrap())
        .collect();
    assert_eq!(cities, ["杭州", "宁波"]);
    refused(
        &city,
        "/api/v1/fm/cityConfig/district/delete",
        json!({ "id": s.districts["西湖区"] }),
        10020006,
        None,
        "该区域下还有商圈或小区，无法删除",
    )
    .await;
    refused(
        &city,
        "/api/v1/fm/cityConfig/businessCircle/add",
        json!({ "districtId": s.districts["西湖区"], "name": "黄龙" }),
        10000409,
        None,
        "名称已存在",
    )
    .await;
    refused(
        &city,
        "/api/v1/fm/cityConfig/buildingType/add",
        json!({ "name": "" }),
        10000004,
        Some("name"),
        "类型名称不能为空",
    )
    .await;
    let areas = city
        .data("/api/v1/fm/cityConfig/district/tree", json!({}))
        .await;
    let names: Vec<&str> = areas
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["西湖区", "滨江区", "上城区"]);
    assert_eq!(areas[0]["circles"].as_array().unwrap().len(), 3);
    let ningbo = app
        .as_user("city2")
        .await
        .data("/api/v1/fm/cityConfig/district/tree", json!({}))
        .await;
    assert_eq!(ningbo[0]["name"], "海曙区");

    // Apps: the catalogue is global; a city switches them on, an organisation may differ.
    let admin = app.as_user("admin").await;
    refused(
        &admin,
        "/api/v1/fm/app/add",
        json!({ "code": "x1", "name": "新应用", "appType": 7 }),
        10000004,
        Some("appType"),
        "请选择应用类型",
    )
    .await;
    refused(
        &admin,
        "/api/v1/fm/app/add",
        json!({ "code": "eSign", "name": "新应用", "appType": 3 }),
        10000409,
        None,
        "应用编码已存在",
    )
    .await;
    refused(
        &city,
        "/api/v1/fm/app/add",
        json!({ "code": "x1", "name": "新应用", "appType": 1 }),
        10020001,
        None,
        "无权限执行该操作",
    )
    .await;
    let dashboard = s.apps["dashboard"];
    let enabled = |list: &Value, id: i64| {
        let row = list
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["appId"] == id)
            .unwrap()
            .clone();
        (
            row["enabled"].as_bool().unwrap(),
            row["inherited"].as_bool().unwrap(),
        )
    };
    let boss = app.as_user("boss").await;
    assert_eq!(
        enabled(
            &boss.data("/api/v1/fm/app/enablement", json!({})).await,
            dashboard
        ),
        (true, false)
    );
    assert_eq!(
        enabled(
            &city.data("/api/v1/fm/app/enablement", json!({})).await,
            dashboard
        ),
        (false, false)
    );
    let partner = app.as_user("partner").await;
    assert_eq!(
        enabled(
            &partner.data("/api/v1/fm/app/enablement", json!({})).await,
            s.apps["eSign"]
        ),
        (true, true)
    );
    let after = city.data("/api/v1/fm/app/setEnabled", json!({ "appId": s.apps["eSign"], "organisationId": s.org("优居合作机构"), "enabled": false })).await;
    assert_eq!(enabled(&after, s.apps["eSign"]), (false, false));
    assert_eq!(
        enabled(
            &partner.data("/api/v1/fm/app/enablement", json!({})).await,
            s.apps["eSign"]
        ),
        (false, false)
    );
    refused(
        &app.as_user("manager").await,
        "/api/v1/fm/app/setEnabled",
        json!({ "appId": dashboard, "enabled": false }),
        10020002,
        None,
        "无权限访问该数据",
    )
    .await;
}

async fn global_admins_edit_the_menu_tree(app: TestApp) {
    let s = Seeded::load(&app).await;
    let admin = app.as_user("admin").await;
    let work = s.menus["/work"];
    let add = "/api/v1/fm/menu/add";
    let page = |path: &str| json!({ "parentId": s.menus["/work/store"], "menuName": "排班", "menuType": 2, "status": 2, "menuPage": path, "perms": "work:store:shift:list", "componentPath": "work/store/shift", "actions": [{ "code": "add", "name": "新增", "perms": "work:store:shift:add" }, { "code": "export", "name": "导出", "perms": "work:store:shift:export" }] });
    refused(
        &admin,
        add,
        page("work/store/shift"),
        10000004,
        Some("menuPage"),
        "路由地址须以/开头，不含空格，且不超过200个字符",
    )
    .await;
    refused(
        &admin,
        add,
        page("/work/store/staff"),
        10000409,
        None,
        "路由地址已存在",
    )
    .await;
    let mut wrong = page("/work/store/shift");
    wrong["status"] = json!(1);
    refused(
        &admin,
        add,
        wrong,
        10000004,
        Some("status"),
        "页面的状态须为2（显示）或3（隐藏详情页）",
    )
    .await;
    let mut duplicate_actions = page("/work/store/shift");
    duplicate_actions["actions"] = json!([{ "code": "add", "name": "新增", "perms": "work:store:shift:add" },
        { "code": "add", "name": "再增", "perms": "work:store:shift:addAgain" }]);
    refused(
        &admin,
        add,
        duplicate_actions,
        10000004,
        Some("actions"),
        "操作编码重复",
    )
    .await;
    // Permission codes are one identity each, across pages and actions.
    let mut taken_code = page("/work/store/shift");
    taken_code["perms"] = json!("work:store:staff:list");
    refused(
        &admin,
        add,
        taken_code,
        10000409,
        Some("perms"),
        "权限标识已存在",
    )
    .await;
    let mut taken_action_code = page("/work/store/shift");
    taken_action_code["actions"][1]["perms"] = json!("work:store:staff:add");
    refused(
        &admin,
        add,
        taken_action_code,
        10000409,
        Some("actions"),
        "权限标识「work:store:staff:add」已存在",
    )
    .await;
    let mut repeated_code = page("/work/store/shift");
    repeated_code["actions"][1]["perms"] = json!("work:store:shift:add");
    refused(
        &admin,
        add,
        repeated_code,
        10000004,
        Some("actions"),
        "操作的权限标识重复",
    )
    .await;
    let mut under_page = page("/work/store/shift");
    under_page["parentId"] = json!(s.menus["/work/mine"]);
    refused(
        &admin,
        add,
        under_page,
        10000004,
        Some("parentId"),
        "上级菜单须为目录",
    )
    .await;
    refused(
        &admin,
        "/api/v1/fm/menu/delete",
        json!({ "id": work }),
        10020006,
        None,
        "请先删除下级菜单",
    )
    .await;

    let shift = admin.data(add, page("/work/store/shift")).await;
    assert_eq!(shift["actions"].as_array().unwrap().len(), 2);
    // The boss is given the page through a role; renaming an action keeps the grant and its
    // permission code, removing one takes it away.
    let boss = app.as_user("boss").await;
    let role = boss
        .data(
            "/api/v1/fm/role/add",
            json!({ "name": "排班员", "dataScope": "STORE" }),
        )
        .await;
    let admin_role_save = json!({ "id": role["id"], "menuIds": [shift["menuId"]], "actionIds": [shift["actions"][0]["id"], shift["actions"][1]["id"]] });
    admin
        .data("/api/v1/fm/role/savePermissions", admin_role_save)
        .await;
    admin
        .data("/api/v1/fm/staff/edit", json!({
            "id": s.users["manager2"], "realName": "孙丽", "mobile": "13800000006", "storeId": s.stores["滨江店"],
            "departmentId": s.departments["滨江销售部"], "positionId": s.positions["安居经纪/店长"],
            "roleIds": [s.roles["安居经纪/店长"], role["id"]],
        }))
        .await;
    let edited = admin
        .data("/api/v1/fm/menu/edit", json!({
            "id": shift["menuId"], "parentId": s.menus["/work/store"], "menuName": "排班管理", "menuType": 2, "status": 2,
            "menuPage": "/work/store/shift", "perms": "work:store:shift:list", "componentPath": "work/store/shift", "sort": 9,
            "actions": [{ "id": shift["actions"][0]["id"], "code": "create", "name": "新建", "perms": "work:store:shift:add" }],
        }))
        .await;
    assert_eq!(edited["actions"][0]["code"], "create");
    assert_eq!(edited["actions"][0]["perms"], "work:store:shift:add");
    let manager2 = app.as_user("manager2").await;
    let info = manager2
        .data("/api/v1/fm/login/getLoginUserInfo", json!({}))
        .await;
    let permissions = info["permissions"].as_array().unwrap();
    assert!(permissions.contains(&json!("work:store:shift:add")));
    assert!(!permissions.contains(&json!("work:store:shift:export")));
    let menu = manager2.data(MENU, json!({})).await;
    assert!(menu.to_string().contains("排班管理"));
    assert!(menu.to_string().contains(r#""componentPath":"create""#));

    refused(
        &admin,
        "/api/v1/fm/menu/sort",
        json!({ "parentId": null, "ids": [work] }),
        10000004,
        Some("ids"),
        "排序的菜单须为同一上级下的全部菜单",
    )
    .await;
    let roots = [s.menus["/adminConfig"], s.menus["/coc"], work];
    let sorted = admin
        .data(
            "/api/v1/fm/menu/sort",
            json!({ "parentId": null, "ids": roots }),
        )
        .await;
    assert_eq!(sorted[0]["menuPage"], "/adminConfig");
    admin
        .data("/api/v1/fm/menu/delete", json!({ "id": shift["menuId"] }))
        .await;
    assert!(
        !manager2
            .data(MENU, json!({}))
            .await
            .to_string()
            .contains("排班管理")
    );
    let audit = admin.data(AUDIT, json!({ "entity": "menu" })).await;
    let actions: Vec<&str> = audit["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["delete", "update", "update", "create"]);
    assert_eq!(audit["list"][2]["before"]["menuName"], "排班");
    assert_eq!(audit["list"][2]["after"]["menuName"], "排班管理");
    assert_eq!(
        audit["list"][0]["entityName"], "排班管理",
        "a deleted entry keeps its name"
    );
}

on_both_backends!(
    organisation_forms_refuse_bad_input,
    dictionary_values_must_read_as_their_type,
    city_reference_data_and_apps,
    global_admins_edit_the_menu_tree,
);
