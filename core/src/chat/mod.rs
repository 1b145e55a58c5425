//! The chat assistant (spec §3, §4, §8, §9): the conversation reducer over chat entries and
//! the connection policy, both pure; the SPA owns the socket and the timers and feeds events in.

mod connection;
mod conversation;
pub mod functions;
mod wire;

pub use connection::{Connection, ConnectionCommand, ConnectionEvent, Phase, step};
pub use conversation::{
    ChatEntry, Conversation, Reply, ask, busy_toast, delete_pair, fail_answer, new_conversation,
    reply, retry, shows_welcome, socket_error, stop,
};
pub use wire::{
    CONNECT, DISCONNECT, PING, PONG, SocketMessage, SocketPayload, reply_timeout_ms, ws_url,
};

/// What an answer says of its cost under it: the model's tokens, or, for 0 (the knowledge-base
/// answerer asked no model), that the knowledge base answered by itself.
pub fn usage_note(token_total: u64) -> String {
    if token_total == 0 {
        "由知识库直接作答，未调用大模型".to_owned()
    } else {
        format!("消耗 {token_total} tokens")
    }
}

/// Characters a chat question may hold: room for a pasted paragraph, not a whole document.
pub const QUESTION_MAX: usize = 1000;

/// A chat question's length, as the input counts it and the socket checks it.
pub fn question_rule(question: &str) -> Result<(), String> {
    if question.trim().chars().count() > QUESTION_MAX {
        Err(format!("问题不能超过{QUESTION_MAX}个字符，请精简后再问"))
    } else {
        Ok(())
    }
}

/// Why a question cannot be sent, in the asker's words, or none when it can: the panel shows it
/// under the input and keeps 发送 off.
pub fn question_refusal(question: &str) -> Option<String> {
    question_rule(question).err()
}

#[cfg(test)]
mod question_tests {
    #[test]
    fn the_refusal_is_the_rule_s_message() {
        assert_eq!(super::question_refusal(&"问".repeat(1000)), None);
        assert_eq!(
            super::question_refusal(&"问".repeat(1001)).as_deref(),
            Some("问题不能超过1000个字符，请精简后再问")
        );
    }

    #[test]
    fn a_question_of_up_to_the_limit_passes_and_a_longer_one_is_refused() {
        assert_eq!(super::question_rule(&"问".repeat(1000)), Ok(()));
        assert_eq!(
            super::question_rule(&format!("  {}  ", "问".repeat(1000))),
            Ok(())
        );
        assert_eq!(
            super::question_rule(&"问".repeat(1001)),
            Err("问题不能超过1000个字符，请精简后再问".to_owned())
        );
    }
}

#[cfg(test)]
mod usage_tests {
    #[test]
    fn an_answer_without_a_model_says_so_instead_of_zero_tokens() {
        assert_eq!(super::usage_note(0), "由知识库直接作答，未调用大模型");
        assert_eq!(super::usage_note(321), "消耗 321 tokens");
    }
}

/// Entry and conversation status codes.
pub mod status {
    /// Idle or done.
    pub const IDLE: u8 = 0;
    pub const ANSWERING: u8 = 1;
    pub const ERROR: u8 = 2;
    pub const STOPPED: u8 = 3;
    /// Waiting for the first reply.
    pub const THINKING: u8 = 4;
    pub const STOPPING: u8 = 5;
}

/// How a logged turn ended, as the chat log stores it (core `chatLogStatus` labels them): the
/// conversation's own ending codes, and one more for a finished answer that found nothing to
/// answer with, so the 对话日志 can single out the questions the knowledge base lacks.
pub mod log_status {
    pub const ANSWERED: u8 = super::status::IDLE;
    pub const ERROR: u8 = super::status::ERROR;
    pub const STOPPED: u8 = super::status::STOPPED;
    pub const NO_ANSWER: u8 = 6;
}

#[cfg(test)]
mod log_status_tests {
    use super::log_status::*;
    use crate::enums::CHAT_LOG_STATUS;

    #[test]
    fn every_logged_ending_has_its_label() {
        let label = |code: u8| CHAT_LOG_STATUS.label_of(i64::from(code));
        assert_eq!(label(ANSWERED), Some("已回答"));
        assert_eq!(label(NO_ANSWER), Some("未找到答案"));
        assert_eq!(label(ERROR), Some("出错"));
        assert_eq!(label(STOPPED), Some("已终止"));
        assert_eq!(CHAT_LOG_STATUS.entries.len(), 4);
    }
}

/// Entry `type`.
pub mod entry_type {
    pub const QUESTION: i8 = 0;
    pub const ANSWER: i8 = 1;
    /// Marks the start of a new conversation.
    pub const NEW_CONVERSATION: i8 = -1;
}

/// Reply `tag`s; any other tag (or none) is a plain text chunk.
pub mod tag {
    pub const START: &str = "start";
    pub const END: &str = "end";
    pub const STOP: &str = "stop";
    pub const TEXT_ERROR: &str = "textError";
    pub const USAGE: &str = "usage";
    pub const DOC: &str = "doc";
    pub const SYSTEM_TAG: &str = "systemTag";
}
