//! Employee onboarding end to end: started by a manager, details filled and checked, rejected
//! and corrected, approved by someone holding `/enrollment:approve`; the hire logs in only then.

use serde_json::{Value, json};

use crate::common::TestApp;
use crate::fixtures::{AUDIT, Seeded, id_number};
use crate::on_both_backends;

const START: &str = "/api/v1/fm/enrollment/start";
const SAVE: &str = "/api/v1/fm/enrollment/save";
const SUBMIT: &str = "/api/v1/fm/enrollment/submit";
const APPROVE: &str = "/api/v1/fm/enrollment/approve";
const REJECT: &str = "/api/v1/fm/enrollment/reject";
const CANCEL: &str = "/api/v1/fm/enrollment/cancel";
const DETAIL: &str = "/api/v1/fm/enrollment/detail";
const LIST: &str = "/api/v1/fm/enrollment/list";
const STAFF_DETAIL: &str = "/api/v1/fm/staff/detail";

fn start_body(s: &Seeded, username: &str, mobile: &str) -> Value {
    json!({
        "username": username, "password": "Hire@2026", "realName": "林小满", "mobile": mobile,
        "storeId": s.stores["西湖店"], "departmentId": s.departments["销售二部"],
        "positionId": s.positions["安居经纪/经纪人"], "roleIds": [s.roles["安居经纪/经纪人"]],
        "workingStatus": "INCUMBENCY_INTERNSHIP",
    })
}

fn details(id: &Value, mobile: &str) -> Value {
    json!({
        "id": id, "realName": "林小满", "mobile": mobile, "sex": 2, "idNumber": id_number(7),
        "bankCard": "6222 0212 3456 7890 123", "education": 6, "maritalStatus": 1,
        "entryDate": "2026-03-01", "address": "杭州市西湖区", "emergencyContact": "林大满",
        "emergencyMobile": "13912349999",
    })
}

async fn a_new_hire_is_onboarded_end_to_end(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let started = manager
        .data(START, start_body(&s, "linxm", "13912340077"))
        .await;
    let id = started["id"].clone();
    assert_eq!(started["status"], "DRAFT");
    assert_eq!(
        started["availableActions"],
        json!(["save", "submit", "cancel"])
    );
    assert_eq!(started["startedByName"], "王建国");
    let hire_id = started["userId"].clone();
    let staff = manager.data(STAFF_DETAIL, json!({ "id": hire_id })).await;
    assert_eq!(staff["workingStatus"], "PENDING");
    assert_eq!(staff["availableActions"], json!([]));
    app.login_answer("linxm", "Hire@2026")
        .await
        .assert_error(10010013, "账号尚未入职，无法登录");

    // Bad details are refused with core's messages and change nothing.
    let mobile = "13912340077";
    for (field, value, message) in [
        ("idNumber", json!("330106199001010010"), "身份证号格式错误"),
        ("bankCard", json!("12345"), "银行卡号格式错误"),
        ("education", json!(0), "请选择学历"),
        ("maritalStatus", json!(9), "请选择婚姻状况"),
        ("mobile", json!("1391234"), "请输入正确的手机号码"),
        (
            "emergencyMobile",
            json!("abc"),
            "请输入正确的固话号码或手机号码",
        ),
    ] {
        let mut body = details(&id, mobile);
        body[field] = value;
        let answer = manager.post(SAVE, body).await;
        answer.assert_error(10000004, message);
        assert_eq!(answer.body["errors"][field][0], message);
    }
    let mut taken = details(&id, "13800000004");
    taken["idNumber"] = json!("");
    manager
        .post(SAVE, taken)
        .await
        .assert_error(10000409, "该手机号已被其他员工使用");
    let unchanged = manager
        .data(DETAIL, json!({ "id": id, "unmasked": true }))
        .await;
    assert_eq!(
        (
            unchanged["idNumber"].as_str(),
            unchanged["education"].as_i64()
        ),
        (Some(""), None)
    );

    // Submitting needs every onboarding field.
    let incomplete = manager.post(SUBMIT, json!({ "id": id })).await;
    incomplete.assert_error(10000004, "请输入身份证号");
    assert_eq!(incomplete.body["errors"]["idNumber"][0], "请输入身份证号");
    let saved = manager.data(SAVE, details(&id, mobile)).await;
    assert_eq!(
        saved["idNumber"],
        format!("330106********{}", &id_number(7)[14..]),
        "answers keep numbers masked"
    );
    assert_eq!(saved["status"], "DRAFT");
    let submitted = manager.data(SUBMIT, json!({ "id": id })).await;
    assert_eq!(submitted["status"], "SUBMITTED");
    // The submitter is not offered 通过 (it would be refused), only 驳回 to take it back for
    // correction; another approver is offered both.
    assert_eq!(submitted["availableActions"], json!(["reject", "cancel"]));
    let listed = manager.data(LIST, json!({ "pageSize": 100 })).await;
    let row = listed["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(row["availableActions"], json!(["reject", "cancel"]));
    let for_boss = app
        .as_user("boss")
        .await
        .data(DETAIL, json!({ "id": id }))
        .await;
    assert_eq!(
        for_boss["availableActions"],
        json!(["approve", "reject", "cancel"])
    );

    // Only an approver within reach decides.
    app.as_user("manager2")
        .await
        .post(APPROVE, json!({ "id": id }))
        .await
        .assert_error(10020002, "无权限访问该数据");
    app.as_user("agent")
        .await
        .post(APPROVE, json!({ "id": id }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    app.as_user("city")
        .await
        .post(APPROVE, json!({ "id": id }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    manager
        .post(REJECT, json!({ "id": id, "reason": "  " }))
        .await
        .assert_error(10000004, "请输入驳回原因");
    let rejected = manager
        .data(REJECT, json!({ "id": id, "reason": "银行卡需本人名下" }))
        .await;
    assert_eq!(
        (
            rejected["status"].as_str(),
            rejected["rejectReason"].as_str()
        ),
        (Some("REJECTED"), Some("银行卡需本人名下"))
    );
    manager
        .post(APPROVE, json!({ "id": id }))
        .await
        .assert_error(10020005, "当前状态为「已驳回」，不能执行「通过」");
    manager.data(SAVE, details(&id, mobile)).await;
    manager.data(SUBMIT, json!({ "id": id })).await;
    manager
        .post(APPROVE, json!({ "id": id }))
        .await
        .assert_error(10020005, "不能审批自己提交的入职申请，请由其他审批人处理");

    let boss = app.as_user("boss").await;
    let approved = boss
        .data(APPROVE, json!({ "id": id, "workingStatus": "PART_TIME" }))
        .await;
    assert_eq!(approved["status"], "APPROVED");
    // Right after 通过 the panel shows every number masked.
    assert_eq!(approved["mobile"], "139****0077");
    let id_card = id_number(7);
    assert_eq!(
        approved["idNumber"],
        format!("{}{}{}", &id_card[..6], "*".repeat(8), &id_card[14..])
    );
    assert_eq!(approved["bankCard"], "6222 **** **** 0123");
    assert_eq!(approved["emergencyMobile"], "139****9999");
    assert_eq!(approved["workingStatus"], "PART_TIME");
    assert_eq!(approved["decidedByName"], "赵立新");
    assert_eq!(approved["availableActions"], json!([]));
    boss.post(APPROVE, json!({ "id": id }))
        .await
        .assert_error(10020005, "当前状态为「已入职」，不能执行「通过」");

    let hire = app.as_user_with("linxm", "Hire@2026").await;
    assert_eq!(hire.user_id, hire_id.as_i64().unwrap());
    let staff = manager.data(STAFF_DETAIL, json!({ "id": hire_id })).await;
    assert_eq!(staff["workingStatus"], "PART_TIME");
    assert_eq!(staff["departmentName"], "销售二部");
    assert_eq!(staff["roles"][0]["name"], "经纪人");
    assert_eq!(staff["history"][0]["fromStatus"], "PENDING");
    assert_eq!(staff["history"][0]["toStatus"], "PART_TIME");
    assert_eq!(staff["history"][0]["actionLabel"], "入职");

    let history: Vec<(String, String, String, String)> = approved["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let text = |k: &str| h[k].as_str().unwrap().to_owned();
            (
                text("actionLabel"),
                text("fromStatus"),
                text("toStatus"),
                text("actorName"),
            )
        })
        .collect();
    // Newest first, as the audit log reads.
    let expected = [
        ("通过", "SUBMITTED", "APPROVED", "赵立新"),
        ("提交审批", "REJECTED", "SUBMITTED", "王建国"),
        ("驳回", "SUBMITTED", "REJECTED", "王建国"),
        ("提交审批", "DRAFT", "SUBMITTED", "王建国"),
        ("发起入职", "", "DRAFT", "王建国"),
    ];
    assert_eq!(
        history,
        expected.map(|(a, b, c, d)| (a.into(), b.into(), c.into(), d.into()))
    );
    assert_eq!(approved["history"][2]["reason"], "银行卡需本人名下");

    let listed = manager
        .data(LIST, json!({ "status": "APPROVED", "realName": "小满" }))
        .await;
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["list"][0]["mobile"], "139****0077");
    let elsewhere = app.as_user("manager2").await.data(LIST, json!({})).await;
    assert_eq!(elsewhere["total"], 0, "滨江店 sees no 西湖店 onboarding");
    let audit = app
        .as_user("admin")
        .await
        .data(
            AUDIT,
            json!({ "entity": "enrollment", "entityId": id, "pageSize": 20 }),
        )
        .await;
    // Oldest first: the action, the status before and the status after.
    let entries: Vec<(String, Value, Value)> = audit["list"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .map(|e| {
            let after = match &e["after"] {
                Value::Object(record) => record["status"].clone(),
                status => status.clone(),
            };
            (
                e["action"].as_str().unwrap().to_owned(),
                e["before"].clone(),
                after,
            )
        })
        .collect();
    let expected = [
        ("create", Value::Null, json!("DRAFT")),
        // The unmasked read above (the form filling the details in) is on file.
        ("reveal", Value::Null, Value::Null),
        ("update", json!("DRAFT"), json!("DRAFT")),
        ("status", json!("DRAFT"), json!("SUBMITTED")),
        ("status", json!("SUBMITTED"), json!("REJECTED")),
        ("update", json!("REJECTED"), json!("REJECTED")),
        ("status", json!("REJECTED"), json!("SUBMITTED")),
        ("status", json!("SUBMITTED"), json!("APPROVED")),
    ];
    assert_eq!(entries, expected.map(|(a, b, c)| (a.to_owned(), b, c)));
    assert_eq!(
        audit["list"][7]["after"]["mobile"], "139****0077",
        "the audit log keeps numbers masked"
    );
}

async fn a_cancelled_hire_never_becomes_staff(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let started = manager
        .data(START, start_body(&s, "quitter", "13912340088"))
        .await;
    manager
        .post(START, start_body(&s, "quitter2", "13912340088"))
        .await
        .assert_error(10000409, "该手机号已被其他员工使用");
    manager
        .post(START, start_body(&s, "quitter", "13912340089"))
        .await
        .assert_error(10000409, "用户名已存在");
    let cancelled = manager
        .data(CANCEL, json!({ "id": started["id"], "reason": "个人原因" }))
        .await;
    assert_eq!(cancelled["status"], "CANCELLED");
    assert_eq!(cancelled["history"][0]["actionLabel"], "取消入职");

    // Not a 离职 member of staff that 复职 could wake: still nobody, listed nowhere, no login.
    let hire = started["userId"].clone();
    let staff = manager.data(STAFF_DETAIL, json!({ "id": hire })).await;
    assert_eq!(staff["workingStatus"], "PENDING");
    assert_eq!(staff["availableActions"], json!([]));
    assert_eq!(staff["history"], json!([]));
    manager
        .post(
            "/api/v1/fm/staff/changeStatus",
            json!({ "id": hire, "action": "restore" }),
        )
        .await
        .assert_error(10020005, "当前状态为「待入职」，不能执行「复职」");
    let listed = manager
        .data("/api/v1/fm/staff/list", json!({ "pageSize": 100 }))
        .await;
    assert!(
        listed["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|row| row["id"] != hire),
        "a cancelled hire is not staff"
    );
    app.login_answer("quitter", "Hire@2026")
        .await
        .assert_error(10010013, "账号尚未入职，无法登录");
    manager
        .post(SAVE, details(&started["id"], "13912340088"))
        .await
        .assert_error(10020005, "当前状态为「已取消」，不能执行「保存」");
}

/// Two approvers click 通过 on one onboarding at the same moment: one approval, one history
/// row, one move of the hire's record.
async fn two_approvals_at_once_make_one_hire(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let mobile = "13912340066";
    let started = manager.data(START, start_body(&s, "racer", mobile)).await;
    let id = started["id"].clone();
    manager.data(SAVE, details(&id, mobile)).await;
    manager.data(SUBMIT, json!({ "id": id })).await;
    let boss = app.as_user("boss").await;
    let other_tab = app.as_user("boss").await;
    let (first, second) = tokio::join!(
        boss.post(APPROVE, json!({ "id": id })),
        other_tab.post(APPROVE, json!({ "id": id, "workingStatus": "PART_TIME" })),
    );
    let mut codes = [first.code(), second.code()];
    codes.sort_unstable();
    assert_eq!(
        codes,
        [0, 10020005],
        "{} / {}",
        first.message(),
        second.message()
    );
    let detail = boss.data(DETAIL, json!({ "id": id })).await;
    let approvals = detail["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["action"] == "approve")
        .count();
    assert_eq!(approvals, 1);
    let staff = boss
        .data(STAFF_DETAIL, json!({ "id": started["userId"] }))
        .await;
    assert_eq!(staff["history"].as_array().unwrap().len(), 1);
    let won = if first.code() == 0 {
        "INCUMBENCY_INTERNSHIP"
    } else {
        "PART_TIME"
    };
    assert_eq!(staff["workingStatus"], won);
}

/// A finished onboarding says what the person was hired as: promoting them later does not
/// rewrite the record.
async fn a_finished_onboarding_keeps_the_role_at_hire(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let mobile = "13912340055";
    let started = manager
        .data(START, start_body(&s, "promoted", mobile))
        .await;
    let id = started["id"].clone();
    manager.data(SAVE, details(&id, mobile)).await;
    manager.data(SUBMIT, json!({ "id": id })).await;
    let boss = app.as_user("boss").await;
    let approved = boss.data(APPROVE, json!({ "id": id })).await;
    assert_eq!(approved["roles"][0]["name"], "经纪人");
    boss.data("/api/v1/fm/staff/edit", json!({
        "id": started["userId"], "realName": "林小满", "mobile": mobile, "storeId": s.stores["西湖店"],
        "departmentId": s.departments["销售二部"], "positionId": s.positions["安居经纪/店长"],
        "roleIds": [s.roles["安居经纪/店长"]],
    }))
    .await;
    let today = manager
        .data(STAFF_DETAIL, json!({ "id": started["userId"] }))
        .await;
    assert_eq!(today["roles"][0]["name"], "店长");
    let record = manager.data(DETAIL, json!({ "id": id })).await;
    let roles: Vec<&str> = record["roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|role| role["name"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["经纪人"]);
}

/// A status outside core's vocabulary (written by hand or by an older release) is named in the
/// answer with its code, not a bare internal error; the other onboardings still answer.
async fn an_unknown_stored_status_is_named_not_a_crash(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let strange = manager
        .data(START, start_body(&s, "linxm", "13912340077"))
        .await;
    let fine = manager
        .data(START, start_body(&s, "linxd", "13912340078"))
        .await;
    app.sql(&format!(
        "UPDATE enrollment SET status = 'ARCHIVED' WHERE id = {}",
        strange["id"]
    ))
    .await;
    let message = "入职状态「ARCHIVED」无法识别，请联系管理员";
    manager
        .post(DETAIL, json!({ "id": strange["id"] }))
        .await
        .assert_error(10020008, message);
    manager
        .post(SUBMIT, json!({ "id": strange["id"] }))
        .await
        .assert_error(10020008, message);
    manager
        .post(LIST, json!({ "pageSize": 10 }))
        .await
        .assert_error(10020008, message);
    let other = manager.data(DETAIL, json!({ "id": fine["id"] })).await;
    assert_eq!(other["status"], "DRAFT");
}

on_both_backends!(
    a_finished_onboarding_keeps_the_role_at_hire,
    a_new_hire_is_onboarded_end_to_end,
    a_cancelled_hire_never_becomes_staff,
    two_approvals_at_once_make_one_hire,
    an_unknown_stored_status_is_named_not_a_crash,
);
