//! Facade of the chat: the conversation reducer and the connection policy. Each call takes the
//! current state and returns the next one; the SPA keeps it in its store.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::chat::{self, Connection, ConnectionCommand, ConnectionEvent, Conversation, Reply};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "Conversation")]
    pub type ConversationJs;
    #[wasm_bindgen(typescript_type = "ChatReply")]
    pub type ChatReplyJs;
    #[wasm_bindgen(typescript_type = "ChatUpdate")]
    pub type ChatUpdateJs;
    #[wasm_bindgen(typescript_type = "ChatRetryResult")]
    pub type ChatRetryResultJs;
    #[wasm_bindgen(typescript_type = "ChatReplyResult")]
    pub type ChatReplyResultJs;
    #[wasm_bindgen(typescript_type = "ConnectionState")]
    pub type ConnectionStateJs;
    #[wasm_bindgen(typescript_type = "ConnectionEvent")]
    pub type ConnectionEventJs;
    #[wasm_bindgen(typescript_type = "ConnectionStepResult")]
    pub type ConnectionStepResultJs;
}

fn conversation(value: ConversationJs) -> Result<Conversation, JsError> {
    from_js(value, "对话")
}

#[derive(Serialize)]
struct ChatUpdate {
    conversation: Conversation,
    #[serde(skip_serializing_if = "Option::is_none")]
    toast: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    question: Option<String>,
}

fn update(conversation: Conversation, outcome: Result<(), &'static str>) -> ChatUpdate {
    ChatUpdate {
        conversation,
        toast: outcome.err(),
        question: None,
    }
}

#[wasm_bindgen(js_name = chatNew)]
pub fn chat_new(uu_id: &str) -> Result<ConversationJs, JsError> {
    to_js(&Conversation::new(uu_id))
}

#[wasm_bindgen(js_name = chatAsk)]
pub fn chat_ask(
    current: ConversationJs,
    question: &str,
    question_id: Option<String>,
) -> Result<ChatUpdateJs, JsError> {
    let mut next = conversation(current)?;
    let outcome = chat::ask(&mut next, question, question_id);
    to_js(&update(next, outcome))
}

#[wasm_bindgen(js_name = chatRetry)]
pub fn chat_retry(current: ConversationJs) -> Result<ChatRetryResultJs, JsError> {
    let mut next = conversation(current)?;
    let result = match chat::retry(&mut next) {
        Ok(question) => ChatUpdate {
            conversation: next,
            toast: None,
            question,
        },
        Err(toast) => update(next, Err(toast)),
    };
    to_js(&result)
}

#[wasm_bindgen(js_name = chatDelete)]
pub fn chat_delete(current: ConversationJs, index: usize) -> Result<ChatUpdateJs, JsError> {
    let mut next = conversation(current)?;
    let outcome = chat::delete_pair(&mut next, index);
    to_js(&update(next, outcome))
}

#[wasm_bindgen(js_name = chatNewConversation)]
pub fn chat_new_conversation(
    current: ConversationJs,
    new_uu_id: &str,
) -> Result<ChatUpdateJs, JsError> {
    let mut next = conversation(current)?;
    let outcome = chat::new_conversation(&mut next, new_uu_id);
    to_js(&update(next, outcome))
}

#[wasm_bindgen(js_name = chatStop)]
pub fn chat_stop(current: ConversationJs) -> Result<ConversationJs, JsError> {
    let mut next = conversation(current)?;
    chat::stop(&mut next);
    to_js(&next)
}

#[derive(Serialize)]
struct ChatReplyResult {
    conversation: Conversation,
    applied: bool,
}

#[wasm_bindgen(js_name = chatReply)]
pub fn chat_reply(
    current: ConversationJs,
    reply: ChatReplyJs,
) -> Result<ChatReplyResultJs, JsError> {
    let mut next = conversation(current)?;
    let reply: Reply = from_js(reply, "回复")?;
    let applied = chat::reply(&mut next, &reply);
    to_js(&ChatReplyResult {
        conversation: next,
        applied,
    })
}

#[wasm_bindgen(js_name = chatFailAnswer)]
pub fn chat_fail_answer(current: ConversationJs, message: &str) -> Result<ConversationJs, JsError> {
    let mut next = conversation(current)?;
    chat::fail_answer(&mut next, message);
    to_js(&next)
}

#[wasm_bindgen(js_name = chatSocketError)]
pub fn chat_socket_error(current: ConversationJs, detail: &str) -> Result<ConversationJs, JsError> {
    let mut next = conversation(current)?;
    chat::socket_error(&mut next, detail);
    to_js(&next)
}

#[wasm_bindgen(js_name = chatBusyToast)]
pub fn chat_busy_toast(current: ConversationJs) -> Result<Option<String>, JsError> {
    Ok(chat::busy_toast(&conversation(current)?).map(String::from))
}

#[wasm_bindgen(js_name = chatShowsWelcome)]
pub fn chat_shows_welcome(current: ConversationJs) -> Result<bool, JsError> {
    Ok(chat::shows_welcome(&conversation(current)?))
}

#[wasm_bindgen(js_name = connectionNew)]
pub fn connection_new() -> Result<ConnectionStateJs, JsError> {
    to_js(&Connection::default())
}

#[derive(Serialize)]
struct ConnectionStep {
    state: Connection,
    commands: Vec<ConnectionCommand>,
}

/// `ConnectionEvent` read as one flat object: cheaper in code size than a tagged enum.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FlatEvent {
    kind: String,
    #[serde(default)]
    now_ms: i64,
    #[serde(default)]
    answering: bool,
    #[serde(default)]
    timeout_ms: i64,
    #[serde(default)]
    detail: String,
    #[serde(default)]
    code: u16,
}

impl FlatEvent {
    fn into_event(self) -> Result<ConnectionEvent, JsError> {
        let FlatEvent {
            kind,
            now_ms,
            answering,
            timeout_ms,
            detail,
            code,
        } = self;
        Ok(match kind.as_str() {
            "connect" => ConnectionEvent::Connect,
            "opened" => ConnectionEvent::Opened { now_ms },
            "pong" => ConnectionEvent::Pong,
            "tick" => ConnectionEvent::Tick { now_ms, answering },
            "questionSent" => ConnectionEvent::QuestionSent { now_ms, timeout_ms },
            "replyReceived" => ConnectionEvent::ReplyReceived,
            "error" => ConnectionEvent::Error { detail },
            "closed" => ConnectionEvent::Closed { code },
            "close" => ConnectionEvent::Close,
            other => return Err(JsError::new(&format!("连接事件格式错误：{other}"))),
        })
    }
}

#[wasm_bindgen(js_name = connectionStep)]
pub fn connection_step(
    state: ConnectionStateJs,
    event: ConnectionEventJs,
) -> Result<ConnectionStepResultJs, JsError> {
    let mut state: Connection = from_js(state, "连接状态")?;
    let event = from_js::<FlatEvent>(event, "连接事件")?.into_event()?;
    let commands = chat::step(&mut state, event);
    to_js(&ConnectionStep { state, commands })
}

#[wasm_bindgen(js_name = wsUrl)]
/// `siteId` is the header switcher's city site (0: none).
pub fn ws_url(base: &str, application_identity: &str, token: &str, site_id: f64) -> String {
    let site = if site_id.is_finite() {
        site_id as i64
    } else {
        0
    };
    chat::ws_url(base, application_identity, token, site)
}

#[wasm_bindgen(js_name = replyTimeoutMs)]
pub fn reply_timeout_ms(single_tool: bool) -> u32 {
    chat::reply_timeout_ms(single_tool)
}

/// The line under a finished answer about its cost: 消耗 N tokens, or that the knowledge base
/// answered by itself (0: no model was asked).
#[wasm_bindgen(js_name = chatUsageNote)]
pub fn chat_usage_note(token_total: f64) -> String {
    crate::chat::usage_note(token_total.max(0.0) as u64)
}

/// Characters a chat question may hold (the input's counter and limit).
#[wasm_bindgen(js_name = chatQuestionMax)]
pub fn chat_question_max() -> usize {
    crate::chat::QUESTION_MAX
}

/// Why the chat panel cannot send this question (too long), or null when it can: the same rule
/// the socket refuses it with.
#[wasm_bindgen(js_name = chatQuestionRefusal)]
pub fn chat_question_refusal(question: &str) -> Option<String> {
    crate::chat::question_refusal(question)
}

/// The red tag on a published assistant that answers nothing (its knowledge bases deleted or
/// switched off, and no chat model), or null.
#[wasm_bindgen(js_name = assistantKnowledgeWarning)]
pub fn assistant_knowledge_warning(
    published: bool,
    bound_bases: usize,
    enabled_bases: usize,
    model_configured: bool,
) -> Option<String> {
    crate::forms::knowledge_warning(published, bound_bases, enabled_bases, model_configured)
        .map(str::to_owned)
}
