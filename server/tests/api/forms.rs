//! Core's forms on the server, the same definitions the browser checks with: the table of bad
//! inputs the browser runs over the wasm module (`core/src/forms/cases.json`) gives, over HTTP,
//! the same fields with the same messages, every one at once; duplicates land on their fields too.

use serde_json::{Value, json};

use crate::common::TestApp;
use crate::fixtures::Seeded;
use crate::on_both_backends;

const CASES: &str = include_str!("../../../core/src/forms/cases.json");

async fn the_shared_table_answers_as_the_browser_does(app: TestApp) {
    let cases: Vec<Value> = serde_json::from_str(CASES).unwrap();
    for case in cases {
        let Some(path) = case["path"].as_str() else {
            // Checked by the server on a stored record, or in a step its own test reaches.
            continue;
        };
        let answer = match case["user"].as_str() {
            Some(user) => {
                app.as_user(user)
                    .await
                    .post(path, case["values"].clone())
                    .await
            }
            None => app.post(path, None, case["values"].clone()).await,
        };
        let expected: serde_json::Map<String, Value> = case["errors"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(field, message)| (field.clone(), json!([message])))
            .collect();
        assert_eq!(
            (answer.code(), &answer.body["errors"]),
            (10000004, &Value::Object(expected)),
            "{} {path}: {}",
            case["form"],
            answer.body
        );
    }
}

async fn duplicates_land_on_their_fields_all_at_once(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let answer = manager
        .post(
            "/api/v1/fm/staff/add",
            json!({
                "username": "agent", "password": "Start@123", "realName": "重复的人",
                "mobile": "13800000004", "storeId": s.stores["西湖店"],
                "roleIds": [s.roles["安居经纪/经纪人"]],
            }),
        )
        .await;
    answer.assert_error(10000409, "用户名已存在");
    assert_eq!(
        answer.body["errors"],
        json!({ "username": ["用户名已存在"], "mobile": ["该手机号已被其他员工使用"] })
    );
    // A store manager reaches only their store: the person must sit in it, said on the field.
    let storeless = manager
        .post(
            "/api/v1/fm/staff/add",
            json!({
                "username": "newhire", "password": "Start@123", "realName": "新人",
                "mobile": "13912340009", "roleIds": [s.roles["安居经纪/经纪人"]],
            }),
        )
        .await;
    storeless.assert_error(10000004, "请选择所属门店");
    assert_eq!(
        storeless.body["errors"],
        json!({ "storeId": ["请选择所属门店"] })
    );
    let boss = app.as_user("boss").await;
    let store = boss
        .post("/api/v1/fm/org/store/add", json!({ "name": " 西湖店 " }))
        .await;
    store.assert_error(10000409, "该公司下已存在同名门店");
    assert_eq!(
        store.body["errors"],
        json!({ "name": ["该公司下已存在同名门店"] })
    );
}

async fn listing_role_splits_stay_within_100_percent(app: TestApp) {
    // 杭州's seeded roles share 70%: 30% is left.
    let city = app.as_user("city").await;
    let add = "/api/v1/fm/cityConfig/listingRole/add";
    let over = city
        .post(add, json!({ "name": "带看人", "ratio": "30.01" }))
        .await;
    over.assert_error(
        10000004,
        "各角色分成比例合计不能超过100%，当前最多还可设置30.00%",
    );
    assert_eq!(over.body["errors"]["ratio"][0], over.body["message"]);
    let role = city
        .data(add, json!({ "name": "带看人", "ratio": "30" }))
        .await;
    assert_eq!(role["ratio"], "30.00");
}

on_both_backends!(
    the_shared_table_answers_as_the_browser_does,
    duplicates_land_on_their_fields_all_at_once,
    listing_role_splits_stay_within_100_percent,
);
