//! SMS verification codes through the capturing `SmsSender`, and the two logged-in uses.

use std::sync::atomic::Ordering;

use serde_json::json;

use crate::common::{CHECK_CODE, CHECK_OWN_CODE, EDIT_CELLPHONE, SEND_CODE, TestApp, USER_INFO};
use crate::on_both_backends;

const NEW_NUMBER: &str = "13900000009";

async fn send(app: &TestApp, mobile: &str) -> String {
    app.post(SEND_CODE, None, json!({ "cellphone": mobile }))
        .await
        .data();
    app.sms.last_code(mobile).expect("a code was sent")
}

async fn a_code_is_sent_checked_once_and_rate_limited(app: TestApp) {
    let answer = app
        .post(SEND_CODE, None, json!({ "cellphone": NEW_NUMBER }))
        .await;
    assert_eq!(
        answer.data(),
        &json!({ "expiresInSeconds": 300, "resendAfterSeconds": 60 })
    );
    let code = app.sms.last_code(NEW_NUMBER).unwrap();
    assert_eq!(code.len(), 6);
    assert!(code.chars().all(|c| c.is_ascii_digit()));

    let again = app
        .post(SEND_CODE, None, json!({ "cellphone": NEW_NUMBER }))
        .await;
    assert_eq!(again.code(), 10010008);
    assert!(
        again.message().starts_with("验证码发送过于频繁，请"),
        "{}",
        again.message()
    );
    assert!(again.message().ends_with("秒后再试"));
    assert_eq!(app.sms.count(), 1, "nothing sent while limited");

    let wrong = if code == "000000" { "111111" } else { "000000" };
    app.post(
        CHECK_CODE,
        None,
        json!({ "cellphone": NEW_NUMBER, "code": wrong }),
    )
    .await
    .assert_error(10010007, "验证码错误或已过期");
    let right = app
        .post(
            CHECK_CODE,
            None,
            json!({ "cellphone": NEW_NUMBER, "code": code }),
        )
        .await;
    assert_eq!(right.data(), &json!({ "verified": true }));
    app.post(
        CHECK_CODE,
        None,
        json!({ "cellphone": NEW_NUMBER, "code": code }),
    )
    .await
    .assert_error(10010007, "验证码错误或已过期");
}

async fn numbers_and_codes_are_validated_by_core(app: TestApp) {
    app.post(SEND_CODE, None, json!({ "cellphone": "12345" }))
        .await
        .assert_error(10000004, "仅支持中国大陆手机号码");
    app.post(SEND_CODE, None, json!({ "cellphone": "" }))
        .await
        .assert_error(10000004, "请输入手机号码");
    app.post(
        CHECK_CODE,
        None,
        json!({ "cellphone": NEW_NUMBER, "code": "12ab" }),
    )
    .await
    .assert_error(10000004, "请输入6位数字验证码");
    assert_eq!(app.sms.count(), 0);
}

async fn five_wrong_guesses_spend_a_code(app: TestApp) {
    let code = send(&app, NEW_NUMBER).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..4 {
        app.post(
            CHECK_CODE,
            None,
            json!({ "cellphone": NEW_NUMBER, "code": wrong }),
        )
        .await
        .assert_error(10010007, "验证码错误或已过期");
    }
    app.post(
        CHECK_CODE,
        None,
        json!({ "cellphone": NEW_NUMBER, "code": wrong }),
    )
    .await
    .assert_error(10010010, "验证码错误次数过多，请重新获取");
    app.post(
        CHECK_CODE,
        None,
        json!({ "cellphone": NEW_NUMBER, "code": code }),
    )
    .await
    .assert_error(10010010, "验证码错误次数过多，请重新获取");
}

async fn an_undelivered_code_is_reported_and_does_not_block_a_retry(app: TestApp) {
    app.sms.failing.store(true, Ordering::SeqCst);
    app.post(SEND_CODE, None, json!({ "cellphone": NEW_NUMBER }))
        .await
        .assert_error(10010012, "短信发送失败，请稍后再试");
    app.sms.failing.store(false, Ordering::SeqCst);
    send(&app, NEW_NUMBER).await;
}

async fn edit_cellphone_binds_a_proven_free_number(app: TestApp) {
    let (manager, _) = app.login("manager").await;
    let token = Some(manager.as_str());
    app.post(
        EDIT_CELLPHONE,
        None,
        json!({ "cellphone": NEW_NUMBER, "code": "123456" }),
    )
    .await
    .assert_error(10010003, "登录已过期，请重新登录");
    app.post(
        EDIT_CELLPHONE,
        token,
        json!({ "cellphone": "1380000000", "code": "123456" }),
    )
    .await
    .assert_error(10000004, "仅支持中国大陆手机号码");
    app.post(
        EDIT_CELLPHONE,
        token,
        json!({ "cellphone": "13800000004", "code": "123456" }),
    )
    .await
    .assert_error(10010009, "该手机号已被其他账号使用");

    let code = send(&app, NEW_NUMBER).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    app.post(
        EDIT_CELLPHONE,
        token,
        json!({ "cellphone": NEW_NUMBER, "code": wrong }),
    )
    .await
    .assert_error(10010007, "验证码错误或已过期");
    let changed = app
        .post(
            EDIT_CELLPHONE,
            token,
            json!({ "cellphone": NEW_NUMBER, "code": code }),
        )
        .await;
    assert_eq!(changed.data(), &json!({ "mobile": "139****0009" }));
    let info = app.call(USER_INFO, &[("token", &manager)]).await;
    assert_eq!(info.data()["mobile"], "139****0009");

    // The number is now the manager's: the agent cannot take it.
    let (agent, _) = app.login("agent").await;
    app.post(
        EDIT_CELLPHONE,
        Some(&agent),
        json!({ "cellphone": NEW_NUMBER, "code": "123456" }),
    )
    .await
    .assert_error(10010009, "该手机号已被其他账号使用");
}

async fn check_verify_code_proves_the_callers_own_number(app: TestApp) {
    let (token, _) = app.login("agent").await;
    let token = Some(token.as_str());
    app.post(CHECK_OWN_CODE, token, json!({ "code": "123456" }))
        .await
        .assert_error(10010007, "验证码错误或已过期");
    // A code sent to someone else's number proves nothing about the caller's.
    let foreign = send(&app, "13800000003").await;
    app.post(CHECK_OWN_CODE, token, json!({ "code": foreign }))
        .await
        .assert_error(10010007, "验证码错误或已过期");
    let own = send(&app, "13800000004").await;
    let answer = app
        .post(CHECK_OWN_CODE, token, json!({ "code": own }))
        .await;
    assert_eq!(answer.data(), &json!({ "verified": true }));

    app.sql("UPDATE \"user\" SET mobile = NULL WHERE username = 'agent'")
        .await;
    app.post(CHECK_OWN_CODE, token, json!({ "code": "123456" }))
        .await
        .assert_error(10010011, "当前账号未绑定手机号");
    app.post(CHECK_OWN_CODE, None, json!({ "code": "123456" }))
        .await
        .assert_error(10010003, "登录已过期，请重新登录");
}

on_both_backends!(
    a_code_is_sent_checked_once_and_rate_limited,
    numbers_and_codes_are_validated_by_core,
    five_wrong_guesses_spend_a_code,
    an_undelivered_code_is_reported_and_does_not_block_a_retry,
    edit_cellphone_binds_a_proven_free_number,
    check_verify_code_proves_the_callers_own_number,
);
