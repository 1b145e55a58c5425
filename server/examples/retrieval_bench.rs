//! The retrieval benchmark (`scripts/bench/retrieval.sh` runs it against a release server):
//!
//! - `seed DATABASE_URL N`: migrates and seeds the demo brokerage, then adds the knowledge base
//!   压测知识库 with N question–answer points written like a brokerage's rules (terms as the
//!   server stores them), and each point's vector as the `fake` below makes it (model
//!   `fake-bag`), as if the embeddings worker had run. Prints the knowledge base's id.
//! - `fake ADDR`: an OpenAI-compatible embeddings endpoint whose vectors are hashed bags of
//!   characters (256 dimensions), for the server's query embeddings.
//! - `search BASE KNOWLEDGE_ID QUERIES`: logs in as `admin`, runs `vector/search` with QUERIES
//!   different questions one after another (after one unrecorded warm-up search, which builds
//!   the server's in-memory index) and prints p50, p95 and max, and what a hit looks like.

use std::time::{Duration, Instant};

use brokerdesk_server::config::DatabaseUrl;
use brokerdesk_server::knowledge::embedding::{to_bytes, unit};
use brokerdesk_server::knowledge::retrieval::terms_of;
use brokerdesk_server::knowledge::vectors::{statement, text_of};
use brokerdesk_server::prepare_database;
use brokerdesk_server::seed::Seeding;
use chrono::Utc;
use sea_orm::{ConnectionTrait, TransactionTrait, Value};
use serde_json::{Value as Json, json};
use sha2::Digest;

#[path = "../tests/support/fake_openai.rs"]
mod fake_openai;

use fake_openai::{Behaviour, DIMS, FakeOpenAi, bag};

pub const MODEL: &str = "fake-bag";

const PLACES: &[&str] = &[
    "朝阳", "海淀", "东城", "西城", "丰台", "通州", "顺义", "昌平", "大兴", "房山", "浦东", "徐汇",
    "静安", "黄浦", "闵行", "宝山", "天河", "越秀", "南山", "福田",
];
const SUBJECTS: &[&str] = &[
    "客户报备",
    "带看",
    "钥匙",
    "佣金",
    "房源录入",
    "实勘",
    "签约",
    "过户",
    "贷款",
    "定金",
    "租赁合同",
    "新房分销",
    "业绩分成",
    "跟进记录",
    "房源共享",
    "公盘",
    "私盘",
    "收房",
    "交房",
    "押金",
    "维修",
    "物业交割",
    "税费",
    "网签",
    "资金监管",
    "评估",
    "面签",
    "产权核验",
    "限购",
    "落户",
];
const ASPECTS: &[&str] = &[
    "有效期",
    "流程",
    "注意事项",
    "所需材料",
    "时限",
    "审批人",
    "收费标准",
    "常见问题",
    "违规处理",
    "系统操作",
    "责任划分",
    "例外情况",
];
const ANSWERS: &[&str] = &[
    "须在系统中登记并由店长审核，审核通过后生效",
    "一般在三个工作日内办理完毕，节假日顺延",
    "需提供身份证、房产证复印件和委托书原件",
    "超过时限未处理的，系统自动释放并记录在案",
    "由经纪人发起，区域经理复核，财务部门最终确认",
    "按成交价的比例计算，具体以门店公示的标准为准",
    "出现争议时以系统记录的时间先后为准",
    "违反规定的按公司制度扣减当月绩效",
];

/// The `i`-th point of the benchmark base: `(question, answer)`.
fn point(i: usize) -> (String, String) {
    let place = PLACES[i % PLACES.len()];
    let subject = SUBJECTS[(i / PLACES.len()) % SUBJECTS.len()];
    let aspect = ASPECTS[(i / (PLACES.len() * SUBJECTS.len())) % ASPECTS.len()];
    let variant = i / (PLACES.len() * SUBJECTS.len() * ASPECTS.len());
    let question = format!("{place}区{subject}的{aspect}是什么（第{variant}版）？");
    let answer = format!(
        "{place}区门店{subject}{aspect}：{}；{}。",
        ANSWERS[i % ANSWERS.len()],
        ANSWERS[(i / 7) % ANSWERS.len()]
    );
    (question, answer)
}

async fn seed(url: &str, n: usize) {
    let url = if url.starts_with("postgres") {
        DatabaseUrl::Postgres(url.to_owned())
    } else {
        DatabaseUrl::Sqlite(url.to_owned())
    };
    let (db, _) = prepare_database(&url, &Seeding::Demo)
        .await
        .expect("database");
    let backend = db.get_database_backend();
    let now = Utc::now();
    let txn = db.begin().await.unwrap();
    txn.execute_raw(statement(
        backend,
        "INSERT INTO knowledge (name, description, created_by, created_at, updated_at) VALUES ($1, $2, NULL, $3, $4)",
        vec!["压测知识库".into(), "检索压测".into(), now.into(), now.into()],
    ))
    .await
    .unwrap();
    let knowledge: i64 = txn
        .query_one_raw(statement(
            backend,
            "SELECT id FROM knowledge WHERE name = $1",
            vec!["压测知识库".into()],
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get("", "id")
        .unwrap();
    txn.execute_raw(statement(
        backend,
        "INSERT INTO knowledge_data_set (knowledge_id, name, source, created_at, updated_at) VALUES ($1, $2, 2, $3, $4)",
        vec![knowledge.into(), "压测数据".into(), now.into(), now.into()],
    ))
    .await
    .unwrap();
    let set: i64 = txn
        .query_one_raw(statement(
            backend,
            "SELECT id FROM knowledge_data_set WHERE knowledge_id = $1",
            vec![knowledge.into()],
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get("", "id")
        .unwrap();
    let started = Instant::now();
    for chunk in (0..n).collect::<Vec<_>>().chunks(400) {
        let mut sql = String::from(
            "INSERT INTO knowledge_point (knowledge_id, data_set_id, question, answer, indexes, terms, content_hash, created_at, updated_at) VALUES ",
        );
        let mut values: Vec<Value> = Vec::new();
        for (row, &i) in chunk.iter().enumerate() {
            let (question, answer) = point(i);
            let p = row * 9;
            if row > 0 {
                sql.push(',');
            }
            sql.push_str(&format!(
                "(${},${},${},${},${},${},${},${},${})",
                p + 1,
                p + 2,
                p + 3,
                p + 4,
                p + 5,
                p + 6,
                p + 7,
                p + 8,
                p + 9
            ));
            values.extend([
                knowledge.into(),
                set.into(),
                question.clone().into(),
                answer.clone().into(),
                "[]".into(),
                terms_of(&question, &[], &answer).into(),
                brokerdesk_server::knowledge::content_hash(&question, &answer).into(),
                now.into(),
                now.into(),
            ]);
        }
        txn.execute_raw(statement(backend, &sql, values))
            .await
            .unwrap();
    }
    // Vectors, as the worker would have written them.
    let rows = txn
        .query_all_raw(statement(
            backend,
            "SELECT id, question, answer, updated_at FROM knowledge_point WHERE knowledge_id = $1",
            vec![knowledge.into()],
        ))
        .await
        .unwrap();
    for chunk in rows.chunks(400) {
        let mut sql = String::from(
            "INSERT INTO knowledge_vector (point_id, knowledge_id, model, text_hash, point_updated_at, dims, vector, error, attempted_at) VALUES ",
        );
        let mut values: Vec<Value> = Vec::new();
        for (r, row) in chunk.iter().enumerate() {
            let id: i64 = row.try_get("", "id").unwrap();
            let question: String = row.try_get("", "question").unwrap();
            let answer: String = row.try_get("", "answer").unwrap();
            let updated: chrono::DateTime<Utc> = row.try_get("", "updated_at").unwrap();
            let text = text_of(&question, &[], &answer);
            let vector = unit(bag(&text)).unwrap();
            let p = r * 8;
            if r > 0 {
                sql.push(',');
            }
            sql.push_str(&format!(
                "(${},${},${},${},${},${},${},NULL,${})",
                p + 1,
                p + 2,
                p + 3,
                p + 4,
                p + 5,
                p + 6,
                p + 7,
                p + 8
            ));
            values.extend([
                id.into(),
                knowledge.into(),
                MODEL.into(),
                hex::encode(sha2::Sha256::digest(text.as_bytes())).into(),
                updated.into(),
                (DIMS as i32).into(),
                to_bytes(&vector).into(),
                now.into(),
            ]);
        }
        txn.execute_raw(statement(backend, &sql, values))
            .await
            .unwrap();
    }
    txn.commit().await.unwrap();
    if backend == sea_orm::DatabaseBackend::Postgres {
        db.execute_unprepared("ANALYZE knowledge_point; ANALYZE knowledge_vector;")
            .await
            .unwrap();
    }
    eprintln!(
        "seeded {n} points and vectors in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    println!("{knowledge}");
}

/// The fake embeddings endpoint, until the benchmark stops it.
async fn fake(addr: &str) {
    let _fake = FakeOpenAi::start_at(
        addr,
        Behaviour::Stream {
            chunks: Vec::new(),
            total_tokens: 0,
        },
    )
    .await;
    std::future::pending::<()>().await;
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

async fn search(base: &str, knowledge: i64, queries: usize) {
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    for _ in 0..600 {
        if http
            .get(format!("{base}/api/openapi.json"))
            .send()
            .await
            .is_ok()
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let login: Json = http
        .post(format!("{base}/api/v2/fm/login/public/login/web"))
        .json(&json!({ "username": "admin", "password": "Demo@2026" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["data"]["token"]
        .as_str()
        .expect("admin logs in")
        .to_owned();
    let url = format!("{base}/api/v1/chat/Knowledge/vector/search/{knowledge}");
    let ask = |q: String| {
        let request = http
            .post(&url)
            .header("token", &token)
            .json(&json!({ "query": q, "topK": 5, "threshold": 0.3 }));
        async move {
            let started = Instant::now();
            let body: Json = request.send().await.unwrap().json().await.unwrap();
            (started.elapsed().as_secs_f64() * 1000.0, body)
        }
    };
    let (cold, first) = ask("朝阳区客户报备的有效期".to_owned()).await;
    assert_eq!(first["code"], 0, "{first}");
    let mut times = Vec::with_capacity(queries);
    let mut found = 0;
    for q in 0..queries {
        let place = PLACES[(q * 7) % PLACES.len()];
        let subject = SUBJECTS[(q * 11) % SUBJECTS.len()];
        let aspect = ASPECTS[(q * 5) % ASPECTS.len()];
        let (ms, body) = ask(format!("{place}{subject}{aspect}怎么规定")).await;
        found += body["data"]["list"].as_array().map_or(0, Vec::len);
        times.push(ms);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "first search (builds the index): {cold:.0} ms; then {queries} searches: p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms; {:.1} hits each",
        percentile(&times, 50.0),
        percentile(&times, 95.0),
        percentile(&times, 100.0),
        found as f64 / queries as f64
    );
    let hit = &first["data"]["list"][0];
    println!(
        "  a hit: {} bm25Score={} vectorScore={} fusedScore={}",
        hit["question"], hit["bm25Score"], hit["vectorScore"], hit["fusedScore"]
    );
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("seed") if args.len() == 4 => seed(&args[2], args[3].parse().unwrap()).await,
        Some("fake") if args.len() == 3 => fake(&args[2]).await,
        Some("search") if args.len() == 5 => {
            search(&args[2], args[3].parse().unwrap(), args[4].parse().unwrap()).await;
        }
        _ => {
            eprintln!(
                "usage: retrieval_bench seed DATABASE_URL N | fake ADDR | search BASE KNOWLEDGE_ID QUERIES"
            );
            std::process::exit(2);
        }
    }
}
