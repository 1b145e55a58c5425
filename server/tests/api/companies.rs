//! Companies as a new user meets them: the detail masks the contact like the list, and showing
//! it whole is on file.

use serde_json::json;

use crate::common::TestApp;
use crate::fixtures::{AUDIT, Seeded};
use crate::on_both_backends;

const DETAIL: &str = "/api/v1/fm/org/company/detail";

on_both_backends!(the_company_detail_masks_the_contact_until_revealed,);

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
