//! New homes over HTTP: city operations create, change and distribute projects; a company or
//! store reads only the projects distributed to it, another city never; the list's §9 filters
//! narrow it; commission rules reach only those holding 查看佣金.

use serde_json::{Value, json};

use crate::common::TestApp;
use crate::fixtures::Seeded;
use crate::on_both_backends;

const LIST: &str = "/api/v1/fm/house/newHouse/list";
const DETAIL: &str = "/api/v1/fm/house/newHouse/detail";
const ADD: &str = "/api/v1/fm/house/newHouse/add";
const EDIT: &str = "/api/v1/fm/house/newHouse/edit";
const DELETE: &str = "/api/v1/fm/house/newHouse/delete";
const TARGETS: &str = "/api/v1/fm/house/newHouse/distribution";
const DISTRIBUTE: &str = "/api/v1/fm/house/newHouse/distribute";

fn names(page: &Value) -> Vec<String> {
    let mut names: Vec<String> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["name"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

fn form(name: &str, district: i64) -> Value {
    json!({
        "name": name, "saleStatus": 3, "propertyType": 1, "districtId": district,
        "address": "杭州市西湖区测试路1号", "developer": "测试置业", "openingDate": "2026-12-01",
        "averagePrice": "35000.5", "propertyTerm": 70, "sellingPoints": "近地铁",
        "houseTypes": [
            { "name": "A户型", "rooms": 3, "halls": 2, "baths": 1, "areaMin": "89", "areaMax": "95.5",
              "priceMin": "300", "priceMax": "330.5", "saleStatus": 3 },
            { "name": "B户型", "rooms": "4", "halls": "2", "baths": "2", "areaMin": 120, "areaMax": 128,
              "saleStatus": 2 },
        ],
        "commissionRules": [
            { "kind": 1, "rate": "3.5", "validFrom": "2026-01-01", "validTo": "2026-06-30" },
            { "kind": 2, "amount": "20000", "validFrom": "2026-07-01" },
        ],
    })
}

async fn city_operations_create_change_and_delete_a_project(app: TestApp) {
    let s = Seeded::load(&app).await;
    let city = app.as_user("city").await;
    let created = city
        .data(ADD, form("测试花园", s.districts["西湖区"]))
        .await;
    assert_eq!(created["name"], "测试花园");
    assert_eq!(created["districtName"], "西湖区");
    // 元/㎡ in fen; the form's text comes back for editing.
    assert_eq!(created["averagePriceFen"], 3_500_050);
    assert_eq!(created["averagePriceText"], "35000.5");
    assert_eq!(created["rooms"], json!([3, 4]));
    let types = created["houseTypes"].as_array().unwrap();
    assert_eq!(types.len(), 2);
    assert_eq!(types[0]["areaMax"], 9550);
    // 330.5万 is 3 305 000.00 元.
    assert_eq!(types[0]["priceMaxFen"], 330_500_000);
    let rules = created["commissionRules"].as_array().unwrap();
    assert_eq!(rules[0]["rateBp"], 350);
    assert_eq!(rules[1]["amountFen"], 2_000_000);
    // Only city operations see where it is distributed: nowhere yet.
    assert_eq!(created["distribution"], json!([]));

    let id = created["id"].as_i64().unwrap();
    let mut changed = form("测试花园二期", s.districts["西湖区"]);
    changed["id"] = json!(id);
    changed["houseTypes"] = json!([]);
    let edited = city.data(EDIT, changed).await;
    assert_eq!(edited["name"], "测试花园二期");
    assert_eq!(edited["houseTypes"], json!([]));

    // The same name twice in a city is refused on the name.
    let twice = city
        .post(ADD, form("测试花园二期", s.districts["西湖区"]))
        .await;
    twice.assert_error(10000409, "该城市已有同名楼盘");
    assert_eq!(
        twice.body["errors"],
        json!({ "name": ["该城市已有同名楼盘"] })
    );

    // Rules that share a day are refused, naming both; a house type at fault says which.
    let mut overlapping = form("重叠楼盘", s.districts["西湖区"]);
    overlapping["commissionRules"][1]["validFrom"] = json!("2026-06-30");
    overlapping["houseTypes"][1]["areaMax"] = json!("100");
    let refused = city.post(ADD, overlapping).await;
    assert_eq!(refused.code(), 10000004);
    assert_eq!(
        refused.body["errors"],
        json!({
            "houseTypes": ["第2个户型：建面上限(㎡)不能小于建面下限"],
            "commissionRules": ["第2条佣金规则与第1条的有效期重叠"],
        })
    );

    // A district of another city is not this city's.
    let ningbo = app
        .as_user("admin")
        .await
        .data(
            "/api/v1/fm/cityConfig/district/tree",
            json!({ "siteId": s.sites["宁波"] }),
        )
        .await;
    let elsewhere = city
        .post(ADD, form("外地楼盘", ningbo[0]["id"].as_i64().unwrap()))
        .await;
    elsewhere.assert_error(10000004, "请选择本城市的区域");

    city.data(DELETE, json!({ "id": id })).await;
    city.post(DETAIL, json!({ "id": id }))
        .await
        .assert_error(10020003, "数据不存在或已被删除");
}

async fn distribution_narrows_what_companies_and_stores_read(app: TestApp) {
    let s = Seeded::load(&app).await;
    let city = app.as_user("city").await;
    let created = city
        .data(ADD, form("分销测试苑", s.districts["西湖区"]))
        .await;
    let id = created["id"].as_i64().unwrap();
    let sees = |page: &Value| names(page).contains(&"分销测试苑".to_owned());

    // Not distributed: no store user reads it.
    for user in ["manager", "agent", "boss", "manager2", "partner"] {
        let caller = app.as_user(user).await;
        assert!(
            !sees(&caller.data(LIST, json!({ "pageSize": 100 })).await),
            "{user}"
        );
        caller
            .post(DETAIL, json!({ "id": id }))
            .await
            .assert_error(10020002, "无权限访问该数据");
    }

    // To 西湖店 alone: its manager and agent, and their company's boss; not 滨江店.
    city.data(
        DISTRIBUTE,
        json!({ "id": id, "storeIds": [s.stores["西湖店"]] }),
    )
    .await;
    for (user, reads) in [
        ("manager", true),
        ("agent", true),
        ("boss", true),
        ("manager2", false),
        ("partner", false),
        ("city2", false),
        ("nbmanager", false),
    ] {
        let caller = app.as_user(user).await;
        assert_eq!(
            sees(&caller.data(LIST, json!({ "pageSize": 100 })).await),
            reads,
            "{user}"
        );
        assert_eq!(
            caller.post(DETAIL, json!({ "id": id })).await.code() == 0,
            reads,
            "{user}"
        );
    }
    let agent = app.as_user("agent").await;
    let detail = agent.data(DETAIL, json!({ "id": id })).await;
    // An agent sees the rules (查看佣金) but not where else it is sold.
    assert_eq!(detail["commissionRules"].as_array().unwrap().len(), 2);
    assert!(detail.get("distribution").is_none_or(Value::is_null));
    agent
        .post(
            DISTRIBUTE,
            json!({ "id": id, "organisationIds": [s.org("安居经纪")] }),
        )
        .await
        .assert_error(10020001, "无权限执行该操作");

    // To the whole company: 滨江店 reads it too, the city sees the choice.
    let now = city
        .data(DISTRIBUTE, json!({ "id": id, "organisationIds": [s.org("安居经纪")], "storeIds": [s.stores["西湖店"]] }))
        .await;
    assert_eq!(now[0]["organisationName"], "安居经纪");
    assert_eq!(now[0]["whole"], true);
    assert_eq!(
        now[0]["stores"],
        json!([]),
        "a store of a company chosen whole is covered"
    );
    let manager2 = app.as_user("manager2").await;
    assert!(sees(&manager2.data(LIST, json!({ "pageSize": 100 })).await));
    let targets = city.data(TARGETS, json!({ "id": id })).await;
    let anju = targets
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "安居经纪")
        .unwrap();
    assert_eq!(anju["chosen"], true);
    assert!(targets.to_string().contains("优居城西店"));
    assert!(
        !targets.to_string().contains("天一店"),
        "only the project's city"
    );

    // Another city's company or store is refused; the other city cannot distribute it at all.
    city.post(
        DISTRIBUTE,
        json!({ "id": id, "storeIds": [s.stores["天一店"]] }),
    )
    .await
    .assert_error(10000004, "只能分销给本城市的门店");
    app.as_user("city2")
        .await
        .post(DISTRIBUTE, json!({ "id": id, "organisationIds": [] }))
        .await
        .assert_error(10020002, "无权限访问该数据");

    // Withdrawn: nobody in the company reads it any more.
    city.data(DISTRIBUTE, json!({ "id": id })).await;
    assert!(!sees(
        &manager2.data(LIST, json!({ "pageSize": 100 })).await
    ));
}

async fn the_list_filters_by_the_spec_ranges(app: TestApp) {
    let agent = app.as_user("agent").await;
    let all = agent.data(LIST, json!({ "pageSize": 10 })).await;
    // The demo: 西溪云庐 to 安居经纪, 江南雲璟 to 西湖店.
    assert_eq!(names(&all), ["江南雲璟", "西溪云庐"]);
    assert_eq!(all["total"], 2);
    let filtered = |filter: Value| {
        let agent = &agent;
        async move {
            let mut body = json!({ "pageSize": 10 });
            body.as_object_mut()
                .unwrap()
                .extend(filter.as_object().unwrap().clone());
            names(&agent.data(LIST, body).await)
        }
    };
    // 7天内 opens within the coming week: 江南雲璟 in 5 days, not 西溪云庐 opened 10 days ago.
    assert_eq!(filtered(json!({ "openingDate": 2 })).await, ["江南雲璟"]);
    // 近期开盘 spans 30 days either side.
    assert_eq!(
        filtered(json!({ "openingDate": 1 })).await,
        ["江南雲璟", "西溪云庐"]
    );
    // 5万以上 元/㎡.
    assert_eq!(filtered(json!({ "averagePrice": 5 })).await, ["江南雲璟"]);
    // 3%-4%: 西溪云庐's 3%; 2%-3% holds 江南雲璟's 2.5% and excludes 3%.
    assert_eq!(filtered(json!({ "commission": 1 })).await, ["西溪云庐"]);
    assert_eq!(filtered(json!({ "commission": 0 })).await, ["江南雲璟"]);
    assert_eq!(filtered(json!({ "keyword": "云庐" })).await, ["西溪云庐"]);
    assert_eq!(filtered(json!({ "saleStatus": 2 })).await, ["江南雲璟"]);
    // 40年 is the partner's office project.
    let partner = app.as_user("partner").await;
    assert_eq!(
        names(&partner.data(LIST, json!({ "propertyTerm": 0 })).await),
        ["湖滨金座"]
    );
    agent
        .post(LIST, json!({ "averagePrice": 99 }))
        .await
        .assert_error(10000004, "请选择筛选范围");
    agent
        .post(LIST, json!({ "pageSize": 15 }))
        .await
        .assert_error(10000004, "每页条数只能是5、10、20、30、40、50、100之一");
}

async fn commission_rules_reach_only_those_allowed(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let role = manager
        .data(
            "/api/v1/fm/role/add",
            json!({ "name": "新房助理", "dataScope": "STORE", "remark": "看新房不看佣金" }),
        )
        .await;
    let tree = manager
        .data(
            "/api/v1/fm/role/permissionTree",
            json!({ "id": role["id"] }),
        )
        .await["tree"]
        .clone();
    let mut menus = Vec::new();
    let mut stack: Vec<Value> = tree.as_array().unwrap().clone();
    while let Some(node) = stack.pop() {
        if [
            "/work",
            "/work/house",
            "/work/house/new",
            "/work/newHouse/detail/:id",
        ]
        .contains(&node["menuPage"].as_str().unwrap_or_default())
        {
            menus.push(node["menuId"].clone());
        }
        stack.extend(node["children"].as_array().cloned().unwrap_or_default());
    }
    manager
        .data(
            "/api/v1/fm/role/savePermissions",
            json!({ "id": role["id"], "menuIds": menus, "actionIds": [] }),
        )
        .await;
    manager
        .data(
            "/api/v1/fm/staff/add",
            json!({ "username": "xfassist", "password": "Start@123", "realName": "新房助理",
                    "mobile": "13912340077", "storeId": s.stores["西湖店"], "roleIds": [role["id"]] }),
        )
        .await;
    let assistant = app.as_user_with("xfassist", "Start@123").await;
    let page = assistant.data(LIST, json!({ "keyword": "江南" })).await;
    let id = page["list"][0]["id"].clone();
    let detail = assistant.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(detail["name"], "江南雲璟");
    assert!(
        detail["houseTypes"]
            .as_array()
            .is_some_and(|t| !t.is_empty())
    );
    assert!(detail.get("commissionRules").is_none_or(Value::is_null));
    assistant
        .post(LIST, json!({ "commission": 0 }))
        .await
        .assert_error(10000004, "无权按佣金筛选");
}

on_both_backends!(
    city_operations_create_change_and_delete_a_project,
    distribution_narrows_what_companies_and_stores_read,
    the_list_filters_by_the_spec_ranges,
    commission_rules_reach_only_those_allowed,
);
