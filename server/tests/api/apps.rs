//! 企业设置 › 应用 as company staff use it: the SPA merges the header's `siteId` into every body,
//! and that must not turn a company's settings into its city's. Also the 员工数 columns.

use serde_json::{Value, json};

use crate::common::TestApp;
use crate::fixtures::{APPS, AUDIT, Seeded, new_staff};
use crate::on_both_backends;

const ENABLEMENT: &str = "/api/v1/fm/app/enablement";
const SET_ENABLED: &str = "/api/v1/fm/app/setEnabled";
const INHERIT_CITY: &str = "/api/v1/fm/app/inheritCity";

/// `(enabled, inherited, editable)` of one app in an enablement answer.
fn setting(list: &Value, app: i64) -> (bool, bool, bool) {
    let row = list
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["appId"] == app)
        .unwrap();
    (
        row["enabled"].as_bool().unwrap(),
        row["inherited"].as_bool().unwrap(),
        row["editable"].as_bool().unwrap(),
    )
}

async fn company_staff_see_and_switch_their_company_apps(app: TestApp) {
    let s = Seeded::load(&app).await;
    let hangzhou = s.sites["杭州"];
    let (dashboard, e_sign) = (s.apps["dashboard"], s.apps["eSign"]);
    let boss = app.as_user("boss").await;
    let city = app.as_user("city").await;
    let partner = app.as_user("partner").await;
    // As the SPA sends it: the header's site merged into the body.
    let mine = json!({ "siteId": hangzhou });
    let before = boss.data(ENABLEMENT, mine.clone()).await;
    assert_eq!(
        setting(&before, dashboard),
        (true, false, true),
        "安居经纪's own setting"
    );
    assert_eq!(
        setting(&before, e_sign),
        (true, true, true),
        "following 杭州"
    );

    let after = boss
        .data(
            SET_ENABLED,
            json!({ "appId": e_sign, "siteId": hangzhou, "enabled": false }),
        )
        .await;
    assert_eq!(setting(&after, e_sign), (false, false, true));
    assert_eq!(
        setting(&boss.data(ENABLEMENT, mine.clone()).await, e_sign),
        (false, false, true)
    );
    assert_eq!(
        setting(&city.data(ENABLEMENT, mine.clone()).await, e_sign),
        (true, false, true),
        "杭州 keeps its setting"
    );
    assert_eq!(
        setting(&partner.data(ENABLEMENT, mine.clone()).await, e_sign),
        (true, true, true),
        "another company still follows 杭州"
    );

    // A store manager reads the company's settings but may not switch them.
    let manager = app.as_user("manager").await;
    assert_eq!(
        setting(&manager.data(ENABLEMENT, mine).await, e_sign),
        (false, false, false)
    );
    manager
        .post(
            SET_ENABLED,
            json!({ "appId": e_sign, "siteId": hangzhou, "enabled": true }),
        )
        .await
        .assert_error(10020002, "无权限访问该数据");
}

/// After switching an app, 恢复城市设置 puts the company back on its city's setting: 来源 reads
/// 沿用城市设置 again, the city's later change reaches the company, and the removal is on file.
async fn a_company_goes_back_to_its_city_setting(app: TestApp) {
    let s = Seeded::load(&app).await;
    let hangzhou = s.sites["杭州"];
    let e_sign = s.apps["eSign"];
    let boss = app.as_user("boss").await;
    let mine = json!({ "siteId": hangzhou });
    let own = boss
        .data(
            SET_ENABLED,
            json!({ "appId": e_sign, "siteId": hangzhou, "enabled": false }),
        )
        .await;
    let row = |list: &Value| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|a| a["appId"] == e_sign)
            .unwrap()["restorable"]
            .clone()
    };
    assert_eq!(row(&own), json!(true), "its own setting can go");
    // A store manager may not drop the company's setting.
    app.as_user("manager")
        .await
        .post(INHERIT_CITY, json!({ "appId": e_sign, "siteId": hangzhou }))
        .await
        .assert_error(10020002, "无权限访问该数据");

    let back = boss
        .data(INHERIT_CITY, json!({ "appId": e_sign, "siteId": hangzhou }))
        .await;
    assert_eq!(setting(&back, e_sign), (true, true, true), "following 杭州");
    assert_eq!(row(&back), json!(false));
    // Again: nothing left to drop, nothing changes.
    let again = boss
        .data(INHERIT_CITY, json!({ "appId": e_sign, "siteId": hangzhou }))
        .await;
    assert_eq!(setting(&again, e_sign), (true, true, true));
    // 杭州 switches it off: the company follows.
    let city = app.as_user("city").await;
    city.data(
        SET_ENABLED,
        json!({ "appId": e_sign, "siteId": hangzhou, "enabled": false }),
    )
    .await;
    assert_eq!(
        setting(&boss.data(ENABLEMENT, mine).await, e_sign),
        (false, true, true)
    );
    // A city's own setting has nothing above it to go back to.
    city.post(INHERIT_CITY, json!({ "appId": e_sign, "siteId": hangzhou }))
        .await
        .assert_error(10000004, "城市的应用设置没有上级设置可恢复");

    let removed = app
        .as_user("admin")
        .await
        .data(
            AUDIT,
            json!({ "entity": "appEnablement", "action": "delete" }),
        )
        .await;
    assert_eq!(removed["total"], 1, "{removed}");
    assert_eq!(removed["list"][0]["actorName"], "赵立新");
    // The 操作日志 names the app and the company the setting was for, not only 状态.
    let entry = &removed["list"][0];
    assert_eq!(entry["entityName"], "电子签约");
    assert_eq!(entry["before"]["appName"], "电子签约");
    assert_eq!(entry["before"]["organisationName"], "安居经纪");
    assert_eq!(entry["before"]["siteName"], "杭州");
    let switched = app
        .as_user("admin")
        .await
        .data(
            AUDIT,
            json!({ "entity": "appEnablement", "action": "update" }),
        )
        .await;
    let city_entry = &switched["list"][0];
    assert_eq!(city_entry["actorName"], "陈思雨", "{switched}");
    assert_eq!(city_entry["entityName"], "电子签约");
    assert_eq!(city_entry["after"]["siteName"], "杭州");
    assert_eq!(city_entry["after"]["enabled"], false);
    assert!(
        city_entry["after"].get("organisationName").is_none(),
        "a city's own setting"
    );
}

/// 员工数 of a store, a company and a department counts the people working there, not those
/// who left.
async fn staff_counts_leave_out_departed_staff(app: TestApp) {
    let s = Seeded::load(&app).await;
    let admin = app.as_user("admin").await;
    let counts = || async {
        let stores = admin
            .data("/api/v1/fm/org/store/list", json!({ "pageSize": 100 }))
            .await;
        let store = stores["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == s.stores["西湖店"])
            .unwrap()["staffCount"]
            .as_i64()
            .unwrap();
        let company = admin
            .data(
                "/api/v1/fm/org/company/detail",
                json!({ "id": s.org("安居经纪") }),
            )
            .await["staffCount"]
            .as_i64()
            .unwrap();
        (store, company)
    };
    let before = counts().await;
    let id = new_staff(&admin, &s, "leaver", "13900009991").await;
    assert_eq!(counts().await, (before.0 + 1, before.1 + 1));
    admin
        .data(
            "/api/v1/fm/staff/changeStatus",
            json!({ "id": id, "action": "leave", "reason": "离职" }),
        )
        .await;
    assert_eq!(counts().await, before, "a departed person is not counted");
}

/// A name search takes `%` and `_` as typed characters, not as wildcards matching every app.
async fn app_name_search_takes_wildcards_literally(app: TestApp) {
    let admin = app.as_user("admin").await;
    let all = admin.data(APPS, json!({ "pageSize": 100 })).await;
    assert!(all["total"].as_i64().unwrap() > 0, "{all}");
    for typed in ["%", "_", "电子%"] {
        let found = admin
            .data(APPS, json!({ "pageSize": 100, "name": typed }))
            .await;
        assert_eq!(found["total"], 0, "{typed}: {found}");
    }
    let found = admin
        .data(APPS, json!({ "pageSize": 100, "name": "电子" }))
        .await;
    assert_eq!(found["list"][0]["name"], "电子签约", "{found}");
}

on_both_backends!(
    app_name_search_takes_wildcards_literally,
    a_company_goes_back_to_its_city_setting,
    company_staff_see_and_switch_their_company_apps,
    staff_counts_leave_out_departed_staff,
);
