//! The AI helper's knowledge base over HTTP: knowledge bases, data sets, points typed in by hand,
//! the test search with its history, and the retrieval the assistants answer from.

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::on_both_backends;

const K: &str = "/api/v1/chat/Knowledge";

fn path(tail: &str) -> String {
    format!("{K}/{tail}")
}

/// GETs a path as a user, returning the envelope.
async fn get(caller: &Caller<'_>, tail: &str) -> Value {
    caller
        .app
        .client
        .get(caller.app.url(&path(tail)))
        .header("token", &caller.token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// The demo knowledge base's id.
async fn demo_base(admin: &Caller<'_>) -> i64 {
    let list = admin
        .data(&path("knowledge/list"), json!({ "name": "经纪业务规则" }))
        .await;
    list["list"][0]["id"]
        .as_i64()
        .expect("the demo knowledge base")
}

fn questions(hits: &Value) -> Vec<String> {
    hits.as_array()
        .unwrap()
        .iter()
        .map(|h| h["question"].as_str().unwrap().to_owned())
        .collect()
}

fn scores(hits: &Value) -> Vec<f64> {
    hits.as_array()
        .unwrap()
        .iter()
        .map(|h| h["score"].as_f64().unwrap())
        .collect()
}

async fn an_admin_builds_a_knowledge_base_point_by_point(app: TestApp) {
    let admin = app.as_user("admin").await;
    let created = admin
        .data(
            &path("config"),
            json!({ "name": "门店制度", "description": "考勤与值班" }),
        )
        .await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(
        (
            created["pointCount"].as_i64(),
            created["createdByName"].as_str()
        ),
        (Some(0), Some("周明远"))
    );
    assert_eq!(created["assistantNames"], json!([]));
    // The demo base names the assistant answering from it, so deleting it can say who loses it.
    let demo = admin
        .data(&path("knowledge/list"), json!({ "name": "经纪业务规则" }))
        .await;
    assert_eq!(demo["list"][0]["assistantNames"], json!(["门店业务助手"]));
    admin
        .post(&path("config"), json!({ "name": "门店制度" }))
        .await
        .assert_error(10000409, "知识库名称已存在");
    let renamed = admin
        .data(
            &path("config"),
            json!({ "id": id, "name": "门店管理制度", "description": "考勤、值班" }),
        )
        .await;
    assert_eq!(renamed["name"], "门店管理制度");

    let point = admin
        .data(
            &path("handle/import"),
            json!({ "knowledgeId": id, "question": "门店几点开门？", "answer": "门店每天8:30开门，值班经纪人8:15到岗。", "indexes": [" 营业时间 ", "", "营业时间"] }),
        )
        .await;
    assert_eq!(point["dataSetName"], "手动录入");
    assert_eq!(point["indexes"], json!(["营业时间"]));
    // The same question and answer again, whatever the spacing: stored once.
    admin
        .post(
            &path("handle/import"),
            json!({ "knowledgeId": id, "question": "门店几点开门？ ", "answer": "门店每天8:30开门，值班经纪人8:15到岗。" }),
        )
        .await
        .assert_error(10000409, "该知识库的数据集「手动录入」中已有相同的问题，请修改那条问答");
    // The same question with another answer: refused too, so retrieval never picks between two.
    admin
        .post(
            &path("handle/import"),
            json!({ "knowledgeId": id, "question": "门店几点开门？", "answer": "九点。" }),
        )
        .await
        .assert_error(
            10000409,
            "该知识库的数据集「手动录入」中已有相同的问题，请修改那条问答",
        );
    let second = admin
        .data(
            &path("handle/import"),
            json!({ "knowledgeId": id, "dataSetId": point["dataSetId"], "question": "周末谁值班？", "answer": "周末按排班表轮值，每店至少两人。" }),
        )
        .await;
    assert_eq!(second["dataSetId"], point["dataSetId"]);

    let sets = admin
        .data(&path("data/set/list"), json!({ "knowledgeId": id }))
        .await;
    assert_eq!(sets["total"], 1);
    assert_eq!(
        (
            sets["list"][0]["pointCount"].as_i64(),
            sets["list"][0]["sourceName"].as_str()
        ),
        (Some(2), Some("手动录入"))
    );
    let set = point["dataSetId"].as_i64().unwrap();
    let count = admin
        .data(&path("data/set/list/count"), json!({ "knowledgeId": id }))
        .await;
    assert_eq!(
        count,
        json!({ "total": 1, "manual": 1, "file": 0, "points": 2 })
    );
    let renamed = admin
        .data(
            &path("handle/edit"),
            json!({ "id": set, "name": "值班与考勤" }),
        )
        .await;
    assert_eq!(renamed["name"], "值班与考勤");
    let detail = admin
        .data(&path(&format!("data/set/detail/{set}")), json!({}))
        .await;
    assert_eq!(
        (detail["name"].as_str(), detail["pointCount"].as_i64()),
        (Some("值班与考勤"), Some(2))
    );

    let listed = admin
        .data(
            &path("point/list"),
            json!({ "dataSetId": set, "keyword": "值班" }),
        )
        .await;
    assert_eq!(
        listed["total"], 2,
        "the keyword reads questions and answers"
    );
    let edited = admin
        .data(
            &path("edit/point"),
            json!({ "id": second["id"], "question": "周末和节假日谁值班？", "answer": "按排班表轮值，每店至少两人。", "indexes": ["节假日值班"] }),
        )
        .await;
    assert_eq!(edited["question"], "周末和节假日谁值班？");
    let found = admin
        .data(
            &path(&format!("vector/search/{id}")),
            json!({ "query": "节假日谁来值班" }),
        )
        .await;
    assert_eq!(found["list"][0]["pointId"], second["id"], "{found}");
    assert_eq!(
        (found["topK"].as_i64(), found["threshold"].as_f64()),
        (Some(5), Some(0.25))
    );

    let base = admin
        .data(&path(&format!("knowledge/detail/{id}")), json!({}))
        .await;
    assert_eq!(
        (base["dataSetCount"].as_i64(), base["pointCount"].as_i64()),
        (Some(1), Some(2))
    );

    admin
        .data(&path(&format!("del/point/{}", point["id"])), json!({}))
        .await;
    let left = admin
        .data(&path("point/list"), json!({ "knowledgeId": id }))
        .await;
    assert_eq!(questions(&left["list"]), ["周末和节假日谁值班？"]);
    admin
        .data(&path(&format!("data/set/del/{set}")), json!({}))
        .await;
    let left = admin
        .data(&path("point/list"), json!({ "knowledgeId": id }))
        .await;
    assert_eq!(left["total"], 0, "a data set goes with its points");
    admin
        .data(&path(&format!("knowledge/del/{id}")), json!({}))
        .await;
    admin
        .post(&path(&format!("knowledge/detail/{id}")), json!({}))
        .await
        .assert_error(10020003, "数据不存在或已被删除");
}

async fn bad_input_is_refused_in_chinese(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = demo_base(&admin).await;
    let answer = admin.post(&path("knowledge/detail/abc"), json!({})).await;
    assert_eq!(answer.message(), "路径中的id须为整数");
    // The page's form sends null for a 简介 left blank: a base without one.
    let blank = admin
        .data(
            &path("config"),
            json!({ "name": "无简介的知识库", "description": null }),
        )
        .await;
    assert_eq!(blank["description"], "");
    let answer = admin
        .post(
            &path("handle/import"),
            json!({ "knowledgeId": base, "question": "问", "answer": "答", "indexes": ["一", "二", "三", "四", "五", "六"] }),
        )
        .await;
    assert_eq!(answer.message(), "补充索引最多5条");
    let answer = admin
        .post(
            &path(&format!("vector/search/{base}")),
            json!({ "query": "带看", "topK": 0 }),
        )
        .await;
    assert_eq!(answer.message(), "返回条数须为1-20之间的整数");
    let answer = admin.post(&path("point/list"), json!({})).await;
    assert_eq!(answer.message(), "请选择知识库");
}

async fn retrieval_finds_viewing_questions_asked_in_other_words(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = demo_base(&admin).await;
    let found = admin
        .data(
            &path(&format!("vector/search/{base}")),
            json!({ "query": "带客户看房之前要准备什么", "topK": 3, "threshold": 0 }),
        )
        .await;
    let hits = &found["list"];
    assert_eq!(questions(hits)[0], "带看前需要做哪些准备？", "{hits}");
    assert_eq!(hits[0]["dataSetName"], "带看规范");
    assert!(hits.as_array().unwrap().len() <= 3);
    let s = scores(hits);
    assert!(s.windows(2).all(|w| w[0] >= w[1]), "best first: {s:?}");
    assert!(s.iter().all(|s| (0.0..=1.0).contains(s)), "{s:?}");

    let found = admin
        .data(
            &path(&format!("vector/search/{base}")),
            json!({ "query": "带看确认单要客户签字吗", "threshold": "0.25" }),
        )
        .await;
    assert_eq!(
        questions(&found["list"])[0],
        "带看时客户需要签带看确认单吗？"
    );
    assert!(scores(&found["list"]).iter().all(|s| *s >= 0.25));

    // Nothing of the brokerage's rules: an honest empty answer.
    let found = admin
        .data(
            &path(&format!("vector/search/{base}")),
            json!({ "query": "火星探测器的发射窗口" }),
        )
        .await;
    assert_eq!(found["list"], json!([]));

    // The same retrieval, as the assistants call it.
    let hits =
        brokerdesk_server::knowledge::retrieval::search(&app.db, &[base], "钥匙丢了怎么办", 1, 0.3)
            .await
            .unwrap();
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].question, "钥匙丢失了怎么办？");
    assert_eq!(hits[0].data_set_name, "钥匙管理");
    // A request's own words (详细, 说明, 规定) held by no point do not sink the matches under the
    // demo assistant's threshold (30%): the walkthrough's 未找到相关答案.
    let hits = brokerdesk_server::knowledge::retrieval::search(
        &app.db,
        &[base],
        "钥匙管理有哪些规定？请详细说明",
        5,
        0.3,
    )
    .await
    .unwrap();
    let keys = hits
        .iter()
        .filter(|hit| hit.data_set_name == "钥匙管理")
        .count();
    assert!(keys >= 3, "{hits:?}");
    assert_eq!(hits[0].data_set_name, "钥匙管理", "{hits:?}");
    assert!(
        brokerdesk_server::knowledge::retrieval::search(&app.db, &[], "钥匙", 5, 0.0)
            .await
            .unwrap()
            .is_empty()
    );

    let history = get(&admin, &format!("vector/search/{base}/history")).await;
    assert_eq!(history["code"], 0, "{history}");
    let past = history["data"].as_array().unwrap();
    assert_eq!(
        past.len(),
        3,
        "each test search is kept, the direct call is not"
    );
    assert_eq!(past[0]["query"], "火星探测器的发射窗口", "newest first");
    assert_eq!(past[2]["hits"][0]["question"], "带看前需要做哪些准备？");
    assert_eq!(past[2]["userName"], "周明远");
}

async fn only_global_admins_reach_the_knowledge_base(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = demo_base(&admin).await;
    for user in ["city", "manager", "agent", "boss"] {
        let caller = app.as_user(user).await;
        let history = get(&caller, &format!("vector/search/{base}/history")).await;
        assert_eq!(history["code"], 10020001, "{user}: {history}");
        let answer = caller
            .post(
                &path(&format!("vector/search/{base}")),
                json!({ "query": "带看" }),
            )
            .await;
        assert_eq!(answer.code(), 10020001, "{user}");
    }
}

async fn a_file_is_previewed_then_imported_once(app: TestApp) {
    let admin = app.as_user("admin").await;
    let base = demo_base(&admin).await;
    // One new point, one the demo base already holds, one repeated in the file, one too long.
    let csv = format!(
        "问题,答案,补充索引\r\n展厅开放时间？,每天9点到18点。,开放时间|几点开门\r\n佣金比例是多少？,\"二手房买卖佣金一般为成交价的2%，由买方支付；租赁佣金为一个月租金。新房佣金按与开发商签订的分销协议比例结算。具体以门店公示的收费标准为准。\",\r\n展厅开放时间？,每天9点到18点。,\r\n{},太长,\r\n",
        "问".repeat(501)
    );
    let preview = admin
        .data(
            &path("file/import/analysis"),
            json!({ "knowledgeId": base, "fileName": "展厅制度.csv", "content": csv }),
        )
        .await;
    let marks: Vec<(bool, bool)> = preview["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["duplicate"].as_bool().unwrap(), p["problem"].is_string()))
        .collect();
    assert_eq!(
        marks,
        [(false, false), (true, false), (true, false), (false, true)]
    );
    assert_eq!(
        preview["points"][0]["indexes"],
        json!(["开放时间", "几点开门"])
    );
    assert_eq!(preview["points"][3]["problem"], "问题不能超过500个字符");
    assert_eq!(preview["fresh"], 1);

    let submit = |points: Value| json!({ "knowledgeId": base, "fileName": "展厅制度.csv", "points": points });
    let good = json!([
        preview["points"][0],
        preview["points"][1],
        preview["points"][2]
    ]);
    let first = admin
        .data(&path("analysis/submit"), submit(good.clone()))
        .await;
    assert_eq!(
        (first["added"].as_i64(), first["skipped"].as_i64()),
        (Some(1), Some(2))
    );
    assert_eq!(first["dataSet"]["sourceName"], "文件导入");
    assert_eq!(first["dataSet"]["name"], "展厅制度");
    assert_eq!(first["dataSet"]["pointCount"], 1);
    // The same file again: nothing twice, no empty data set.
    let again = admin.data(&path("analysis/submit"), submit(good)).await;
    assert_eq!(
        (again["added"].as_i64(), again["skipped"].as_i64()),
        (Some(0), Some(3))
    );
    assert_eq!(again["dataSet"], Value::Null);
    let found = admin
        .data(
            &path(&format!("vector/search/{base}")),
            json!({ "query": "展厅几点开门" }),
        )
        .await;
    assert_eq!(found["list"][0]["question"], "展厅开放时间？");

    let refused = admin
        .post(
            &path("analysis/submit"),
            submit(json!([preview["points"][3]])),
        )
        .await;
    assert_eq!(refused.message(), "第1条：问题不能超过500个字符");
    let refused = admin
        .post(
            &path("file/import/analysis"),
            json!({ "knowledgeId": base, "fileName": "规则.doc", "content": "x" }),
        )
        .await;
    assert_eq!(
        refused.message(),
        "仅支持导入txt、md、csv、xlsx、docx、pdf文件"
    );
}

on_both_backends!(
    a_file_is_previewed_then_imported_once,
    an_admin_builds_a_knowledge_base_point_by_point,
    bad_input_is_refused_in_chinese,
    retrieval_finds_viewing_questions_asked_in_other_words,
    only_global_admins_reach_the_knowledge_base,
);
