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
    admin
        .data(PUBLISH, json!({ "id": id, "published": true }))
        .await;
    let listed = admin.data(BINDINGS, json!({ "assistantId": id })).await;
    assert_eq!(listed, json!([]));
    let asked = "报备有效期是多久？";
    assert!(
        answer_to(&app, &agent, id, asked)
            .await
            .starts_with("未找到相关答案")
    );

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
