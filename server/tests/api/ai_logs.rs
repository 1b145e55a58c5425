//! The assistants' knowledge bindings seen from the knowledge side: bound bases are switched on
//! and off, and an assistant answers only from those switched on.

use serde_json::{Value, json};

use crate::chat::{PUBLISH, SUBMIT, dialogue, open, question, replies, send, text_of};
use crate::common::{Caller, TestApp};
use crate::on_both_backends;

const BINDINGS: &str = "/api/v1/chat/Knowledge/assistant/knowledge/list";
const BIND: &str = "/api/v1/chat/Knowledge/assistant/knowledge/add";
const SWITCH: &str = "/api/v1/chat/Knowledge/assistant/knowledge/status";

fn unbind(id: i64) -> String {
    format!("/api/v1/chat/Knowledge/assistant/knowledge/del/{id}")
}

/// The demo knowledge base about the brokerage's rules.
pub async fn rules_base(admin: &Caller<'_>) -> i64 {
    admin
        .data(
            "/api/v1/chat/Knowledge/knowledge/list",
            json!({ "name": "经纪业务规则" }),
        )
        .await["list"][0]["id"]
        .as_i64()
        .unwrap()
}

/// What the agent is answered when asking `assistant` `text` over the socket.
async fn answer_to(app: &TestApp, agent: &Caller<'_>, assistant: i64, text: &str) -> String {
    let mut ws = open(app, &agent.chat_token().await).await;
    send(&mut ws, &question("b1", assistant, text)).await;
    text_of(&replies(&mut ws).await)
}

async fn bound_bases_are_switched_on_and_off(app: TestApp) {
    let admin = app.as_user("admin").await;
    let agent = app.as_user("agent").await;
    let rules = rules_base(&admin).await;
    let id = admin.data(SUBMIT, dialogue("绑定助手")).await["id"]
        .as_i64()
        .unwrap();
    let listed = admin.data(BINDINGS, json!({ "assistantId": id })).await;
    assert_eq!(listed, json!([]));
    // Without a chat model it could only say it found nothing: not published so.
    admin
        .post(PUBLISH, json!({ "id": id, "published": true }))
        .await
        .assert_error(10000409, "请先绑定知识库后再发布");
    let asked = "报备有效期是多久？";

    let bound = admin
        .data(
            BIND,
            json!({ "assistantId": id, "knowledgeIds": [rules, rules] }),
        )
        .await;
    assert_eq!(bound.as_array().unwrap().len(), 1, "{bound}");
    let binding = bound[0].clone();
    assert_eq!(
        (&binding["knowledgeName"], &binding["enabled"]),
        (&json!("经纪业务规则"), &json!(true))
    );
    assert!(binding["pointCount"].as_i64().unwrap() > 0);
    let again = admin
        .data(BIND, json!({ "assistantId": id, "knowledgeIds": [rules] }))
        .await;
    assert_eq!(again, bound, "binding a bound base again changes nothing");
    admin
        .data(PUBLISH, json!({ "id": id, "published": true }))
        .await;
    assert!(
        answer_to(&app, &agent, id, asked)
            .await
            .contains("保护期一般为30天")
    );

    let binding_id = binding["id"].as_i64().unwrap();
    let off = admin
        .data(SWITCH, json!({ "id": binding_id, "enabled": false }))
        .await;
    assert_eq!(off[0]["enabled"], false);
    let detail = admin
        .get(&format!("/api/v1/chat/assistant/detail/{id}"), &[])
        .await;
    assert_eq!(
        (
            &detail.data()["knowledgeIds"],
            &detail.data()["disabledKnowledgeIds"]
        ),
        (&json!([rules]), &json!([rules]))
    );
    assert!(
        answer_to(&app, &agent, id, asked)
            .await
            .starts_with("未找到相关答案"),
        "a base switched off is not searched"
    );
    // Saving the assistant's form with the same bases keeps the switch.
    let mut form = dialogue("绑定助手");
    form["id"] = json!(id);
    form["knowledgeIds"] = json!([rules]);
    let saved = admin.data(SUBMIT, form).await;
    assert_eq!(saved["disabledKnowledgeIds"], json!([rules]));

    admin
        .data(SWITCH, json!({ "id": binding_id, "enabled": true }))
        .await;
    assert!(
        answer_to(&app, &agent, id, asked)
            .await
            .contains("保护期一般为30天")
    );

    admin
        .post(
            BIND,
            json!({ "assistantId": id, "knowledgeIds": [999_999] }),
        )
        .await
        .assert_error(10000004, "关联的知识库不存在或已被删除");
    let refused = agent
        .post(SWITCH, json!({ "id": binding_id, "enabled": false }))
        .await;
    assert_eq!(refused.code(), 10020001, "{}", refused.body);

    admin.data(&unbind(binding_id), json!({})).await;
    assert_eq!(
        admin.data(BINDINGS, json!({ "assistantId": id })).await,
        Value::from(Vec::<Value>::new())
    );
    admin
        .post(&unbind(binding_id), json!({}))
        .await
        .assert_error(10020003, "数据不存在或已被删除");
    assert!(
        answer_to(&app, &agent, id, asked)
            .await
            .starts_with("未找到相关答案")
    );
}

on_both_backends!(bound_bases_are_switched_on_and_off);

// ---- the chat log, its statistics and the askers' votes ----

const LOG_PAGE: &str = "/api/v1/chat/assistant/log/page";
const CONTEXT: &str = "/api/v1/chat/assistant/log/context";
const DOCS: &str = "/api/v1/chat/assistant/log/refrence/doc";
const STATISTICS: &str = "/api/v1/chat/assistant/log/statistics";
const SUMMARY: &str = "/api/v1/chat/assistant/log/statistics/summary";
const VOTE: &str = "/api/v1/chat/assistant/log/vote";
const EXPORT: &str = "/api/v1/chat/assistant/log/export";

/// A question frame with its own msgId.
fn asked(uuid: &str, msg_id: &str, assistant: i64, text: &str) -> String {
    json!({ "code": 1, "msg": { "msg": text, "uuid": uuid, "assistantId": assistant.to_string(), "msgId": msg_id } })
        .to_string()
}

async fn every_turn_is_logged_voted_on_and_counted(app: TestApp) {
    let admin = app.as_user("admin").await;
    let agent = app.as_user("agent").await;
    let assistant = crate::chat::demo_assistant(&agent).await;
    let mut ws = open(&app, &agent.chat_token().await).await;
    send(&mut ws, &asked("c1", "q1", assistant, "报备有效期是多久？")).await;
    replies(&mut ws).await;
    send(&mut ws, &asked("c1", "q2", assistant, "今天午饭吃什么？")).await;
    replies(&mut ws).await;

    let voted = agent
        .data(VOTE, json!({ "uuid": "c1", "msgId": "q1", "vote": 1 }))
        .await;
    assert_eq!(
        (&voted["vote"], &voted["voteName"]),
        (&json!(1), &json!("有用"))
    );
    agent
        .post(VOTE, json!({ "uuid": "c1", "msgId": "q1", "vote": 5 }))
        .await
        .assert_error(10000004, "评价须为有用或没用");
    // Only the asker votes on their turn: another user's vote finds nothing of theirs.
    let manager = app.as_user("manager").await;
    manager
        .post(VOTE, json!({ "uuid": "c1", "msgId": "q2", "vote": 2 }))
        .await
        .assert_error(10020003, "数据不存在或已被删除");

    let own = agent
        .get(&format!("/api/v1/chat/assistant/log/{assistant}/list"), &[])
        .await;
    let own = own.data().as_array().unwrap().clone();
    assert_eq!(own.len(), 2);
    assert_eq!(own[0]["question"], "报备有效期是多久？", "oldest first");
    assert_eq!(own[1]["vote"], 0);
    let asker = own[0]["userName"].as_str().unwrap().to_owned();
    assert!(!asker.is_empty());

    let page = admin
        .data(
            LOG_PAGE,
            json!({ "assistantId": assistant, "userName": asker, "pageNum": 1, "pageSize": 10 }),
        )
        .await;
    assert_eq!(page["total"], 2);
    let newest = &page["list"][0];
    assert_eq!(newest["question"], "今天午饭吃什么？", "newest first");
    assert!(
        newest["answer"]
            .as_str()
            .unwrap()
            .starts_with("未找到相关答案")
    );
    assert_eq!(
        (&newest["statusName"], &newest["docCount"]),
        (&json!("未找到答案"), &json!(0))
    );
    assert_eq!(newest["status"], 6);
    assert!(newest["latencyMs"].as_i64().unwrap() >= 0);
    let found = &page["list"][1];
    assert_eq!(found["docCount"], 1);
    assert_eq!(found["statusName"], "已回答");
    let unanswered = admin
        .data(LOG_PAGE, json!({ "status": 6, "userName": asker }))
        .await;
    assert_eq!(
        unanswered["total"], 1,
        "状态 未找到答案 finds the question with no answer"
    );
    assert_eq!(unanswered["list"][0]["question"], "今天午饭吃什么？");
    let voted_only = admin
        .data(
            LOG_PAGE,
            json!({ "assistantId": assistant, "vote": 1, "userName": asker }),
        )
        .await;
    assert_eq!(voted_only["total"], 1);
    let by_word = admin
        .data(
            LOG_PAGE,
            json!({ "keyword": "保护期一般为30天", "userName": asker }),
        )
        .await;
    assert_eq!(by_word["total"], 1, "the keyword finds answers too");
    admin
        .post(LOG_PAGE, json!({ "startDate": "2026/1/1" }))
        .await
        .assert_error(10000004, "日期格式须为YYYY-MM-DD");

    let context = admin.data(CONTEXT, json!({ "id": newest["id"] })).await;
    assert_eq!(context.as_array().unwrap().len(), 2);
    assert_eq!(context[0]["msgId"], "q1");
    let docs = admin.data(DOCS, json!({ "id": found["id"] })).await;
    assert_eq!(docs[0]["question"], "客户报备的有效期是多久？");
    assert_eq!(docs[0]["source"], "报备规则");

    // The demo's past turns are on earlier days: today's are this test's.
    let today_text = (chrono::Utc::now() + chrono::Duration::hours(8))
        .date_naive()
        .to_string();
    let query = [("assistantId", assistant.to_string())];
    let statistics = admin.get(STATISTICS, &query).await;
    let statistics = statistics.data();
    let days = statistics["days"].as_array().unwrap();
    assert_eq!(days.len(), 30, "the last 30 days, none left out");
    let last = days.last().unwrap();
    assert_eq!(last["date"], today_text.as_str());
    assert_eq!(
        (&last["questions"], &last["users"], &last["up"]),
        (&json!(2), &json!(1), &json!(1))
    );
    assert!(statistics["assistants"][0]["questions"].as_i64().unwrap() >= 2);
    assert!(
        statistics["users"]
            .as_array()
            .unwrap()
            .iter()
            .any(|user| user["userName"] == asker.as_str() && user["questions"] == 2)
    );
    let summary = admin
        .data(
            &format!(
                "{SUMMARY}?assistantId={assistant}&startDate={today_text}&endDate={today_text}"
            ),
            json!({}),
        )
        .await;
    assert_eq!(
        (
            &summary["questions"],
            &summary["conversations"],
            &summary["up"],
            &summary["down"]
        ),
        (&json!(2), &json!(1), &json!(1), &json!(0))
    );

    let csv = reqwest::Client::new()
        .get(app.url(EXPORT))
        .query(&[
            ("assistantId", assistant.to_string()),
            ("userName", asker.clone()),
        ])
        .header("token", &admin.token)
        .header("userId", admin.user_id.to_string())
        .send()
        .await
        .unwrap();
    assert!(
        csv.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("时间,助手,提问人,问题,回答"),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[2].contains("报备有效期是多久？") && lines[2].contains("有用"));
}

on_both_backends!(every_turn_is_logged_voted_on_and_counted);

/// The demo's turn answered by a model that called 房源搜索: the log page names the call, the
/// context gives it, and the export's 调用业务函数 column says it.
async fn function_calls_show_on_the_log_pages(app: TestApp) {
    let admin = app.as_user("admin").await;
    let page = admin
        .data(
            LOG_PAGE,
            json!({ "keyword": "西湖区有没有400万以内的三室", "pageNum": 1, "pageSize": 10 }),
        )
        .await;
    assert_eq!(page["total"], 1, "{page}");
    let turn = &page["list"][0];
    assert_eq!(turn["functionCalls"][0]["name"], "listing_search");
    assert_eq!(turn["functionCalls"][0]["title"], "房源搜索");
    assert_eq!(turn["functionCalls"][0]["ok"], true);
    assert_eq!(turn["functionCalls"][0]["rows"], 3);
    let context = admin.data(CONTEXT, json!({ "id": turn["id"] })).await;
    assert_eq!(context[0]["functionCalls"], turn["functionCalls"]);
    // A turn that called nothing lists no call.
    let plain = admin
        .data(LOG_PAGE, json!({ "keyword": "佣金什么时候结算？" }))
        .await;
    assert_eq!(plain["list"][0]["functionCalls"], json!([]));

    let csv = reqwest::Client::new()
        .get(app.url(EXPORT))
        .query(&[("keyword", "三室")])
        .header("token", &admin.token)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].ends_with(",引用文档数,调用业务函数"),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(lines[1].ends_with(",0,房源搜索"), "{}", lines[1]);
}

on_both_backends!(function_calls_show_on_the_log_pages);
