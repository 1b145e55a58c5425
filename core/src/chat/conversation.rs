//! The conversation reducer (spec §4): questions, placeholder answers and how each reply tag
//! changes the answer being written. Every function takes the conversation and the event; the
//! ones a user triggers return the toast to show when they are blocked.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{entry_type, status, tag};
use crate::messages::{
    CHAT_ALREADY_NEW, CHAT_BUSY_ANSWERING, CHAT_BUSY_STOPPING, CHAT_NEW_SESSION, CHAT_STOPPED,
    CHAT_STOPPING, CHAT_THINKING, chat_connect_failed,
};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatEntry {
    /// The entry's text; its display form (parsedText) is `parse_placeholders(text)`, derived
    /// where it is shown rather than stored twice.
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub status: u8,
    /// 0 question, 1 answer, -1 new-conversation marker.
    #[serde(rename = "type")]
    pub entry_type: i8,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub group_id: Option<String>,
    #[serde(default)]
    pub uu_id: String,
    /// The reply context a systemTag gave.
    #[serde(default)]
    pub context: Value,
    #[serde(default)]
    pub context_loading: bool,
    #[serde(default)]
    pub token_total: Option<u64>,
    #[serde(default)]
    pub image_list: Vec<Value>,
    #[serde(default)]
    pub doc_count: u64,
    #[serde(default)]
    pub doc: Vec<Value>,
    #[serde(default)]
    pub extra_type: Option<i64>,
    #[serde(default)]
    pub stoped: bool,
}

impl ChatEntry {
    /// Still showing 正在思考 or 终止中..., or nothing at all.
    fn has_no_text(&self) -> bool {
        self.text.is_empty() || self.text == CHAT_THINKING || self.text == CHAT_STOPPING
    }
}

/// One tool's chat: its entries (chatList) and the current conversation's uuid.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    pub uu_id: String,
    #[serde(default)]
    pub entries: Vec<ChatEntry>,
}

/// A reply from the server: `tag` says what `msg` is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    #[serde(default)]
    pub msg: String,
    #[serde(default)]
    pub tag: String,
    #[serde(default)]
    pub uuid: String,
}

impl Conversation {
    pub fn new(uu_id: &str) -> Conversation {
        Conversation {
            uu_id: uu_id.into(),
            entries: Vec::new(),
        }
    }

    fn last_answer_mut(&mut self) -> Option<&mut ChatEntry> {
        self.entries
            .iter_mut()
            .rev()
            .find(|entry| entry.entry_type == entry_type::ANSWER)
    }

    /// The status of the latest answer: the conversation's status.
    pub fn status(&self) -> u8 {
        self.entries
            .iter()
            .rev()
            .find(|entry| entry.entry_type == entry_type::ANSWER)
            .map_or(status::IDLE, |entry| entry.status)
    }

    /// Nothing asked since the last new-conversation marker.
    pub fn is_new(&self) -> bool {
        self.entries
            .last()
            .is_none_or(|entry| entry.entry_type == entry_type::NEW_CONVERSATION)
    }
}

/// The toast that blocks sending, retry, delete and restart: while answering or thinking
/// (正在回答，请稍后再试) or stopping (终止中，请稍后再试).
pub fn busy_toast(conversation: &Conversation) -> Option<&'static str> {
    match conversation.status() {
        status::ANSWERING | status::THINKING => Some(CHAT_BUSY_ANSWERING),
        status::STOPPING => Some(CHAT_BUSY_STOPPING),
        _ => None,
    }
}

fn blocked(conversation: &Conversation) -> Result<(), &'static str> {
    busy_toast(conversation).map_or(Ok(()), Err)
}

fn thinking_answer(uu_id: &str) -> ChatEntry {
    ChatEntry {
        text: CHAT_THINKING.into(),
        entry_type: entry_type::ANSWER,
        status: status::THINKING,
        uu_id: uu_id.into(),
        ..ChatEntry::default()
    }
}

/// Adds the question and a placeholder answer 正在思考 with status 4.
pub fn ask(
    conversation: &mut Conversation,
    question: &str,
    question_id: Option<String>,
) -> Result<(), &'static str> {
    blocked(conversation)?;
    conversation.entries.push(ChatEntry {
        text: question.into(),
        entry_type: entry_type::QUESTION,
        status: status::IDLE,
        id: question_id,
        uu_id: conversation.uu_id.clone(),
        ..ChatEntry::default()
    });
    conversation
        .entries
        .push(thinking_answer(&conversation.uu_id));
    Ok(())
}

/// Asks the last question again: its old answer gives way to a new placeholder. Returns the
/// question to send, or None when nothing was asked yet.
pub fn retry(conversation: &mut Conversation) -> Result<Option<String>, &'static str> {
    blocked(conversation)?;
    let Some(index) = conversation
        .entries
        .iter()
        .rposition(|entry| entry.entry_type == entry_type::QUESTION)
    else {
        return Ok(None);
    };
    let question = conversation.entries[index].text.clone();
    let answer_index = index + 1;
    let answer = thinking_answer(&conversation.uu_id);
    match conversation.entries.get(answer_index) {
        Some(entry) if entry.entry_type == entry_type::ANSWER => {
            conversation.entries[answer_index] = answer;
        }
        _ => conversation.entries.insert(answer_index, answer),
    }
    Ok(Some(question))
}

/// Deletes a question together with its answer (either may be given by index).
pub fn delete_pair(conversation: &mut Conversation, index: usize) -> Result<(), &'static str> {
    blocked(conversation)?;
    let entries = &conversation.entries;
    let Some(entry) = entries.get(index) else {
        return Ok(());
    };
    let is_type = |i: usize, wanted: i8| entries.get(i).is_some_and(|e| e.entry_type == wanted);
    let (start, end) = match entry.entry_type {
        entry_type::QUESTION if is_type(index + 1, entry_type::ANSWER) => (index, index + 1),
        entry_type::ANSWER if index > 0 && is_type(index - 1, entry_type::QUESTION) => {
            (index - 1, index)
        }
        _ => (index, index),
    };
    conversation.entries.drain(start..=end);
    Ok(())
}

/// Starts a new conversation with a fresh uuid and a 已开启全新会话 marker; refused with
/// 已经是新对话了，我们继续吧~ when the conversation is already new.
pub fn new_conversation(
    conversation: &mut Conversation,
    new_uu_id: &str,
) -> Result<(), &'static str> {
    blocked(conversation)?;
    if conversation.is_new() {
        return Err(CHAT_ALREADY_NEW);
    }
    conversation.entries.push(ChatEntry {
        text: CHAT_NEW_SESSION.into(),
        entry_type: entry_type::NEW_CONVERSATION,
        uu_id: new_uu_id.into(),
        ..ChatEntry::default()
    });
    conversation.uu_id = new_uu_id.into();
    Ok(())
}

/// Stop: status 5, showing 终止中... if still thinking (or started with no text yet). Nothing
/// happens when not answering.
pub fn stop(conversation: &mut Conversation) {
    if let Some(answer) = conversation
        .last_answer_mut()
        .filter(|answer| matches!(answer.status, status::THINKING | status::ANSWERING))
    {
        answer.status = status::STOPPING;
        if answer.has_no_text() {
            answer.text = CHAT_STOPPING.into();
        }
    }
}

fn json_field(msg: &str) -> Value {
    serde_json::from_str(msg).unwrap_or(Value::Null)
}

/// Applies one reply to the answer being written. Replies for another conversation (uuid) are
/// ignored; returns whether the reply was applied.
pub fn reply(conversation: &mut Conversation, reply: &Reply) -> bool {
    if reply.uuid != conversation.uu_id {
        return false;
    }
    let Some(answer) = conversation.last_answer_mut() else {
        return false;
    };
    // Stopped before any text: the answer's late start and text frames are not shown, so
    // 终止中... stays until the server's stop (已终止回答).
    let stopped_blank = answer.status == status::STOPPING && answer.text == CHAT_STOPPING;
    let writing = matches!(answer.status, status::ANSWERING | status::STOPPING) && !stopped_blank;
    match reply.tag.as_str() {
        tag::START if stopped_blank => {}
        tag::START => {
            answer.status = status::ANSWERING;
            answer.text = String::new();
        }
        // The server finished before the stop reached it and sends no stop of its own: what
        // the user asked for, an answer they did not let show, ends as stopped.
        tag::END if stopped_blank => {
            answer.status = status::STOPPED;
            answer.stoped = true;
            answer.text = CHAT_STOPPED.into();
        }
        tag::END => {
            if answer.status == status::THINKING {
                answer.text = String::new();
            }
            answer.status = status::IDLE;
        }
        tag::STOP => {
            answer.status = status::STOPPED;
            answer.stoped = true;
            if answer.has_no_text() {
                answer.text = CHAT_STOPPED.into();
            }
        }
        tag::TEXT_ERROR => {
            if answer.has_no_text() {
                answer.text = reply.msg.clone();
            } else {
                answer.text.push_str(&reply.msg);
            }
            answer.status = status::ERROR;
        }
        tag::USAGE => {
            let usage = json_field(&reply.msg);
            answer.token_total = usage
                .get("c")
                .and_then(Value::as_u64)
                .or_else(|| usage.as_u64());
        }
        tag::DOC => {
            let doc = json_field(&reply.msg);
            let list = doc
                .as_array()
                .or_else(|| doc.get("doc").and_then(Value::as_array));
            answer.doc = list.cloned().unwrap_or_default();
            answer.doc_count = doc
                .get("docCount")
                .and_then(Value::as_u64)
                .unwrap_or(answer.doc.len() as u64);
        }
        tag::SYSTEM_TAG => {
            let system = json_field(&reply.msg);
            if let Some(images) = system.get("imageList").and_then(Value::as_array) {
                answer.image_list = images.clone();
            }
            if let Some(context) = system.get("replyContext") {
                answer.context = context.clone();
            }
            answer.context_loading = false;
        }
        _ if writing => answer.text.push_str(&reply.msg),
        _ if stopped_blank => {}
        _ => return false,
    }
    true
}

/// A reply timeout or a missing pong: the answer in progress becomes an error showing
/// `message` (当前排队用户过多，请稍后重试。).
pub fn fail_answer(conversation: &mut Conversation, message: &str) {
    let in_progress = |answer: &&mut ChatEntry| {
        matches!(
            answer.status,
            status::ANSWERING | status::THINKING | status::STOPPING
        )
    };
    if let Some(answer) = conversation.last_answer_mut().filter(in_progress) {
        if answer.has_no_text() {
            answer.text = message.into();
        } else {
            answer.text.push_str(&format!("\n{message}"));
        }
        answer.status = status::ERROR;
    }
}

/// A socket error while thinking or stopping: the answer shows `[连接失败] <detail>`.
pub fn socket_error(conversation: &mut Conversation, detail: &str) {
    let waiting =
        |answer: &&mut ChatEntry| matches!(answer.status, status::THINKING | status::STOPPING);
    if let Some(answer) = conversation.last_answer_mut().filter(waiting) {
        answer.text = chat_connect_failed(detail);
        answer.status = status::ERROR;
    }
}

/// The welcome message shows while the chat has no question or answer.
pub fn shows_welcome(conversation: &Conversation) -> bool {
    conversation
        .entries
        .iter()
        .all(|entry| entry.entry_type == entry_type::NEW_CONVERSATION)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked() -> Conversation {
        let mut conversation = Conversation::new("u1");
        ask(&mut conversation, "附近有地铁吗", None).unwrap();
        conversation
    }

    fn send(conversation: &mut Conversation, tag: &str, msg: &str) -> bool {
        reply(
            conversation,
            &Reply {
                msg: msg.into(),
                tag: tag.into(),
                uuid: conversation.uu_id.clone(),
            },
        )
    }

    fn answer(conversation: &Conversation) -> &ChatEntry {
        conversation.entries.last().unwrap()
    }

    #[test]
    fn sending_adds_the_question_and_a_thinking_placeholder() {
        // "Sending a question adds the question and a placeholder answer '正在思考' with status 4."
        let conversation = asked();
        assert_eq!(conversation.entries.len(), 2);
        assert_eq!(conversation.entries[0].entry_type, 0);
        assert_eq!(conversation.entries[0].text, "附近有地铁吗");
        assert_eq!(answer(&conversation).entry_type, 1);
        assert_eq!(answer(&conversation).text, "正在思考");
        assert_eq!(answer(&conversation).status, 4);
    }

    #[test]
    fn a_reply_streams_from_start_to_end() {
        let mut conversation = asked();
        assert!(send(&mut conversation, "start", ""));
        assert_eq!(
            (
                answer(&conversation).status,
                answer(&conversation).text.as_str()
            ),
            (1, "")
        );
        send(&mut conversation, "", "有，");
        send(&mut conversation, "text", "步行「doc1」五分钟");
        assert_eq!(answer(&conversation).text, "有，步行「doc1」五分钟");
        send(&mut conversation, "usage", r#"{"c": 321}"#);
        assert_eq!(answer(&conversation).token_total, Some(321));
        send(
            &mut conversation,
            "doc",
            r#"[{"name": "a"}, {"name": "b"}]"#,
        );
        assert_eq!(answer(&conversation).doc_count, 2);
        send(
            &mut conversation,
            "systemTag",
            r#"{"imageList": ["x.png"], "replyContext": {"k": 1}}"#,
        );
        assert_eq!(answer(&conversation).image_list.len(), 1);
        assert_eq!(answer(&conversation).context["k"], 1);
        send(&mut conversation, "end", "");
        assert_eq!(answer(&conversation).status, 0);
    }

    #[test]
    fn chunks_append_only_while_answering_or_stopping() {
        let mut conversation = asked();
        assert!(!send(&mut conversation, "", "too early"));
        assert_eq!(answer(&conversation).text, "正在思考");
        send(&mut conversation, "start", "");
        send(&mut conversation, "", "a");
        stop(&mut conversation);
        assert_eq!(answer(&conversation).status, 5);
        send(&mut conversation, "", "b");
        assert_eq!(answer(&conversation).text, "ab");
    }

    #[test]
    fn stop_while_thinking_then_the_server_stops() {
        // "Stop sets status 5, and text '终止中...' if still thinking."
        let mut conversation = asked();
        stop(&mut conversation);
        assert_eq!(
            (
                answer(&conversation).status,
                answer(&conversation).text.as_str()
            ),
            (5, "终止中...")
        );
        // "stop: status 3, with the text '已终止回答' if no text yet."
        send(&mut conversation, "stop", "");
        assert_eq!(
            (
                answer(&conversation).status,
                answer(&conversation).text.as_str()
            ),
            (3, "已终止回答")
        );
        assert!(answer(&conversation).stoped);
    }

    #[test]
    fn stop_before_any_text_hides_the_late_frames() {
        // Started, nothing written yet: 终止中..., and the frames still on their way (a late
        // start, text) do not bring the answer back; the server's stop ends it.
        let mut conversation = asked();
        send(&mut conversation, "start", "");
        stop(&mut conversation);
        assert_eq!(answer(&conversation).text, "终止中...");
        send(&mut conversation, "start", "");
        send(&mut conversation, "", "需要。每次带看");
        assert_eq!(
            (
                answer(&conversation).status,
                answer(&conversation).text.as_str()
            ),
            (5, "终止中...")
        );
        send(&mut conversation, "stop", "");
        assert_eq!(answer(&conversation).text, "已终止回答");
        send(&mut conversation, "", "都要签字");
        assert_eq!(answer(&conversation).text, "已终止回答");
    }

    #[test]
    fn a_stop_the_server_finished_before_ends_as_stopped() {
        // Stopped while thinking, but the answer was already done: its frames and end come,
        // no stop; the answer must not stay 终止中... for good.
        let mut conversation = asked();
        stop(&mut conversation);
        send(&mut conversation, "start", "");
        send(&mut conversation, "", "需要。每次带看");
        send(&mut conversation, "end", "");
        let answer = answer(&conversation);
        assert_eq!((answer.status, answer.text.as_str()), (3, "已终止回答"));
        assert!(answer.stoped);
    }

    #[test]
    fn stop_keeps_text_already_written() {
        let mut conversation = asked();
        send(&mut conversation, "start", "");
        send(&mut conversation, "", "一半");
        send(&mut conversation, "stop", "");
        assert_eq!(answer(&conversation).text, "一半");
    }

    #[test]
    fn text_error_appends_and_sets_status_2() {
        let mut conversation = asked();
        send(&mut conversation, "start", "");
        send(&mut conversation, "", "部分");
        send(&mut conversation, "textError", "（模型出错）");
        assert_eq!(
            (
                answer(&conversation).status,
                answer(&conversation).text.as_str()
            ),
            (2, "部分（模型出错）")
        );
    }

    #[test]
    fn replies_of_another_conversation_are_ignored() {
        let mut conversation = asked();
        let applied = reply(
            &mut conversation,
            &Reply {
                msg: String::new(),
                tag: "start".into(),
                uuid: "old".into(),
            },
        );
        assert!(!applied);
        assert_eq!(answer(&conversation).status, 4);
    }

    #[test]
    fn busy_conversations_block_with_the_right_toast() {
        // "Sending, retry, delete and restart are blocked, with a toast, while status is 1, 4 or 5."
        let mut conversation = asked();
        assert_eq!(
            ask(&mut conversation, "again", None),
            Err("正在回答，请稍后再试")
        );
        send(&mut conversation, "start", "");
        assert_eq!(retry(&mut conversation), Err("正在回答，请稍后再试"));
        stop(&mut conversation);
        assert_eq!(delete_pair(&mut conversation, 0), Err("终止中，请稍后再试"));
        assert_eq!(
            new_conversation(&mut conversation, "u2"),
            Err("终止中，请稍后再试")
        );
        send(&mut conversation, "stop", "");
        assert_eq!(busy_toast(&conversation), None);
    }

    #[test]
    fn new_conversation_adds_a_marker_once() {
        let mut conversation = Conversation::new("u1");
        assert_eq!(
            new_conversation(&mut conversation, "u2"),
            Err("已经是新对话了，我们继续吧~")
        );
        ask(&mut conversation, "q", None).unwrap();
        send(&mut conversation, "end", "");
        new_conversation(&mut conversation, "u2").unwrap();
        assert_eq!(conversation.uu_id, "u2");
        assert_eq!(answer(&conversation).entry_type, -1);
        assert_eq!(answer(&conversation).text, "已开启全新会话");
        assert_eq!(
            new_conversation(&mut conversation, "u3"),
            Err("已经是新对话了，我们继续吧~")
        );
    }

    #[test]
    fn retry_and_delete() {
        let mut conversation = asked();
        send(&mut conversation, "start", "");
        send(&mut conversation, "textError", "错误");
        assert_eq!(retry(&mut conversation), Ok(Some("附近有地铁吗".into())));
        assert_eq!(conversation.entries.len(), 2);
        assert_eq!(answer(&conversation).status, 4);
        send(&mut conversation, "end", "");
        delete_pair(&mut conversation, 1).unwrap();
        assert!(conversation.entries.is_empty());
        assert_eq!(retry(&mut conversation), Ok(None));
    }

    #[test]
    fn timeouts_and_socket_errors() {
        let mut conversation = asked();
        fail_answer(&mut conversation, "当前排队用户过多，请稍后重试。");
        assert_eq!(
            (
                answer(&conversation).status,
                answer(&conversation).text.as_str()
            ),
            (2, "当前排队用户过多，请稍后重试。")
        );
        let mut conversation = asked();
        socket_error(&mut conversation, "连接已断开");
        assert_eq!(answer(&conversation).text, "[连接失败] 连接已断开");
        let mut answering = asked();
        send(&mut answering, "start", "");
        socket_error(&mut answering, "x");
        assert_eq!(answer(&answering).status, 1);
    }

    #[test]
    fn welcome_shows_when_the_chat_is_empty() {
        let mut conversation = Conversation::new("u1");
        assert!(shows_welcome(&conversation));
        ask(&mut conversation, "q", None).unwrap();
        assert!(!shows_welcome(&conversation));
    }
}
