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
    // A route with a larger limit names its own, not the 1MB of the others.
    let admin = app.as_user("admin").await;
    let padding = "x".repeat(8 * 1024 * 1024 + 1);
    let answer = admin
        .post(
            "/api/v1/fm/crm/clue/import/check",
            json!({ "rows": padding }),
        )
        .await;
    answer.assert_error(10000413, "请求体过大，不能超过8MB");
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
    // Organisation, people, permissions, configuration, audit and onboarding.
    let organisation_paths = [
        "/api/v1/fm/app/add",
        "/api/v1/fm/app/delete",
        "/api/v1/fm/app/edit",
        "/api/v1/fm/app/enablement",
        "/api/v1/fm/app/inheritCity",
        "/api/v1/fm/app/list",
        "/api/v1/fm/app/setEnabled",
        "/api/v1/fm/audit/list",
        "/api/v1/fm/cityConfig/buildingType/add",
        "/api/v1/fm/cityConfig/buildingType/delete",
        "/api/v1/fm/cityConfig/buildingType/edit",
        "/api/v1/fm/cityConfig/buildingType/list",
        "/api/v1/fm/cityConfig/businessCircle/add",
        "/api/v1/fm/cityConfig/businessCircle/delete",
        "/api/v1/fm/cityConfig/businessCircle/edit",
        "/api/v1/fm/cityConfig/district/add",
        "/api/v1/fm/cityConfig/district/delete",
        "/api/v1/fm/cityConfig/district/edit",
        "/api/v1/fm/cityConfig/district/tree",
        "/api/v1/fm/cityConfig/listingRole/add",
        "/api/v1/fm/cityConfig/listingRole/delete",
        "/api/v1/fm/cityConfig/listingRole/edit",
        "/api/v1/fm/cityConfig/listingRole/list",
        "/api/v1/fm/cityConfig/listingRole/totals",
        "/api/v1/fm/dictionary/add",
        "/api/v1/fm/dictionary/delete",
        "/api/v1/fm/dictionary/edit",
        "/api/v1/fm/dictionary/list",
        "/api/v1/fm/enrollment/approve",
        "/api/v1/fm/enrollment/cancel",
        "/api/v1/fm/house/old/list",
        "/api/v1/fm/house/old/detail",
        "/api/v1/fm/house/old/add",
        "/api/v1/fm/house/old/edit",
        "/api/v1/fm/house/old/transition",
        "/api/v1/fm/house/old/claim",
        "/api/v1/fm/house/old/followUp/add",
        "/api/v1/fm/house/old/followUp/list",
        "/api/v1/fm/house/old/revealPhone",
        "/api/v1/fm/house/old/roleChoices",
        "/api/v1/fm/house/old/photo/list",
        "/api/v1/fm/house/old/photo/upload",
        "/api/v1/fm/house/old/photo/arrange",
        "/api/v1/fm/house/old/photo/delete",
        "/api/v1/fm/house/old/photo/file",
        "/api/v1/fm/house/old/key/get",
        "/api/v1/fm/house/old/key/register",
        "/api/v1/fm/house/old/key/lend",
        "/api/v1/fm/house/old/key/return",
        "/api/v1/fm/house/old/export",
        "/api/v1/fm/crm/customer/list",
        "/api/v1/fm/crm/customer/detail",
        "/api/v1/fm/crm/customer/due",
        "/api/v1/fm/crm/customer/agents",
        "/api/v1/fm/crm/customer/add",
        "/api/v1/fm/crm/customer/edit",
        "/api/v1/fm/crm/customer/transition",
        "/api/v1/fm/crm/customer/claim",
        "/api/v1/fm/crm/customer/transfer",
        "/api/v1/fm/crm/customer/followUp/add",
        "/api/v1/fm/crm/customer/followUp/list",
        "/api/v1/fm/crm/customer/revealPhone",
        "/api/v1/fm/crm/viewing/list",
        "/api/v1/fm/crm/viewing/add",
        "/api/v1/fm/crm/viewing/feedback",
        "/api/v1/fm/crm/viewing/companions",
        "/api/v1/fm/crm/viewing/targets",
        "/api/v1/fm/crm/match/listings",
        "/api/v1/fm/crm/match/customers",
        "/api/v1/fm/house/rental/list",
        "/api/v1/fm/house/rental/detail",
        "/api/v1/fm/house/rental/add",
        "/api/v1/fm/house/rental/edit",
        "/api/v1/fm/house/rental/transition",
        "/api/v1/fm/house/rental/claim",
        "/api/v1/fm/house/rental/followUp/add",
        "/api/v1/fm/house/rental/followUp/list",
        "/api/v1/fm/house/rental/revealPhone",
        "/api/v1/fm/house/rental/roleChoices",
        "/api/v1/fm/house/rental/photo/list",
        "/api/v1/fm/house/rental/photo/upload",
        "/api/v1/fm/house/rental/photo/arrange",
        "/api/v1/fm/house/rental/photo/delete",
        "/api/v1/fm/house/rental/photo/file",
        "/api/v1/fm/house/rental/key/get",
        "/api/v1/fm/house/rental/key/register",
        "/api/v1/fm/house/rental/key/lend",
        "/api/v1/fm/house/rental/key/return",
        "/api/v1/fm/house/rental/export",
        "/api/v1/fm/business/contract/list",
        "/api/v1/fm/business/contract/detail",
        "/api/v1/fm/business/contract/add",
        "/api/v1/fm/business/contract/edit",
        "/api/v1/fm/business/contract/transition",
        "/api/v1/fm/business/contract/people",
        "/api/v1/fm/business/contract/split",
        "/api/v1/fm/business/commission/list",
        "/api/v1/fm/business/commission/detail",
        "/api/v1/fm/business/commission/transition",
        "/api/v1/fm/business/commission/pay",
        "/api/v1/fm/business/splitTemplate/get",
        "/api/v1/fm/business/splitTemplate/save",
        "/api/v1/fm/business/achievement/summary",
        "/api/v1/fm/crm/clue/list",
        "/api/v1/fm/crm/clue/detail",
        "/api/v1/fm/crm/clue/add",
        "/api/v1/fm/crm/clue/transition",
        "/api/v1/fm/crm/clue/batchTransition",
        "/api/v1/fm/crm/clue/assignees",
        "/api/v1/fm/crm/clue/convert",
        "/api/v1/fm/crm/clue/import",
        "/api/v1/fm/crm/clue/import/progress",
        "/api/v1/fm/crm/clue/import/check",
        "/api/v1/fm/crm/clue/import/template",
        "/api/v1/fm/enrollment/detail",
        "/api/v1/fm/enrollment/list",
        "/api/v1/fm/enrollment/reject",
        "/api/v1/fm/enrollment/save",
        "/api/v1/fm/enrollment/start",
        "/api/v1/fm/enrollment/submit",
        "/api/v1/fm/house/building/add",
        "/api/v1/fm/house/building/delete",
        "/api/v1/fm/house/building/edit",
        "/api/v1/fm/house/building/list",
        "/api/v1/fm/house/community/add",
        "/api/v1/fm/house/community/areas",
        "/api/v1/fm/house/community/delete",
        "/api/v1/fm/house/community/detail",
        "/api/v1/fm/house/community/edit",
        "/api/v1/fm/house/community/list",
        "/api/v1/fm/house/community/suggest",
        "/api/v1/fm/house/room/add",
        "/api/v1/fm/house/room/delete",
        "/api/v1/fm/house/room/edit",
        "/api/v1/fm/house/room/list",
        "/api/v1/fm/house/unit/add",
        "/api/v1/fm/house/unit/delete",
        "/api/v1/fm/house/unit/edit",
        "/api/v1/fm/house/unit/list",
        "/api/v1/fm/house/newHouse/add",
        "/api/v1/fm/house/newHouse/delete",
        "/api/v1/fm/house/newHouse/detail",
        "/api/v1/fm/house/newHouse/distribute",
        "/api/v1/fm/house/newHouse/distribution",
        "/api/v1/fm/house/newHouse/edit",
        "/api/v1/fm/house/newHouse/list",
        "/api/v1/fm/business/newHouse/deal/add",
        "/api/v1/fm/business/newHouse/deal/detail",
        "/api/v1/fm/business/newHouse/deal/edit",
        "/api/v1/fm/business/newHouse/deal/list",
        "/api/v1/fm/business/newHouse/deal/prepare",
        "/api/v1/fm/business/newHouse/deal/transition",
        "/api/v1/fm/business/newHouse/report/add",
        "/api/v1/fm/business/newHouse/report/detail",
        "/api/v1/fm/business/newHouse/report/list",
        "/api/v1/fm/business/newHouse/report/projects",
        "/api/v1/fm/business/newHouse/report/transition",
        "/api/v1/fm/menu/add",
        "/api/v1/fm/menu/delete",
        "/api/v1/fm/menu/edit",
        "/api/v1/fm/menu/sort",
        "/api/v1/fm/menu/tree",
        "/api/v1/fm/org/citySite/add",
        "/api/v1/fm/org/citySite/delete",
        "/api/v1/fm/org/citySite/edit",
        "/api/v1/fm/org/citySite/list",
        "/api/v1/fm/org/citySite/options",
        "/api/v1/fm/org/company/add",
        "/api/v1/fm/org/company/delete",
        "/api/v1/fm/org/company/detail",
        "/api/v1/fm/org/company/edit",
        "/api/v1/fm/org/company/list",
        "/api/v1/fm/org/company/options",
        "/api/v1/fm/org/department/add",
        "/api/v1/fm/org/department/delete",
        "/api/v1/fm/org/department/edit",
        "/api/v1/fm/org/department/tree",
        "/api/v1/fm/org/position/add",
        "/api/v1/fm/org/position/delete",
        "/api/v1/fm/org/position/edit",
        "/api/v1/fm/org/position/list",
        "/api/v1/fm/org/position/options",
        "/api/v1/fm/org/store/add",
        "/api/v1/fm/org/store/delete",
        "/api/v1/fm/org/store/edit",
        "/api/v1/fm/org/store/list",
        "/api/v1/fm/org/store/options",
        "/api/v1/fm/org/storeGroup/add",
        "/api/v1/fm/org/storeGroup/delete",
        "/api/v1/fm/org/storeGroup/edit",
        "/api/v1/fm/org/storeGroup/list",
        "/api/v1/fm/org/storeGroup/options",
        "/api/v1/fm/role/add",
        "/api/v1/fm/role/dataScopes",
        "/api/v1/fm/role/delete",
        "/api/v1/fm/role/detail",
        "/api/v1/fm/role/edit",
        "/api/v1/fm/role/list",
        "/api/v1/fm/role/options",
        "/api/v1/fm/role/permissionTree",
        "/api/v1/fm/role/savePermissions",
        "/api/v1/fm/staff/add",
        "/api/v1/fm/staff/changeStatus",
        "/api/v1/fm/staff/detail",
        "/api/v1/fm/staff/edit",
        "/api/v1/fm/staff/list",
    ];
    // The AI helper's knowledge base (spec §7), all POST but the search history.
    let knowledge_paths = [
        "/api/v1/chat/Knowledge/knowledge/list",
        "/api/v1/chat/Knowledge/config",
        "/api/v1/chat/Knowledge/knowledge/del/{id}",
        "/api/v1/chat/Knowledge/knowledge/detail/{id}",
        "/api/v1/chat/Knowledge/data/set/detail/{id}",
        "/api/v1/chat/Knowledge/data/set/list",
        "/api/v1/chat/Knowledge/data/set/list/count",
        "/api/v1/chat/Knowledge/data/set/del/{id}",
        "/api/v1/chat/Knowledge/point/list",
        "/api/v1/chat/Knowledge/edit/point",
        "/api/v1/chat/Knowledge/del/point/{id}",
        "/api/v1/chat/Knowledge/handle/import",
        "/api/v1/chat/Knowledge/handle/edit",
        "/api/v1/chat/Knowledge/file/import/analysis",
        "/api/v1/chat/Knowledge/analysis/submit",
        "/api/v1/chat/Knowledge/vector/search/{knowledgeId}",
        "/api/v1/chat/Knowledge/assistant/knowledge/list",
        "/api/v1/chat/Knowledge/assistant/knowledge/status",
        "/api/v1/chat/Knowledge/assistant/knowledge/add",
        "/api/v1/chat/Knowledge/assistant/knowledge/del/{id}",
        "/api/v1/chat/Knowledge/batch/import",
        "/api/v1/chat/Knowledge/batch/import/progress/{id}",
        "/api/v1/chat/Knowledge/stop/batch/import/{id}",
        "/api/v1/chat/Knowledge/fee/expect",
        "/api/v1/chat/Knowledge/web/analysis",
        "/api/v1/chat/Knowledge/dialogue/create",
    ];
    for path in knowledge_paths {
        assert!(paths[path]["post"].is_object(), "{path} undocumented");
    }
    let history = "/api/v1/chat/Knowledge/vector/search/{knowledgeId}/history";
    assert!(paths[history]["get"].is_object(), "{history} undocumented");
    for path in organisation_paths {
        let operation = &paths[path]["post"];
        assert!(operation.is_object(), "{path} undocumented");
        assert!(
            operation["requestBody"].is_object() || !path.ends_with("/add"),
            "{path} has no body"
        );
    }
    // The AI service (spec §7), with the methods the spec gives.
    let chat_paths = [
        ("post", "/api/v1/chat/assistant/submit"),
        ("get", "/api/v1/chat/assistant/list"),
        ("get", "/api/v1/chat/assistant/detail/{id}"),
        ("post", "/api/v1/chat/assistant/del/{id}"),
        ("post", "/api/v1/chat/assistant/publish"),
        ("get", "/api/v1/public/chat/sites"),
        ("get", "/api/v1/chat/tool/list"),
        ("get", "/api/v1/chat/assistant/log/{toolId}/list"),
        ("post", "/api/v1/chat/assistant/log/page"),
        ("post", "/api/v1/chat/assistant/log/context"),
        ("get", "/api/v1/chat/assistant/log/statistics"),
        ("post", "/api/v1/chat/assistant/log/statistics/summary"),
        ("post", "/api/v1/chat/assistant/log/refrence/doc"),
        ("post", "/api/v1/chat/assistant/log/vote"),
        ("get", "/api/v1/chat/assistant/log/export"),
        ("get", "/api/v1/chat/function/list"),
        ("post", "/api/v1/chat/assistant/datasource/{sourceTypeId}"),
        ("post", "/api/v1/chat/assistant/datasource"),
    ];
    for (method, path) in chat_paths {
        assert!(
            paths[path][method].is_object(),
            "{method} {path} undocumented"
        );
    }
    let documented = paths
        .keys()
        .filter(|p| organisation_paths.iter().all(|known| known != p))
        .filter(|p| knowledge_paths.iter().all(|known| known != p) && *p != history)
        .filter(|p| chat_paths.iter().all(|(_, known)| known != p))
        .filter(|p| !p.starts_with("/api/v1/fm/login") && !p.starts_with("/api/v2/"))
        .collect::<Vec<_>>();
    assert!(
        documented.is_empty(),
        "routes missing from this list: {documented:?}"
    );
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
