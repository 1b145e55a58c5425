//! 对话标注 (`dialogue/create`): the administrator makes a chat turn a knowledge point — the
//! question the assistant could not answer, with the right answer — and the assistant's
//! knowledge base then finds it; the same turn twice is refused, and only those who read the
//! chat log and write knowledge may.

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::on_both_backends;

const K: &str = "/api/v1/chat/Knowledge";

/// A demo chat turn by its question.
async fn turn(admin: &Caller<'_>, question: &str) -> Value {
    admin
        .data(
            "/api/v1/chat/assistant/log/page",
            json!({ "pageNum": 1, "pageSize": 10, "keyword": question }),
        )
        .await["list"][0]
        .clone()
}

async fn a_chat_turn_becomes_a_knowledge_point(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = admin
        .data(&format!("{K}/config"), json!({ "name": "对话标注测试" }))
        .await["id"]
        .as_i64()
        .unwrap();
    // The question nobody could answer, given the right answer.
    let lunch = turn(&admin, "今天午饭吃什么？").await;
    let point = admin
        .data(
            &format!("{K}/dialogue/create"),
            json!({ "logId": lunch["id"], "knowledgeId": base, "answer": "门店不统一订餐，午休12:00-13:00。", "indexes": ["午休时间"] }),
        )
        .await;
    assert_eq!(point["question"], "今天午饭吃什么？", "{point}");
    assert_eq!(point["answer"], "门店不统一订餐，午休12:00-13:00。");
    assert_eq!(point["indexes"], json!(["午休时间"]));
    assert_eq!(point["dataSetName"], "对话标注");
    // A turn answered well, kept as it was answered, into the same data set.
    let commission = turn(&admin, "佣金什么时候结算？").await;
    let kept = admin
        .data(
            &format!("{K}/dialogue/create"),
            json!({ "logId": commission["id"], "knowledgeId": base, "answer": "  " }),
        )
        .await;
    assert_eq!(kept["answer"], commission["answer"]);
    assert_eq!(kept["dataSetId"], point["dataSetId"]);

    let found = admin
        .data(
            &format!("{K}/vector/search/{base}"),
            json!({ "query": "午饭吃什么" }),
        )
        .await;
    assert_eq!(found["list"][0]["question"], "今天午饭吃什么？", "{found}");

    let twice = admin
        .post(
            &format!("{K}/dialogue/create"),
            json!({ "logId": commission["id"], "knowledgeId": base }),
        )
        .await;
    assert_eq!(
        twice.message(),
        "该知识库的数据集「对话标注」中已有相同的问题，请修改那条问答"
    );
    let missing = admin
        .post(
            &format!("{K}/dialogue/create"),
            json!({ "logId": 987_654, "knowledgeId": base }),
        )
        .await;
    assert_ne!(missing.code(), 0);
    let manager = app.as_user("manager").await;
    let refused = manager
        .post(
            &format!("{K}/dialogue/create"),
            json!({ "logId": lunch["id"], "knowledgeId": base }),
        )
        .await;
    assert!(refused.message().starts_with("无权限"), "{}", refused.body);
}

on_both_backends!(a_chat_turn_becomes_a_knowledge_point);
