//! Login abuse: failures make a username need an SMS code instead of locking its owner out,
//! limits apply per client address (login and SMS sending), and every failure is audited.

use std::net::IpAddr;
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{Answer, LOGIN, PRELOGIN, SEND_CODE, TestApp};
use crate::on_both_backends;

/// The demo agent's bound mobile.
const AGENT_MOBILE: &str = "13800000004";

/// A client calling from another loopback address, as a second machine would.
fn client_from(address: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .local_address(address.parse::<IpAddr>().ok())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

async fn post_from(client: &reqwest::Client, app: &TestApp, path: &str, body: Value) -> Answer {
    let response = client.post(app.url(path)).json(&body).send().await.unwrap();
    Answer {
        status: response.status(),
        body: response.json().await.unwrap(),
    }
}

async fn prelogin(app: &TestApp, username: &str) -> Value {
    app.post(PRELOGIN, None, json!({ "username": username }))
        .await
        .data()
        .clone()
}

async fn failures_make_a_username_need_a_code_that_only_its_owner_can_get(app: TestApp) {
    for username in ["agent", "nobody"] {
        assert_eq!(prelogin(&app, username).await["needVerifyCode"], false);
        for _ in 0..3 {
            app.login_answer(username, "wrong")
                .await
                .assert_error(10010001, "用户名或密码错误");
        }
        // Unknown and real usernames answer alike, so prelogin reveals no account.
        assert_eq!(
            prelogin(&app, username).await,
            json!({ "needVerifyCode": true, "throttled": false, "retryAfterSeconds": 0 })
        );
    }
    // The right password alone no longer opens the account; other accounts are untouched.
    app.login_answer("agent", "Demo@2026")
        .await
        .assert_error(10010015, "登录失败次数较多，请输入短信验证码");
    app.login("manager").await;
    // A malformed step is answered on its fields as the browser's core form does.
    let cases: Vec<Value> =
        serde_json::from_str(include_str!("../../../core/src/forms/cases.json")).unwrap();
    let step = cases.iter().find(|c| c["form"] == "loginCode").unwrap();
    let mut body = step["values"].clone();
    body["username"] = json!("agent");
    body["password"] = json!("Demo@2026");
    let malformed = app.post(LOGIN, None, body).await;
    let expected: serde_json::Map<String, Value> = step["errors"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(field, message)| (field.clone(), json!([message])))
        .collect();
    assert_eq!(
        (malformed.code(), &malformed.body["errors"]),
        (10000004, &Value::Object(expected))
    );

    app.post(SEND_CODE, None, json!({ "cellphone": AGENT_MOBILE }))
        .await
        .data();
    let code = app.sms.last_code(AGENT_MOBILE).unwrap();
    // A code sent to some other number proves nothing about this account.
    app.post(SEND_CODE, None, json!({ "cellphone": "13900000077" }))
        .await
        .data();
    let other_code = app.sms.last_code("13900000077").unwrap();
    let with = |cellphone: &str, code: &str| json!({ "username": "agent", "password": "Demo@2026", "cellphone": cellphone, "code": code });
    app.post(LOGIN, None, with("13900000077", &other_code))
        .await
        .assert_error(10010007, "验证码错误或已过期");
    let right = app.post(LOGIN, None, with(AGENT_MOBILE, &code)).await;
    assert!(right.data()["token"].as_str().is_some());
    // Its owner is in: the username needs no code any more.
    assert_eq!(prelogin(&app, "agent").await["needVerifyCode"], false);
    app.login("agent").await;
}

async fn too_many_failures_throttle_the_address_not_the_account(app: TestApp) {
    for attempt in 0..10 {
        let username = format!("guess{attempt}");
        app.login_answer(&username, "wrong")
            .await
            .assert_error(10010001, "用户名或密码错误");
    }
    let throttled = app.login_answer("agent", "Demo@2026").await;
    throttled.assert_error(10010004, "登录失败次数过多，请15分钟后再试");
    let hint = prelogin(&app, "agent").await;
    assert_eq!(hint["throttled"], true);
    let seconds = hint["retryAfterSeconds"].as_i64().unwrap();
    assert!((890..=900).contains(&seconds), "{seconds}");

    // The agent, at another machine, logs in as usual.
    let elsewhere = client_from("127.0.0.2");
    let answer = post_from(
        &elsewhere,
        &app,
        LOGIN,
        json!({ "username": "agent", "password": "Demo@2026" }),
    )
    .await;
    assert!(answer.data()["token"].as_str().is_some());
    let hint = post_from(&elsewhere, &app, PRELOGIN, json!({ "username": "agent" })).await;
    assert_eq!(hint.data()["throttled"], false);
}

async fn sms_codes_are_limited_per_address(app: TestApp) {
    for n in 0..10 {
        app.post(
            SEND_CODE,
            None,
            json!({ "cellphone": format!("1390000{n:04}") }),
        )
        .await
        .data();
    }
    let refused = app
        .post(SEND_CODE, None, json!({ "cellphone": "13900009999" }))
        .await;
    assert_eq!(refused.code(), 10010008, "{}", refused.body);
    assert!(refused.message().starts_with("验证码发送过于频繁，请"));
    assert_eq!(app.sms.count(), 10);
    // Another machine may still ask for one.
    let elsewhere = client_from("127.0.0.2");
    post_from(
        &elsewhere,
        &app,
        SEND_CODE,
        json!({ "cellphone": "13900009999" }),
    )
    .await
    .data();
}

async fn every_failed_login_is_in_the_audit_log(app: TestApp) {
    app.login_answer("agent", "wrong").await;
    app.login_answer("nobody", "wrong").await;
    app.sql("UPDATE \"user\" SET locked = TRUE WHERE username = 'agent'")
        .await;
    app.login_answer("agent", "Demo@2026")
        .await
        .assert_error(10010005, "账号已被锁定，请联系管理员");

    let admin = app.as_user("admin").await;
    let page = admin
        .data(
            "/api/v1/fm/audit/list",
            json!({ "pageNum": 1, "pageSize": 10, "entity": "session", "action": "loginFailure" }),
        )
        .await;
    let reasons: Vec<(String, String, String)> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["after"]["username"].as_str().unwrap().to_owned(),
                entry["after"]["reason"].as_str().unwrap().to_owned(),
                entry["after"]["address"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let at = |u: &str, r: &str| (u.to_owned(), r.to_owned(), "127.0.0.1".to_owned());
    assert_eq!(
        reasons,
        [
            at("agent", "locked"),
            at("nobody", "unknownUser"),
            at("agent", "wrongPassword")
        ]
    );
}

on_both_backends!(
    failures_make_a_username_need_a_code_that_only_its_owner_can_get,
    too_many_failures_throttle_the_address_not_the_account,
    sms_codes_are_limited_per_address,
    every_failed_login_is_in_the_audit_log,
);
