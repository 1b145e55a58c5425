//! The functions over the brokerage's own data an assistant may call: their list, an assistant's
//! data sources, and the model's function calls run as the person asking — checked through a
//! local OpenAI-compatible server that asks for calls and keeps what it was sent back.

use brokerdesk_server::chat::openai::Provider;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::chat::{demo_assistant, open, question, replies, send, tags, text_of};
use crate::common::{Backend, Caller, TestApp};
use crate::fake_openai::{Behaviour, FakeOpenAi};
use crate::fixtures::{Seeded, assert_no_foreign_rows};
use crate::on_both_backends;

const FUNCTIONS: &str = "/api/v1/chat/function/list";
const SAVE: &str = "/api/v1/chat/assistant/datasource";
const LISTINGS: &str = "/api/v1/fm/house/old/list";
const CUSTOMERS: &str = "/api/v1/fm/crm/customer/list";
const ACHIEVEMENT: &str = "/api/v1/fm/business/achievement/summary";

fn search(source_type: &str, keywords: &str) -> String {
    format!("/api/v1/chat/assistant/datasource/{source_type}?keywords={keywords}")
}

async fn functions_are_listed_and_bound_as_data_sources(app: TestApp) {
    let admin = app.as_user("admin").await;
    let agent = app.as_user("agent").await;
    // Anyone logged in may read the list; without a configured model none is called.
    let listed = agent.get(FUNCTIONS, &[]).await;
    let listed = listed.data();
    assert_eq!(listed["modelConfigured"], false);
    let names: Vec<&str> = listed["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "listing_search",
            "customer_lookup",
            "deal_summary",
            "performance_summary"
        ]
    );
    assert_eq!(listed["list"][0]["title"], "房源搜索");
    assert_eq!(listed["list"][0]["parameters"]["type"], "object");
    // What people read is a plain summary; the model's description (with its arguments) apart.
    assert_eq!(
        listed["list"][0]["summary"],
        "按区域、价格、户型搜索本人可见的二手房和租房"
    );
    for function in listed["list"].as_array().unwrap() {
        let summary = function["summary"].as_str().unwrap();
        assert!(
            !summary.is_empty() && !summary.chars().any(|c| c.is_ascii_alphabetic() || c == '='),
            "plain Chinese: {summary}"
        );
    }
    assert!(
        listed["list"][3]["description"]
            .as_str()
            .unwrap()
            .contains("range=mine")
    );

    // Candidates by keywords, of each source type.
    let found = admin.data(&search("2", "客户"), json!({})).await;
    assert_eq!(
        found,
        json!([{
            "sourceTypeId": 2,
            "id": "customer_lookup",
            "name": "客户查询",
            "description": "按姓名或手机号后几位查找本人可见的客户",
        }])
    );
    let bases = admin.data(&search("1", "经纪业务"), json!({})).await;
    assert_eq!(bases[0]["name"], "经纪业务规则");
    assert_eq!(bases[0]["sourceTypeId"], 1);
    let rules = bases[0]["id"].as_str().unwrap().to_owned();
    admin
        .post(&search("9", ""), json!({}))
        .await
        .assert_error(10000004, "数据源类型不存在");
    agent
        .post(&search("2", ""), json!({}))
        .await
        .assert_error(10020001, "无权限执行该操作");

    // Saving a type's sources: exactly those named, in the catalogue's order, audited.
    let created = admin
        .data(crate::chat::SUBMIT, crate::chat::dialogue("数据助手"))
        .await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["functions"], json!([]));
    let saved = admin
        .data(
            SAVE,
            json!({ "assistantId": id, "sourceTypeId": 2,
                    "sourceIds": ["performance_summary", "listing_search", "listing_search"] }),
        )
        .await;
    assert_eq!(
        saved["functions"],
        json!(["listing_search", "performance_summary"])
    );
    let read = admin
        .get(&format!("/api/v1/chat/assistant/detail/{id}"), &[])
        .await;
    assert_eq!(read.data()["functions"], saved["functions"]);
    admin
        .post(
            SAVE,
            json!({ "assistantId": id, "sourceTypeId": 2, "sourceIds": ["drop_tables"] }),
        )
        .await
        .assert_error(10000004, "业务函数不存在：drop_tables");
    let kept = admin
        .get(&format!("/api/v1/chat/assistant/detail/{id}"), &[])
        .await;
    assert_eq!(
        kept.data()["functions"],
        saved["functions"],
        "nothing half-written"
    );
    // Knowledge bases through the same door: bound, then unbound by leaving them out.
    let bound = admin
        .data(
            SAVE,
            json!({ "assistantId": id, "sourceTypeId": 1, "sourceIds": [rules] }),
        )
        .await;
    assert_eq!(
        bound["knowledgeIds"],
        json!([rules.parse::<i64>().unwrap()])
    );
    assert_eq!(
        bound["functions"], saved["functions"],
        "the other type stays"
    );
    let cleared = admin
        .data(
            SAVE,
            json!({ "assistantId": id, "sourceTypeId": 1, "sourceIds": [] }),
        )
        .await;
    assert_eq!(cleared["knowledgeIds"], json!([]));
    admin
        .post(
            SAVE,
            json!({ "assistantId": id, "sourceTypeId": 1, "sourceIds": [999_999] }),
        )
        .await
        .assert_error(10000004, "关联的知识库不存在或已被删除");
    agent
        .post(
            SAVE,
            json!({ "assistantId": id, "sourceTypeId": 2, "sourceIds": [] }),
        )
        .await
        .assert_error(10020001, "无权限执行该操作");
    let audit = admin
        .data(
            "/api/v1/fm/audit/list",
            json!({ "pageNum": 1, "pageSize": 10, "entity": "assistant", "action": "update" }),
        )
        .await;
    assert!(
        audit["total"].as_i64().unwrap() >= 3,
        "each save is audited: {audit}"
    );
}

on_both_backends!(functions_are_listed_and_bound_as_data_sources);

// ---- function calls through a local model ----

async fn with_model(backend: Backend, behaviour: Behaviour) -> Option<(TestApp, FakeOpenAi)> {
    let model = FakeOpenAi::start(behaviour).await;
    let provider = Provider {
        base_url: model.base_url.clone(),
        api_key: None,
        model: "tool-model".into(),
        price_per_million_fen: None,
    };
    let app = TestApp::start_with_model(backend, provider).await?;
    Some((app, model))
}

/// One test per backend from an `async fn(TestApp, FakeOpenAi)` and the fake's behaviour.
macro_rules! with_a_model {
    ($name:ident, $behaviour:expr) => {
        mod $name {
            use super::*;

            #[tokio::test]
            async fn sqlite() {
                let (app, model) = with_model(Backend::Sqlite, $behaviour)
                    .await
                    .expect("SQLite always starts");
                super::$name(app, model).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some((app, model)) = with_model(Backend::Postgres, $behaviour).await {
                    super::$name(app, model).await;
                }
            }
        }
    };
}

/// Asks the demo assistant as `caller` and gives the replies.
async fn ask(app: &TestApp, caller: &Caller<'_>, text: &str) -> Vec<Value> {
    let assistant = demo_assistant(caller).await;
    let mut ws = open(app, &caller.chat_token().await).await;
    send(&mut ws, &question("u1", assistant, text)).await;
    replies(&mut ws).await
}

/// The function results the model was sent back in its latest request, in call order.
fn results(model: &FakeOpenAi) -> Vec<Value> {
    let sent = model.last_request();
    sent["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|message| message["role"] == "tool")
        .map(|message| serde_json::from_str(message["content"].as_str().unwrap()).unwrap())
        .collect()
}

/// The calls written on the latest chat log entry.
async fn logged_calls(app: &TestApp) -> Vec<Value> {
    let backend = app.db.get_database_backend();
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT function_calls FROM chat_log ORDER BY id DESC",
        ))
        .await
        .unwrap()
        .expect("a chat log entry");
    let text: String = row.try_get("", "function_calls").unwrap();
    serde_json::from_str(&text).unwrap()
}

/// `(id, phone, phoneAccess)` of rows, by the phone field's name.
fn seen(rows: &Value, phone: &str) -> Vec<(i64, String, String)> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["id"].as_i64().unwrap(),
                row[phone].as_str().unwrap().to_owned(),
                row["phoneAccess"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn scope_calls() -> Behaviour {
    Behaviour::Tools {
        calls: vec![
            ("listing_search", json!({ "trade": "sale" }).to_string()),
            ("customer_lookup", json!({ "name": "王" }).to_string()),
            (
                "performance_summary",
                json!({ "range": "mine" }).to_string(),
            ),
            (
                "performance_summary",
                json!({ "range": "store" }).to_string(),
            ),
        ],
        rounds: 1,
        obeys_none: true,
        answer: "已为您查到结果。",
    }
}

/// Each demo user's calls see exactly what their own list pages show: the same rows, the same
/// phones masked the same way — an agent's results hold no other store's private listing and
/// no other agent's customer; a refused function is the model's error result, not a failure.
async fn calls_run_as_the_asker(app: TestApp, model: FakeOpenAi) {
    let s = Seeded::load(&app).await;
    let functions = app.as_user("agent").await.get(FUNCTIONS, &[]).await;
    assert_eq!(functions.data()["modelConfigured"], true);
    let mut listings_by_user = Vec::new();
    for user in ["agent", "manager", "boss"] {
        let caller = app.as_user(user).await;
        let answer = ask(&app, &caller, "帮我找找房源和姓王的客户，再看看我的业绩").await;
        assert_eq!(
            tags(&answer).last(),
            Some(&"end"),
            "{user}: the answer ends normally: {answer:?}"
        );
        assert_eq!(text_of(&answer), "已为您查到结果。");
        let requests = model.requests.lock().unwrap().clone();
        let first = &requests[requests.len() - 2];
        assert_eq!(first["tools"].as_array().unwrap().len(), 4, "{user}");
        let [listings, customers, performance, store] = <[Value; 4]>::try_from(results(&model))
            .unwrap_or_else(|got| panic!("{user}: four results, got {got:?}"));
        assert_no_foreign_rows(user, "function results", &json!([listings, customers]));

        // The listings are the 二手房 list page's first rows, phones as it shows them.
        let page = caller
            .data(LISTINGS, json!({ "pageNum": 1, "pageSize": 10 }))
            .await;
        assert_eq!(listings["total"], page["total"], "{user}");
        assert_eq!(
            seen(&listings["rows"], "ownerPhone"),
            seen(&page["list"], "ownerPhone"),
            "{user}"
        );
        let me = s.users[user];
        for (row, on_screen) in listings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .zip(page["list"].as_array().unwrap())
        {
            let mine = on_screen["maintainerId"].as_i64() == Some(me);
            let phone = row["ownerPhone"].as_str().unwrap();
            assert_eq!(phone.contains('*'), !mine, "{user}: {row}");
            if user != "boss" && row["pool"] == "私盘" {
                assert_eq!(row["storeName"], "西湖店", "{user}: {row}");
            }
        }
        listings_by_user.push(seen(&listings["rows"], "ownerPhone"));

        // The customers are the customer list's, searched by the same name.
        let page = caller
            .data(
                CUSTOMERS,
                json!({ "pageNum": 1, "pageSize": 10, "keyword": "王" }),
            )
            .await;
        assert_eq!(
            seen(&customers["rows"], "phone"),
            seen(&page["list"], "phone"),
            "{user}"
        );
        if user == "agent" {
            for row in page["list"].as_array().unwrap() {
                assert!(
                    row["ownerId"].is_null() || row["ownerId"] == me,
                    "the agent's list holds their own and the public pool's: {row}"
                );
            }
        }

        // 业绩 as the 业绩 page answers the asker: their row, or its refusal.
        let screen = caller.post(ACHIEVEMENT, json!({ "group": "agent" })).await;
        if screen.code() == 0 {
            let own = screen.data()["rows"]
                .as_array()
                .unwrap()
                .iter()
                .find(|row| row["id"] == me)
                .map_or(0, |row| row["deals"].as_i64().unwrap());
            assert_eq!(performance["deals"], own, "{user}: {performance}");
        } else {
            assert_eq!(
                performance,
                json!({ "error": screen.message() }),
                "{user}: the refusal is the model's to read"
            );
        }

        // The store's month as the 业绩 page groups it by store, for those seated in a store.
        match user {
            "boss" => assert_eq!(
                store,
                json!({ "error": "你不属于任何门店，没有门店业绩" }),
                "the company's boss sits in no store"
            ),
            _ => {
                assert_eq!(store["storeName"], "西湖店", "{user}: {store}");
                let by_store = caller.data(ACHIEVEMENT, json!({ "group": "store" })).await;
                let row = by_store["rows"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|row| row["name"] == "西湖店")
                    .map_or(0, |row| row["deals"].as_i64().unwrap());
                assert_eq!(store["deals"], row, "{user}: {store}");
                assert!(
                    !store["agents"].as_array().unwrap().is_empty(),
                    "{user}: the store's agents are listed: {store}"
                );
            }
        }

        // Written down on the turn's log entry.
        let calls = logged_calls(&app).await;
        let names: Vec<&str> = calls.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            [
                "listing_search",
                "customer_lookup",
                "performance_summary",
                "performance_summary"
            ]
        );
        assert_eq!(calls[0]["ok"], true);
        assert_eq!(calls[2]["ok"], screen.code() == 0);
    }
    assert_ne!(
        listings_by_user[0], listings_by_user[2],
        "the agent and the company's boss are told different things"
    );
}

with_a_model!(calls_run_as_the_asker, scope_calls());

fn bad_calls() -> Behaviour {
    Behaviour::Tools {
        calls: vec![
            ("listing_search", json!({ "trade": "villa" }).to_string()),
            ("customer_lookup", "{not json".to_owned()),
            ("drop_tables", "{}".to_owned()),
        ],
        rounds: 1,
        obeys_none: true,
        answer: "查询参数有误。",
    }
}

/// A call that fails — bad arguments, broken JSON, a function the assistant does not have —
/// is an error result the model reads, and the answer goes on.
async fn failing_calls_are_error_results(app: TestApp, model: FakeOpenAi) {
    let agent = app.as_user("agent").await;
    let answer = ask(&app, &agent, "找别墅").await;
    assert_eq!(tags(&answer).last(), Some(&"end"), "{answer:?}");
    assert_eq!(text_of(&answer), "查询参数有误。");
    let told = results(&model);
    assert_eq!(
        told[0],
        json!({ "error": "房源类型只能是 sale（二手房）或 rent（租房）" })
    );
    assert!(
        told[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("函数参数格式不正确"),
        "{}",
        told[1]
    );
    assert_eq!(
        told[2],
        json!({ "error": "该助手不能调用业务函数：drop_tables" })
    );
    let calls = logged_calls(&app).await;
    assert!(calls.iter().all(|call| call["ok"] == false), "{calls:?}");
}

with_a_model!(failing_calls_are_error_results, bad_calls());

fn endless_calls(obeys_none: bool) -> Behaviour {
    Behaviour::Tools {
        calls: vec![("deal_summary", "{}".to_owned())],
        rounds: usize::MAX,
        obeys_none,
        answer: "本月合同情况如上。",
    }
}

/// A model that keeps calling gets five rounds; the sixth request forbids calls and its answer
/// is the answer.
async fn the_rounds_are_capped(app: TestApp, model: FakeOpenAi) {
    let boss = app.as_user("boss").await;
    let answer = ask(&app, &boss, "本月合同").await;
    assert_eq!(tags(&answer).last(), Some(&"end"), "{answer:?}");
    assert_eq!(text_of(&answer), "本月合同情况如上。");
    let requests = model.requests.lock().unwrap().clone();
    assert_eq!(requests.len(), 6);
    assert!(requests[..5].iter().all(|r| r.get("tool_choice").is_none()));
    assert_eq!(requests[5]["tool_choice"], "none");
    assert_eq!(results(&model).len(), 5);
    assert_eq!(logged_calls(&app).await.len(), 5);
    // Usage counts every round: six requests of 10 tokens.
    let usage = answer.iter().find(|r| r["tag"] == "usage").unwrap();
    assert_eq!(usage["msg"], r#"{"c":60}"#);
}

with_a_model!(the_rounds_are_capped, endless_calls(true));

/// A model that calls even when told not to is stopped after the cap with a clear error.
async fn a_model_ignoring_the_cap_is_stopped(app: TestApp, model: FakeOpenAi) {
    let agent = app.as_user("agent").await;
    let answer = ask(&app, &agent, "本月合同").await;
    assert_eq!(tags(&answer).last(), Some(&"textError"), "{answer:?}");
    assert_eq!(
        answer.last().unwrap()["msg"],
        "大模型连续调用业务函数超过5轮仍未作答，已停止。请把问题问得更具体些。"
    );
    assert_eq!(model.requests.lock().unwrap().len(), 6);
}

with_a_model!(a_model_ignoring_the_cap_is_stopped, endless_calls(false));

/// An assistant allowed no function is offered none: the model gets no `tools`.
async fn an_assistant_without_functions_offers_none(app: TestApp, model: FakeOpenAi) {
    let admin = app.as_user("admin").await;
    let agent = app.as_user("agent").await;
    let assistant = demo_assistant(&agent).await;
    admin
        .data(
            SAVE,
            json!({ "assistantId": assistant, "sourceTypeId": 2, "sourceIds": [] }),
        )
        .await;
    let answer = ask(&app, &agent, "帮我找房").await;
    assert_eq!(text_of(&answer), "已为您查到结果。");
    let sent = model.last_request();
    assert!(sent.get("tools").is_none(), "{sent}");
    assert_eq!(model.requests.lock().unwrap().len(), 1);
    assert!(logged_calls(&app).await.is_empty());
}

with_a_model!(an_assistant_without_functions_offers_none, scope_calls());
