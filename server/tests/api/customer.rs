//! 客户 over HTTP: entering a customer and a duplicate phone refused saying who holds it (no
//! more than the caller may see), each demo user's scope and what they see of phones, reveals
//! on file, the pool table's guards, a manager's transfer with its history, the claim limit,
//! follow-ups resetting the drop clock, and two claims of one public customer of which exactly
//! one wins.

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, USERS, assert_no_foreign_rows};
use crate::on_both_backends;

const LIST: &str = "/api/v1/fm/crm/customer/list";
const DETAIL: &str = "/api/v1/fm/crm/customer/detail";
const ADD: &str = "/api/v1/fm/crm/customer/add";
const EDIT: &str = "/api/v1/fm/crm/customer/edit";
const TRANSITION: &str = "/api/v1/fm/crm/customer/transition";
const CLAIM: &str = "/api/v1/fm/crm/customer/claim";
const TRANSFER: &str = "/api/v1/fm/crm/customer/transfer";
const REVEAL: &str = "/api/v1/fm/crm/customer/revealPhone";
const FOLLOW_UP: &str = "/api/v1/fm/crm/customer/followUp/add";
const FOLLOW_UPS: &str = "/api/v1/fm/crm/customer/followUp/list";
const DUE: &str = "/api/v1/fm/crm/customer/due";
const AGENTS: &str = "/api/v1/fm/crm/customer/agents";

async fn rows(caller: &Caller<'_>, filter: Value) -> Vec<Value> {
    let mut body = json!({ "pageNum": 1, "pageSize": 100 });
    for (key, value) in filter.as_object().unwrap() {
        body[key] = value.clone();
    }
    caller.data(LIST, body).await["list"]
        .as_array()
        .unwrap()
        .clone()
}

async fn one(caller: &Caller<'_>, filter: Value, pick: impl Fn(&Value) -> bool) -> Value {
    rows(caller, filter)
        .await
        .into_iter()
        .find(|row| pick(row))
        .expect("the demo data has such a customer")
}

fn form(phone: &str) -> Value {
    json!({
        "name": "测试客户", "sex": 1, "phone": phone, "level": 3, "demand": 1,
        "budgetMin": "200", "budgetMax": "300.5", "areaMin": "80", "areaMax": "120",
        "rooms": 3, "source": 1, "tags": [1, 3], "remark": "周末看房"
    })
}

/// The whole phone of a customer, as its keeper reveals it.
async fn whole_phone(caller: &Caller<'_>, id: &Value) -> String {
    caller.data(REVEAL, json!({ "id": id })).await["phone"]
        .as_str()
        .unwrap()
        .replace(' ', "")
}

async fn entering_a_customer_and_refusing_a_duplicate_phone(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let added = agent.data(ADD, form("13712340001")).await;
    assert_eq!(added["ownerId"], s.users["agent"]);
    assert_eq!(
        (added["status"].as_i64(), added["pool"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(added["budgetMin"], 200_000_000, "budget in fen");
    assert_eq!(added["budgetMax"], 300_500_000);
    assert_eq!(added["areaMin"], 8_000, "area in hundredths of a ㎡");
    assert_eq!(added["phone"], "137 1234 0001", "the agent sees it whole");
    assert_eq!(added["storeName"], "西湖店");

    // The same phone however written is one customer.
    agent.post(ADD, form("+8613712340001")).await.assert_error(
        10000409,
        &format!(
            "该客户已是您的私客（客户编号{}），不能重复录入",
            added["id"]
        ),
    );
    // The manager may read the agent's customer: told its number too.
    manager.post(ADD, form("8613712340001")).await.assert_error(
        10000409,
        &format!(
            "该客户已是西湖店李晓峰的私客（客户编号{}），不能重复录入",
            added["id"]
        ),
    );
    // Another store's manager learns who holds it, not which customer.
    app.as_user("manager2")
        .await
        .post(ADD, form("13712340001"))
        .await
        .assert_error(10000409, "该客户已是西湖店李晓峰的私客，不能重复录入");
    // A public customer's phone is claimed, not entered again.
    let public = one(&agent, json!({ "pool": 2 }), |_| true).await;
    let boss = app.as_user("boss").await;
    let phone = whole_phone(&boss, &public["id"]).await;
    agent.post(ADD, form(&phone)).await.assert_error(
        10000409,
        &format!("该客户已在公客池中（客户编号{}），请直接认领", public["id"]),
    );
    // Another company is not bothered by this one's customers.
    let other = app
        .as_user("nbmanager")
        .await
        .post(ADD, form("13712340001"))
        .await;
    assert_eq!(other.code(), 0, "{}", other.body);

    // Edited by its agent; another store's manager cannot reach it.
    let mut edit = form("13712340001");
    edit["id"] = added["id"].clone();
    edit["level"] = json!(4);
    assert_eq!(agent.data(EDIT, edit.clone()).await["level"], 4);
    assert_eq!(
        app.as_user("manager2").await.post(EDIT, edit).await.code(),
        10020002
    );

    // A follow-up by the agent shows, sets the next follow-up and restarts the drop clock.
    agent
        .data(
            FOLLOW_UP,
            json!({ "customerId": added["id"], "way": 1, "content": "电话沟通预算", "nextAt": "2099-01-02" }),
        )
        .await;
    let follow_ups = agent
        .data(
            FOLLOW_UPS,
            json!({ "customerId": added["id"], "pageNum": 1, "pageSize": 10 }),
        )
        .await;
    assert_eq!(follow_ups["total"], 1);
    assert_eq!(follow_ups["list"][0]["content"], "电话沟通预算");
    let after = agent.data(DETAIL, json!({ "id": added["id"] })).await;
    assert_eq!(after["nextFollowUpOn"], "2099-01-02");
    assert_eq!(after["dropNotice"], "15天后未跟进将转入公客池");
    agent
        .post(
            FOLLOW_UP,
            json!({ "customerId": added["id"], "way": 1, "content": "x", "nextAt": "2000-01-01" }),
        )
        .await
        .assert_error(10000004, "下次跟进日期不能早于今天");
}

async fn each_user_sees_their_scope_and_phones_as_the_rule_says(app: TestApp) {
    let s = Seeded::load(&app).await;
    for user in [
        "manager",
        "agent",
        "boss",
        "manager2",
        "nbmanager",
        "partner",
    ] {
        let caller = app.as_user(user).await;
        let me = s.users[user];
        let answer = caller
            .post(LIST, json!({ "pageNum": 1, "pageSize": 100 }))
            .await;
        assert_no_foreign_rows(user, LIST, &answer.body);
        let list = answer.data()["list"].as_array().unwrap().clone();
        for row in &list {
            let phone = row["phone"].as_str().unwrap();
            let mine = row["ownerId"].as_i64() == Some(me);
            assert_eq!(!phone.contains('*'), mine, "{user}: {row}");
            let expected = match (mine, user) {
                (true, _) => "full",
                (false, "agent") => "masked",
                (false, _) => "reveal",
            };
            assert_eq!(row["phoneAccess"], expected, "{user}: {row}");
            // An agent sees their own and the public pool; a store manager their store's.
            match user {
                "agent" => assert!(mine || row["pool"] == 2, "{row}"),
                "manager" | "manager2" if row["pool"] == 1 => {
                    assert_eq!(
                        row["storeName"],
                        if user == "manager" {
                            "西湖店"
                        } else {
                            "滨江店"
                        },
                        "{row}"
                    );
                }
                _ => {}
            }
        }
        match user {
            "partner" => assert!(list.is_empty(), "the partner has no customers"),
            _ => assert!(!list.is_empty(), "{user} sees customers"),
        }
    }
    // A manager reveals an agent's customer's phone whole, and it is on file.
    let manager = app.as_user("manager").await;
    let agents = one(&manager, json!({ "pool": 1 }), |row| {
        row["ownerId"] == s.users["agent"]
    })
    .await;
    let whole = whole_phone(&manager, &agents["id"]).await;
    assert!(!whole.contains('*') && whole.len() == 11, "{whole}");
    let audit = app
        .as_user("admin")
        .await
        .data(
            "/api/v1/fm/audit/list",
            json!({ "pageNum": 1, "pageSize": 10, "entity": "customer", "action": "reveal" }),
        )
        .await;
    assert_eq!(audit["total"], 1, "{audit}");
    // The agent has no 查看电话: a public customer's phone stays masked.
    let agent = app.as_user("agent").await;
    let public = one(&agent, json!({ "pool": 2 }), |_| true).await;
    agent
        .post(REVEAL, json!({ "id": public["id"] }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    // Filters: §9 budget ranges and the demand.
    let rich = rows(&manager, json!({ "budgetRange": 6 })).await;
    assert!(!rich.is_empty());
    for row in &rich {
        let max = row["budgetMax"].as_i64();
        assert!(max.is_none_or(|max| max >= 300_000_000), "{row}");
    }
    for row in rows(&manager, json!({ "demand": 3 })).await {
        assert_eq!(row["demand"], 3);
    }
    // A price range (万) reads purchase budgets only; a rental's budget is a monthly rent in 元,
    // typed so, and 租房 filters it by the rent ranges.
    for row in rows(&manager, json!({ "budgetRange": 0 })).await {
        assert_ne!(row["demand"], 3, "{row}");
    }
    let renter = manager
        .data(
            "/api/v1/fm/crm/customer/add",
            json!({ "name": "租客甲", "sex": 2, "phone": "13655550999", "level": 2, "demand": 3,
                    "source": 1, "budgetMin": "3500", "budgetMax": "4500" }),
        )
        .await;
    assert_eq!(renter["budgetMin"], 350_000, "{renter}");
    assert_eq!(renter["budgetMax"], 450_000, "{renter}");
    // Core's rent range 3 is 3000-5000元.
    let renters = rows(&manager, json!({ "demand": 3, "budgetRange": 3 })).await;
    assert!(
        renters.iter().any(|row| row["id"] == renter["id"]),
        "{renters:?}"
    );
    for row in &renters {
        let min = row["budgetMin"].as_i64();
        assert!(min.is_none_or(|min| min < 500_000), "{row}");
    }
    manager
        .post(
            LIST,
            json!({ "pageNum": 1, "pageSize": 10, "budgetRange": 7 }),
        )
        .await
        .assert_error(10000004, "筛选范围不存在，请重新选择");
}

async fn the_pool_table_guards_every_move(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let mine = one(&agent, json!({ "status": 1, "pool": 1 }), |row| {
        row["ownerId"] == s.users["agent"]
    })
    .await;
    let id = mine["id"].clone();
    let act = |action: &str| json!({ "id": id, "action": action });
    let detail = agent.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(
        detail["offeredActions"],
        json!(["release", "deal", "invalidate"])
    );
    // 设为无效 says why (core form customerInvalidate), and no 待跟进 reminder stays.
    agent
        .data(
            FOLLOW_UP,
            json!({ "customerId": id, "way": 1, "content": "回访", "nextAt": "2099-01-02" }),
        )
        .await;
    agent
        .post(TRANSITION, act("invalidate"))
        .await
        .assert_error(10000004, "无效原因不能为空");
    let invalid = agent
        .data(
            TRANSITION,
            json!({ "id": id, "action": "invalidate", "remark": "空号" }),
        )
        .await;
    assert_eq!(invalid["status"], 3);
    assert_eq!(invalid["history"][0]["fromStatus"], "有效（私客）");
    assert_eq!(invalid["history"][0]["toStatus"], "无效（私客）");
    assert_eq!(invalid["history"][0]["reason"], "空号");
    assert_eq!(invalid["nextFollowUpOn"], Value::Null, "{invalid}");
    agent
        .post(TRANSITION, act("restore"))
        .await
        .assert_error(10020005, "只有店长可以执行「恢复有效」");
    assert_eq!(manager.data(TRANSITION, act("restore")).await["status"], 1);
    agent
        .post(TRANSITION, act("drop"))
        .await
        .assert_error(10000004, "未知的客户操作");

    // A manager transfers it to himself and the history says from whom to whom.
    agent
        .post(TRANSFER, json!({ "id": id, "userId": s.users["manager"] }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    let moved = manager
        .data(TRANSFER, json!({ "id": id, "userId": s.users["manager"] }))
        .await;
    assert_eq!(moved["ownerId"], s.users["manager"]);
    assert_eq!(moved["history"][0]["action"], "transfer");
    assert_eq!(moved["history"][0]["reason"], "由李晓峰转移给王建国");
    // Out of the agent's reach now, and no manager of 滨江店 reaches our store's agent.
    assert_eq!(
        agent.post(DETAIL, json!({ "id": id })).await.code(),
        10020002
    );
    app.as_user("manager2")
        .await
        .post(TRANSFER, json!({ "id": id, "userId": s.users["agent"] }))
        .await
        .assert_error(10000004, "请选择您管理的经纪人");

    // Released with a reason (asked for, and kept in the history), it is the company's to
    // claim; the claim limit holds.
    manager
        .post(TRANSITION, act("release"))
        .await
        .assert_error(10000004, "转公客原因不能为空");
    let mut why = act("release");
    why["remark"] = json!(" 客户暂缓购房 ");
    let released = manager.data(TRANSITION, why).await;
    assert_eq!(
        (released["pool"].as_i64(), released["ownerId"].as_i64()),
        (Some(2), None)
    );
    assert_eq!(
        (
            released["history"][0]["action"].clone(),
            released["history"][0]["reason"].clone()
        ),
        (json!("release"), json!("客户暂缓购房"))
    );
    let seen = app
        .as_user("manager2")
        .await
        .data(DETAIL, json!({ "id": id }))
        .await;
    assert_eq!(seen["offeredActions"], json!(["claim"]));
    let boss = app.as_user("boss").await;
    boss.data(
        "/api/v1/fm/dictionary/add",
        json!({ "dictKey": "customer.claimLimit", "label": "私客上限", "value": "1", "valueType": "number" }),
    )
    .await;
    agent.post(CLAIM, json!({ "id": id })).await.assert_error(
        10020005,
        "您的私客已达上限1个，请先释放或成交部分客户后再认领",
    );
}

async fn two_claims_of_one_public_customer_one_wins(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let public = one(&boss, json!({ "status": 1, "pool": 2 }), |_| true).await;
    let id = public["id"].clone();
    let agent = app.as_user("agent").await;
    let manager2 = app.as_user("manager2").await;
    assert_eq!(
        app.as_user("nbmanager")
            .await
            .post(CLAIM, json!({ "id": id }))
            .await
            .code(),
        10020002
    );
    let (a, b) = tokio::join!(
        agent.post(CLAIM, json!({ "id": id })),
        manager2.post(CLAIM, json!({ "id": id })),
    );
    let codes = [a.code(), b.code()];
    assert!(
        codes.contains(&0) && codes.contains(&10020005),
        "{codes:?}: {} {}",
        a.body,
        b.body
    );
    let (winner, loser) = if a.code() == 0 {
        ("agent", &b)
    } else {
        ("manager2", &a)
    };
    assert!(
        [
            "该记录的状态已被他人修改，请刷新后重试",
            "该客户已被他人认领，请刷新后重试"
        ]
        .contains(&loser.message()),
        "{}",
        loser.body
    );
    let after = boss.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(after["ownerId"], s.users[winner]);
    assert_eq!(after["pool"], 1);
    assert_eq!(after["history"][0]["action"], "claim");
}

async fn the_routes_answer_each_demo_user_as_the_matrix_says(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let agents = one(&manager, json!({ "pool": 1, "status": 1 }), |row| {
        row["ownerId"] == s.users["agent"]
    })
    .await;
    let id = agents["id"].clone();
    let page = json!({ "pageNum": 1, "pageSize": 100 });
    let cases: [(&str, Value, &str); 7] = [
        (LIST, page, "APAAAAAPA"),
        (DETAIL, json!({ "id": id }), "APAAASSPS"),
        (
            FOLLOW_UPS,
            json!({ "customerId": id, "pageNum": 1, "pageSize": 10 }),
            "APAAASSPS",
        ),
        // The agent keeps this customer: their own phone is theirs to see whole.
        (REVEAL, json!({ "id": id }), "APAAASSPS"),
        (
            FOLLOW_UP,
            json!({ "customerId": id, "way": 1, "content": "回访" }),
            "APAAASSPS",
        ),
        (
            TRANSITION,
            json!({ "id": id, "action": "invalidate", "remark": "空号" }),
            "APAAASSPS",
        ),
        // The administrator belongs to no company: there is none to enter a customer for.
        (ADD, form("13700000000"), "PPAAAAAPA"),
    ];
    for (path, body, expect) in cases {
        for (user, wanted) in USERS.iter().zip(expect.chars()) {
            let caller = app.as_user(user).await;
            let mut body = body.clone();
            if path == ADD {
                body["phone"] = json!(format!("1370000{:04}", s.users[*user]));
            }
            let answer = caller.post(path, body).await;
            let code = match wanted {
                'A' => 0,
                'P' => 10020001,
                _ => 10020002,
            };
            assert_eq!(answer.code(), code, "{path} as {user}: {}", answer.body);
            if wanted == 'A' {
                assert_no_foreign_rows(user, path, &answer.body);
            }
            // The first allowed move made it invalid: undo so the next caller meets it valid.
            if path == TRANSITION && code == 0 {
                manager
                    .data(TRANSITION, json!({ "id": id, "action": "restore" }))
                    .await;
            }
        }
    }
    // Transfer: a manager's, to an agent they manage. Handing the agent's customer to the agent
    // again is refused once the route opens; another store's manager may not pick the agent.
    let transfer = json!({ "id": id, "userId": s.users["agent"] });
    for (user, wanted) in USERS.iter().zip("DPDPDFFPF".chars()) {
        let answer = app
            .as_user(user)
            .await
            .post(TRANSFER, transfer.clone())
            .await;
        match wanted {
            'D' => answer.assert_error(10000004, "该客户已是此经纪人的客户"),
            'F' => answer.assert_error(10000004, "请选择您管理的经纪人"),
            _ => answer.assert_error(10020001, "无权限执行该操作"),
        }
    }
}

async fn the_drop_job_moves_a_customer_nobody_followed_up_for_n_days(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let mine = one(&agent, json!({ "status": 1, "pool": 1 }), |row| {
        row["ownerId"] == s.users["agent"]
    })
    .await;
    // The agent's follow-up starts the company's 15 days (客户保护期) again from now.
    agent
        .data(
            FOLLOW_UP,
            json!({ "customerId": mine["id"], "way": 4, "content": "微信发了两套房源" }),
        )
        .await;
    let now = chrono::Utc::now();
    let pool = |row: &Value| row["pool"].as_i64();
    let drop_at = |days: i64| {
        brokerdesk_server::customer::drop_job::run(&app.db, now + chrono::Duration::days(days))
    };
    drop_at(14).await.unwrap();
    let kept = agent.data(DETAIL, json!({ "id": mine["id"] })).await;
    assert_eq!(
        pool(&kept),
        Some(1),
        "two weeks without a follow-up is not yet due"
    );

    assert!(drop_at(16).await.unwrap() >= 1);
    let manager = app.as_user("manager").await;
    let dropped = manager.data(DETAIL, json!({ "id": mine["id"] })).await;
    assert_eq!(
        (pool(&dropped), dropped["ownerId"].as_i64()),
        (Some(2), None)
    );
    let line = &dropped["history"][0];
    assert_eq!(line["action"], "drop");
    assert_eq!(line["actorName"], "系统");
    assert_eq!(line["reason"], "超过15天未跟进，自动转入公客池");
    assert_eq!(line["toStatus"], "有效（公客）");
    // A second run finds nothing more of it to move.
    drop_at(16).await.unwrap();
    let again = manager.data(DETAIL, json!({ "id": mine["id"] })).await;
    assert_eq!(
        again["history"].as_array().unwrap().len(),
        dropped["history"].as_array().unwrap().len()
    );
}

async fn the_home_reminder_lists_the_callers_own_due_customers(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let due = agent.data(DUE, json!({})).await;
    let due = due.as_array().unwrap();
    assert!(
        !due.is_empty(),
        "the demo plans follow-ups for today and before"
    );
    let mut last = String::new();
    for row in due {
        assert_eq!(row["ownerId"], s.users["agent"], "{row}");
        assert_eq!(row["followUpDue"], true, "{row}");
        assert_eq!(
            (row["status"].as_i64(), row["pool"].as_i64()),
            (Some(1), Some(1))
        );
        let on = row["nextFollowUpOn"].as_str().unwrap().to_owned();
        assert!(on >= last, "the longest overdue first: {row}");
        last = on;
    }
    // The list's 待跟进 filter finds them; the manager's reminder holds none of the agent's.
    let filtered = rows(&agent, json!({ "due": true, "mine": true, "status": 1 })).await;
    assert_eq!(filtered.len(), due.len());
    let manager = app.as_user("manager").await;
    for row in manager.data(DUE, json!({})).await.as_array().unwrap() {
        assert_eq!(row["ownerId"], s.users["manager"], "{row}");
    }
    // A follow-up planned for later takes the customer off the reminder.
    let first = due[0]["id"].clone();
    agent
        .data(
            FOLLOW_UP,
            json!({ "customerId": first, "way": 2, "content": "到店看了户型图", "nextAt": "2099-03-01" }),
        )
        .await;
    let after = agent.data(DUE, json!({})).await;
    assert!(
        after
            .as_array()
            .unwrap()
            .iter()
            .all(|row| row["id"] != first)
    );
    assert_eq!(after.as_array().unwrap().len(), due.len() - 1);

    // The 转移 picker: the manager's store's working people, never another store's.
    let picked = manager.data(AGENTS, json!({})).await;
    let names: Vec<&str> = picked
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["storeName"].as_str().unwrap())
        .collect();
    assert!(
        picked
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == s.users["agent"])
    );
    assert!(names.iter().all(|store| *store == "西湖店"), "{names:?}");
    agent
        .post(AGENTS, json!({}))
        .await
        .assert_error(10020001, "无权限执行该操作");
}

async fn the_list_filters_by_circle_and_offers_each_row_its_moves(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let areas = agent
        .data("/api/v1/fm/house/community/areas", json!({}))
        .await;
    let district = &areas[0];
    let circle = district["circles"][0]["id"].clone();
    let mut body = form("13712349876");
    body["districtIds"] = json!([district["id"]]);
    body["circleIds"] = json!([circle]);
    let added = agent.data(ADD, body).await;
    let found = rows(&agent, json!({ "circleId": circle })).await;
    assert!(found.iter().any(|row| row["id"] == added["id"]));
    assert!(
        found
            .iter()
            .all(|row| !row["circleNames"].as_array().unwrap().is_empty())
    );
    // Each row carries what the pool table offers this caller on it.
    for row in rows(&agent, json!({})).await {
        let expected = if row["pool"] == 2 && row["status"] == 1 {
            json!(["claim"])
        } else if row["ownerId"] == s.users["agent"] && row["status"] == 1 {
            json!(["release", "deal", "invalidate"])
        } else {
            row["offeredActions"].clone()
        };
        assert_eq!(row["offeredActions"], expected, "{row}");
    }
    let manager = app.as_user("manager").await;
    let agents = one(&manager, json!({ "pool": 1, "status": 1 }), |row| {
        row["ownerId"] == s.users["agent"]
    })
    .await;
    assert!(
        agents["offeredActions"]
            .as_array()
            .unwrap()
            .contains(&json!("transfer")),
        "{agents}"
    );
}

async fn pasted_phones_are_tidied_and_found_by_their_last_digits(app: TestApp) {
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    // Spaces and dashes as people paste them: kept as the number, one customer however written.
    let added = agent.data(ADD, form("138-5555-0217")).await;
    assert_eq!(added["phone"], "138 5555 0217");
    assert_eq!(whole_phone(&agent, &added["id"]).await, "13855550217");
    let again = agent.post(ADD, form("138 5555 0217")).await;
    assert_eq!(again.code(), 10000409, "{}", again.body);
    agent
        .post(ADD, form("138-5555-021"))
        .await
        .assert_error(10000004, "请输入正确的固话号码或手机号码");
    // Found by the phone's last four digits (尾号), written whole or with spaces.
    for keyword in ["0217", "5555 0217", "13855550217"] {
        let found = rows(&agent, json!({ "keyword": keyword })).await;
        assert!(
            found.iter().any(|row| row["id"] == added["id"]),
            "{keyword}: {found:?}"
        );
    }
    // A landline keeps its whole area code when masked for the manager.
    let mut landline = form("0571 876 5432");
    landline["name"] = json!("座机_客户");
    let line = agent.data(ADD, landline).await;
    let seen = rows(&manager, json!({ "keyword": "5432" })).await;
    let row = seen.iter().find(|row| row["id"] == line["id"]).unwrap();
    assert_eq!(row["phone"], "0571***5432");
    // `%` and `_` typed into a search are characters, not wildcards.
    assert_eq!(
        rows(&agent, json!({ "keyword": "%" })).await,
        Vec::<Value>::new()
    );
    let underscored = rows(&agent, json!({ "keyword": "_" })).await;
    assert_eq!(
        underscored
            .iter()
            .map(|row| row["id"].clone())
            .collect::<Vec<_>>(),
        [line["id"].clone()]
    );
    let leads = agent
        .data(
            "/api/v1/fm/crm/clue/list",
            json!({ "keyword": "%", "pageNum": 1, "pageSize": 10 }),
        )
        .await;
    assert_eq!(leads["total"], 0, "{leads}");
}

on_both_backends!(
    pasted_phones_are_tidied_and_found_by_their_last_digits,
    the_home_reminder_lists_the_callers_own_due_customers,
    the_list_filters_by_circle_and_offers_each_row_its_moves,
    entering_a_customer_and_refusing_a_duplicate_phone,
    each_user_sees_their_scope_and_phones_as_the_rule_says,
    the_pool_table_guards_every_move,
    two_claims_of_one_public_customer_one_wins,
    the_drop_job_moves_a_customer_nobody_followed_up_for_n_days,
    the_routes_answer_each_demo_user_as_the_matrix_says,
);
