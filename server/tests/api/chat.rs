//! The AI assistants and the chat credential: admins build and publish assistants; everyone
//! logged in sees the published ones their site is served by; the chat token opens the chat
//! paths only and ends with its session.

use brokerdesk_server::chat::openai::Provider;
use futures_util::{SinkExt, StreamExt};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

use crate::common::{Backend, Caller, LOGOUT, MENU, TestApp};
use crate::fake_openai::{Behaviour, FakeOpenAi};
use crate::fixtures::Seeded;
use crate::on_both_backends;

pub const SUBMIT: &str = "/api/v1/chat/assistant/submit";
pub const LIST: &str = "/api/v1/chat/assistant/list";
pub const PUBLISH: &str = "/api/v1/chat/assistant/publish";
pub const TOOLS: &str = "/api/v1/chat/tool/list";
pub const SITES: &str = "/api/v1/public/chat/sites";

fn detail(id: i64) -> String {
    format!("/api/v1/chat/assistant/detail/{id}")
}

fn del(id: i64) -> String {
    format!("/api/v1/chat/assistant/del/{id}")
}

pub fn dialogue(name: &str) -> Value {
    json!({
        "kind": 1,
        "name": name,
        "description": "回答报备、带看和佣金规则",
        "welcomeMessage": "您好，我是门店助手",
        "suggestedQuestions": ["报备有效期多久？", "  ", "带看需要登记什么？"],
        "prompt": "你是经纪公司的业务助手",
        "topK": 3,
        "threshold": 30,
        "citations": true,
        "siteIds": []
    })
}

/// The names of the chat tools `caller` is offered.
async fn tool_names(caller: &Caller<'_>) -> Vec<String> {
    let answer = caller.get(TOOLS, &[]).await;
    answer
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["name"].as_str().unwrap().to_owned())
        .collect()
}

async fn assistants_are_built_published_and_offered(app: TestApp) {
    let s = Seeded::load(&app).await;
    let admin = app.as_user("admin").await;
    let agent = app.as_user("agent").await;
    let created = admin.data(SUBMIT, dialogue("规则助手")).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["published"], false);
    assert_eq!(
        created["suggestedQuestions"],
        json!(["报备有效期多久？", "带看需要登记什么？"]),
        "blank questions are dropped"
    );
    assert!(!tool_names(&agent).await.contains(&"规则助手".to_owned()));
    // Without a chat model an assistant with no knowledge base could only say it found nothing.
    admin
        .post(PUBLISH, json!({ "id": id, "published": true }))
        .await
        .assert_error(10000409, "请先绑定知识库后再发布");

    // Changing keeps the kind chosen at creation.
    let mut changed = dialogue("规则助手");
    changed["id"] = json!(id);
    changed["kind"] = json!(2);
    changed["topK"] = json!(5);
    let saved = admin.data(SUBMIT, changed).await;
    assert_eq!(
        (saved["kind"].as_i64(), saved["topK"].as_i64()),
        (Some(1), Some(5))
    );
    let read = admin.get(&detail(id), &[]).await;
    assert_eq!(read.data()["topK"], 5);
    let rules = admin
        .data(
            "/api/v1/chat/Knowledge/knowledge/list",
            json!({ "name": "经纪业务规则" }),
        )
        .await["list"][0]["id"]
        .as_i64()
        .unwrap();
    let mut bound = dialogue("规则助手");
    bound["id"] = json!(id);
    bound["knowledgeIds"] = json!([rules, rules]);
    let saved = admin.data(SUBMIT, bound).await;
    assert_eq!(saved["knowledgeIds"], json!([rules]));
    let mut unknown = dialogue("规则助手");
    unknown["knowledgeIds"] = json!([999_999]);
    admin
        .post(SUBMIT, unknown)
        .await
        .assert_error(10000004, "关联的知识库不存在或已被删除");
    // A second assistant of the same name could not be told apart in the chat's picker.
    admin
        .post(SUBMIT, dialogue("规则助手"))
        .await
        .assert_error(10000409, "已存在同名助手，请换一个名称");

    let listed = admin
        .get(LIST, &[("kind", "1".into()), ("name", "规则".into())])
        .await;
    assert_eq!(listed.data()["total"], 1);
    let creation = admin
        .get(LIST, &[("kind", "2".into()), ("name", "规则".into())])
        .await;
    assert_eq!(creation.data()["total"], 0);

    let published = admin
        .data(PUBLISH, json!({ "id": id, "published": true }))
        .await;
    assert_eq!(published["published"], true);
    let tools = agent.get(TOOLS, &[]).await;
    let tool = tools
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|tool| tool["id"] == id)
        .expect("the agent is offered the published assistant")
        .clone();
    assert_eq!(tool["assistantExt"]["welcomeMessage"], "您好，我是门店助手");

    // An assistant for 宁波 only is not offered in 杭州.
    let mut ningbo = dialogue("宁波助手");
    ningbo["siteIds"] = json!([s.sites["宁波"]]);
    ningbo["knowledgeIds"] = json!([rules]);
    let ningbo = admin.data(SUBMIT, ningbo).await["id"].as_i64().unwrap();
    admin
        .data(PUBLISH, json!({ "id": ningbo, "published": true }))
        .await;
    assert!(!tool_names(&agent).await.contains(&"宁波助手".to_owned()));
    let nb = app.as_user("nbmanager").await;
    assert!(tool_names(&nb).await.contains(&"宁波助手".to_owned()));
    let sites = app.get(SITES, None, &[]).await;
    assert!(
        sites
            .data()
            .as_array()
            .unwrap()
            .iter()
            .any(|site| site["name"] == "宁波")
    );

    admin
        .data(PUBLISH, json!({ "id": id, "published": false }))
        .await;
    assert!(!tool_names(&agent).await.contains(&"规则助手".to_owned()));
    admin.data(&del(id), json!({})).await;
    admin
        .get(&detail(id), &[])
        .await
        .assert_error(10020003, "数据不存在或已被删除");
}

async fn submissions_are_checked(app: TestApp) {
    let admin = app.as_user("admin").await;
    let mut questions = dialogue("助手");
    questions["suggestedQuestions"] = json!(["1", "2", "3", "4", "5", "6"]);
    admin
        .post(SUBMIT, questions)
        .await
        .assert_error(10000004, "推荐问题最多5个");
    let mut site = dialogue("助手");
    site["siteIds"] = json!([999_999]);
    admin
        .post(SUBMIT, site)
        .await
        .assert_error(10000004, "可用站点不存在或已被删除");
    admin
        .get(&detail(0), &[])
        .await
        .assert_error(10020003, "数据不存在或已被删除");
    admin
        .get("/api/v1/chat/assistant/detail/abc", &[])
        .await
        .assert_error(10000004, "id须为整数");
}

async fn the_chat_token_opens_the_chat_only_and_ends_with_the_session(app: TestApp) {
    let agent = app.as_user("agent").await;
    let chat = agent.chat_token().await;
    assert_ne!(chat, agent.token, "a credential of its own");
    let as_chat = [
        ("token", chat.as_str()),
        ("thirdApplicationId", "brokerdesk"),
    ];
    let tools = app
        .client
        .get(app.url(TOOLS))
        .header("token", &chat)
        .header("thirdApplicationId", "brokerdesk")
        .send()
        .await
        .unwrap();
    let tools: Value = tools.json().await.unwrap();
    assert_eq!(tools["code"], 0, "{tools}");
    // Without the application id, or on any other path, the chat token is no session.
    let bare = app
        .client
        .get(app.url(TOOLS))
        .header("token", &chat)
        .send()
        .await
        .unwrap();
    let bare: Value = bare.json().await.unwrap();
    assert_eq!(bare["code"], 10010003);
    app.call(MENU, &as_chat)
        .await
        .assert_error(10010003, "登录已过期，请重新登录");

    agent.post(LOGOUT, json!({})).await;
    let after = app
        .client
        .get(app.url(TOOLS))
        .header("token", &chat)
        .header("thirdApplicationId", "brokerdesk")
        .send()
        .await
        .unwrap();
    let after: Value = after.json().await.unwrap();
    assert_eq!(after["code"], 10010003, "logout ends the chat token too");
}

on_both_backends!(
    assistants_are_built_published_and_offered,
    submissions_are_checked,
    the_chat_token_opens_the_chat_only_and_ends_with_the_session,
);

// ---- the chat socket ----

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

fn ws_url(app: &TestApp, application: &str, token: &str) -> String {
    format!(
        "{}/ws?thirdApplicationId={application}&token={token}",
        app.base.replacen("http://", "ws://", 1)
    )
}

pub async fn open(app: &TestApp, token: &str) -> Ws {
    let (ws, _) = connect_async(ws_url(app, "brokerdesk", token))
        .await
        .expect("the socket opens");
    ws
}

pub async fn send(ws: &mut Ws, text: &str) {
    ws.send(Message::Text(text.into())).await.unwrap();
}

/// The next frame: its text, or `CLOSE <code>`.
async fn next_text(ws: &mut Ws) -> String {
    loop {
        match ws.next().await.expect("a frame").expect("a readable frame") {
            Message::Text(text) => return text.to_string(),
            Message::Close(frame) => {
                return format!("CLOSE {}", frame.map_or(0, |f| u16::from(f.code)));
            }
            _ => continue,
        }
    }
}

pub async fn next_reply(ws: &mut Ws) -> Value {
    let text = next_text(ws).await;
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("a JSON reply, got {text}"))
}

pub fn question(uuid: &str, assistant: i64, text: &str) -> String {
    json!({ "code": 1, "msg": { "msg": text, "uuid": uuid, "assistantId": assistant.to_string(), "msgId": "m1" } })
        .to_string()
}

fn stop(uuid: &str) -> String {
    json!({ "code": 1, "msg": { "msg": "", "uuid": uuid, "cmd": "stop" } }).to_string()
}

/// Replies up to and including the one that ends the answer (end, stop or textError).
pub async fn replies(ws: &mut Ws) -> Vec<Value> {
    let mut all = Vec::new();
    loop {
        let reply = next_reply(ws).await;
        let done = matches!(reply["tag"].as_str(), Some("end" | "stop" | "textError"));
        all.push(reply);
        if done {
            return all;
        }
    }
}

pub fn text_of(replies: &[Value]) -> String {
    replies
        .iter()
        .filter(|reply| reply["tag"] == "text")
        .map(|reply| reply["msg"].as_str().unwrap())
        .collect()
}

pub fn tags(replies: &[Value]) -> Vec<&str> {
    replies
        .iter()
        .map(|reply| reply["tag"].as_str().unwrap())
        .collect()
}

/// The demo's published dialogue assistant.
pub async fn demo_assistant(caller: &Caller<'_>) -> i64 {
    caller
        .get(TOOLS, &[])
        .await
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|tool| tool["name"] == "门店业务助手")
        .expect("the demo assistant is offered")["id"]
        .as_i64()
        .unwrap()
}

/// `(status, tokens, answer)` of the latest chat log entry.
async fn last_log(app: &TestApp) -> (i64, i64, String) {
    let backend = app.db.get_database_backend();
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT CAST(status AS BIGINT) AS status, tokens, answer FROM chat_log ORDER BY id DESC",
        ))
        .await
        .unwrap()
        .expect("a chat log entry");
    (
        row.try_get("", "status").unwrap(),
        row.try_get("", "tokens").unwrap(),
        row.try_get("", "answer").unwrap(),
    )
}

async fn the_socket_pongs_answers_and_survives_bad_frames(app: TestApp) {
    let agent = app.as_user("agent").await;
    let assistant = demo_assistant(&agent).await;
    let mut ws = open(&app, &agent.chat_token().await).await;
    send(&mut ws, "CONNECT").await;
    send(&mut ws, "PING").await;
    assert_eq!(next_text(&mut ws).await, "PONG");

    for bad in [
        "hello",
        r#"{"code": 1}"#,
        r#"{"code":1,"msg":{"msg":"","uuid":"u1"}}"#,
    ] {
        send(&mut ws, bad).await;
        let error = next_reply(&mut ws).await;
        assert_eq!(
            (error["tag"].as_str(), error["uuid"].as_str()),
            (Some("error"), Some("")),
            "{bad}"
        );
        send(&mut ws, "PING").await;
        assert_eq!(
            next_text(&mut ws).await,
            "PONG",
            "the socket stays open after {bad}"
        );
    }

    send(&mut ws, &question("u1", 999_999, "报备有效期多久？")).await;
    let refused = next_reply(&mut ws).await;
    assert_eq!(
        refused,
        json!({ "msg": "该助手不存在或未发布", "tag": "textError", "uuid": "u1" })
    );

    // A question past core's limit is refused as its answer; one at the limit is answered.
    send(&mut ws, &question("u1", assistant, &"问".repeat(1001))).await;
    assert_eq!(
        next_reply(&mut ws).await,
        json!({ "msg": "问题不能超过1000个字符，请精简后再问", "tag": "textError", "uuid": "u1" })
    );
    send(&mut ws, &question("u1", assistant, &"问".repeat(1000))).await;
    assert_eq!(tags(&replies(&mut ws).await).first(), Some(&"start"));

    send(&mut ws, &question("u2", assistant, "今天午饭吃什么？")).await;
    let answer = replies(&mut ws).await;
    assert_eq!(tags(&answer), ["start", "text", "usage", "end"]);
    assert!(
        answer.iter().all(|reply| reply["uuid"] == "u2"),
        "{answer:?}"
    );
    assert!(text_of(&answer).starts_with("未找到相关答案"), "{answer:?}");
    assert_eq!(answer[2]["msg"], r#"{"c":0}"#);
    assert_eq!(last_log(&app).await.0, 6, "logged as 未找到答案");

    // A demo question: the knowledge base's best point answers, cited.
    send(&mut ws, &question("u2", assistant, "报备有效期是多久？")).await;
    let answer = replies(&mut ws).await;
    assert_eq!(tags(&answer), ["start", "text", "doc", "usage", "end"]);
    assert!(text_of(&answer).contains("保护期一般为30天"), "{answer:?}");
    let doc: Value = serde_json::from_str(answer[2]["msg"].as_str().unwrap()).unwrap();
    assert_eq!(doc["docCount"], 1);
    assert_eq!(doc["doc"][0]["question"], "客户报备的有效期是多久？");
    assert_eq!(doc["doc"][0]["source"], "报备规则");
}

async fn only_the_asking_socket_gets_the_replies(app: TestApp) {
    let agent = app.as_user("agent").await;
    let assistant = demo_assistant(&agent).await;
    let token = agent.chat_token().await;
    let (mut asking, mut other) = (open(&app, &token).await, open(&app, &token).await);
    send(
        &mut asking,
        &question("u1", assistant, "带看需要登记什么？"),
    )
    .await;
    assert_eq!(tags(&replies(&mut asking).await).last(), Some(&"end"));
    send(&mut other, "PING").await;
    assert_eq!(
        next_text(&mut other).await,
        "PONG",
        "nothing of the answer reached the other socket"
    );
}

async fn the_socket_refuses_a_wrong_or_ended_chat_token(app: TestApp) {
    let agent = app.as_user("agent").await;
    let assistant = demo_assistant(&agent).await;
    assert!(
        connect_async(ws_url(&app, "brokerdesk", "nonsense"))
            .await
            .is_err()
    );
    assert!(
        connect_async(ws_url(&app, "brokerdesk", &agent.token))
            .await
            .is_err(),
        "the session token is no chat token"
    );
    let token = agent.chat_token().await;
    assert!(
        connect_async(ws_url(&app, "other-app", &token))
            .await
            .is_err()
    );
    let mut ws = open(&app, &token).await;
    agent.post(LOGOUT, json!({})).await;
    send(&mut ws, &question("u1", assistant, "报备有效期多久？")).await;
    let refused = next_reply(&mut ws).await;
    assert_eq!(
        (refused["tag"].as_str(), refused["msg"].as_str()),
        (Some("textError"), Some("登录已过期，请重新登录"))
    );
    assert_eq!(next_text(&mut ws).await, "CLOSE 4001");
    assert!(
        connect_async(ws_url(&app, "brokerdesk", &token))
            .await
            .is_err()
    );
}

// ---- answers from an OpenAI-compatible model (a local fake) ----

async fn with_model(behaviour: Behaviour) -> (TestApp, FakeOpenAi) {
    let model = FakeOpenAi::start(behaviour).await;
    let provider = Provider {
        base_url: model.base_url.clone(),
        api_key: Some("test-key".into()),
        model: "test-model".into(),
        price_per_million_fen: None,
    };
    let app = TestApp::start_with_model(Backend::Sqlite, provider)
        .await
        .expect("SQLite always starts");
    (app, model)
}

#[tokio::test]
async fn a_model_answer_streams_with_its_usage() {
    let chunks = vec!["报备", "有效期", "为30天。"];
    let (app, model) = with_model(Behaviour::Stream {
        chunks,
        total_tokens: 42,
    })
    .await;
    let agent = app.as_user("agent").await;
    let assistant = demo_assistant(&agent).await;
    let mut ws = open(&app, &agent.chat_token().await).await;
    send(&mut ws, &question("u1", assistant, "报备有效期多久？")).await;
    let answer = replies(&mut ws).await;
    assert_eq!(
        tags(&answer),
        ["start", "text", "text", "text", "doc", "usage", "end"]
    );
    assert_eq!(text_of(&answer), "报备有效期为30天。");
    assert_eq!(answer[5]["msg"], r#"{"c":42}"#);
    let sent = model.last_request();
    assert_eq!(
        (sent["model"].as_str(), sent["stream"].as_bool()),
        (Some("test-model"), Some(true))
    );
    let messages = sent["messages"].as_array().unwrap();
    assert_eq!(
        messages.last().unwrap(),
        &json!({ "role": "user", "content": "报备有效期多久？" })
    );
    let system = messages[0]["content"].as_str().unwrap();
    assert!(
        system.starts_with("你是房产经纪公司的门店业务助手"),
        "{system}"
    );
    assert!(
        system.contains("问：客户报备的有效期是多久？"),
        "the retrieved point is the context: {system}"
    );
    assert_eq!(
        last_log(&app).await,
        (0, 42, "报备有效期为30天。".to_owned())
    );

    // The next question of the same conversation carries the first turn.
    send(&mut ws, &question("u1", assistant, "过期了怎么办？")).await;
    replies(&mut ws).await;
    let messages = model.last_request()["messages"].as_array().unwrap().clone();
    assert_eq!(
        messages[1],
        json!({ "role": "user", "content": "报备有效期多久？" })
    );
    assert_eq!(
        messages[2],
        json!({ "role": "assistant", "content": "报备有效期为30天。" })
    );
}

#[tokio::test]
async fn a_model_error_is_the_answer_s_error() {
    let (app, _model) = with_model(Behaviour::Fail {
        status: 503,
        message: "quota exceeded",
    })
    .await;
    let agent = app.as_user("agent").await;
    let assistant = demo_assistant(&agent).await;
    let mut ws = open(&app, &agent.chat_token().await).await;
    send(&mut ws, &question("u1", assistant, "报备有效期多久？")).await;
    let answer = replies(&mut ws).await;
    assert_eq!(tags(&answer), ["start", "textError"]);
    assert_eq!(answer[1]["msg"], "大模型服务出错：503 quota exceeded");
    assert_eq!(last_log(&app).await.0, 2);
    send(&mut ws, "PING").await;
    assert_eq!(next_text(&mut ws).await, "PONG");
}

#[tokio::test]
async fn stopping_mid_answer_ends_it_and_hangs_up_on_the_model() {
    let (app, model) = with_model(Behaviour::Stall {
        first: "报备有效期",
    })
    .await;
    let agent = app.as_user("agent").await;
    let assistant = demo_assistant(&agent).await;
    let mut ws = open(&app, &agent.chat_token().await).await;
    send(&mut ws, &question("u1", assistant, "报备有效期多久？")).await;
    assert_eq!(next_reply(&mut ws).await["tag"], "start");
    assert_eq!(
        next_reply(&mut ws).await,
        json!({ "msg": "报备有效期", "tag": "text", "uuid": "u1" })
    );
    // A stop for another conversation is not this answer's.
    send(&mut ws, &stop("other")).await;
    send(&mut ws, &stop("u1")).await;
    assert_eq!(
        next_reply(&mut ws).await,
        json!({ "msg": "", "tag": "stop", "uuid": "u1" })
    );
    model.hung_up.notified().await;
    assert_eq!(last_log(&app).await, (3, 0, "报备有效期".to_owned()));
}

/// A turn keeps what it read in memory (the published assistant, its bases' revisions, the
/// points it cites), yet every change that finished before a question is asked shows in its
/// answer: a point edited, its data set renamed, the base switched off, the assistant
/// unpublished.
async fn the_next_question_sees_what_changed_before_it(app: TestApp) {
    const K: &str = "/api/v1/chat/Knowledge";
    let admin = app.as_user("admin").await;
    let agent = app.as_user("agent").await;
    let assistant = demo_assistant(&agent).await;
    let mut ws = open(&app, &agent.chat_token().await).await;
    let asked = "报备有效期是多久？";
    let ask = async |ws: &mut Ws| {
        send(ws, &question("u1", assistant, asked)).await;
        replies(ws).await
    };
    let cited = |answer: &[Value]| -> Value {
        let doc = answer
            .iter()
            .find(|reply| reply["tag"] == "doc")
            .unwrap_or_else(|| panic!("a cited answer: {answer:?}"));
        serde_json::from_str::<Value>(doc["msg"].as_str().unwrap()).unwrap()["doc"][0].clone()
    };

    // Asked twice: the second answer comes from what the first one read.
    for _ in 0..2 {
        let answer = ask(&mut ws).await;
        assert!(text_of(&answer).contains("保护期一般为30天"), "{answer:?}");
        assert_eq!(cited(&answer)["source"], "报备规则");
    }
    let point = cited(&ask(&mut ws).await)["pointId"].as_i64().unwrap();

    let edited = admin
        .data(
            &format!("{K}/edit/point"),
            json!({ "id": point, "question": "客户报备的有效期是多久？", "answer": "报备保护期改为45天。", "indexes": [] }),
        )
        .await;
    let answer = ask(&mut ws).await;
    assert_eq!(
        text_of(&answer),
        "报备保护期改为45天。",
        "the edited answer"
    );

    admin
        .data(
            &format!("{K}/handle/edit"),
            json!({ "id": edited["dataSetId"], "name": "报备规则（新版）" }),
        )
        .await;
    assert_eq!(
        cited(&ask(&mut ws).await)["source"],
        "报备规则（新版）",
        "the renamed data set is cited"
    );

    let binding = admin
        .data(
            &format!("{K}/assistant/knowledge/list"),
            json!({ "assistantId": assistant }),
        )
        .await[0]["id"]
        .as_i64()
        .unwrap();
    admin
        .data(
            &format!("{K}/assistant/knowledge/status"),
            json!({ "id": binding, "enabled": false }),
        )
        .await;
    let answer = ask(&mut ws).await;
    assert!(
        text_of(&answer).starts_with("未找到相关答案"),
        "a switched-off base answers nothing: {answer:?}"
    );
    admin
        .data(
            &format!("{K}/assistant/knowledge/status"),
            json!({ "id": binding, "enabled": true }),
        )
        .await;
    assert_eq!(text_of(&ask(&mut ws).await), "报备保护期改为45天。");

    admin
        .data(PUBLISH, json!({ "id": assistant, "published": false }))
        .await;
    assert_eq!(
        ask(&mut ws).await,
        [json!({ "msg": "该助手不存在或未发布", "tag": "textError", "uuid": "u1" })]
    );
    admin
        .data(PUBLISH, json!({ "id": assistant, "published": true }))
        .await;
    assert_eq!(text_of(&ask(&mut ws).await), "报备保护期改为45天。");
}

on_both_backends!(
    the_socket_pongs_answers_and_survives_bad_frames,
    the_next_question_sees_what_changed_before_it,
    only_the_asking_socket_gets_the_replies,
    the_socket_refuses_a_wrong_or_ended_chat_token,
);
