//! Login, prelogin, user info, tokens and logout.

use std::time::Duration;

use brokerdesk_server::seed::{Seeded, Seeding, seed_if_empty};
use serde_json::{Value, json};

use crate::common::{Backend, LOGOUT, TestApp, USER_INFO};
use crate::on_both_backends;

const EXPIRED: &str = "登录已过期，请重新登录";

async fn user_info_describes_the_caller(app: TestApp) {
    let (token, user_id) = app.login("manager").await;
    let info = app.call(USER_INFO, &[("token", &token)]).await;
    let data = info.data();
    assert_eq!(data["userId"], user_id);
    assert_eq!(data["username"], "manager");
    assert_eq!(data["positionName"], "店长");
    assert_eq!(data["realName"], "王建国");
    assert_eq!(data["userCode"], "BD0003");
    assert_eq!(data["mobile"], "138****0003");
    assert!(data["storeId"].as_i64().unwrap() > 0);
    assert!(data["storeGroupId"].as_i64().unwrap() > 0);
    assert_eq!(data["sites"].as_array().unwrap().len(), 1);
    assert_eq!(data["sites"][0]["name"], "杭州");
    let permissions: Vec<&str> = data["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(permissions.contains(&"work:house:old:list"));
    assert!(permissions.contains(&"work:house:old:delete"));
    assert!(!permissions.iter().any(|p| p.starts_with("coc:")));
    assert!(data.get("chatLoginInfo").is_none(), "only on request");

    let with_chat = app
        .call(
            &format!("{USER_INFO}?chatLoginInfo=1"),
            &[("token", &token)],
        )
        .await;
    let chat = &with_chat.data()["chatLoginInfo"];
    let chat_token = chat["token"].as_str().unwrap();
    assert_eq!(chat_token.len(), 64);
    assert_ne!(chat_token, token, "the chat has a credential of its own");
    assert_eq!(chat["applicationIdentity"], "brokerdesk");

    let (admin_token, _) = app.login("admin").await;
    let admin = app.call(USER_INFO, &[("token", &admin_token)]).await;
    assert_eq!(admin.data()["positionName"], "超级管理员");
    assert_eq!(admin.data()["storeId"], Value::Null);

    let (agent_token, _) = app.login("agent").await;
    let agent = app.call(USER_INFO, &[("token", &agent_token)]).await;
    let agent_permissions = agent.data()["permissions"].as_array().unwrap();
    assert!(agent_permissions.contains(&json!("work:house:old:add")));
    assert!(!agent_permissions.contains(&json!("work:house:old:delete")));
}

async fn wrong_passwords_and_unknown_users_get_the_same_answer(app: TestApp) {
    let wrong = app.login_answer("manager", "not-the-password").await;
    wrong.assert_error(10010001, "用户名或密码错误");
    let unknown = app.login_answer("nobody", "Demo@2026").await;
    unknown.assert_error(10010001, "用户名或密码错误");
    let empty = app.login_answer("manager", "").await;
    empty.assert_error(10000004, "请输入密码");
}

async fn missing_forged_expired_and_mismatched_tokens_are_refused(app: TestApp) {
    app.call(USER_INFO, &[])
        .await
        .assert_error(10010003, EXPIRED);
    app.call(USER_INFO, &[("token", "")])
        .await
        .assert_error(10010003, EXPIRED);
    let forged = "ab".repeat(32);
    app.call(USER_INFO, &[("token", &forged)])
        .await
        .assert_error(10010003, EXPIRED);

    let (token, user_id) = app.login("city").await;
    let other_user = (user_id + 1).to_string();
    app.call(USER_INFO, &[("token", &token), ("userId", &other_user)])
        .await
        .assert_error(10010003, EXPIRED);
    let own = user_id.to_string();
    app.call(
        USER_INFO,
        &[("token", &token), ("userId", &own), ("siteId", "0")],
    )
    .await
    .data();
    let foreign_site = app
        .call(USER_INFO, &[("token", &token), ("siteId", "999")])
        .await;
    foreign_site.assert_error(10000403, "无权访问该城市站点");

    app.sql("UPDATE session_token SET expires_at = created_at")
        .await;
    app.call(USER_INFO, &[("token", &token)])
        .await
        .assert_error(10010003, EXPIRED);
}

async fn logout_revokes_only_that_token(app: TestApp) {
    let (first, _) = app.login("manager").await;
    let (second, _) = app.login("manager").await;
    let answer = app.call(LOGOUT, &[("token", &first)]).await;
    assert_eq!(answer.data(), &json!({}));
    app.call(USER_INFO, &[("token", &first)])
        .await
        .assert_error(10010003, EXPIRED);
    app.call(LOGOUT, &[("token", &first)])
        .await
        .assert_error(10010003, EXPIRED);
    app.call(USER_INFO, &[("token", &second)]).await.data();
}

async fn locked_and_departed_staff_cannot_log_in_and_lose_their_sessions(app: TestApp) {
    let (token, _) = app.login("agent").await;
    app.sql("UPDATE \"user\" SET locked = TRUE WHERE username = 'agent'")
        .await;
    // The expiry code, so the client ends the session, saying why.
    app.call(USER_INFO, &[("token", &token)])
        .await
        .assert_error(10010003, "账号已被锁定，请联系管理员");
    app.login_answer("agent", "Demo@2026")
        .await
        .assert_error(10010005, "账号已被锁定，请联系管理员");
    app.login_answer("agent", "wrong")
        .await
        .assert_error(10010001, "用户名或密码错误");

    app.sql(
        "UPDATE \"user\" SET locked = FALSE, working_status = 'LEAVE' WHERE username = 'agent'",
    )
    .await;
    app.login_answer("agent", "Demo@2026")
        .await
        .assert_error(10010006, "账号已离职，无法登录");
}

async fn seeding_happens_once(app: TestApp) {
    assert_eq!(
        seed_if_empty(&app.db, &Seeding::Demo).await.unwrap(),
        Seeded::Nothing,
        "users exist: no second seed"
    );
    app.login("admin").await;
}

on_both_backends!(
    user_info_describes_the_caller,
    wrong_passwords_and_unknown_users_get_the_same_answer,
    missing_forged_expired_and_mismatched_tokens_are_refused,
    logout_revokes_only_that_token,
    locked_and_departed_staff_cannot_log_in_and_lose_their_sessions,
    seeding_happens_once,
);

/// With a zero lifetime a token is expired the moment it is issued.
async fn zero_lifetime_tokens_expire_at_once(backend: Backend) {
    let Some(app) = TestApp::start_with_ttl(backend, Duration::ZERO).await else {
        return;
    };
    let (token, _) = app.login("admin").await;
    app.call(USER_INFO, &[("token", &token)])
        .await
        .assert_error(10010003, EXPIRED);
}

mod zero_lifetime_tokens_expire_at_once {
    use crate::common::Backend;

    #[tokio::test]
    async fn sqlite() {
        super::zero_lifetime_tokens_expire_at_once(Backend::Sqlite).await;
    }

    #[tokio::test]
    async fn postgres() {
        super::zero_lifetime_tokens_expire_at_once(Backend::Postgres).await;
    }
}
