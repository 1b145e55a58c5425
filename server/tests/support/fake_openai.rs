//! The one local OpenAI-compatible server of the tests and the benchmarks (the real providers
//! cannot be reached here; the product's real client talks to this). It answers
//! `POST …/chat/completions` the way a provider streams (server-sent events) — or fails, stalls,
//! asks for function calls, or streams paced chunks — and `POST …/embeddings` with deterministic
//! vectors (a hashed bag of the text's characters, so texts sharing characters are near), and
//! keeps what it was sent.
//!
//! Included by path where needed: `server/tests/api/main.rs`, `server/examples/chat_bench.rs`
//! and `server/examples/retrieval_bench.rs`.
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// Dimensions of the fake's vectors.
pub const DIMS: usize = 256;

/// How the fake answers every chat request.
#[derive(Clone)]
pub enum Behaviour {
    /// Streams these chunks, then the usage and `[DONE]`.
    Stream {
        chunks: Vec<&'static str>,
        total_tokens: u64,
    },
    /// Answers this HTTP status with an OpenAI-style error body.
    Fail { status: u16, message: &'static str },
    /// Streams the first chunk, then says nothing more until the client goes away (bounded).
    Stall { first: &'static str },
    /// Asks for these function calls (name, JSON arguments) while the conversation it is sent
    /// holds fewer than `rounds` rounds of calls — unless it was told `tool_choice: "none"` and
    /// `obeys_none` — then streams `answer`. The arguments arrive in two parts, as providers
    /// stream them.
    Tools {
        calls: Vec<(&'static str, String)>,
        rounds: usize,
        obeys_none: bool,
        answer: &'static str,
    },
    /// A model's pace: the first of `chunks` chunks after `first_ms`, then one every
    /// `every_ms`; when the first went out is kept in [`FakeOpenAi::first_chunks`].
    Paced {
        first_ms: u64,
        chunks: usize,
        every_ms: u64,
    },
}

/// When a paced answer's request came in and when its first chunk went out, by the question
/// (the last message's content).
pub type FirstChunks = Arc<Mutex<HashMap<String, (Instant, Instant)>>>;

pub struct FakeOpenAi {
    pub base_url: String,
    /// Chat request bodies, in order.
    pub requests: Arc<Mutex<Vec<Value>>>,
    /// Notified when a stalled answer's client has closed the connection.
    pub hung_up: Arc<Notify>,
    /// The texts of each embeddings request answered, in order.
    pub batches: Arc<Mutex<Vec<Vec<String>>>>,
    /// While set, every embeddings request is answered 500 with an error body.
    pub failing: Arc<AtomicBool>,
    pub first_chunks: FirstChunks,
}

/// What every connection shares.
#[derive(Clone)]
struct Shared {
    behaviour: Behaviour,
    requests: Arc<Mutex<Vec<Value>>>,
    hung_up: Arc<Notify>,
    batches: Arc<Mutex<Vec<Vec<String>>>>,
    failing: Arc<AtomicBool>,
    first_chunks: FirstChunks,
}

impl FakeOpenAi {
    /// On a free loopback port.
    pub async fn start(behaviour: Behaviour) -> Self {
        Self::start_at("127.0.0.1:0", behaviour).await
    }

    /// An embeddings endpoint (its chat answers are an empty stream).
    pub async fn embeddings() -> Self {
        Self::start(Behaviour::Stream {
            chunks: Vec::new(),
            total_tokens: 0,
        })
        .await
    }

    /// On `addr` (`127.0.0.1:PORT`).
    pub async fn start_at(addr: &str, behaviour: Behaviour) -> Self {
        let listener = TcpListener::bind(addr).await.expect("the fake's address");
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let shared = Shared {
            behaviour,
            requests: Arc::default(),
            hung_up: Arc::new(Notify::new()),
            batches: Arc::default(),
            failing: Arc::default(),
            first_chunks: Arc::default(),
        };
        let fake = Self {
            base_url,
            requests: Arc::clone(&shared.requests),
            hung_up: Arc::clone(&shared.hung_up),
            batches: Arc::clone(&shared.batches),
            failing: Arc::clone(&shared.failing),
            first_chunks: Arc::clone(&shared.first_chunks),
        };
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let shared = shared.clone();
                tokio::spawn(async move { serve(stream, shared).await });
            }
        });
        fake
    }

    /// The latest chat request's body.
    pub fn last_request(&self) -> Value {
        self.requests
            .lock()
            .unwrap()
            .last()
            .cloned()
            .expect("a request")
    }

    /// How many times `text` was embedded.
    pub fn times(&self, text: &str) -> usize {
        self.batches
            .lock()
            .unwrap()
            .iter()
            .flatten()
            .filter(|t| *t == text)
            .count()
    }

    /// How many texts each embeddings request carried.
    pub fn sizes(&self) -> Vec<usize> {
        self.batches.lock().unwrap().iter().map(Vec::len).collect()
    }
}

/// The fake's vector of `text`, not yet of unit length: each alphanumeric character (Chinese
/// ones included) adds one to the dimension its FNV-1a hash falls on.
pub fn bag(text: &str) -> Vec<f32> {
    let mut vector = vec![0f32; DIMS];
    for c in text.chars().filter(|c| c.is_alphanumeric()) {
        let mut hash: u32 = 0x811c_9dc5;
        for byte in c.to_string().as_bytes() {
            hash ^= u32::from(*byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
        vector[hash as usize % DIMS] += 1.0;
    }
    vector
}

/// The cosine of two texts' fake vectors.
pub fn cosine(a: &str, b: &str) -> f64 {
    let (a, b) = (bag(a), bag(b));
    let dot: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
    let norm = |v: &[f32]| v.iter().map(|x| x * x).sum::<f32>().sqrt();
    f64::from(dot / (norm(&a) * norm(&b)))
}

/// The request's path and JSON body.
async fn read_request(stream: &mut TcpStream) -> Option<(String, Value)> {
    let mut data = Vec::new();
    let mut buffer = [0u8; 16384];
    loop {
        let n = stream.read(&mut buffer).await.ok()?;
        if n == 0 {
            return None;
        }
        data.extend_from_slice(&buffer[..n]);
        let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&data[..end]).to_string();
        let length = head
            .lines()
            .find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse::<usize>().ok())?
            })
            .unwrap_or(0);
        if data.len() >= end + 4 + length {
            let path = head.split(' ').nth(1).unwrap_or_default().to_owned();
            let body = serde_json::from_slice(&data[end + 4..end + 4 + length]).ok()?;
            return Some((path, body));
        }
    }
}

async fn serve(mut stream: TcpStream, shared: Shared) {
    let Some((path, body)) = read_request(&mut stream).await else {
        return;
    };
    if path.ends_with("/embeddings") {
        embeddings(stream, &shared, &body).await;
    } else {
        shared.requests.lock().unwrap().push(body.clone());
        chat(stream, &shared, &body).await;
    }
}

async fn respond_json(stream: &mut TcpStream, status: u16, answer: &Value) {
    let text = answer.to_string();
    let response = format!(
        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = stream.write_all(response.as_bytes()).await;
}

async fn embeddings(mut stream: TcpStream, shared: &Shared, body: &Value) {
    let inputs: Vec<String> = body["input"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    if shared.failing.load(Ordering::SeqCst) {
        let error = json!({ "error": { "message": "model overloaded", "type": "server_error" } });
        respond_json(&mut stream, 500, &error).await;
        return;
    }
    shared.batches.lock().unwrap().push(inputs.clone());
    let data: Vec<Value> = inputs
        .iter()
        .enumerate()
        .map(|(index, text)| json!({ "object": "embedding", "index": index, "embedding": bag(text) }))
        .collect();
    let answer = json!({ "object": "list", "data": data, "model": body["model"] });
    respond_json(&mut stream, 200, &answer).await;
}

fn event(chunk: &Value) -> String {
    format!("data: {chunk}\n\n")
}

fn text_chunk(text: &str) -> String {
    event(&json!({ "choices": [{ "index": 0, "delta": { "content": text } }] }))
}

fn usage(prompt: u64, completion: u64, total: u64) -> String {
    let usage = json!({ "choices": [], "usage": { "prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": total } });
    format!("{}data: [DONE]\n\n", event(&usage))
}

const STREAM_HEAD: &str = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\nconnection: close\r\n\r\n";

async fn chat(mut stream: TcpStream, shared: &Shared, body: &Value) {
    match shared.behaviour.clone() {
        Behaviour::Stream {
            chunks,
            total_tokens,
        } => {
            let _ = stream.write_all(STREAM_HEAD.as_bytes()).await;
            for chunk in chunks {
                let _ = stream.write_all(text_chunk(chunk).as_bytes()).await;
                let _ = stream.flush().await;
            }
            let _ = stream.write_all(usage(1, 1, total_tokens).as_bytes()).await;
        }
        Behaviour::Fail { status, message } => {
            let error = json!({ "error": { "message": message, "type": "server_error" } });
            respond_json(&mut stream, status, &error).await;
        }
        Behaviour::Tools {
            calls,
            rounds,
            obeys_none,
            answer,
        } => {
            let _ = stream.write_all(STREAM_HEAD.as_bytes()).await;
            let asked = body["messages"]
                .as_array()
                .map(|messages| {
                    messages
                        .iter()
                        .filter(|message| message["tool_calls"].is_array())
                        .count()
                })
                .unwrap_or_default();
            let forbidden = obeys_none && body["tool_choice"] == "none";
            if asked < rounds && !forbidden && body["tools"].is_array() {
                for (index, (name, arguments)) in calls.iter().enumerate() {
                    let id = format!("call_{asked}_{index}");
                    let middle = (0..=arguments.len() / 2)
                        .rev()
                        .find(|at| arguments.is_char_boundary(*at))
                        .unwrap_or_default();
                    let (first, rest) = arguments.split_at(middle);
                    let opening = json!({ "choices": [{ "index": 0, "delta": { "role": "assistant", "content": null, "tool_calls": [{ "index": index, "id": id, "type": "function", "function": { "name": name, "arguments": first } }] } }] });
                    let more = json!({ "choices": [{ "index": 0, "delta": { "tool_calls": [{ "index": index, "function": { "arguments": rest } }] } }] });
                    let _ = stream.write_all(event(&opening).as_bytes()).await;
                    let _ = stream.write_all(event(&more).as_bytes()).await;
                }
                let finish = json!({ "choices": [{ "index": 0, "delta": {}, "finish_reason": "tool_calls" }] });
                let _ = stream.write_all(event(&finish).as_bytes()).await;
            } else {
                let _ = stream.write_all(text_chunk(answer).as_bytes()).await;
            }
            let _ = stream.write_all(usage(5, 5, 10).as_bytes()).await;
        }
        Behaviour::Stall { first } => {
            let _ = stream.write_all(STREAM_HEAD.as_bytes()).await;
            let _ = stream.write_all(text_chunk(first).as_bytes()).await;
            let _ = stream.flush().await;
            // Waits for the client to hang up (a read of 0 bytes), at most a minute.
            let mut buffer = [0u8; 64];
            let _ = tokio::time::timeout(Duration::from_secs(60), stream.read(&mut buffer)).await;
            shared.hung_up.notify_one();
        }
        Behaviour::Paced {
            first_ms,
            chunks,
            every_ms,
        } => {
            let got = Instant::now();
            let asked = body["messages"]
                .as_array()
                .and_then(|m| m.last())
                .and_then(|m| m["content"].as_str())
                .unwrap_or_default()
                .to_owned();
            let _ = stream.write_all(STREAM_HEAD.as_bytes()).await;
            tokio::time::sleep(Duration::from_millis(first_ms)).await;
            for i in 0..chunks {
                let _ = stream
                    .write_all(text_chunk(&format!("第{i}段。")).as_bytes())
                    .await;
                let _ = stream.flush().await;
                if i == 0 {
                    shared
                        .first_chunks
                        .lock()
                        .unwrap()
                        .insert(asked.clone(), (got, Instant::now()));
                }
                tokio::time::sleep(Duration::from_millis(every_ms)).await;
            }
            let total = 10 + chunks as u64;
            let _ = stream
                .write_all(usage(10, chunks as u64, total).as_bytes())
                .await;
        }
    }
}
