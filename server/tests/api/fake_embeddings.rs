//! A local OpenAI-compatible embeddings server for the hybrid retrieval tests: it answers
//! `POST /embeddings` with deterministic vectors — a hashed bag of the text's letters and
//! characters — so texts sharing characters are near, and can be switched to fail.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Dimensions of the fake's vectors.
pub const DIMS: usize = 256;

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

pub struct FakeEmbeddings {
    pub base_url: String,
    /// The texts of each request answered, in order.
    pub batches: Arc<Mutex<Vec<Vec<String>>>>,
    /// While set, every request is answered 500 with an error body.
    pub failing: Arc<AtomicBool>,
}

impl FakeEmbeddings {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let batches = Arc::new(Mutex::new(Vec::new()));
        let failing = Arc::new(AtomicBool::new(false));
        let (seen, fail) = (Arc::clone(&batches), Arc::clone(&failing));
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (seen, fail) = (Arc::clone(&seen), Arc::clone(&fail));
                tokio::spawn(async move { serve(stream, seen, fail).await });
            }
        });
        Self {
            base_url,
            batches,
            failing,
        }
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

    /// How many texts each request carried.
    pub fn sizes(&self) -> Vec<usize> {
        self.batches.lock().unwrap().iter().map(Vec::len).collect()
    }
}

async fn read_request(stream: &mut TcpStream) -> Option<Value> {
    let mut data = Vec::new();
    let mut buffer = [0u8; 8192];
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
            return serde_json::from_slice(&data[end + 4..end + 4 + length]).ok();
        }
    }
}

async fn serve(
    mut stream: TcpStream,
    seen: Arc<Mutex<Vec<Vec<String>>>>,
    failing: Arc<AtomicBool>,
) {
    let Some(body) = read_request(&mut stream).await else {
        return;
    };
    let inputs: Vec<String> = body["input"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let (status, answer) = if failing.load(Ordering::SeqCst) {
        (
            500,
            json!({ "error": { "message": "model overloaded", "type": "server_error" } }),
        )
    } else {
        seen.lock().unwrap().push(inputs.clone());
        let data: Vec<Value> = inputs
            .iter()
            .enumerate()
            .map(|(index, text)| json!({ "object": "embedding", "index": index, "embedding": bag(text) }))
            .collect();
        (
            200,
            json!({ "object": "list", "data": data, "model": body["model"] }),
        )
    };
    let text = answer.to_string();
    let response = format!(
        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = stream.write_all(response.as_bytes()).await;
}
