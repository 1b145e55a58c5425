//! What an import may not do to a knowledge base, and what it must show: the CSV/XLSX template's
//! example row is never imported, a question the base already holds keeps its curated answer
//! (the import skips it and says 已存在) — by file, by batch and in the fee estimate — and the
//! base's 更新时间 moves whenever its points or data sets change.

use std::time::Duration;

use brokerdesk_core::knowledge::{TEMPLATE_EXAMPLE, csv_template};
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::knowledge_files::{base64, new_base, workbook};
use crate::on_both_backends;

const K: &str = "/api/v1/chat/Knowledge";
/// The demo base's curated answer to the template's example question.
const CURATED: &str = "带看前确认房源状态和钥匙位置，与业主或项目方约好看房时间，提前规划带看路线，准备好房源资料和带看确认单，并在系统中登记带看计划。";

async fn demo_base(admin: &Caller<'_>) -> i64 {
    admin
        .data(
            &format!("{K}/knowledge/list"),
            json!({ "name": "经纪业务规则" }),
        )
        .await["list"][0]["id"]
        .as_i64()
        .expect("the demo knowledge base")
}

/// The answers the base holds to a question.
async fn answers(admin: &Caller<'_>, base: i64, question: &str) -> Vec<String> {
    admin
        .data(
            &format!("{K}/point/list"),
            json!({ "knowledgeId": base, "keyword": question, "pageSize": 50 }),
        )
        .await["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["question"] == question)
        .map(|p| p["answer"].as_str().unwrap().to_owned())
        .collect()
}

/// Polls a batch until it has ended (at most a minute).
async fn ended(admin: &Caller<'_>, id: i64) -> Value {
    for _ in 0..600 {
        let batch = admin
            .data(&format!("{K}/batch/import/progress/{id}"), json!({}))
            .await;
        if batch["status"] != 1 {
            return batch;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("batch {id} still running after a minute");
}

async fn the_template_example_and_held_questions_never_replace_an_answer(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = demo_base(&admin).await;
    assert_eq!(
        answers(&admin, base, TEMPLATE_EXAMPLE[0]).await,
        [CURATED],
        "the demo base answers the template's example question itself"
    );
    // The template as downloaded, filled in below its example row: one new question, and one the
    // base holds, given another answer.
    let csv = format!(
        "{}钥匙丢失了怎么办？,不用管，等业主发现。,\r\n会议室怎么预约？,在行政群里登记时间段。,订会议室\r\n",
        csv_template()
    );
    let preview = admin
        .data(
            &format!("{K}/file/import/analysis"),
            json!({ "knowledgeId": base, "fileName": "门店问答.csv", "content": csv }),
        )
        .await;
    let marks: Vec<(String, bool, bool, Value)> = preview["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["question"].as_str().unwrap().to_owned(),
                p["example"].as_bool().unwrap(),
                p["duplicate"].as_bool().unwrap(),
                p["problem"].clone(),
            )
        })
        .collect();
    assert_eq!(
        marks,
        [
            (
                TEMPLATE_EXAMPLE[0].to_owned(),
                true,
                false,
                json!("模板示例行，不导入")
            ),
            ("钥匙丢失了怎么办？".to_owned(), false, true, Value::Null),
            ("会议室怎么预约？".to_owned(), false, false, Value::Null),
        ],
        "{preview}"
    );
    assert_eq!(preview["fresh"], 1);

    // The fee estimate counts only the new point.
    let fee = admin
        .data(
            &format!("{K}/fee/expect"),
            json!({ "knowledgeId": base, "points": preview["points"] }),
        )
        .await;
    assert_eq!(fee["points"], 1, "{fee}");

    // A client that sends every row anyway: the example and the held question are skipped.
    let submitted = admin
        .data(
            &format!("{K}/analysis/submit"),
            json!({ "knowledgeId": base, "fileName": "门店问答.csv", "points": preview["points"] }),
        )
        .await;
    assert_eq!(
        (
            &submitted["added"],
            &submitted["skipped"],
            &submitted["existing"]
        ),
        (&json!(1), &json!(2), &json!(1)),
        "{submitted}"
    );
    assert_eq!(answers(&admin, base, TEMPLATE_EXAMPLE[0]).await, [CURATED]);
    let key = answers(&admin, base, "钥匙丢失了怎么办？").await;
    assert_eq!(key.len(), 1, "{key:?}");
    assert_ne!(key[0], "不用管，等业主发现。");
    // The assistant's retrieval still finds the curated answer first.
    let found = admin
        .data(
            &format!("{K}/vector/search/{base}"),
            json!({ "query": "带看前要准备什么" }),
        )
        .await;
    assert_eq!(found["list"][0]["answer"], CURATED, "{found}");

    // A batch of the template as an XLSX and the same CSV: nothing but what is new is stored.
    let fresh = new_base(&admin, "模板导入测试").await;
    let own = admin
        .data(
            &format!("{K}/handle/import"),
            json!({ "knowledgeId": fresh, "question": "钥匙丢失了怎么办？", "answer": "先报店长，当天换锁。" }),
        )
        .await;
    assert_eq!(own["answer"], "先报店长，当天换锁。");
    let started = admin
        .data(
            &format!("{K}/batch/import"),
            json!({ "knowledgeId": fresh, "files": [
                // Columns 补充索引, 问题, 答案; a second sheet adds 钥匙可以过夜外借吗？.
                { "fileName": "模板.xlsx", "data": base64(&workbook(&[
                    [TEMPLATE_EXAMPLE[2], TEMPLATE_EXAMPLE[0], TEMPLATE_EXAMPLE[1]],
                    ["", "钥匙丢失了怎么办？", "等业主发现。"],
                ])) },
                { "fileName": "门店问答.csv", "content": csv },
            ] }),
        )
        .await;
    let batch = ended(&admin, started["id"].as_i64().unwrap()).await;
    assert_eq!(batch["status"], 2, "{batch}");
    // Read: 2 + 1 (the workbook's second sheet) and 3; added only 钥匙可以过夜外借吗？ and
    // 会议室怎么预约？, the rest skipped.
    assert_eq!(
        (&batch["added"], &batch["skipped"]),
        (&json!(2), &json!(4)),
        "{batch}"
    );
    assert_eq!(
        answers(&admin, fresh, "钥匙丢失了怎么办？").await,
        ["先报店长，当天换锁。"]
    );
    assert!(answers(&admin, fresh, TEMPLATE_EXAMPLE[0]).await.is_empty());
}

/// The base's 更新时间, as its detail and its list row show it.
async fn updated(admin: &Caller<'_>, base: i64) -> i64 {
    let detail = admin
        .data(&format!("{K}/knowledge/detail/{base}"), json!({}))
        .await;
    let row = admin
        .data(
            &format!("{K}/knowledge/list"),
            json!({ "name": detail["name"] }),
        )
        .await["list"][0]
        .clone();
    assert_eq!(row["updatedAt"], detail["updatedAt"]);
    detail["updatedAt"].as_i64().unwrap()
}

/// The base's 更新时间 has moved past `last` since it was read.
async fn moved(admin: &Caller<'_>, base: i64, last: &mut i64, step: &str) {
    let now = updated(admin, base).await;
    assert!(now > *last, "{step}: 更新时间 {now} not after {last}");
    *last = now;
    tokio::time::sleep(Duration::from_millis(15)).await;
}

async fn a_knowledge_base_is_updated_whenever_its_points_change(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = new_base(&admin, "更新时间测试").await;
    let mut last = updated(&admin, base).await;
    tokio::time::sleep(Duration::from_millis(15)).await;

    let point = admin
        .data(
            &format!("{K}/handle/import"),
            json!({ "knowledgeId": base, "question": "几点开门？", "answer": "8:30。" }),
        )
        .await;
    moved(&admin, base, &mut last, "point added").await;
    admin
        .data(
            &format!("{K}/edit/point"),
            json!({ "id": point["id"], "question": "几点开门？", "answer": "早上8:30。" }),
        )
        .await;
    moved(&admin, base, &mut last, "point edited").await;
    admin
        .data(&format!("{K}/del/point/{}", point["id"]), json!({}))
        .await;
    moved(&admin, base, &mut last, "point deleted").await;
    let imported = admin
        .data(
            &format!("{K}/analysis/submit"),
            json!({ "knowledgeId": base, "fileName": "制度.txt", "points": [
                { "question": "几点关门？", "answer": "晚上9点。" }
            ] }),
        )
        .await;
    moved(&admin, base, &mut last, "file imported").await;
    let set = imported["dataSet"]["id"].as_i64().unwrap();
    admin
        .data(
            &format!("{K}/handle/edit"),
            json!({ "id": set, "name": "门店制度" }),
        )
        .await;
    moved(&admin, base, &mut last, "data set renamed").await;
    admin
        .data(&format!("{K}/data/set/del/{set}"), json!({}))
        .await;
    moved(&admin, base, &mut last, "data set deleted").await;
    let turn = admin
        .data(
            "/api/v1/chat/assistant/log/page",
            json!({ "pageNum": 1, "pageSize": 5 }),
        )
        .await["list"][0]
        .clone();
    admin
        .data(
            &format!("{K}/dialogue/create"),
            json!({ "logId": turn["id"], "knowledgeId": base }),
        )
        .await;
    moved(&admin, base, &mut last, "chat turn annotated").await;
    // Reading changes nothing.
    admin
        .data(
            &format!("{K}/vector/search/{base}"),
            json!({ "query": "开门" }),
        )
        .await;
    assert_eq!(updated(&admin, base).await, last);
}

on_both_backends!(
    the_template_example_and_held_questions_never_replace_an_answer,
    a_knowledge_base_is_updated_whenever_its_points_change,
);
