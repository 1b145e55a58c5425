//! Bad input, unknown paths, the SPA fallback and the OpenAPI document.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{INDEX_HTML, LOGIN, LOGOUT, MENU, TestApp};
use crate::on_both_backends;

async fn malformed_bodies_get_a_clear_envelope(app: TestApp) {
    let broken = app
        .post_raw(LOGIN, "application/json", b"{\"username\":".to_vec())
        .await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    broken.assert_error(10000001, "请求体不是合法的JSON");

    let empty = app.post_raw(LOGIN, "application/json", Vec::new()).await;
    empty.assert_error(10000001, "请求体不能为空");

    let array = app.post(LOGIN, None, json!(["admin"])).await;
    array.assert_error(10000001, "请求体应为JSON对象");

    let wrong_type = app
        .post(LOGIN, None, json!({ "username": 42, "password": "x" }))
        .await;
    assert_eq!(wrong_type.status, StatusCode::BAD_REQUEST);
    wrong_type.assert_error(10000002, "字段 username 类型错误，应为字符串");

    let missing = app.post(LOGIN, None, json!({ "username": "admin" })).await;
    missing.assert_error(10000002, "缺少必填字段：password");

    let form = app
        .post_raw(
            LOGIN,
            "application/x-www-form-urlencoded",
            b"username=admin".to_vec(),
        )
        .await;
    assert_eq!(form.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    form.assert_error(
        10000003,
        "请求体必须为JSON（Content-Type: application/json）",
    );

    let blank = app
        .post(LOGIN, None, json!({ "username": " ", "password": "x" }))
        .await;
    blank.assert_error(10000004, "请输入用户名");
    assert_eq!(blank.body["errors"]["username"][0], "请输入用户名");
}

async fn oversized_bodies_are_refused_with_an_envelope(app: TestApp) {
    let padding = "x".repeat(1024 * 1024 + 1);
    let body = serde_json::to_vec(&json!({ "username": padding, "password": "x" })).unwrap();
    let answer = app.post_raw(LOGIN, "application/json", body).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    answer.assert_error(10000413, "请求体过大，不能超过1MB");
    // The server is still there.
    app.login("admin").await;
}

async fn the_spa_request_shape_is_accepted(app: TestApp) {
    // Spec §7: the client merges token/userId/siteId into POST bodies and siteId into the query.
    let answer = app
        .post(
            &format!("{LOGIN}?siteId=0"),
            None,
            json!({ "username": "agent", "password": "Demo@2026", "token": "", "userId": "", "siteId": 0 }),
        )
        .await;
    let token = answer.data()["token"].as_str().unwrap().to_owned();
    let user_id = answer.data()["userId"].to_string();
    let menu = app
        .client
        .post(app.url(&format!("{MENU}?siteId=1")))
        .header("token", &token)
        .header("userId", &user_id)
        .header("siteId", "1")
        .json(&json!({ "token": token, "userId": user_id, "siteId": 1 }))
        .send()
        .await
        .unwrap();
    let body: Value = menu.json().await.unwrap();
    assert_eq!(body["code"], 0, "{body}");
}

async fn unknown_api_paths_and_methods_answer_json(app: TestApp) {
    let missing = app.call("/api/v9/fm/nothing/here", &[]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    missing.assert_error(10000404, "接口不存在");

    let get = app
        .client
        .get(app.url("/api/v1/fm/login/nothing"))
        .send()
        .await
        .unwrap();
    assert_eq!(get.status(), StatusCode::NOT_FOUND);
    assert_eq!(get.json::<Value>().await.unwrap()["code"], 10000404);

    let wrong_method = app.client.get(app.url(LOGOUT)).send().await.unwrap();
    assert_eq!(wrong_method.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: Value = wrong_method.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "code": 10000405, "message": "请求方法不支持" })
    );
}

async fn other_paths_serve_the_spa(app: TestApp) {
    for path in ["/", "/login", "/work/house/old/detail/7", "/no/such/page"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.text().await.unwrap(), INDEX_HTML, "{path}");
    }
    let asset = app
        .client
        .get(app.url("/assets/app.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(asset.text().await.unwrap(), "console.log('app')");
}

async fn openapi_documents_every_route(app: TestApp) {
    let response = app
        .client
        .get(app.url("/api/openapi.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let document: Value = response.json().await.unwrap();
    let paths = document["paths"].as_object().unwrap();
    for path in [
        "/api/v2/fm/login/public/login/web",
        "/api/v2/fm/login/public/prelogin/web",
        "/api/v1/fm/login/getLoginUserInfo",
        "/api/v1/fm/login/logout",
        "/api/v2/fm/login/public/verifyCode",
        "/api/v2/fm/login/public/check/code",
        "/api/v1/fm/login/editCellphone",
        "/api/v1/fm/login/checkVerifyCode",
        "/api/v1/fm/login/getMenuListByUser",
    ] {
        assert!(paths[path]["post"].is_object(), "{path} undocumented");
    }
    let schemas = &document["components"]["schemas"];
    for schema in [
        "MenuEntry",
        "AuthAction",
        "UserInfo",
        "LoginData",
        "ErrorBody",
    ] {
        assert!(schemas[schema].is_object(), "schema {schema} missing");
    }
    assert!(document["components"]["securitySchemes"]["token"].is_object());
}

on_both_backends!(
    malformed_bodies_get_a_clear_envelope,
    oversized_bodies_are_refused_with_an_envelope,
    the_spa_request_shape_is_accepted,
    unknown_api_paths_and_methods_answer_json,
    other_paths_serve_the_spa,
    openapi_documents_every_route,
);
