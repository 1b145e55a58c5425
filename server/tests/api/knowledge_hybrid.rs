//! Hybrid retrieval with an OpenAI-compatible embeddings endpoint (a local fake whose vectors
//! are hashed bags of characters): points are embedded in batches as they are written and
//! again when their text changes, a failing endpoint marks the points with its error and the
//! search goes on with BM25, and `vector/search` shows both scores fused by reciprocal rank.

use std::sync::atomic::Ordering;
use std::time::Duration;

use brokerdesk_server::knowledge::embedding::EmbeddingProvider;
use serde_json::{Value, json};

use crate::common::{Backend, Caller, TestApp};
use crate::fake_openai::{FakeOpenAi, cosine};

const K: &str = "/api/v1/chat/Knowledge";

fn path(tail: &str) -> String {
    format!("{K}/{tail}")
}

async fn with_embeddings(backend: Backend) -> Option<(TestApp, FakeOpenAi)> {
    let fake = FakeOpenAi::embeddings().await;
    let provider = EmbeddingProvider {
        base_url: fake.base_url.clone(),
        api_key: Some("test-key".into()),
        model: "fake-bag".into(),
    };
    let app = TestApp::start_with_embeddings(backend, provider).await?;
    Some((app, fake))
}

async fn search(admin: &Caller<'_>, base: i64, query: &str, threshold: f64) -> Value {
    admin
        .data(
            &path(&format!("vector/search/{base}")),
            json!({ "query": query, "threshold": threshold, "topK": 10 }),
        )
        .await["list"]
        .clone()
}

fn hit<'a>(hits: &'a Value, question: &str) -> Option<&'a Value> {
    hits.as_array()?.iter().find(|h| h["question"] == question)
}

/// The base's point list, newest first.
async fn points(admin: &Caller<'_>, base: i64) -> Value {
    admin
        .data(
            &path("point/list"),
            json!({ "knowledgeId": base, "pageNum": 1, "pageSize": 20 }),
        )
        .await["list"]
        .clone()
}

/// Searches until `ready` holds of the hits, at most thirty seconds (a loaded machine embeds
/// slowly), else the last hits for the assertions to show. A search scores by the vectors' index
/// before it reads the stages, so the one that first sees a new stage may still score by the index
/// of the moment before: callers wait for the scores they expect, not only for the stages.
async fn search_until(
    admin: &Caller<'_>,
    base: i64,
    query: &str,
    threshold: f64,
    ready: impl Fn(&Value) -> bool,
) -> Value {
    let mut hits = search(admin, base, query, threshold).await;
    for _ in 0..300 {
        if ready(&hits) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        hits = search(admin, base, query, threshold).await;
    }
    hits
}

/// No hit is waiting for its vector (each is made or failed).
fn settled(hits: &Value) -> bool {
    !hits
        .as_array()
        .unwrap()
        .iter()
        .any(|h| h["vector"]["stage"] == "waiting")
}

/// The hit for `question` is scored by a vector within 1e-3 of `expected`.
fn scored(hits: &Value, question: &str, expected: f64) -> bool {
    hit(hits, question)
        .and_then(|h| h["vectorScore"].as_f64())
        .is_some_and(|s| (s - expected).abs() < 1e-3)
}

async fn point(admin: &Caller<'_>, base: i64, question: &str, answer: &str) -> Value {
    admin
        .data(
            &path("handle/import"),
            json!({ "knowledgeId": base, "question": question, "answer": answer }),
        )
        .await
}

async fn hybrid_search_shows_both_scores_fused_by_rank(backend: Backend) {
    let Some((app, fake)) = with_embeddings(backend).await else {
        return;
    };
    let admin = app.as_user("admin").await;
    let base = admin
        .data(&path("config"), json!({ "name": "门店制度" }))
        .await["id"]
        .as_i64()
        .unwrap();
    let open = point(&admin, base, "门店几点开门？", "每天8:30开门。").await;
    // Shares no word with the query below (jieba: 几时 / 开店 / 营业), only characters.
    point(&admin, base, "几时开店营业", "早上九时开店，晚上九时打烊。").await;
    point(&admin, base, "佣金怎么计算", "按成交价的比例计算。").await;

    let query = "开门时间";
    let expected = cosine(query, "几时开店营业\n早上九时开店，晚上九时打烊。");
    let hits = search_until(&admin, base, query, 0.1, |h| {
        settled(h)
            && scored(h, "几时开店营业", expected)
            && hit(h, "门店几点开门？").is_some_and(|o| o["vectorScore"].is_f64())
    })
    .await;
    let by_words = hit(&hits, "门店几点开门？").expect("BM25 finds the point asking it");
    let by_meaning = hit(&hits, "几时开店营业").expect("the vectors find the point in other words");
    // 时间, the query's weightiest word, is no point's: BM25's score is halved, above the search's
    // threshold still.
    assert!(by_words["bm25Score"].as_f64().unwrap() > 0.1, "{hits}");
    assert!(by_words["vectorScore"].as_f64().is_some(), "{hits}");
    assert_eq!(by_meaning["bm25Score"], Value::Null, "{hits}");
    let shown = by_meaning["vectorScore"].as_f64().unwrap();
    assert!((shown - expected).abs() < 1e-3, "{shown} vs {expected}");
    assert_eq!(by_meaning["score"], by_meaning["vectorScore"]);
    assert_eq!(by_meaning["vector"]["stage"], "done");
    assert_eq!(
        hits[0]["pointId"], open["id"],
        "in both lists, first: {hits}"
    );
    let fused: Vec<f64> = hits
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["fusedScore"].as_f64().unwrap())
        .collect();
    assert!(fused.windows(2).all(|w| w[0] >= w[1]), "{fused:?}");
    // First in both lists: 1/61 + 1/61.
    assert!((fused[0] - 2.0 / 61.0).abs() < 1e-6, "{fused:?}");
    // A word no point holds and no character any point shares: nothing.
    assert_eq!(search(&admin, base, "瓦砾", 0.5).await, json!([]));

    // Editing the text embeds it again; saving the same text again asks the endpoint nothing.
    let edited = "门店几点开门？\n每天9:00开门。";
    admin
        .data(
            &path("edit/point"),
            json!({ "id": open["id"], "question": "门店几点开门？", "answer": "每天9:00开门。" }),
        )
        .await;
    let expected = cosine(query, edited);
    let hits = search_until(&admin, base, query, 0.1, |h| {
        settled(h) && scored(h, "门店几点开门？", expected)
    })
    .await;
    let again = hit(&hits, "门店几点开门？").unwrap();
    assert!(
        (again["vectorScore"].as_f64().unwrap() - expected).abs() < 1e-3,
        "{hits}"
    );
    assert_eq!(fake.times(edited), 1);
    admin
        .data(
            &path("edit/point"),
            json!({ "id": open["id"], "question": "门店几点开门？", "answer": "每天9:00开门。", "indexes": [] }),
        )
        .await;
    search_until(&admin, base, query, 0.1, settled).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    search(&admin, base, query, 0.1).await;
    assert_eq!(fake.times(edited), 1, "the unchanged text kept its vector");
    assert_eq!(
        hit(&search(&admin, base, query, 0.1).await, "门店几点开门？").unwrap()["vector"]["stage"],
        "done"
    );

    // A file of 40 points goes to the endpoint in batches of at most 32.
    let rows: String = (0..40)
        .map(|i| format!("第{i}号钥匙在哪里？,在{i}号柜。,\r\n"))
        .collect();
    let preview = admin
        .data(
            &path("file/import/analysis"),
            json!({ "knowledgeId": base, "fileName": "钥匙.csv", "content": format!("问题,答案,补充索引\r\n{rows}") }),
        )
        .await;
    admin
        .data(
            &path("analysis/submit"),
            json!({ "knowledgeId": base, "fileName": "钥匙.csv", "points": preview["points"] }),
        )
        .await;
    let hits = search_until(&admin, base, "第7号钥匙", 0.1, |h| {
        settled(h) && h[0]["question"] == "第7号钥匙在哪里？"
    })
    .await;
    assert_eq!(hits[0]["question"], "第7号钥匙在哪里？", "{hits}");
    let batches = fake.sizes();
    assert!(batches.iter().all(|n| *n <= 32), "{batches:?}");
    assert!(batches.iter().any(|n| *n > 1), "batched: {batches:?}");
}

async fn a_failing_endpoint_marks_the_points_and_bm25_answers(backend: Backend) {
    let Some((app, fake)) = with_embeddings(backend).await else {
        return;
    };
    fake.failing.store(true, Ordering::SeqCst);
    let admin = app.as_user("admin").await;
    let base = admin
        .data(&path("config"), json!({ "name": "门店制度" }))
        .await["id"]
        .as_i64()
        .unwrap();
    let open = point(&admin, base, "门店几点开门？", "每天8:30开门。").await;
    let hits = search_until(&admin, base, "门店开门", 0.3, settled).await;
    assert_eq!(hits.as_array().unwrap().len(), 1, "{hits}");
    assert_eq!(hits[0]["pointId"], open["id"]);
    assert!(hits[0]["bm25Score"].as_f64().unwrap() > 0.3);
    assert_eq!(hits[0]["vectorScore"], Value::Null);
    assert_eq!(hits[0]["vector"]["stage"], "failed");
    assert_eq!(
        hits[0]["vector"]["error"],
        "向量化失败：向量服务返回错误（500）：model overloaded"
    );
    // The point list shows the stage too, with the reason and when it is tried again.
    let listed = points(&admin, base).await;
    let stage = &listed[0]["vector"];
    assert_eq!(
        (&stage["stage"], &stage["stageName"], &stage["error"]),
        (
            &json!("failed"),
            &json!("失败"),
            &json!("向量化失败：向量服务返回错误（500）：model overloaded")
        ),
        "{listed}"
    );
    let retry_in = stage["retryAt"].as_i64().unwrap() - chrono::Utc::now().timestamp_millis();
    assert!(
        (9 * 60_000..=10 * 60_000).contains(&retry_in),
        "tried again in ten minutes: {retry_in} ms"
    );

    // The endpoint is back: an edited point is embedded.
    fake.failing.store(false, Ordering::SeqCst);
    admin
        .data(
            &path("edit/point"),
            json!({ "id": open["id"], "question": "门店几点开门？", "answer": "每天9:00开门。" }),
        )
        .await;
    let hits = search_until(&admin, base, "门店开门", 0.3, |h| {
        settled(h) && h[0]["vectorScore"].is_f64()
    })
    .await;
    assert_eq!(hits[0]["vector"]["stage"], "done", "{hits}");
    assert!(hits[0]["vectorScore"].as_f64().is_some(), "{hits}");
    let listed = points(&admin, base).await;
    assert_eq!(
        (
            &listed[0]["vector"]["stage"],
            &listed[0]["vector"]["stageName"],
            &listed[0]["vector"]["error"],
            &listed[0]["vector"]["retryAt"]
        ),
        (
            &json!("done"),
            &json!("已向量化"),
            &Value::Null,
            &Value::Null
        ),
        "{listed}"
    );
}

async fn without_an_endpoint_bm25_answers_alone(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else {
        return;
    };
    let admin = app.as_user("admin").await;
    let base = admin
        .data(&path("config"), json!({ "name": "门店制度" }))
        .await["id"]
        .as_i64()
        .unwrap();
    point(&admin, base, "门店几点开门？", "每天8:30开门。").await;
    point(&admin, base, "几时开店营业", "早上九时开店。").await;
    let hits = search(&admin, base, "开门时间", 0.1).await;
    assert_eq!(hits.as_array().unwrap().len(), 1, "{hits}");
    assert_eq!(hits[0]["bm25Score"], hits[0]["score"]);
    assert_eq!(
        (
            &hits[0]["vectorScore"],
            &hits[0]["fusedScore"],
            &hits[0]["vector"]
        ),
        (&Value::Null, &Value::Null, &Value::Null)
    );
    let listed = points(&admin, base).await;
    assert_eq!(listed.as_array().unwrap().len(), 2);
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["vector"].is_null()),
        "no stage without an endpoint: {listed}"
    );
}

macro_rules! both {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                use crate::common::Backend;

                #[tokio::test]
                async fn sqlite() {
                    super::$name(Backend::Sqlite).await;
                }

                #[tokio::test]
                async fn postgres() {
                    super::$name(Backend::Postgres).await;
                }
            }
        )*
    };
}

both!(
    hybrid_search_shows_both_scores_fused_by_rank,
    a_failing_endpoint_marks_the_points_and_bm25_answers,
    without_an_endpoint_bm25_answers_alone,
);
