//! An OpenAI-compatible chat model (the kind DeepSeek, Qwen, vLLM and Ollama serve):
//! `POST {base}/chat/completions` with `stream: true`, read as server-sent events, one
//! `data: {json}` line per chunk until `data: [DONE]`. The retrieved points go into the system
//! message, numbered, so the model can answer from them; every point given is cited.
//!
//! When the assistant may call functions over the brokerage's data, they go as `tools`; a
//! streamed answer asking for `tool_calls` gets each call run as the asker and the results
//! appended (`role: tool`), and the model is asked again — at most [`MAX_FUNCTION_ROUNDS`]
//! rounds, then once more with `tool_choice: "none"`.

use std::time::Duration;

use async_trait::async_trait;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::answer::{AnswerError, Answerer, Piece, Question, Usage};

/// How long connecting may take, and how long the model may stay silent once connected.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const SILENCE_TIMEOUT: Duration = Duration::from_secs(30);
/// What the model is told when the assistant has no prompt of its own.
const DEFAULT_PROMPT: &str = "你是房产经纪公司的业务助手，回答简洁准确，不知道的就说不知道。";

/// Where the model is served (`BROKERDESK_AI_BASE_URL`, `_API_KEY`, `_MODEL`).
#[derive(Clone, PartialEq, Eq)]
pub struct Provider {
    /// Up to and including the version, e.g. `https://api.deepseek.com/v1`.
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: String,
    /// What a million tokens cost there, in fen (`BROKERDESK_AI_PRICE_FEN`); unset: unpriced.
    pub price_per_million_fen: Option<i64>,
}

impl std::fmt::Debug for Provider {
    // The key stays out of logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Provider")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

pub struct OpenAiAnswerer {
    provider: Provider,
    client: reqwest::Client,
}

impl OpenAiAnswerer {
    pub fn new(provider: Provider) -> Self {
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .read_timeout(SILENCE_TIMEOUT)
            .build()
            .unwrap_or_default();
        Self { provider, client }
    }

    fn url(&self) -> String {
        format!(
            "{}/chat/completions",
            self.provider.base_url.trim_end_matches('/')
        )
    }
}

/// The messages sent: the prompt with the numbered points, the conversation so far, the
/// question.
pub fn messages(question: &Question) -> Vec<Value> {
    let mut system = if question.prompt.trim().is_empty() {
        DEFAULT_PROMPT.to_owned()
    } else {
        question.prompt.trim().to_owned()
    };
    if !question.passages.is_empty() {
        system.push_str(
            "\n\n以下是知识库中与问题相关的内容，请优先依据这些内容回答；内容不足以回答时如实说明：",
        );
        for (index, passage) in question.passages.iter().enumerate() {
            system.push_str(&format!(
                "\n[{}] 问：{}\n答：{}\n（来源：{}）",
                index + 1,
                passage.question,
                passage.answer,
                passage.source
            ));
        }
    }
    let mut messages = vec![json!({ "role": "system", "content": system })];
    for (asked, answered) in &question.history {
        messages.push(json!({ "role": "user", "content": asked }));
        messages.push(json!({ "role": "assistant", "content": answered }));
    }
    messages.push(json!({ "role": "user", "content": question.text }));
    messages
}

/// Rounds in which the model may call functions. The round after them offers the functions
/// with `tool_choice: "none"`, so the model answers with what it has been told.
pub const MAX_FUNCTION_ROUNDS: usize = 5;

/// What the asker reads when the model keeps calling functions past the cap.
pub const TOO_MANY_CALLS: &str =
    "大模型连续调用业务函数超过5轮仍未作答，已停止。请把问题问得更具体些。";

/// A part of a function call as a chunk of the stream carries it: the first part names the
/// call, the following ones add to its arguments.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct CallDelta {
    pub index: usize,
    pub id: Option<String>,
    pub name: Option<String>,
    pub arguments: String,
}

/// A function call the model made, put together from its parts.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Call {
    pub id: String,
    pub name: String,
    pub arguments: String,
}

/// Adds a chunk's parts to the calls being put together.
pub fn gather(calls: &mut Vec<Call>, deltas: Vec<CallDelta>) {
    for delta in deltas {
        while calls.len() <= delta.index {
            calls.push(Call::default());
        }
        let call = &mut calls[delta.index];
        if let Some(id) = delta.id {
            call.id = id;
        }
        if let Some(name) = delta.name {
            call.name.push_str(&name);
        }
        call.arguments.push_str(&delta.arguments);
    }
}

/// What one server-sent event line carries.
#[derive(Debug, PartialEq)]
pub enum Event {
    /// Text and usage to pass on, and parts of function calls.
    Chunk(Vec<Piece>, Vec<CallDelta>),
    Done,
    Failed(String),
    /// A comment, an event name, an empty line.
    Nothing,
}

/// Reads one line of the event stream.
pub fn parse_line(line: &str) -> Event {
    let Some(data) = line.trim().strip_prefix("data:") else {
        return Event::Nothing;
    };
    let data = data.trim();
    if data == "[DONE]" {
        return Event::Done;
    }
    let Ok(chunk) = serde_json::from_str::<Value>(data) else {
        return Event::Nothing;
    };
    if let Some(error) = chunk.get("error") {
        return Event::Failed(error_text(error));
    }
    let mut pieces = Vec::new();
    let delta = &chunk["choices"][0]["delta"];
    if let Some(text) = delta["content"].as_str()
        && !text.is_empty()
    {
        pieces.push(Piece::Text(text.to_owned()));
    }
    let calls = delta["tool_calls"]
        .as_array()
        .map(|calls| {
            calls
                .iter()
                .enumerate()
                .map(|(position, call)| CallDelta {
                    index: call["index"]
                        .as_u64()
                        .and_then(|index| usize::try_from(index).ok())
                        .unwrap_or(position),
                    id: call["id"].as_str().map(str::to_owned),
                    name: call["function"]["name"].as_str().map(str::to_owned),
                    arguments: call["function"]["arguments"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                })
                .collect()
        })
        .unwrap_or_default();
    let usage = &chunk["usage"];
    if let Some(total) = usage["total_tokens"].as_u64() {
        pieces.push(Piece::Usage(Usage {
            input: usage["prompt_tokens"].as_u64().unwrap_or_default(),
            output: usage["completion_tokens"].as_u64().unwrap_or_default(),
            total,
        }));
    }
    Event::Chunk(pieces, calls)
}

fn error_text(error: &Value) -> String {
    error["message"]
        .as_str()
        .or_else(|| error.as_str())
        .unwrap_or("未知错误")
        .to_owned()
}

fn failed(detail: impl std::fmt::Display) -> AnswerError {
    AnswerError(format!("大模型服务出错：{detail}"))
}

/// How one request to the model ended.
enum Round {
    /// It answered (its text went out as it came).
    Answered,
    /// It asked for these calls, having said `text` first (usually nothing).
    Calls(Vec<Call>, String),
    /// No one listens any more.
    Gone,
}

impl OpenAiAnswerer {
    /// Sends one request and streams its text out; usage is added to `usage`, and the sum so
    /// far goes out, so the asker's count covers every round.
    async fn round(
        &self,
        body: &Value,
        out: &mpsc::Sender<Piece>,
        usage: &mut Usage,
    ) -> Result<Round, AnswerError> {
        let mut request = self.client.post(self.url()).json(body);
        if let Some(key) = &self.provider.api_key {
            request = request.bearer_auth(key);
        }
        let mut response = request
            .send()
            .await
            .map_err(|err| AnswerError(format!("无法连接大模型服务：{err}")))?;
        let status = response.status();
        if !status.is_success() {
            let text = response.text().await.unwrap_or_default();
            let detail = serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|body| body.get("error").map(error_text))
                .unwrap_or(text);
            return Err(failed(format!("{} {}", status.as_u16(), detail.trim())));
        }
        let mut buffer: Vec<u8> = Vec::new();
        let mut calls: Vec<Call> = Vec::new();
        let mut said = String::new();
        let ended = |calls: Vec<Call>, said: String| {
            if calls.is_empty() {
                Round::Answered
            } else {
                Round::Calls(calls, said)
            }
        };
        loop {
            let chunk = response.chunk().await.map_err(failed)?;
            let Some(chunk) = chunk else { break };
            buffer.extend_from_slice(&chunk);
            while let Some(end) = buffer.iter().position(|byte| *byte == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                match parse_line(&String::from_utf8_lossy(&line)) {
                    Event::Chunk(pieces, deltas) => {
                        gather(&mut calls, deltas);
                        for piece in pieces {
                            let piece = match piece {
                                Piece::Usage(counted) => {
                                    usage.input += counted.input;
                                    usage.output += counted.output;
                                    usage.total += counted.total;
                                    Piece::Usage(*usage)
                                }
                                Piece::Text(text) => {
                                    said.push_str(&text);
                                    Piece::Text(text)
                                }
                            };
                            if out.send(piece).await.is_err() {
                                return Ok(Round::Gone);
                            }
                        }
                    }
                    Event::Done => return Ok(ended(calls, said)),
                    Event::Failed(detail) => return Err(failed(detail)),
                    Event::Nothing => {}
                }
            }
        }
        // Some servers close the stream without [DONE]: what came is the answer.
        Ok(ended(calls, said))
    }
}

#[async_trait]
impl Answerer for OpenAiAnswerer {
    fn price_per_million_fen(&self) -> Option<i64> {
        self.provider.price_per_million_fen
    }

    fn calls_functions(&self) -> bool {
        true
    }

    /// Asks the model; while it calls functions (at most [`MAX_FUNCTION_ROUNDS`] rounds), runs
    /// them as the asker, gives it the results and asks again.
    async fn answer(
        &self,
        question: &Question,
        out: mpsc::Sender<Piece>,
    ) -> Result<Vec<usize>, AnswerError> {
        let cited: Vec<usize> = (0..question.passages.len()).collect();
        let functions = question
            .functions
            .as_ref()
            .map(|functions| (functions, functions.tools()))
            .filter(|(_, tools)| !tools.is_empty());
        let mut messages = messages(question);
        let mut usage = Usage::default();
        for round in 0..=MAX_FUNCTION_ROUNDS {
            let mut body = json!({
                "model": self.provider.model,
                "stream": true,
                "stream_options": { "include_usage": true },
                "messages": messages,
            });
            if let Some((_, tools)) = &functions {
                body["tools"] = json!(tools);
                if round == MAX_FUNCTION_ROUNDS {
                    body["tool_choice"] = json!("none");
                }
            }
            match self.round(&body, &out, &mut usage).await? {
                Round::Answered => return Ok(cited),
                Round::Gone => return Ok(Vec::new()),
                Round::Calls(calls, said) => {
                    let Some((runner, _)) =
                        functions.as_ref().filter(|_| round < MAX_FUNCTION_ROUNDS)
                    else {
                        return Err(AnswerError(TOO_MANY_CALLS.to_owned()));
                    };
                    let calls: Vec<Call> = calls
                        .into_iter()
                        .enumerate()
                        .map(|(index, call)| Call {
                            id: if call.id.is_empty() {
                                format!("call_{round}_{index}")
                            } else {
                                call.id
                            },
                            ..call
                        })
                        .collect();
                    messages.push(json!({
                        "role": "assistant",
                        "content": if said.is_empty() { Value::Null } else { json!(said) },
                        "tool_calls": calls.iter().map(|call| json!({
                            "id": call.id,
                            "type": "function",
                            "function": { "name": call.name, "arguments": call.arguments },
                        })).collect::<Vec<_>>(),
                    }));
                    for call in &calls {
                        let result = runner.call(&call.name, &call.arguments).await;
                        messages.push(json!({
                            "role": "tool",
                            "tool_call_id": call.id,
                            "content": result,
                        }));
                    }
                }
            }
        }
        Err(AnswerError(TOO_MANY_CALLS.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::answer::Passage;

    #[test]
    fn event_lines_give_text_usage_done_and_errors() {
        assert_eq!(
            parse_line(r#"data: {"choices":[{"delta":{"content":"你好"}}]}"#),
            Event::Chunk(vec![Piece::Text("你好".into())], Vec::new())
        );
        assert_eq!(
            parse_line(
                r#"data:{"choices":[],"usage":{"prompt_tokens":30,"completion_tokens":12,"total_tokens":42}}"#
            ),
            Event::Chunk(
                vec![Piece::Usage(Usage {
                    input: 30,
                    output: 12,
                    total: 42
                })],
                Vec::new()
            )
        );
        assert_eq!(parse_line("data: [DONE]\r"), Event::Done);
        assert_eq!(
            parse_line(r#"data: {"error":{"message":"quota"}}"#),
            Event::Failed("quota".into())
        );
        assert_eq!(parse_line(": keep-alive"), Event::Nothing);
        assert_eq!(parse_line(""), Event::Nothing);
    }

    #[test]
    fn function_calls_come_together_from_their_parts() {
        let mut calls = Vec::new();
        for line in [
            r#"data: {"choices":[{"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"listing_search","arguments":""}}]}}]}"#,
            r#"data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"trade\":"}}]}}]}"#,
            r#"data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"sale\"}"}},{"index":1,"id":"call_b","function":{"name":"customer_lookup","arguments":"{}"}}]}}]}"#,
        ] {
            let Event::Chunk(pieces, deltas) = parse_line(line) else {
                panic!("a chunk: {line}");
            };
            assert!(pieces.is_empty());
            gather(&mut calls, deltas);
        }
        assert_eq!(
            calls,
            vec![
                Call {
                    id: "call_a".into(),
                    name: "listing_search".into(),
                    arguments: r#"{"trade":"sale"}"#.into()
                },
                Call {
                    id: "call_b".into(),
                    name: "customer_lookup".into(),
                    arguments: "{}".into()
                }
            ]
        );
    }

    #[test]
    fn the_points_are_numbered_in_the_system_message() {
        let question = Question {
            text: "报备多久有效".into(),
            prompt: String::new(),
            passages: vec![Passage {
                point_id: 7,
                knowledge_id: 1,
                source: "报备制度.md".into(),
                question: "报备有效期".into(),
                answer: "30天".into(),
                score: 0.9,
            }],
            history: vec![("你好".into(), "您好".into())],
            functions: None,
        };
        let sent = messages(&question);
        let system = sent[0]["content"].as_str().unwrap();
        assert!(system.starts_with(DEFAULT_PROMPT));
        assert!(system.contains("[1] 问：报备有效期\n答：30天\n（来源：报备制度.md）"));
        assert_eq!(sent.len(), 4);
        assert_eq!(
            sent[3],
            json!({ "role": "user", "content": "报备多久有效" })
        );
    }
}
