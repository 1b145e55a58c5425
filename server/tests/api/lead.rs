//! 线索 over HTTP: entering a lead and a duplicate phone refused naming the lead, each demo
//! user's scope, core's lead table guarding every move, two claims of one pooled lead of which
//! exactly one wins, and batch import: per-row errors and duplicates, pasted text, CSV and XLSX
//! files (the downloadable template among them), and the same rows imported twice adding
//! nothing the second time; an agent's batch theirs to follow, a manager's in the pool or with
//! the colleague chosen; batch 认领 and 分配 answered per lead; the customer phone rule and its
//! masking; 转为客户 keeping the districts.

use std::time::Duration;

use base64::Engine;
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, USERS, assert_no_foreign_rows};
use crate::on_both_backends;

const LIST: &str = "/api/v1/fm/crm/clue/list";
const DETAIL: &str = "/api/v1/fm/crm/clue/detail";
const ADD: &str = "/api/v1/fm/crm/clue/add";
const TRANSITION: &str = "/api/v1/fm/crm/clue/transition";
const BATCH: &str = "/api/v1/fm/crm/clue/batchTransition";
const ASSIGNEES: &str = "/api/v1/fm/crm/clue/assignees";
const IMPORT: &str = "/api/v1/fm/crm/clue/import";
const PROGRESS: &str = "/api/v1/fm/crm/clue/import/progress";
const TEMPLATE: &str = "/api/v1/fm/crm/clue/import/template";
const CHECK: &str = "/api/v1/fm/crm/clue/import/check";
const CONVERT: &str = "/api/v1/fm/crm/clue/convert";
const CUSTOMER_ADD: &str = "/api/v1/fm/crm/customer/add";
const CUSTOMER_DETAIL: &str = "/api/v1/fm/crm/customer/detail";

/// The customer form for 转为客户 of lead `id`, as the page pre-fills it from the lead.
fn customer_of(id: &Value, phone: &str) -> Value {
    json!({
        "id": id, "name": "林先生", "sex": 1, "phone": phone, "level": 3, "demand": 1,
        "budgetMax": "300", "source": 6, "remark": "线索转来"
    })
}

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

fn ids(rows: &[Value]) -> Vec<i64> {
    rows.iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

/// A pooled lead of the caller's company.
async fn pooled(caller: &Caller<'_>) -> Value {
    rows(caller, json!({ "status": 1 }))
        .await
        .into_iter()
        .next()
        .expect("the demo pool has leads")
}

/// Starts an import and waits for its end.
async fn import(caller: &Caller<'_>, body: Value) -> Value {
    let job = caller.data(IMPORT, body).await;
    assert_eq!(job["state"], "running", "{job}");
    for _ in 0..600 {
        let now = caller.data(PROGRESS, json!({ "id": job["id"] })).await;
        if now["state"] != "running" {
            assert_eq!(now["state"], "done", "{now}");
            return now;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the import did not end");
}

fn outcomes(job: &Value) -> Vec<(i64, String)> {
    job["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["line"].as_i64().unwrap(),
                r["outcome"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

async fn entering_a_lead_and_refusing_a_duplicate_phone(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let added = agent
        .data(
            ADD,
            json!({ "name": " 林先生 ", "phone": "13900007777", "sex": 1, "demand": 2,
                    "area": "滨江区", "budget": "280.5", "remark": "看新房" }),
        )
        .await;
    assert_eq!(added["name"], "林先生");
    assert_eq!(added["status"], 2, "the one who enters it follows it");
    assert_eq!(added["ownerId"], s.users["agent"]);
    assert_eq!(added["source"], 1);
    assert_eq!(added["budget"], 280_500_000_i64);
    // A rental's budget is its monthly rent in 元.
    let rental = agent
        .data(
            ADD,
            json!({ "name": "柯女士", "phone": "13900007778", "demand": 3, "budget": "4500" }),
        )
        .await;
    assert_eq!(rental["budget"], 450_000_i64);
    assert_eq!(added["phone"], "139 0000 7777", "its agent sees it whole");
    assert_eq!(
        added["offeredActions"],
        json!(["release", "invalidate", "convert"])
    );
    // The same phone written another way is the same person, whoever enters it.
    let again = app
        .as_user("manager2")
        .await
        .post(ADD, json!({ "name": "林", "phone": "+8613900007777" }))
        .await;
    assert_eq!(again.code(), 10000409, "{}", again.body);
    assert_eq!(
        again.message(),
        format!("该电话已有线索（编号{}，李晓峰跟进中）", added["id"])
    );
    // Every field at fault at once, as the browser shows them.
    let bad = agent.post(ADD, json!({ "name": "", "phone": "123" })).await;
    assert_eq!(bad.code(), 10000004, "{}", bad.body);
}

async fn each_user_sees_their_scope(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let mine = rows(&agent, json!({})).await;
    assert!(!mine.is_empty());
    for row in &mine {
        // Their own, or the company's pool.
        assert!(
            row["ownerId"] == s.users["agent"] || row["status"] == 1 && row["ownerId"].is_null(),
            "{row}"
        );
        if row["ownerId"].is_null() {
            assert!(
                row["phone"].as_str().unwrap().contains('*'),
                "pooled phones are masked"
            );
        }
    }
    let manager = rows(&app.as_user("manager").await, json!({})).await;
    let boss = rows(&app.as_user("boss").await, json!({})).await;
    assert!(manager.len() > mine.len() && boss.len() > manager.len());
    assert!(
        manager
            .iter()
            .all(|r| r["storeName"] == "西湖店" || r["ownerId"].is_null())
    );
    assert!(boss.iter().any(|r| r["storeName"] == "滨江店"));
    let ningbo = rows(&app.as_user("nbmanager").await, json!({})).await;
    assert!(!ningbo.is_empty());
    assert!(ids(&ningbo).iter().all(|id| !ids(&boss).contains(id)));
    // Filters: my leads, by status and a phone's digits.
    let following = rows(&agent, json!({ "mine": true, "status": 2 })).await;
    assert!(
        following
            .iter()
            .all(|r| r["ownerId"] == s.users["agent"] && r["status"] == 2)
    );
    let one = &following[0];
    let digits: String = one["phone"].as_str().unwrap().replace(' ', "")[5..].to_owned();
    let found = rows(&agent, json!({ "keyword": digits })).await;
    assert!(ids(&found).contains(&one["id"].as_i64().unwrap()));
    // Another store's lead is out of reach.
    let theirs = boss.iter().find(|r| r["storeName"] == "滨江店").unwrap();
    agent
        .post(DETAIL, json!({ "id": theirs["id"] }))
        .await
        .assert_error(10020002, "无权限访问该数据");
}

async fn the_lead_table_guards_every_move(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let lead = pooled(&agent).await;
    assert_eq!(
        lead["offeredActions"],
        json!(["claim"]),
        "an agent only claims"
    );
    let id = lead["id"].clone();
    // Agents do not assign.
    agent
        .post(
            TRANSITION,
            json!({ "id": id, "action": "assign", "userId": s.users["agent"] }),
        )
        .await
        .assert_error(10020001, "无权限执行该操作");
    // A store manager hands the company's pool out to their own agents only.
    let seen = manager.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(
        seen["offeredActions"],
        json!(["assign", "claim", "invalidate"])
    );
    let people = manager.data(ASSIGNEES, json!({})).await;
    let names: Vec<&str> = people
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"李晓峰") && !names.contains(&"孙丽"),
        "{names:?}"
    );
    manager
        .post(TRANSITION, json!({ "id": id, "action": "assign" }))
        .await
        .assert_error(10000004, "请选择跟进人");
    manager
        .post(
            TRANSITION,
            json!({ "id": id, "action": "assign", "userId": s.users["manager2"] }),
        )
        .await
        .assert_error(10000004, "只能分配给您管理范围内在职的同事");
    let assigned = manager
        .data(
            TRANSITION,
            json!({ "id": id, "action": "assign", "userId": s.users["agent"] }),
        )
        .await;
    assert_eq!(
        (assigned["status"].clone(), assigned["ownerId"].clone()),
        (json!(2), json!(s.users["agent"]))
    );
    assert_eq!(assigned["storeName"], "西湖店");
    // Invalid needs a reason; 其他 needs words.
    // Each refusal names its field, for the dialog to show it there.
    let no_reason = agent
        .post(TRANSITION, json!({ "id": id, "action": "invalidate" }))
        .await;
    no_reason.assert_error(10000004, "请选择无效原因");
    assert_eq!(no_reason.body["errors"]["reason"][0], "请选择无效原因");
    let no_words = agent
        .post(
            TRANSITION,
            json!({ "id": id, "action": "invalidate", "reason": 7 }),
        )
        .await;
    no_words.assert_error(10000004, "选择「其他」时请填写原因说明");
    assert_eq!(
        no_words.body["errors"]["remark"][0],
        "选择「其他」时请填写原因说明"
    );
    let invalid = agent
        .data(
            TRANSITION,
            json!({ "id": id, "action": "invalidate", "reason": 1 }),
        )
        .await;
    assert_eq!(
        (invalid["status"].clone(), invalid["invalidReason"].clone()),
        (json!(4), json!(1))
    );
    assert_eq!(
        invalid["offeredActions"],
        json!([]),
        "only a manager restores"
    );
    agent
        .post(TRANSITION, json!({ "id": id, "action": "claim" }))
        .await
        .assert_error(10020005, "当前状态为「无效」，不能执行「认领」");
    let back = manager
        .data(TRANSITION, json!({ "id": id, "action": "restore" }))
        .await;
    assert_eq!(
        (back["status"].clone(), back["ownerId"].clone()),
        (json!(1), Value::Null)
    );
    let claimed = agent
        .data(TRANSITION, json!({ "id": id, "action": "claim" }))
        .await;
    assert_eq!(claimed["ownerId"], s.users["agent"]);
    let released = agent
        .data(
            TRANSITION,
            json!({ "id": id, "action": "release", "remark": "客户在外地" }),
        )
        .await;
    assert_eq!(released["status"], 1);
    // The history, newest first, with who and why.
    let history: Vec<(String, String)> = released["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["action"].as_str().unwrap().to_owned(),
                h["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        history,
        [
            ("release".to_owned(), "客户在外地".to_owned()),
            ("claim".to_owned(), String::new()),
            ("restore".to_owned(), String::new()),
            ("invalidate".to_owned(), "空号/停机".to_owned()),
            ("assign".to_owned(), String::new()),
        ]
    );
    assert_eq!(released["history"][0]["actorName"], "李晓峰");
}

async fn two_claims_of_one_pooled_lead_one_wins(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let id = pooled(&boss).await["id"].clone();
    app.as_user("nbmanager")
        .await
        .post(TRANSITION, json!({ "id": id, "action": "claim" }))
        .await
        .assert_error(10020002, "无权限访问该数据");
    let agent = app.as_user("agent").await;
    let manager2 = app.as_user("manager2").await;
    let (a, b) = tokio::join!(
        agent.post(TRANSITION, json!({ "id": id, "action": "claim" })),
        manager2.post(TRANSITION, json!({ "id": id, "action": "claim" })),
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
            "该线索已被他人认领，请刷新后重试",
            "当前状态为「跟进中」，不能执行「认领」",
        ]
        .contains(&loser.message()),
        "{}",
        loser.body
    );
    let after = boss.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(after["ownerId"], s.users[winner]);
    assert_eq!(
        after["history"].as_array().unwrap().len(),
        1,
        "one claim on file"
    );
}

const CSV: &str = "姓名,联系电话,性别,需求类型,意向区域,预算(万元),备注\n\
    宋先生,13800010001,男,二手房购买,西湖区,300,\n\
    ,12345,不详,,,,\n\
    唐女士,13800010002,女,租房,,abc,\n\
    宋二,+8613800010001,,,,,\n\
    邓女士,010-87654321,女士,新房购买,滨江区,520.5,周末看房\n";

async fn batch_import_reports_every_row_and_adds_nothing_twice(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let file = json!({ "fileName": "线索.csv", "content": base64(CSV.as_bytes()) });
    let job = import(&agent, file.clone()).await;
    assert_eq!(
        outcomes(&job),
        [
            (2, "added".to_owned()),
            (3, "invalid".to_owned()),
            (4, "invalid".to_owned()),
            (5, "duplicate".to_owned()),
            (6, "added".to_owned()),
        ]
    );
    assert_eq!(
        (
            job["total"].clone(),
            job["processed"].clone(),
            job["added"].clone(),
            job["invalid"].clone(),
            job["duplicate"].clone()
        ),
        (json!(5), json!(5), json!(2), json!(2), json!(1))
    );
    // Each field's error beside its row.
    let errors = |line: usize| -> Vec<(String, String)> {
        job["results"][line - 2]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["field"].as_str().unwrap().to_owned(),
                    e["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(
        errors(3),
        [
            ("name".to_owned(), "姓名不能为空".to_owned()),
            (
                "phone".to_owned(),
                "请输入正确的固话号码或手机号码".to_owned()
            ),
            // A pasted row has nothing to pick from: the error names what the column takes.
            (
                "sex".to_owned(),
                "性别须为未知、男、女、先生或女士".to_owned()
            ),
        ]
    );
    assert_eq!(
        errors(4),
        [(
            "budget".to_owned(),
            // A rental's budget is its monthly rent.
            "月租(元)须为大于0且不超过100000的数字，最多两位小数".to_owned()
        )]
    );
    assert_eq!(job["results"][3]["message"], "与第2行电话重复");
    // An agent's valid rows are theirs to follow; their manager sees them, phones masked as a
    // customer's are for anyone but its agent.
    let added = rows(&manager, json!({ "importId": job["id"] })).await;
    assert_eq!(added.len(), 2);
    assert!(
        added.iter().all(|r| r["status"] == 2
            && r["source"] == 2
            && r["ownerId"] == s.users["agent"]
            && r["phone"].as_str().unwrap().contains('*')),
        "{added:?}"
    );
    let theirs = rows(&agent, json!({ "importId": job["id"] })).await;
    assert!(
        theirs
            .iter()
            .all(|r| !r["phone"].as_str().unwrap().contains('*')),
        "its agent sees them whole"
    );
    let landline = added.iter().find(|r| r["name"] == "邓女士").unwrap();
    assert_eq!(
        (
            landline["sex"].clone(),
            landline["demand"].clone(),
            landline["budget"].clone()
        ),
        (json!(2), json!(2), json!(520_500_000_i64))
    );
    // The same file again adds nothing: its rows were imported.
    let again = import(&manager, file).await;
    assert_eq!(again["added"], 0);
    assert_eq!(again["repeated"], 2);
    assert_eq!(again["results"][0]["message"], "该行已导入过，未重复添加");
    // Pasted rows from a spreadsheet: a phone the company holds is a duplicate naming its lead.
    let held = added.iter().find(|r| r["name"] == "宋先生").unwrap();
    let paste = import(
        &agent,
        json!({ "text": "新名字\t13800010001\n韦先生\t13800010009\n" }),
    )
    .await;
    assert_eq!(paste["fileName"], "粘贴的线索");
    assert_eq!(
        outcomes(&paste),
        [(1, "duplicate".to_owned()), (2, "added".to_owned())]
    );
    assert_eq!(
        paste["results"][0]["message"],
        format!("该电话已有线索（编号{}，李晓峰跟进中）", held["id"])
    );
}

/// A batch large enough for the table's statistics to be refreshed after it (on PostgreSQL):
/// every row is added once, and the same file again adds none.
async fn a_large_batch_is_added_once(app: TestApp) {
    let manager = app.as_user("manager").await;
    let mut csv = String::from("姓名,联系电话\n");
    for n in 0..1_200 {
        csv.push_str(&format!("客户{n},1370000{n:04}\n"));
    }
    let file = json!({ "fileName": "大批线索.csv", "content": base64(csv.as_bytes()) });
    let first = import(&manager, file.clone()).await;
    assert_eq!(
        (first["total"].clone(), first["added"].clone()),
        (json!(1200), json!(1200))
    );
    let again = import(&manager, file).await;
    assert_eq!(again["added"], 0, "nothing is added twice");
    assert!(
        outcomes(&again)
            .iter()
            .all(|(_, outcome)| outcome == "repeated"),
        "every row says it was imported before"
    );
}

async fn a_managers_batch_goes_to_the_pool_or_the_colleague_chosen(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let first = |rows: Vec<Value>| (rows[0]["status"].clone(), rows[0]["ownerId"].clone());
    let pooled = import(&manager, json!({ "text": "施先生\t13800030001" })).await;
    assert_eq!(
        first(rows(&manager, json!({ "importId": pooled["id"] })).await),
        (json!(1), Value::Null),
        "no one chosen: the pool"
    );
    let handed = import(
        &manager,
        json!({ "text": "严女士\t13800030002", "assigneeId": s.users["agent"] }),
    )
    .await;
    assert_eq!(
        first(rows(&manager, json!({ "importId": handed["id"] })).await),
        (json!(2), json!(s.users["agent"]))
    );
    // Another store's staff are beyond a store manager's reach; an agent hands nothing on.
    manager
        .post(
            IMPORT,
            json!({ "text": "华先生\t13800030003", "assigneeId": s.users["manager2"] }),
        )
        .await
        .assert_error(10000004, "只能分配给您管理范围内在职的同事");
    app.as_user("agent")
        .await
        .post(
            IMPORT,
            json!({ "text": "华先生\t13800030003", "assigneeId": s.users["manager"] }),
        )
        .await
        .assert_error(10020001, "无权限执行该操作");
}

async fn batch_claim_and_assign_answer_for_each_lead(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let pool = rows(&agent, json!({ "status": 1 })).await;
    let mine = rows(&agent, json!({ "mine": true, "status": 2 })).await;
    let (a, b, followed) = (&pool[0], &pool[1], &mine[0]);
    let results = agent
        .data(
            BATCH,
            json!({ "ids": [a["id"], b["id"], followed["id"]], "action": "claim" }),
        )
        .await;
    let outcome = |i: usize| {
        (
            results[i]["id"].clone(),
            results[i]["moved"].clone(),
            results[i]["message"].clone(),
        )
    };
    assert_eq!(outcome(0), (a["id"].clone(), json!(true), json!("")));
    assert_eq!(outcome(1), (b["id"].clone(), json!(true), json!("")));
    assert_eq!(
        outcome(2),
        (
            followed["id"].clone(),
            json!(false),
            json!("当前状态为「跟进中」，不能执行「认领」")
        ),
        "a lead already followed is not claimed, and says why"
    );
    assert_eq!(results[0]["name"], a["name"]);
    for id in [&a["id"], &b["id"]] {
        let lead = agent.data(DETAIL, json!({ "id": id })).await;
        assert_eq!(lead["ownerId"], s.users["agent"]);
        assert_eq!(lead["history"][0]["action"], "claim");
    }
    // Agents do not assign, and a batch takes only 认领 and 分配, of chosen leads.
    agent
        .post(
            BATCH,
            json!({ "ids": [a["id"]], "action": "assign", "userId": s.users["agent"] }),
        )
        .await
        .assert_error(10020001, "无权限执行该操作");
    manager
        .post(BATCH, json!({ "ids": [a["id"]], "action": "release" }))
        .await
        .assert_error(10000004, "批量操作仅支持认领和分配");
    manager
        .post(BATCH, json!({ "ids": [], "action": "claim" }))
        .await
        .assert_error(10000004, "请选择线索");
    // A manager hands two pooled leads to their agent; another store's lead is out of reach.
    let pool = rows(&manager, json!({ "status": 1 })).await;
    let boss = rows(&app.as_user("boss").await, json!({})).await;
    let elsewhere = boss.iter().find(|r| r["storeName"] == "滨江店").unwrap();
    let results = manager
        .data(
            BATCH,
            json!({ "ids": [pool[0]["id"], pool[1]["id"], elsewhere["id"]],
                    "action": "assign", "userId": s.users["agent"] }),
        )
        .await;
    assert_eq!(results[0]["moved"], true, "{results}");
    assert_eq!(results[1]["moved"], true, "{results}");
    assert_eq!(
        (
            results[2]["moved"].clone(),
            results[2]["name"].clone(),
            results[2]["message"].clone()
        ),
        (json!(false), json!(""), json!("无权限访问该数据")),
        "nothing of a lead out of reach but its number"
    );
    let handed = agent.data(DETAIL, json!({ "id": pool[0]["id"] })).await;
    assert_eq!(handed["ownerId"], s.users["agent"]);
}

async fn a_short_number_is_no_phone_and_phones_are_masked(app: TestApp) {
    let agent = app.as_user("agent").await;
    // One rule for a lead, a batch row and a customer: 1380000 is a mobile cut short.
    agent
        .post(ADD, json!({ "name": "短号", "phone": "1380000" }))
        .await
        .assert_error(10000004, "请输入正确的固话号码或手机号码");
    agent
        .post(
            CUSTOMER_ADD,
            json!({ "name": "短号", "sex": 1, "phone": "1380000", "level": 2, "demand": 1, "source": 1 }),
        )
        .await
        .assert_error(10000004, "请输入正确的固话号码或手机号码");
    let job = import(
        &agent,
        json!({ "text": "短号\t1380000\n座机\t010-88887777\n" }),
    )
    .await;
    assert_eq!(
        outcomes(&job),
        [(1, "invalid".to_owned()), (2, "added".to_owned())]
    );
    assert_eq!(
        job["results"][0]["errors"][0],
        json!({ "field": "phone", "message": "请输入正确的固话号码或手机号码" })
    );
    // The landline is the agent's; their manager sees it masked.
    let seen = rows(
        &app.as_user("manager").await,
        json!({ "importId": job["id"] }),
    )
    .await;
    assert_eq!(seen[0]["phone"], "010-****7777");
    assert_eq!(
        rows(&agent, json!({ "importId": job["id"] })).await[0]["phone"],
        "010-88887777"
    );
}

/// An XLSX file of the template's header and `rows`, every cell as text.
fn xlsx(rows: &[[&str; 7]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let header = [
        "姓名",
        "联系电话",
        "性别",
        "需求类型",
        "意向区域",
        "预算(万元)",
        "备注",
    ];
    for (r, row) in std::iter::once(&header).chain(rows).enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet
                .write_string(u32::try_from(r).unwrap(), u16::try_from(c).unwrap(), *cell)
                .unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

async fn the_xlsx_template_example_is_never_imported(app: TestApp) {
    let agent = app.as_user("agent").await;
    let response = reqwest::Client::new()
        .post(app.url(TEMPLATE))
        .header("token", &agent.token)
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.headers()["content-type"],
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"PK"), "an xlsx is a zip");
    let template = json!({ "fileName": "线索导入模板.xlsx", "content": base64(&bytes) });
    // Checked before saving, the example row is marked as such.
    let checked = agent.data(CHECK, template.clone()).await;
    assert_eq!(checked.as_array().unwrap().len(), 1, "{checked}");
    assert_eq!(
        (
            checked[0]["line"].clone(),
            checked[0]["example"].clone(),
            checked[0]["values"]["name"].clone()
        ),
        (json!(2), json!(true), json!("张先生"))
    );
    assert_eq!(checked[0]["errors"], json!([]));
    // Uploaded as downloaded, nothing is imported.
    let job = import(&agent, template).await;
    assert_eq!(outcomes(&job), [(2, "example".to_owned())]);
    assert_eq!(job["results"][0]["message"], "示例行，已跳过");
    assert_eq!(
        (job["added"].clone(), job["skipped"].clone()),
        (json!(0), json!(1))
    );
    assert_eq!(
        rows(&agent, json!({ "importId": job["id"] })).await,
        Vec::<Value>::new()
    );
    // Filled in under the example: the example skipped, the rows checked and saved as written.
    let example = [
        "张先生",
        "13812345678",
        "男",
        "二手房购买",
        "西湖区文三路",
        "300",
        "",
    ];
    let filled = xlsx(&[
        example,
        [
            "李女士",
            "139 0000 5555",
            "女",
            "新房购买",
            "滨江区",
            "250 - 280",
            "看江景",
        ],
        ["王五", "12345", "", "", "", "", ""],
    ]);
    let file = json!({ "fileName": "线索.xlsx", "content": base64(&filled) });
    let checked = agent.data(CHECK, file.clone()).await;
    assert_eq!(checked[0]["example"], true, "known by its name and phone");
    assert_eq!(checked[1]["example"], false);
    assert_eq!(
        checked[1]["values"],
        json!({ "name": "李女士", "phone": "13900005555", "sex": "2", "demand": "2",
                "area": "滨江区", "budget": "250-280", "remark": "看江景" })
    );
    assert_eq!(
        checked[2]["errors"],
        json!([{ "field": "phone", "message": "请输入正确的固话号码或手机号码" }])
    );
    let job = import(&agent, file).await;
    assert_eq!(
        outcomes(&job),
        [
            (2, "example".to_owned()),
            (3, "added".to_owned()),
            (4, "invalid".to_owned())
        ]
    );
    let saved = agent
        .data(DETAIL, json!({ "id": job["results"][1]["leadId"] }))
        .await;
    assert_eq!(
        (
            saved["phone"].clone(),
            saved["sex"].clone(),
            saved["demand"].clone(),
            saved["area"].clone()
        ),
        (json!("139 0000 5555"), json!(2), json!(2), json!("滨江区"))
    );
    // A budget range keeps both bounds, in fen.
    assert_eq!(
        (saved["budgetMin"].clone(), saved["budget"].clone()),
        (json!(250_000_000), json!(280_000_000))
    );
    // What cannot be read is refused at once, on its field.
    agent
        .post(IMPORT, json!({ "fileName": "线索.xls", "content": "" }))
        .await
        .assert_error(10000004, "仅支持导入csv、xlsx文件");
    agent
        .post(
            IMPORT,
            json!({ "fileName": "线索.xlsx", "content": base64(b"not a zip") }),
        )
        .await
        .assert_error(10000004, "无法读取该xlsx文件，请使用下载的模板");
    agent
        .post(
            IMPORT,
            json!({ "fileName": "线索.csv", "content": base64("姓名,联系电话\n".as_bytes()) }),
        )
        .await
        .assert_error(10000004, "没有可导入的线索");
    // A CSV saved by Excel on Chinese Windows (GBK) reads the same.
    let (gbk, _, _) = encoding_rs::GBK.encode("姓名,联系电话\n冯先生,13800010077\n");
    let job = import(
        &agent,
        json!({ "fileName": "gbk.csv", "content": base64(&gbk) }),
    )
    .await;
    assert_eq!(job["results"][0]["name"], "冯先生");
}

async fn the_routes_answer_each_demo_user_as_the_matrix_says(app: TestApp) {
    let manager = app.as_user("manager").await;
    let agents = rows(&manager, json!({ "status": 2 }))
        .await
        .into_iter()
        .find(|r| r["ownerName"] == "李晓峰")
        .unwrap();
    let id = agents["id"].clone();
    let page = json!({ "pageNum": 1, "pageSize": 100 });
    let paste = json!({ "text": "马先生\t13800020001" });
    // `A` allowed, `P` 无权限执行该操作, `S` 无权限访问该数据, in fixtures' order.
    let cases: [(&str, Value, &str); 8] = [
        (LIST, page, "APAAAAAPA"),
        (DETAIL, json!({ "id": id }), "APAAASSPS"),
        (ASSIGNEES, json!({}), "APAPAAAPA"),
        (
            TRANSITION,
            json!({ "id": id, "action": "release" }),
            "APAAASSPS",
        ),
        // The administrator belongs to no company: there is no pool to import into.
        (IMPORT, paste.clone(), "PPAAAAAPA"),
        (CHECK, paste, "PPAAAAAPA"),
        // Per-lead refusals (another store's lead) answer 0 with the reason beside the lead.
        (
            BATCH,
            json!({ "ids": [id], "action": "assign", "userId": agents["ownerId"] }),
            "APAPAAAPA",
        ),
        (TEMPLATE_JSON_PROBE, json!({}), "APAAAAAPA"),
    ];
    for (path, body, expect) in cases {
        for (user, wanted) in USERS.iter().zip(expect.chars()) {
            let caller = app.as_user(user).await;
            let code = match wanted {
                'A' => 0,
                'P' => 10020001,
                _ => 10020002,
            };
            if path == TEMPLATE_JSON_PROBE {
                // The template answers a file when allowed, the envelope when not.
                let response = reqwest::Client::new()
                    .post(app.url(TEMPLATE))
                    .header("token", &caller.token)
                    .send()
                    .await
                    .unwrap();
                let is_file = response.headers()["content-type"]
                    .to_str()
                    .unwrap()
                    .contains("spreadsheetml");
                assert_eq!(is_file, code == 0, "template as {user}");
                if code != 0 {
                    let body: Value = response.json().await.unwrap();
                    assert_eq!(body["code"], code, "template as {user}");
                }
                continue;
            }
            let answer = caller.post(path, body.clone()).await;
            assert_eq!(answer.code(), code, "{path} as {user}: {}", answer.body);
            if wanted == 'A' {
                assert_no_foreign_rows(user, path, &answer.body);
            }
            // The released lead went to the pool: take it back for the next caller.
            if path == TRANSITION && code == 0 {
                manager
                    .data(
                        TRANSITION,
                        json!({ "id": id, "action": "assign", "userId": agents["ownerId"] }),
                    )
                    .await;
            }
        }
    }
    // 转为客户, each caller a fresh lead of the agent's.
    let agent = app.as_user("agent").await;
    for (n, (user, wanted)) in USERS.iter().zip("APAAASSPS".chars()).enumerate() {
        let phone = format!("1390001{n:04}");
        let lead = agent
            .data(ADD, json!({ "name": "转化", "phone": phone }))
            .await;
        let code = match wanted {
            'A' => 0,
            'P' => 10020001,
            _ => 10020002,
        };
        let answer = app
            .as_user(user)
            .await
            .post(CONVERT, customer_of(&lead["id"], &phone))
            .await;
        assert_eq!(answer.code(), code, "{CONVERT} as {user}: {}", answer.body);
        if wanted == 'A' {
            assert_no_foreign_rows(user, CONVERT, &answer.body);
        }
    }
}

/// Stands in the matrix for the template, which answers a file rather than JSON.
const TEMPLATE_JSON_PROBE: &str = "template";

async fn converting_keeps_the_districts_the_lead_names(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let lead = agent
        .data(
            ADD,
            json!({ "name": "赵先生", "phone": "13900005555", "sex": 1, "area": "西湖区、滨江" }),
        )
        .await;
    // The pool page starts the form with core's reading of 意向区域: 西湖区 and 滨江区.
    let districts = json!([s.districts["西湖区"], s.districts["滨江区"]]);
    let mut form = customer_of(&lead["id"], "13900005555");
    form["name"] = json!("赵先生");
    form["districtIds"] = districts.clone();
    let converted = agent.data(CONVERT, form).await;
    let customer = agent
        .data(CUSTOMER_DETAIL, json!({ "id": converted["customerId"] }))
        .await;
    assert_eq!(customer["districtIds"], districts, "{customer}");
    assert_eq!(customer["name"], "赵先生");
}

async fn converting_a_lead_makes_a_customer_that_keeps_its_history(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let lead = agent
        .data(
            ADD,
            json!({ "name": "林先生", "phone": "13900008888", "demand": 1 }),
        )
        .await;
    let id = lead["id"].clone();
    // Another store's manager cannot reach the agent's lead; the customer form is core's.
    app.as_user("manager2")
        .await
        .post(CONVERT, customer_of(&id, "13900008888"))
        .await
        .assert_error(10020002, "无权限访问该数据");
    let mut no_level = customer_of(&id, "13900008888");
    no_level["level"] = json!(null);
    assert_eq!(agent.post(CONVERT, no_level).await.code(), 10000004);

    let converted = agent.data(CONVERT, customer_of(&id, "13900008888")).await;
    assert_eq!(converted["status"], 3, "已转客户");
    assert_eq!(converted["offeredActions"], json!([]));
    let customer_id = converted["customerId"].clone();
    assert!(customer_id.as_i64().is_some(), "{converted}");
    assert_eq!(converted["history"][0]["action"], "convert");
    assert_eq!(
        converted["history"][0]["reason"],
        format!("转为客户（客户编号{customer_id}）")
    );
    // The agent's private customer, whose detail shows the lead and its history.
    let customer = agent
        .data(CUSTOMER_DETAIL, json!({ "id": customer_id }))
        .await;
    assert_eq!(customer["ownerId"], s.users["agent"]);
    assert_eq!(customer["pool"], 1);
    assert_eq!(customer["source"], 6);
    assert_eq!(customer["clues"][0]["id"], id);
    assert_eq!(
        customer["clues"][0]["history"][0]["actionLabel"],
        "转为客户"
    );
    // Converted is final.
    agent
        .post(CONVERT, customer_of(&id, "13900008888"))
        .await
        .assert_error(10020005, "当前状态为「已转客户」，不能执行「转为客户」");

    // A lead whose phone a customer holds is refused naming the customer, as the customer
    // page would: by the same rule and the same words.
    agent
        .post(ADD, json!({ "name": "林", "phone": "+8613900008888" }))
        .await
        .assert_error(
            10000409,
            &format!("该客户已是您的私客（客户编号{customer_id}），不能重复录入"),
        );
    let manager2 = app.as_user("manager2").await;
    manager2
        .post(ADD, json!({ "name": "林", "phone": "13900008888" }))
        .await
        .assert_error(10000409, "该客户已是西湖店李晓峰的私客，不能重复录入");
    let job = import(&manager2, json!({ "text": "林女士\t13900008888" })).await;
    assert_eq!(outcomes(&job), [(1, "duplicate".to_owned())]);
    assert_eq!(
        job["results"][0]["message"],
        "该客户已是西湖店李晓峰的私客，不能重复录入"
    );

    // Converting into a phone the agent's customers already hold is refused by the customer
    // module's own check; the lead stays as it was.
    let other = agent
        .data(ADD, json!({ "name": "周女士", "phone": "13900008889" }))
        .await;
    let held = agent
        .data(
            CUSTOMER_ADD,
            json!({ "name": "周", "sex": 2, "phone": "13900008890", "level": 2, "demand": 1, "source": 1 }),
        )
        .await;
    agent
        .post(CONVERT, customer_of(&other["id"], "13900008890"))
        .await
        .assert_error(
            10000409,
            &format!("该客户已是您的私客（客户编号{}），不能重复录入", held["id"]),
        );
    assert_eq!(
        agent.data(DETAIL, json!({ "id": other["id"] })).await["status"],
        2
    );
    // A manager converts the agent's lead with its phone as they see it, masked: the customer
    // is the agent's, with the lead's own phone.
    let manager = app.as_user("manager").await;
    let shown = manager.data(DETAIL, json!({ "id": other["id"] })).await["phone"].clone();
    assert_eq!(shown, "139 **** 8889");
    let by_manager = manager
        .data(CONVERT, customer_of(&other["id"], shown.as_str().unwrap()))
        .await;
    let theirs = agent
        .data(CUSTOMER_DETAIL, json!({ "id": by_manager["customerId"] }))
        .await;
    assert_eq!(theirs["ownerId"], s.users["agent"]);
    assert_eq!(theirs["phone"], "139 0000 8889");
}

async fn duplicates_follow_the_company_phone_scope(app: TestApp) {
    let agent = app.as_user("agent").await;
    let manager2 = app.as_user("manager2").await;
    let first = agent
        .data(ADD, json!({ "name": "韩先生", "phone": "13900006666" }))
        .await;
    // 公司 (the default): another store's lead holds it.
    assert_eq!(
        manager2
            .post(ADD, json!({ "name": "韩", "phone": "13900006666" }))
            .await
            .code(),
        10000409
    );
    // 门店: another store may hold the same person; the agent's own store still may not.
    app.as_user("boss")
        .await
        .data(
            "/api/v1/fm/dictionary/add",
            json!({ "dictKey": "customer.phoneScope", "label": "判重范围", "value": "2", "valueType": "number" }),
        )
        .await;
    let theirs = manager2
        .data(ADD, json!({ "name": "韩", "phone": "13900006666" }))
        .await;
    assert_eq!(theirs["status"], 2);
    app.as_user("manager")
        .await
        .post(ADD, json!({ "name": "韩", "phone": "8613900006666" }))
        .await
        .assert_error(
            10000409,
            &format!("该电话已有线索（编号{}，李晓峰跟进中）", first["id"]),
        );
}

on_both_backends!(
    a_large_batch_is_added_once,
    converting_a_lead_makes_a_customer_that_keeps_its_history,
    converting_keeps_the_districts_the_lead_names,
    a_managers_batch_goes_to_the_pool_or_the_colleague_chosen,
    batch_claim_and_assign_answer_for_each_lead,
    a_short_number_is_no_phone_and_phones_are_masked,
    duplicates_follow_the_company_phone_scope,
    entering_a_lead_and_refusing_a_duplicate_phone,
    each_user_sees_their_scope,
    the_lead_table_guards_every_move,
    two_claims_of_one_pooled_lead_one_wins,
    batch_import_reports_every_row_and_adds_nothing_twice,
    the_xlsx_template_example_is_never_imported,
    the_routes_answer_each_demo_user_as_the_matrix_says,
);
