//! The chat benchmarks (`scripts/bench/chat.sh` runs them against a release server):
//!
//! - `sockets BASE PID N`: opens N idle chat sockets with one agent's chat token, checks that
//!   every one still answers PING with PONG, and reads the server's resident memory
//!   (`/proc/PID/status`) before and with them open.
//! - `chats BASE FAKE_ADDR N`: serves a fake OpenAI-compatible model at FAKE_ADDR (the server
//!   must be started with `BROKERDESK_AI_BASE_URL=http://FAKE_ADDR/v1`), opens N sockets and
//!   asks N questions at once. The fake streams 20 chunks 20 ms apart, its first after
//!   `FAKE_FIRST_MS` (default 50). Client and fake share one clock, so per question:
//!   overhead = (first text reply − question sent) − (fake's first chunk − fake got the
//!   request): what the server adds (auth, retrieval, log, the hop to the model and back).
//!
//! Demo logins (`BROKERDESK_DEMO=1`): the agent `agent` / `Demo@2026`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

const LOGIN: &str = "/api/v2/fm/login/public/login/web";
const USER_INFO: &str = "/api/v1/fm/login/getLoginUserInfo";
const TOOLS: &str = "/api/v1/chat/tool/list";

#[path = "../tests/support/fake_openai.rs"]
mod fake_openai;

use fake_openai::{Behaviour, FakeOpenAi};

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}

async fn wait_for(base: &str) {
    for _ in 0..600 {
        if client()
            .get(format!("{base}/api/openapi.json"))
            .send()
            .await
            .is_ok()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the server at {base} never answered");
}

/// `(session token, chat token)` of the demo agent.
async fn tokens(base: &str) -> (String, String) {
    let http = client();
    let login: Value = http
        .post(format!("{base}{LOGIN}"))
        .json(&json!({ "username": "agent", "password": "Demo@2026" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["data"]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("login: {login}"))
        .to_owned();
    let info: Value = http
        .post(format!("{base}{USER_INFO}?chatLoginInfo=1"))
        .header("token", &token)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let chat = info["data"]["chatLoginInfo"]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("user info: {info}"))
        .to_owned();
    (token, chat)
}

async fn open(base: &str, chat: &str) -> Ws {
    let url = format!(
        "{}/ws?thirdApplicationId=brokerdesk&token={chat}",
        base.replacen("http://", "ws://", 1)
    );
    for attempt in 0..5 {
        match connect_async(url.as_str()).await {
            Ok((ws, _)) => return ws,
            Err(error) if attempt < 4 => {
                eprintln!("open: {error}; again");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(error) => panic!("open: {error}"),
        }
    }
    unreachable!()
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

async fn next_text(ws: &mut Ws) -> String {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => return text.to_string(),
            Some(Ok(_)) => continue,
            other => panic!("socket ended: {other:?}"),
        }
    }
}

async fn sockets(base: &str, pid: u32, n: usize) {
    wait_for(base).await;
    let (_, chat) = tokens(base).await;
    // One socket first, so the figure before counts a warmed server.
    let mut first = open(base, &chat).await;
    first.send(Message::Text("PING".into())).await.unwrap();
    next_text(&mut first).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = rss_kib(pid);
    let started = Instant::now();
    let mut all: Vec<Ws> = Vec::with_capacity(n);
    all.push(first);
    let chat = Arc::new(chat);
    let base = Arc::new(base.to_owned());
    while all.len() < n {
        let wave = (n - all.len()).min(200);
        let opened = futures_util::future::join_all((0..wave).map(|_| {
            let (base, chat) = (Arc::clone(&base), Arc::clone(&chat));
            async move {
                let mut ws = open(&base, &chat).await;
                ws.send(Message::Text("CONNECT".into())).await.unwrap();
                ws
            }
        }))
        .await;
        all.extend(opened);
    }
    let opening = started.elapsed();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let held = rss_kib(pid);
    // Every socket still answers.
    let mut pongs = 0;
    for chunk in all.chunks_mut(500) {
        let answered = futures_util::future::join_all(chunk.iter_mut().map(|ws| async move {
            ws.send(Message::Text("PING".into())).await.ok()?;
            let text = tokio::time::timeout(Duration::from_secs(30), next_text(ws))
                .await
                .ok()?;
            (text == "PONG").then_some(())
        }))
        .await;
        pongs += answered.iter().filter(|a| a.is_some()).count();
    }
    let after_ping = rss_kib(pid);
    println!(
        "sockets: {n} opened in {:.1} s; {pongs}/{n} answered PING",
        opening.as_secs_f64()
    );
    println!(
        "server RSS: {:.1} MiB with 1 socket, {:.1} MiB with {n} idle, {:.1} MiB after a PING on each; {:.1} KiB per socket",
        before as f64 / 1024.0,
        held as f64 / 1024.0,
        after_ping as f64 / 1024.0,
        (held.saturating_sub(before)) as f64 / n as f64
    );
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

async fn chats(base: &str, fake_addr: &str, n: usize) {
    let first_ms: u64 = std::env::var("FAKE_FIRST_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let fake = FakeOpenAi::start_at(
        fake_addr,
        Behaviour::Paced {
            first_ms,
            chunks: 20,
            every_ms: 20,
        },
    )
    .await;
    let seen = Arc::clone(&fake.first_chunks);
    wait_for(base).await;
    let (token, chat) = tokens(base).await;
    let tools: Value = client()
        .get(format!("{base}{TOOLS}"))
        .header("token", &token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let assistant = tools["data"]
        .as_array()
        .and_then(|list| list.iter().find(|t| t["name"] == "门店业务助手"))
        .unwrap_or_else(|| panic!("the demo assistant: {tools}"))["id"]
        .as_i64()
        .unwrap();
    for round in 0..2 {
        let mut sockets = Vec::with_capacity(n);
        for _ in 0..n {
            sockets.push(open(base, &chat).await);
        }
        seen.lock().unwrap().clear();
        let barrier = Arc::new(tokio::sync::Barrier::new(n));
        let started = Instant::now();
        let tasks: Vec<_> = sockets
            .into_iter()
            .enumerate()
            .map(|(i, mut ws)| {
                let barrier = Arc::clone(&barrier);
                tokio::spawn(async move {
                    let text = format!("报备有效期多久？#{round}-{i}");
                    let frame = json!({ "code": 1, "msg": { "msg": text, "uuid": format!("u{i}"), "assistantId": assistant.to_string(), "msgId": format!("m{i}") } });
                    barrier.wait().await;
                    let sent = Instant::now();
                    ws.send(Message::Text(frame.to_string().into())).await.unwrap();
                    let mut first = None;
                    loop {
                        let reply: Value = serde_json::from_str(&next_text(&mut ws).await).unwrap();
                        match reply["tag"].as_str() {
                            Some("text") if first.is_none() => first = Some(Instant::now()),
                            Some("end") => break,
                            Some("textError" | "stop") => panic!("answer failed: {reply}"),
                            _ => {}
                        }
                    }
                    (text, sent, first.expect("a text reply"), Instant::now())
                })
            })
            .collect();
        let mut overheads = Vec::with_capacity(n);
        let mut ttfts = Vec::with_capacity(n);
        let mut whole = Vec::with_capacity(n);
        let results: Vec<_> = futures_util::future::join_all(tasks).await;
        let seen = seen.lock().unwrap().clone();
        for result in results {
            let (text, sent, first, ended) = result.expect("a chat");
            let (got, fake_first) = seen[&text];
            let ttft = first.duration_since(sent).as_secs_f64() * 1000.0;
            let own = fake_first.duration_since(got).as_secs_f64() * 1000.0;
            overheads.push(ttft - own);
            ttfts.push(ttft);
            whole.push(ended.duration_since(sent).as_secs_f64() * 1000.0);
        }
        for list in [&mut overheads, &mut ttfts, &mut whole] {
            list.sort_by(f64::total_cmp);
        }
        println!(
            "round {round}: {n} chats at once in {:.2} s; fake's own first token {first_ms} ms",
            started.elapsed().as_secs_f64()
        );
        println!(
            "  time to first token (client): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            percentile(&ttfts, 50.0),
            percentile(&ttfts, 99.0),
            percentile(&ttfts, 100.0)
        );
        println!(
            "  server overhead on it: p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            percentile(&overheads, 50.0),
            percentile(&overheads, 95.0),
            percentile(&overheads, 99.0),
            percentile(&overheads, 100.0)
        );
        println!(
            "  whole answer (20 chunks): p50 {:.0} ms, p99 {:.0} ms",
            percentile(&whole, 50.0),
            percentile(&whole, 99.0)
        );
    }
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("sockets") if args.len() == 5 => {
            sockets(&args[2], args[3].parse().unwrap(), args[4].parse().unwrap()).await;
        }
        Some("chats") if args.len() == 5 => {
            chats(&args[2], &args[3], args[4].parse().unwrap()).await;
        }
        _ => {
            eprintln!("usage: chat_bench sockets BASE PID N | chat_bench chats BASE FAKE_ADDR N");
            std::process::exit(2);
        }
    }
}
