//! Companies as a new user meets them: the detail masks the contact like the list, and showing
//! it whole is on file; each kind of company has only what it needs.

use serde_json::json;

use crate::common::TestApp;
use crate::fixtures::{AUDIT, Seeded};
use crate::on_both_backends;

const DETAIL: &str = "/api/v1/fm/org/company/detail";

on_both_backends!(
    the_company_detail_masks_the_contact_until_revealed,
    each_kind_of_company_has_what_it_needs,
);

async fn the_company_detail_masks_the_contact_until_revealed(app: TestApp) {
    let s = Seeded::load(&app).await;
    let anju = s.org("安居经纪");
    let city = app.as_user("city").await;
    // The city operator may edit the company, and still sees the number masked at first.
    let detail = city.data(DETAIL, json!({ "id": anju })).await;
    assert_eq!(detail["contactMobile"], "137****0001");
    let whole = city
        .data(DETAIL, json!({ "id": anju, "unmasked": true }))
        .await;
    assert_eq!(whole["contactMobile"], "13700000001");
    // A store manager may not edit the company: no whole number for them.
    let manager = app.as_user("manager").await;
    manager
        .post(DETAIL, json!({ "id": anju, "unmasked": true }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    let reveals = app
        .as_user("admin")
        .await
        .data(
            AUDIT,
            json!({ "entity": "company", "action": "reveal", "entityId": anju }),
        )
        .await;
    assert_eq!(reveals["total"], 1, "{reveals}");
}

/// An independent broker works alone: no 门店组, one store of their own; a partner has stores
/// but no 门店组 either.
async fn each_kind_of_company_has_what_it_needs(app: TestApp) {
    let s = Seeded::load(&app).await;
    let city = app.as_user("city").await;
    let broker = s.org("张伟独立经纪人");
    for org in [broker, s.org("优居合作机构")] {
        city.post(
            "/api/v1/fm/org/storeGroup/add",
            json!({ "organisationId": org, "name": "城东片区" }),
        )
        .await
        .assert_error(10000004, "独立经纪人和合作机构没有门店组");
    }
    city.data(
        "/api/v1/fm/org/store/add",
        json!({ "organisationId": broker, "name": "张伟工作室" }),
    )
    .await;
    let second = city
        .post(
            "/api/v1/fm/org/store/add",
            json!({ "organisationId": broker, "name": "张伟二店" }),
        )
        .await;
    second.assert_error(10000004, "独立经纪人只能有一个门店");
    assert_eq!(
        second.body["errors"]["organisationId"][0],
        "独立经纪人只能有一个门店"
    );
    // A brokerage still adds groups.
    city.data(
        "/api/v1/fm/org/storeGroup/add",
        json!({ "organisationId": s.org("安居经纪"), "name": "城东片区" }),
    )
    .await;
}
