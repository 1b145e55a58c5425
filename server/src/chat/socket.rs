//! The chat socket `/ws?thirdApplicationId=…&token=…&siteId=…` (spec §4, §7): the chat token
//! opens it, in the city site the asker chose in the header (one of theirs, like the `siteId`
//! header of HTTP calls), and the functions an assistant calls see that site only;
//! text frames CONNECT, DISCONNECT and PING (answered PONG); JSON questions
//! `{code, msg: {msg, uuid, assistantId, msgId, retryMsgId, cmd}}`, answered by replies
//! `{msg, tag, uuid}` tagged start, text chunks, doc, usage, end — or stop, or textError.
//!
//! Each socket answers one question at a time, and only the socket that asked gets the
//! replies. `cmd: "stop"` ends the answer being written (its log says stopped). A frame that is
//! no command or question gets an `error` reply (uuid empty, so no conversation takes it for
//! its own) and the socket stays open. The token is checked again at every question: after
//! logout the socket answers textError and closes.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Response};
use brokerdesk_core::chat::{self, SocketMessage, tag};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::answer::{Functions, Piece, Question, Usage};
use super::{Standing, log, retrieve};
use crate::AppState;
use crate::assistant::functions::Runner;
use crate::auth::Known;
use crate::auth::known::Token;
use crate::auth::session::{CHAT_APPLICATION_IDENTITY, refusal};
use crate::entity::assistant;
use crate::error::AppError;

/// Turns of a conversation given back to the model.
const HISTORY_TURNS: usize = 5;
/// What each socket reads into at first.
const READ_BUFFER_BYTES: usize = 4 * 1024;
/// Close code after the chat token stopped being valid.
const CLOSE_LOGGED_OUT: u16 = 4001;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocketQuery {
    #[serde(default)]
    third_application_id: String,
    #[serde(default)]
    token: String,
    /// The city site chosen in the header; absent, empty, `0` or not a number: none.
    #[serde(default)]
    site_id: String,
}

impl SocketQuery {
    /// The chosen city site, read as the `siteId` header is.
    fn site(&self) -> Option<i64> {
        self.site_id
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|site| *site != brokerdesk_core::constants::NO_SITE_ID)
    }
}

/// What the chat token opens, if it still opens anything for a person who may work, in the
/// site the socket was opened for (无权访问该城市站点 when that site is not one of theirs).
async fn caller_of(state: &AppState, query: &SocketQuery) -> Result<Arc<Known>, AppError> {
    if query.third_application_id != CHAT_APPLICATION_IDENTITY || query.token.is_empty() {
        return Err(AppError::LoginRequired);
    }
    let known = match state.callers.chat_token(&state.db, &query.token).await? {
        Token::Open(known) => match refusal(&known.user) {
            Some(refused) => return Err(refused),
            None => known,
        },
        Token::Closed(_) | Token::Unknown => return Err(AppError::LoginRequired),
    };
    if query.site().is_some_and(|site| !known.has_site(site)) {
        return Err(AppError::Forbidden("无权访问该城市站点"));
    }
    Ok(known)
}

/// `GET /ws`: upgrades when the chat token is valid; otherwise the refusal's envelope, so the
/// handshake fails.
pub async fn upgrade(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    ws: WebSocketUpgrade,
) -> Response {
    // A query that does not parse opens nothing, like a missing one.
    let query: SocketQuery =
        serde_urlencoded::from_str(raw.as_deref().unwrap_or_default()).unwrap_or_default();
    match caller_of(&state, &query).await {
        // tungstenite's default 128 KiB read buffer is filled in on every socket: 10,000 idle
        // chats held 1.25 GB. Chat frames are small; a larger one grows the buffer as needed.
        // Replies go out as they are written (no write buffer to fill first).
        Ok(_) => ws
            .read_buffer_size(READ_BUFFER_BYTES)
            .write_buffer_size(0)
            .on_upgrade(move |socket| serve(socket, state, query)),
        Err(refused) => refused.into_response(),
    }
}

fn reply(msg: &str, reply_tag: &str, uuid: &str) -> String {
    json!({ "msg": msg, "tag": reply_tag, "uuid": uuid }).to_string()
}

/// A protocol error: not tied to any conversation.
fn error_frame(message: &str) -> String {
    reply(message, "error", "")
}

/// An answer being written.
struct Running {
    uuid: String,
    question: String,
    /// Taken when the asker stops the answer.
    stop: Option<oneshot::Sender<()>>,
    done: JoinHandle<String>,
}

struct Socket {
    state: AppState,
    query: SocketQuery,
    out: mpsc::Sender<String>,
    running: Option<Running>,
    /// Questions and answers per conversation, for the model.
    history: HashMap<String, Vec<(String, String)>>,
}

enum Flow {
    Continue,
    Close(Option<CloseFrame>),
}

async fn serve(mut socket: WebSocket, state: AppState, query: SocketQuery) {
    let (out, mut outgoing) = mpsc::channel::<String>(256);
    let mut this = Socket {
        state,
        query,
        out,
        running: None,
        history: HashMap::new(),
    };
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let flow = match incoming {
                    Some(Ok(Message::Text(text))) => this.receive(text.as_str()).await,
                    Some(Ok(Message::Binary(_))) => {
                        this.send(error_frame("不支持二进制消息")).await;
                        Flow::Continue
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => Flow::Continue,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                if let Flow::Close(frame) = flow {
                    // Replies already queued (a textError saying why) go out first.
                    while let Ok(text) = outgoing.try_recv() {
                        let _ = socket.send(Message::Text(Utf8Bytes::from(text))).await;
                    }
                    let _ = socket.send(Message::Close(frame)).await;
                    break;
                }
            }
            Some(text) = outgoing.recv() => {
                if socket.send(Message::Text(Utf8Bytes::from(text))).await.is_err() {
                    break;
                }
            }
        }
    }
    // The asker left: an answer still being written stops and is logged as stopped.
    if let Some(stop) = this.running.take().and_then(|running| running.stop) {
        let _ = stop.send(());
    }
}

impl Socket {
    async fn send(&self, text: String) {
        let _ = self.out.send(text).await;
    }

    async fn receive(&mut self, text: &str) -> Flow {
        match text.trim() {
            chat::CONNECT => return Flow::Continue,
            chat::DISCONNECT => return Flow::Close(None),
            chat::PING => {
                self.send(chat::PONG.to_owned()).await;
                return Flow::Continue;
            }
            _ => {}
        }
        let message: SocketMessage = match serde_json::from_str(text) {
            Ok(message) => message,
            Err(_) => {
                self.send(error_frame(
                    "无法识别的消息：应为 CONNECT、PING、DISCONNECT 或提问的 JSON",
                ))
                .await;
                return Flow::Continue;
            }
        };
        let payload = message.msg;
        if payload.cmd.as_deref() == Some("stop") {
            self.stop(&payload.uuid);
            return Flow::Continue;
        }
        self.ask(payload).await
    }

    /// Ends the answer being written for `uuid`; nothing when it has already ended (its end
    /// went out, and a stop reply would turn a finished answer into a stopped one).
    fn stop(&mut self, uuid: &str) {
        if let Some(running) = self.running.as_mut()
            && (uuid.is_empty() || running.uuid == uuid)
            && !running.done.is_finished()
            && let Some(stop) = running.stop.take()
        {
            let _ = stop.send(());
        }
    }

    /// Keeps the last finished answer for its conversation's history.
    async fn settle(&mut self) -> bool {
        match &self.running {
            Some(running) if !running.done.is_finished() => false,
            Some(_) => {
                if let Some(running) = self.running.take()
                    && let Ok(answer) = running.done.await
                {
                    let turns = self.history.entry(running.uuid).or_default();
                    turns.push((running.question, answer));
                    if turns.len() > HISTORY_TURNS {
                        turns.remove(0);
                    }
                }
                true
            }
            None => true,
        }
    }

    async fn ask(&mut self, payload: chat::SocketPayload) -> Flow {
        let uuid = payload.uuid.clone();
        let question = payload.msg.trim().to_owned();
        if uuid.is_empty() || question.is_empty() {
            self.send(error_frame("提问须带 uuid 和问题内容")).await;
            return Flow::Continue;
        }
        // Refused as the answer of this question, so the panel shows why under it.
        if let Err(message) = chat::question_rule(&question) {
            self.send(reply(&message, tag::TEXT_ERROR, &uuid)).await;
            return Flow::Continue;
        }
        if !self.settle().await {
            self.send(error_frame(brokerdesk_core::messages::CHAT_BUSY_ANSWERING))
                .await;
            return Flow::Continue;
        }
        // The token may have ended since the socket opened (logout, lock, departure).
        let known = match caller_of(&self.state, &self.query).await {
            Ok(known) => known,
            Err(refused) => {
                self.send(reply(&refused.to_string(), tag::TEXT_ERROR, &uuid))
                    .await;
                return Flow::Close(Some(CloseFrame {
                    code: CLOSE_LOGGED_OUT,
                    reason: Utf8Bytes::from_static("logged out"),
                }));
            }
        };
        let standing = match self
            .assistant_for(&known, payload.assistant_id.as_deref())
            .await
        {
            Ok(standing) => standing,
            Err(message) => {
                self.send(reply(&message, tag::TEXT_ERROR, &uuid)).await;
                return Flow::Continue;
            }
        };
        let (stop, stopped) = oneshot::channel();
        let turn = Turn {
            state: self.state.clone(),
            out: self.out.clone(),
            known,
            site: self.query.site(),
            assistant: Arc::clone(&standing.assistant),
            standing,
            uuid: uuid.clone(),
            msg_id: payload.retry_msg_id.or(payload.msg_id).unwrap_or_default(),
            question: question.clone(),
            history: self.history.get(&uuid).cloned().unwrap_or_default(),
        };
        self.running = Some(Running {
            uuid,
            question,
            stop: Some(stop),
            done: tokio::spawn(turn.run(stopped)),
        });
        Flow::Continue
    }

    /// The published assistant asked, if it serves the asker.
    async fn assistant_for(
        &self,
        known: &Known,
        assistant_id: Option<&str>,
    ) -> Result<Arc<Standing>, String> {
        const UNKNOWN: &str = "该助手不存在或未发布";
        let id: i64 = assistant_id
            .and_then(|id| id.trim().parse().ok())
            .ok_or_else(|| UNKNOWN.to_owned())?;
        let found = self
            .state
            .turns
            .standing(&self.state.reader, id)
            .await
            .map_err(|err| err.to_string())?;
        match found {
            Some(standing)
                if crate::assistant::serves(&standing.assistant, known, self.query.site()) =>
            {
                Ok(standing)
            }
            _ => Err(UNKNOWN.to_owned()),
        }
    }
}

/// One question being answered.
struct Turn {
    state: AppState,
    out: mpsc::Sender<String>,
    known: Arc<Known>,
    /// The city site the socket was opened for.
    site: Option<i64>,
    /// The published assistant and its bases as they stood when the question was asked.
    standing: Arc<Standing>,
    assistant: Arc<assistant::Model>,
    uuid: String,
    msg_id: String,
    question: String,
    history: Vec<(String, String)>,
}

/// How an answer ended.
enum Ending {
    Done(Vec<usize>),
    Stopped,
    Failed(String),
}

impl Turn {
    async fn send(&self, msg: &str, reply_tag: &str) {
        let _ = self.out.send(reply(msg, reply_tag, &self.uuid)).await;
    }

    /// Answers, streaming replies, and logs the question with the answer as it ended; gives
    /// the answer's text for the conversation's history.
    async fn run(self, mut stopped: oneshot::Receiver<()>) -> String {
        let started = chrono::Utc::now();
        self.send("", tag::START).await;
        let mut text = String::new();
        let mut usage = Usage::default();
        let mut passages = Vec::new();
        // The assistant's functions, run as the asker, when the answerer hands them to a model.
        let runner = if self.state.answerer.calls_functions() {
            Runner::new(
                self.state.db.clone(),
                Arc::clone(&self.known),
                self.site,
                &crate::assistant::functions_of(&self.assistant),
            )
        } else {
            None
        };
        let ending = tokio::select! {
            biased;
            _ = &mut stopped => Ending::Stopped,
            found = retrieve(&self.state, &self.standing, &self.question) => match found {
                Ok(found) => {
                    passages = found;
                    let functions = runner.clone().map(|runner| runner as Arc<dyn Functions>);
                    self.stream(&passages, functions, &mut stopped, &mut text, &mut usage).await
                }
                Err(err) => Ending::Failed(format!("知识库检索失败：{err}")),
            },
        };
        let cited: Vec<Value> = match &ending {
            Ending::Done(cited) if self.assistant.citations => cited
                .iter()
                .filter_map(|index| passages.get(*index))
                .map(|passage| json!(passage))
                .collect(),
            _ => Vec::new(),
        };
        let function_calls = runner.map(|runner| runner.records()).unwrap_or_default();
        // Everything but the closing reply goes out first; the closing reply follows the log,
        // so an asker who has it finds the question on record.
        let (status, closing, closing_text) = match &ending {
            Ending::Done(_) => {
                if !cited.is_empty() {
                    let docs = json!({ "doc": cited, "docCount": cited.len() });
                    self.send(&docs.to_string(), tag::DOC).await;
                }
                self.send(&json!({ "c": usage.total }).to_string(), tag::USAGE)
                    .await;
                let status = log::finished_status(&text, passages.len(), &function_calls);
                (status, tag::END, String::new())
            }
            Ending::Stopped => (chat::log_status::STOPPED, tag::STOP, String::new()),
            Ending::Failed(message) => {
                text.push_str(message);
                (chat::log_status::ERROR, tag::TEXT_ERROR, message.clone())
            }
        };
        let entry = log::Entry {
            assistant: &self.assistant,
            user_id: self.known.user.id,
            site_id: self.site.or(self.known.user.site_id),
            uuid: &self.uuid,
            msg_id: &self.msg_id,
            question: &self.question,
            answer: &text,
            status,
            usage,
            docs: &cited,
            function_calls: &function_calls,
            started,
        };
        if let Err(err) = log::record(&self.state.db, entry).await {
            tracing::error!(%err, "the chat log could not be written");
        }
        self.send(&closing_text, closing).await;
        text
    }

    /// Runs the answerer, forwarding its pieces as replies, until it ends or is stopped.
    async fn stream(
        &self,
        passages: &[super::answer::Passage],
        functions: Option<Arc<dyn Functions>>,
        stopped: &mut oneshot::Receiver<()>,
        text: &mut String,
        usage: &mut Usage,
    ) -> Ending {
        let question = Question {
            text: self.question.clone(),
            prompt: self.assistant.prompt.clone(),
            passages: passages.to_vec(),
            history: self.history.clone(),
            functions,
        };
        let (pieces, mut written) = mpsc::channel(64);
        let answerer = Arc::clone(&self.state.answerer);
        let work = answerer.answer(&question, pieces);
        tokio::pin!(work);
        let mut result = None;
        loop {
            tokio::select! {
                biased;
                _ = &mut *stopped => return Ending::Stopped,
                outcome = &mut work, if result.is_none() => result = Some(outcome),
                piece = written.recv() => match piece {
                    Some(Piece::Text(chunk)) => {
                        text.push_str(&chunk);
                        self.send(&chunk, "text").await;
                    }
                    Some(Piece::Usage(counted)) => *usage = counted,
                    // The answerer has finished and everything it wrote is forwarded.
                    None => break,
                },
            }
        }
        match result {
            Some(Ok(cited)) => Ending::Done(cited),
            Some(Err(error)) => Ending::Failed(error.0),
            None => Ending::Failed("回答意外中断".to_owned()),
        }
    }
}
