//! 钥匙 over HTTP: an agent registers the key of their listing and becomes its 钥匙人, a
//! colleague borrows it for a viewing and brings it back, the log says who, when and what for;
//! a key that is out is not lent twice (of two lends at once exactly one wins), only a key kept
//! in the store is lent, bad forms are refused in Chinese, and every key route answers each
//! demo user as the matrix says (another store never reads or writes a key).

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, USERS, assert_no_foreign_rows};
use crate::on_both_backends;

const DETAIL: &str = "/api/v1/fm/house/old/detail";
const GET: &str = "/api/v1/fm/house/old/key/get";
const REGISTER: &str = "/api/v1/fm/house/old/key/register";
const LEND: &str = "/api/v1/fm/house/old/key/lend";
const RETURN: &str = "/api/v1/fm/house/old/key/return";

/// A date `days` from today in China, `YYYY-MM-DD`.
fn day(days: i64) -> String {
    let china = chrono::FixedOffset::east_opt(8 * 3600).unwrap();
    (chrono::Utc::now().with_timezone(&china).date_naive() + chrono::Duration::days(days))
        .format("%Y-%m-%d")
        .to_string()
}

fn lend(listing: &Value, purpose: &str) -> Value {
    json!({ "listingId": listing, "purpose": purpose, "customerName": "陈先生",
            "expectedReturn": day(1) })
}

/// Valid private listings of `family` the agent keeps whose key is not out (the demo has keys
/// on some of them).
async fn agents_listings(app: &TestApp, s: &Seeded, family: &str) -> Vec<Value> {
    let manager = app.as_user("manager").await;
    let rows = manager
        .data(
            &format!("/api/v1/fm/house/{family}/list"),
            json!({ "pageNum": 1, "pageSize": 100, "status": 1, "pool": 1 }),
        )
        .await["list"]
        .as_array()
        .unwrap()
        .clone();
    let mut mine = Vec::new();
    for row in rows
        .into_iter()
        .filter(|row| row["maintainerId"] == s.users["agent"])
    {
        let key = manager
            .data(
                &format!("/api/v1/fm/house/{family}/key/get"),
                json!({ "listingId": row["id"] }),
            )
            .await;
        if key["status"] != json!(2) {
            mine.push(row["id"].clone());
        }
    }
    assert!(
        !mine.is_empty(),
        "the demo agent keeps a listing of {family}"
    );
    mine
}

async fn register_in_store(agent: &Caller<'_>, listing: &Value, register: &str) -> Value {
    agent
        .data(
            register,
            json!({ "listingId": listing, "keyType": 1, "keyNo": "B-07", "remark": "前台抽屉" }),
        )
        .await
}

async fn a_key_is_registered_lent_and_returned_with_its_log(app: TestApp) {
    let s = Seeded::load(&app).await;
    let listing = agents_listings(&app, &s, "old").await[0].clone();
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;

    let key = register_in_store(&agent, &listing, REGISTER).await;
    assert_eq!(
        (&key["registered"], &key["keyTypeName"], &key["keyNo"]),
        (&json!(true), &json!("钥匙在店"), &json!("B-07"))
    );
    assert_eq!(key["holderId"], s.users["agent"]);
    assert_eq!(key["storeName"], "西湖店");
    assert_eq!(key["statusName"], "在库");
    assert_eq!(key["actions"], json!(["register", "lend"]));
    // The agent is now a 钥匙人 of the listing.
    let detail = agent.data(DETAIL, json!({ "id": listing })).await;
    assert!(
        detail["roles"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["roleName"] == "钥匙人" && m["userId"] == s.users["agent"]),
        "{}",
        detail["roles"]
    );

    // The manager borrows it for a viewing: it is out, and the log says so.
    let out = manager.data(LEND, lend(&listing, "带看")).await;
    assert_eq!(out["statusName"], "借出中");
    assert_eq!(out["actions"], json!(["return"]));
    let loan = &out["loans"][0];
    assert_eq!(loan["borrowerId"], s.users["manager"]);
    assert_eq!(
        (&loan["purpose"], &loan["customerName"]),
        (&json!("带看"), &json!("陈先生"))
    );
    assert_eq!(loan["expectedReturn"], day(1));
    assert!(loan["returnedAt"].is_null());

    // Out: not lent again, and its registration is not changed.
    agent
        .post(LEND, lend(&listing, "带看"))
        .await
        .assert_error(10020005, "钥匙已借出，请等归还后再借");
    agent
        .post(REGISTER, json!({ "listingId": listing, "keyType": 2 }))
        .await
        .assert_error(10020005, "钥匙借出中，归还后才能修改钥匙登记");

    // Back: the loan is closed with who took it back.
    let back = agent.data(RETURN, json!({ "listingId": listing })).await;
    assert_eq!(back["statusName"], "在库");
    assert!(back["loans"][0]["returnedAt"].is_i64());
    assert_eq!(back["loans"][0]["returnedByName"], detail["maintainerName"]);
    agent
        .post(RETURN, json!({ "listingId": listing }))
        .await
        .assert_error(10020005, "钥匙未借出，无需归还");

    // Kept by the owner now: nothing to lend.
    let owners = agent
        .data(REGISTER, json!({ "listingId": listing, "keyType": 2 }))
        .await;
    assert_eq!(owners["keyTypeName"], "业主保管");
    assert_eq!(owners["actions"], json!(["register"]));
    manager
        .post(LEND, lend(&listing, "带看"))
        .await
        .assert_error(10020005, "只有「钥匙在店」的钥匙才能借出");

    // Every change is in the audit log.
    let audit = app
        .as_user("admin")
        .await
        .data(
            "/api/v1/fm/audit/list",
            json!({ "pageNum": 1, "pageSize": 50, "entity": "listingKey" }),
        )
        .await;
    assert!(audit["total"].as_i64().unwrap() >= 4, "{audit}");

    // Another store reads none of it and writes nothing.
    let other_store = app.as_user("manager2").await;
    for (path, body) in [
        (GET, json!({ "listingId": listing })),
        (REGISTER, json!({ "listingId": listing, "keyType": 1 })),
        (LEND, lend(&listing, "带看")),
        (RETURN, json!({ "listingId": listing })),
    ] {
        other_store
            .post(path, body)
            .await
            .assert_error(10020002, "无权限访问该数据");
    }
    // A sale's key is not the rental family's.
    agent
        .post(
            "/api/v1/fm/house/rental/key/get",
            json!({ "listingId": listing }),
        )
        .await
        .assert_error(10020003, "数据不存在或已被删除");
}

async fn two_lends_of_one_key_one_wins(app: TestApp) {
    let s = Seeded::load(&app).await;
    let listing = agents_listings(&app, &s, "rental").await[0].clone();
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let register = "/api/v1/fm/house/rental/key/register";
    let lend_path = "/api/v1/fm/house/rental/key/lend";
    register_in_store(&agent, &listing, register).await;
    let (a, b) = tokio::join!(
        agent.post(lend_path, lend(&listing, "带看A")),
        manager.post(lend_path, lend(&listing, "带看B")),
    );
    let codes = [a.code(), b.code()];
    assert!(
        codes.contains(&0) && codes.contains(&10020005),
        "{codes:?}: {} {}",
        a.body,
        b.body
    );
    let loser = if a.code() == 0 { &b } else { &a };
    assert_eq!(loser.message(), "钥匙已借出，请等归还后再借");
    let key = agent
        .data(
            "/api/v1/fm/house/rental/key/get",
            json!({ "listingId": listing }),
        )
        .await;
    let open: Vec<&Value> = key["loans"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|loan| loan["returnedAt"].is_null())
        .collect();
    assert_eq!(open.len(), 1, "one loan is open: {}", key["loans"]);
}

async fn bad_key_forms_are_refused_in_chinese(app: TestApp) {
    let s = Seeded::load(&app).await;
    let listing = agents_listings(&app, &s, "old").await[0].clone();
    let agent = app.as_user("agent").await;
    let answer = agent
        .post(REGISTER, json!({ "listingId": listing, "keyType": 9 }))
        .await;
    assert_eq!(answer.code(), 10000004, "{}", answer.body);
    assert!(
        answer.body.to_string().contains("请选择钥匙类型"),
        "{}",
        answer.body
    );
    let loans_before = register_in_store(&agent, &listing, REGISTER).await["loans"].clone();
    let answer = agent
        .post(
            LEND,
            json!({ "listingId": listing, "purpose": "", "expectedReturn": "明天" }),
        )
        .await;
    assert_eq!(answer.code(), 10000004, "{}", answer.body);
    let text = answer.body.to_string();
    assert!(
        text.contains("借用事由不能为空") && text.contains("请输入正确的日期"),
        "{text}"
    );
    agent
        .post(
            LEND,
            json!({ "listingId": listing, "purpose": "带看", "expectedReturn": day(-1) }),
        )
        .await
        .assert_error(10000004, "预计归还日期不能早于今天");
    let key = agent.data(GET, json!({ "listingId": listing })).await;
    assert_eq!(key["statusName"], "在库", "nothing was lent");
    assert_eq!(key["loans"], loans_before, "no loan written");
}

/// Released to 公盘, a listing is the whole company's to read, but its key stays where it is
/// kept: another store's manager sees no 借出/归还 and is refused both, while the holding
/// store (its manager, the 钥匙人) lends it and takes it back.
async fn only_the_holding_store_lends_a_public_listings_key(app: TestApp) {
    let s = Seeded::load(&app).await;
    let listing = agents_listings(&app, &s, "old").await[0].clone();
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let manager2 = app.as_user("manager2").await;
    register_in_store(&agent, &listing, REGISTER).await;
    let released = agent
        .data(
            "/api/v1/fm/house/old/transition",
            json!({ "id": listing, "action": "release", "reason": 1 }),
        )
        .await;
    assert_eq!(released["pool"], 2, "公盘");

    let seen = manager2.data(GET, json!({ "listingId": listing })).await;
    assert_eq!(seen["storeName"], "西湖店");
    assert_eq!(
        seen["actions"],
        json!([]),
        "no 借出 offered to another store"
    );
    manager2
        .post(LEND, lend(&listing, "带看"))
        .await
        .assert_error(10020005, "钥匙由西湖店保管，请联系该店借出");
    let key = agent.data(GET, json!({ "listingId": listing })).await;
    assert_eq!(key["statusName"], "在库", "nothing was lent");
    assert_eq!(key["actions"], json!(["lend"]), "the 钥匙人 lends it");

    // The holding store's manager borrows it; another store neither returns it nor is offered to.
    let out = manager.data(LEND, lend(&listing, "带看")).await;
    assert_eq!(out["statusName"], "借出中");
    let seen = manager2.data(GET, json!({ "listingId": listing })).await;
    assert_eq!(seen["actions"], json!([]));
    manager2
        .post(RETURN, json!({ "listingId": listing }))
        .await
        .assert_error(10020005, "钥匙由西湖店保管，请联系该店归还");
    let back = agent.data(RETURN, json!({ "listingId": listing })).await;
    assert_eq!(back["statusName"], "在库");
}

/// `A` allowed, `P` 无权限执行该操作, `S` 无权限访问该数据; users in fixtures' order. The key is
/// of a listing the agent of 西湖店 keeps: the store, its company and the administrator read,
/// lend and return it; its keeper, the store's manager, the boss and the administrator register
/// it.
async fn the_key_routes_answer_each_demo_user_as_the_matrix_says(app: TestApp) {
    const ONE_LISTING: &str = "APAAASSPS";
    let s = Seeded::load(&app).await;
    let listing = agents_listings(&app, &s, "old").await[0].clone();
    let agent = app.as_user("agent").await;
    let admin = app.as_user("admin").await;
    register_in_store(&agent, &listing, REGISTER).await;
    let code = |wanted: char| match wanted {
        'A' => 0,
        'P' => 10020001,
        _ => 10020002,
    };
    for (user, wanted) in USERS.iter().zip(ONE_LISTING.chars()) {
        let caller = app.as_user(user).await;
        let answer = caller.post(GET, json!({ "listingId": listing })).await;
        assert_eq!(
            answer.code(),
            code(wanted),
            "{GET} as {user}: {}",
            answer.body
        );
        if wanted == 'A' {
            assert_no_foreign_rows(user, GET, &answer.body);
        }
        let answer = caller
            .post(
                REGISTER,
                json!({ "listingId": listing, "keyType": 1, "keyNo": format!("M-{user}") }),
            )
            .await;
        assert_eq!(
            answer.code(),
            code(wanted),
            "{REGISTER} as {user}: {}",
            answer.body
        );
        let answer = caller.post(LEND, lend(&listing, "带看")).await;
        assert_eq!(
            answer.code(),
            code(wanted),
            "{LEND} as {user}: {}",
            answer.body
        );
        if wanted != 'A' {
            admin.data(LEND, lend(&listing, "带看")).await;
        }
        let answer = caller.post(RETURN, json!({ "listingId": listing })).await;
        assert_eq!(
            answer.code(),
            code(wanted),
            "{RETURN} as {user}: {}",
            answer.body
        );
        if wanted != 'A' {
            admin.data(RETURN, json!({ "listingId": listing })).await;
        }
    }
}

on_both_backends!(
    a_key_is_registered_lent_and_returned_with_its_log,
    two_lends_of_one_key_one_wins,
    bad_key_forms_are_refused_in_chinese,
    only_the_holding_store_lends_a_public_listings_key,
    the_key_routes_answer_each_demo_user_as_the_matrix_says,
);
