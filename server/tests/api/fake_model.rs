//! A local OpenAI-compatible chat server for the chat tests: it answers
//! `POST /chat/completions` the way a provider streams (server-sent events), fails, or starts
//! and then stalls, and keeps the request bodies it got.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// How the fake answers every request.
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
}

pub struct FakeModel {
    pub base_url: String,
    /// Request bodies, in order.
    pub requests: Arc<Mutex<Vec<Value>>>,
    /// Notified when a stalled answer's client has closed the connection.
    pub hung_up: Arc<Notify>,
}

impl FakeModel {
    pub async fn start(behaviour: Behaviour) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let hung_up = Arc::new(Notify::new());
        let (seen, closed) = (Arc::clone(&requests), Arc::clone(&hung_up));
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (behaviour, seen, closed) =
                    (behaviour.clone(), Arc::clone(&seen), Arc::clone(&closed));
                tokio::spawn(async move { serve(stream, behaviour, seen, closed).await });
            }
        });
        Self {
            base_url,
            requests,
            hung_up,
        }
    }

    pub fn last_request(&self) -> Value {
        self.requests
            .lock()
            .unwrap()
            .last()
            .cloned()
            .expect("a request")
    }
}

async fn read_request(stream: &mut TcpStream) -> Option<Value> {
    let mut data = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let n = stream.read(&mut buffer).await.ok()?;
        if n == 0 {
            return None;
        }
        data.extend_from_slice(&buffer[..n]);
        let text = String::from_utf8_lossy(&data).to_string();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|line| {
                    let (name, value) = line.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())?
                })
                .unwrap_or(0);
            if data.len() >= end + 4 + length {
                return serde_json::from_slice(&data[end + 4..end + 4 + length]).ok();
            }
        }
    }
}

fn event(chunk: Value) -> String {
    format!("data: {chunk}\n\n")
}

fn text_chunk(text: &str) -> String {
    event(json!({ "choices": [{ "index": 0, "delta": { "content": text } }] }))
}

async fn serve(
    mut stream: TcpStream,
    behaviour: Behaviour,
    seen: Arc<Mutex<Vec<Value>>>,
    closed: Arc<Notify>,
) {
    let Some(body) = read_request(&mut stream).await else {
        return;
    };
    seen.lock().unwrap().push(body.clone());
    let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\nconnection: close\r\n\r\n";
    match behaviour {
        Behaviour::Stream {
            chunks,
            total_tokens,
        } => {
            let _ = stream.write_all(head.as_bytes()).await;
            for chunk in chunks {
                let _ = stream.write_all(text_chunk(chunk).as_bytes()).await;
                let _ = stream.flush().await;
            }
            let usage = json!({ "choices": [], "usage": { "prompt_tokens": 1, "completion_tokens": 1, "total_tokens": total_tokens } });
            let _ = stream.write_all(event(usage).as_bytes()).await;
            let _ = stream.write_all(b"data: [DONE]\n\n").await;
        }
        Behaviour::Fail { status, message } => {
            let body =
                json!({ "error": { "message": message, "type": "server_error" } }).to_string();
            let response = format!(
                "HTTP/1.1 {status} Error\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = stream.write_all(response.as_bytes()).await;
        }
        Behaviour::Tools {
            calls,
            rounds,
            obeys_none,
            answer,
        } => {
            let _ = stream.write_all(head.as_bytes()).await;
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
                    let _ = stream.write_all(event(opening).as_bytes()).await;
                    let _ = stream.write_all(event(more).as_bytes()).await;
                }
                let finish = json!({ "choices": [{ "index": 0, "delta": {}, "finish_reason": "tool_calls" }] });
                let _ = stream.write_all(event(finish).as_bytes()).await;
            } else {
                let _ = stream.write_all(text_chunk(answer).as_bytes()).await;
            }
            let usage = json!({ "choices": [], "usage": { "prompt_tokens": 5, "completion_tokens": 5, "total_tokens": 10 } });
            let _ = stream.write_all(event(usage).as_bytes()).await;
            let _ = stream.write_all(b"data: [DONE]\n\n").await;
        }
        Behaviour::Stall { first } => {
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.write_all(text_chunk(first).as_bytes()).await;
            let _ = stream.flush().await;
            // Waits for the client to hang up (a read of 0 bytes), at most a minute.
            let mut buffer = [0u8; 64];
            let _ = tokio::time::timeout(Duration::from_secs(60), stream.read(&mut buffer)).await;
            closed.notify_one();
        }
    }
}
