//! An OpenAI-compatible embeddings endpoint (DashScope, SiliconFlow, vLLM, Ollama, OpenAI all
//! speak it): `POST {base}/embeddings` with `{ model, input: [texts] }`, answered with
//! `{ data: [{ index, embedding: [floats] }] }`. Configured by `BROKERDESK_AI_EMBEDDING_BASE_URL`,
//! `_API_KEY` and `_MODEL`, named like the chat model's variables.
//!
//! Vectors come back scaled to unit length, so a dot product is their cosine.

use std::time::Duration;

use serde_json::{Value, json};

/// How long connecting may take, and a whole batch.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const BATCH_TIMEOUT: Duration = Duration::from_secs(60);
/// A search waits this long for its query's vector, then answers from BM25 alone.
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(5);
/// Texts sent in one request.
pub const BATCH_SIZE: usize = 32;
/// A text is cut to this many characters before it is sent (models take a few thousand
/// tokens; a point's question and answer rarely come close).
const MAX_CHARS: usize = 2000;

/// Where the embeddings model is served.
#[derive(Clone, PartialEq, Eq)]
pub struct EmbeddingProvider {
    /// Up to and including the version, e.g. `https://dashscope.aliyuncs.com/compatible-mode/v1`.
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: String,
}

impl std::fmt::Debug for EmbeddingProvider {
    // The key stays out of logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbeddingProvider")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

/// The client, one per server.
#[derive(Debug)]
pub struct Embedder {
    provider: EmbeddingProvider,
    client: reqwest::Client,
}

impl Embedder {
    pub fn new(provider: EmbeddingProvider) -> Self {
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(BATCH_TIMEOUT)
            .build()
            .unwrap_or_default();
        Self { provider, client }
    }

    pub fn model(&self) -> &str {
        &self.provider.model
    }

    /// One unit vector per text, in order; the reason in Chinese when the endpoint fails.
    pub async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, String> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let input: Vec<String> = texts
            .iter()
            .map(|text| text.chars().take(MAX_CHARS).collect())
            .collect();
        let url = format!(
            "{}/embeddings",
            self.provider.base_url.trim_end_matches('/')
        );
        let mut request = self
            .client
            .post(url)
            .json(&json!({ "model": self.provider.model, "input": input }));
        if let Some(key) = &self.provider.api_key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await.map_err(|error| {
            if error.is_timeout() {
                "向量服务响应超时".to_owned()
            } else {
                format!("无法连接向量服务：{error}")
            }
        })?;
        let status = response.status();
        let body: Value = response
            .json()
            .await
            .map_err(|error| format!("向量服务返回的内容无法解析：{error}"))?;
        if !status.is_success() {
            let reason = body
                .pointer("/error/message")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .unwrap_or_else(|| body.to_string());
            return Err(format!("向量服务返回错误（{}）：{reason}", status.as_u16()));
        }
        vectors_of(&body, texts.len())
    }
}

/// The vectors of an embeddings answer, ordered by their `index`, each of unit length.
pub fn vectors_of(body: &Value, expected: usize) -> Result<Vec<Vec<f32>>, String> {
    let data = body
        .get("data")
        .and_then(Value::as_array)
        .ok_or("向量服务的应答缺少 data")?;
    if data.len() != expected {
        return Err(format!(
            "向量服务返回了 {} 个向量，应为 {expected} 个",
            data.len()
        ));
    }
    let mut vectors: Vec<Option<Vec<f32>>> = vec![None; expected];
    for (position, item) in data.iter().enumerate() {
        let index = item
            .get("index")
            .and_then(Value::as_u64)
            .map_or(position, |i| i as usize);
        let values = item
            .get("embedding")
            .and_then(Value::as_array)
            .ok_or("向量服务的应答缺少 embedding")?;
        let vector: Vec<f32> = values
            .iter()
            .map(|v| v.as_f64().map(|f| f as f32))
            .collect::<Option<_>>()
            .ok_or("向量服务返回的向量不是数字")?;
        let slot = vectors.get_mut(index).ok_or("向量服务返回的序号越界")?;
        *slot = Some(unit(vector).ok_or("向量服务返回了空向量")?);
    }
    let vectors: Vec<Vec<f32>> = vectors
        .into_iter()
        .collect::<Option<_>>()
        .ok_or("向量服务的应答缺少部分向量")?;
    if vectors.windows(2).any(|w| w[0].len() != w[1].len()) {
        return Err("向量服务返回的向量维度不一致".to_owned());
    }
    Ok(vectors)
}

/// `vector` scaled to length 1; none for a zero or empty vector.
pub fn unit(mut vector: Vec<f32>) -> Option<Vec<f32>> {
    let norm = vector.iter().map(|x| x * x).sum::<f32>().sqrt();
    if vector.is_empty() || !norm.is_finite() || norm == 0.0 {
        return None;
    }
    for x in &mut vector {
        *x /= norm;
    }
    Some(vector)
}

/// A vector as stored: little-endian `f32`s.
pub fn to_bytes(vector: &[f32]) -> Vec<u8> {
    vector.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn from_bytes(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_read_in_index_order_and_scaled_to_unit_length() {
        let body = json!({ "data": [
            { "index": 1, "embedding": [0.0, 2.0] },
            { "index": 0, "embedding": [3.0, 4.0] },
        ] });
        let vectors = vectors_of(&body, 2).unwrap();
        assert_eq!(vectors[0], vec![0.6, 0.8]);
        assert_eq!(vectors[1], vec![0.0, 1.0]);
        assert_eq!(from_bytes(&to_bytes(&vectors[0])), vectors[0]);
    }

    #[test]
    fn a_short_or_broken_answer_is_an_error_not_a_guess() {
        let one = json!({ "data": [{ "index": 0, "embedding": [1.0] }] });
        assert!(vectors_of(&one, 2).unwrap_err().contains("应为 2 个"));
        let zero = json!({ "data": [{ "index": 0, "embedding": [0.0, 0.0] }] });
        assert!(vectors_of(&zero, 1).is_err());
        let mixed = json!({ "data": [
            { "index": 0, "embedding": [1.0] },
            { "index": 1, "embedding": [1.0, 2.0] },
        ] });
        assert!(vectors_of(&mixed, 2).unwrap_err().contains("维度"));
        assert!(vectors_of(&json!({ "error": {} }), 1).is_err());
    }
}
