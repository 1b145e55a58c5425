//! 费用预估 (`fee/expect`): the tokens of the points an import would index, times the price per
//! million tokens configured for the model service — or, with none configured, a plain word that
//! nothing is charged.

use brokerdesk_server::chat::openai::Provider;
use serde_json::{Value, json};

use crate::common::{Backend, Caller, TestApp};
use crate::on_both_backends;

const FEE: &str = "/api/v1/chat/Knowledge/fee/expect";

/// The demo knowledge base's id.
async fn demo_base(admin: &Caller<'_>) -> i64 {
    admin
        .data(
            "/api/v1/chat/Knowledge/knowledge/list",
            json!({ "name": "经纪业务规则" }),
        )
        .await["list"][0]["id"]
        .as_i64()
        .expect("the demo knowledge base")
}

/// One point the demo base does not hold (13 tokens: 5 + 5 + 3) and one it holds.
async fn an_import(admin: &Caller<'_>, base: i64) -> Value {
    let held = admin
        .data(
            "/api/v1/chat/Knowledge/point/list",
            json!({ "knowledgeId": base, "keyword": "钥匙丢失" }),
        )
        .await["list"][0]
        .clone();
    json!({ "knowledgeId": base, "points": [
        { "question": "钥匙放哪？", "answer": "放钥匙柜。", "indexes": ["借钥匙"] },
        { "question": held["question"], "answer": held["answer"] },
        { "question": "钥匙放哪？", "answer": "放钥匙柜。" },
    ] })
}

async fn without_a_price_the_estimate_says_nothing_is_charged(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = demo_base(&admin).await;
    let whole = admin.data(FEE, json!({ "knowledgeId": base })).await;
    assert_eq!(whole["points"], 30, "{whole}");
    assert!(whole["tokens"].as_u64().unwrap() > 300, "{whole}");
    assert_eq!(
        (&whole["priced"], &whole["feeFen"], &whole["feeYuan"]),
        (&json!(false), &json!(0), &json!("0.00"))
    );
    assert_eq!(whole["pricePerMillionFen"], Value::Null);
    assert_eq!(
        whole["note"],
        "未配置大模型计费单价：知识库在本机分词建立检索索引，不调用大模型，导入不产生费用"
    );
    // An import's points: the held one and the repeat are not indexed again.
    let import = admin.data(FEE, an_import(&admin, base).await).await;
    assert_eq!(
        (&import["points"], &import["tokens"]),
        (&json!(1), &json!(13))
    );

    let missing = admin.post(FEE, json!({ "knowledgeId": 987_654 })).await;
    assert_ne!(missing.code(), 0);
    let agent = app.as_user("agent").await;
    assert_ne!(
        agent.post(FEE, json!({ "knowledgeId": base })).await.code(),
        0
    );
}

async fn with_a_price_the_estimate_multiplies_the_tokens(backend: Backend) {
    let provider = Provider {
        // Never asked: an estimate calls no model.
        base_url: "http://127.0.0.1:9/v1".into(),
        api_key: None,
        model: "test-model".into(),
        price_per_million_fen: Some(200),
    };
    let Some(app) = TestApp::start_with_model(backend, provider).await else {
        return;
    };
    let admin = app.as_user("admin").await;
    let base = demo_base(&admin).await;
    let import = admin.data(FEE, an_import(&admin, base).await).await;
    assert_eq!(
        (
            &import["points"],
            &import["tokens"],
            &import["priced"],
            &import["pricePerMillionFen"],
            &import["feeFen"],
            &import["feeYuan"],
        ),
        (
            &json!(1),
            &json!(13),
            &json!(true),
            &json!(200),
            &json!(1),
            &json!("0.01")
        ),
        "a started fen is charged: {import}"
    );
    assert_eq!(
        import["note"],
        "按大模型服务单价2.00元/百万tokens估算，实际以服务商账单为准"
    );
    let whole = admin.data(FEE, json!({ "knowledgeId": base })).await;
    let tokens = whole["tokens"].as_i64().unwrap();
    assert_eq!(
        whole["feeFen"].as_i64().unwrap(),
        (tokens * 200 + 999_999) / 1_000_000
    );
}

#[tokio::test]
async fn a_priced_estimate_on_sqlite() {
    with_a_price_the_estimate_multiplies_the_tokens(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_priced_estimate_on_postgres() {
    with_a_price_the_estimate_multiplies_the_tokens(Backend::Postgres).await;
}

on_both_backends!(without_a_price_the_estimate_says_nothing_is_charged);
