//! The chat log: every question asked over the socket with its answer as it ended (done,
//! stopped or failed), the tokens counted and the documents cited, for the logs and statistics
//! pages.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};
use serde_json::Value;

use brokerdesk_core::chat::log_status;

use super::answer::{NOT_FOUND, Usage};
use crate::assistant::functions::CallRecord;
use crate::entity::{assistant, chat_log};
use crate::error::AppError;

pub struct Entry<'a> {
    pub assistant: &'a assistant::Model,
    pub user_id: i64,
    pub site_id: Option<i64>,
    pub uuid: &'a str,
    pub msg_id: &'a str,
    pub question: &'a str,
    pub answer: &'a str,
    pub status: u8,
    pub usage: Usage,
    pub docs: &'a [Value],
    /// The functions the answer called, as written down while it ran.
    pub function_calls: &'a [CallRecord],
    pub started: DateTime<Utc>,
}

/// Writes one entry. The asker's own record, like the audit log, written where it happens:
/// no scope is checked because the row is the socket's own user's.
#[allow(clippy::disallowed_methods)]
pub async fn record(db: &DatabaseConnection, entry: Entry<'_>) -> Result<(), AppError> {
    chat_log::ActiveModel {
        assistant_id: Set(Some(entry.assistant.id)),
        assistant_name: Set(entry.assistant.name.clone()),
        user_id: Set(entry.user_id),
        site_id: Set(entry.site_id),
        uuid: Set(entry.uuid.chars().take(64).collect()),
        msg_id: Set(entry.msg_id.chars().take(64).collect()),
        question: Set(entry.question.to_owned()),
        answer: Set(entry.answer.to_owned()),
        status: Set(i16::from(entry.status)),
        tokens: Set(count(entry.usage.total)),
        tokens_in: Set(count(entry.usage.input)),
        tokens_out: Set(count(entry.usage.output)),
        docs: Set(Value::from(entry.docs.to_vec()).to_string()),
        function_calls: Set(
            serde_json::to_string(entry.function_calls).unwrap_or_else(|_| "[]".into())
        ),
        created_at: Set(entry.started),
        finished_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The status of an answer that finished: 未找到答案 when it had nothing to answer with — the
/// knowledge-base answerer's honest [`NOT_FOUND`], or no point retrieved and no function call
/// that gave the model data — else 已回答.
pub fn finished_status(answer: &str, retrieved: usize, calls: &[CallRecord]) -> u8 {
    let found_nothing = retrieved == 0 && !calls.iter().any(|call| call.ok);
    if answer.trim() == NOT_FOUND || found_nothing {
        log_status::NO_ANSWER
    } else {
        log_status::ANSWERED
    }
}

fn count(tokens: u64) -> i64 {
    i64::try_from(tokens).unwrap_or(i64::MAX)
}

/// The asker's vote on one of their turns (the caller checked it is theirs): like the entry
/// itself, their own record.
#[allow(clippy::disallowed_methods)]
pub async fn set_vote(db: &DatabaseConnection, id: i64, vote: i16) -> Result<(), AppError> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    chat_log::Entity::update_many()
        .col_expr(
            chat_log::Column::Vote,
            sea_orm::sea_query::Expr::value(vote),
        )
        .filter(chat_log::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(ok: bool) -> CallRecord {
        CallRecord {
            name: "listing_search".into(),
            arguments: "{}".into(),
            ok,
            rows: 0,
            error: None,
        }
    }

    #[test]
    fn an_answer_with_nothing_found_is_logged_as_such() {
        assert_eq!(finished_status(NOT_FOUND, 0, &[]), log_status::NO_ANSWER);
        // The fallback's words are no answer even beside a weak passage.
        assert_eq!(finished_status(NOT_FOUND, 1, &[]), log_status::NO_ANSWER);
        // A model that wrote something with nothing retrieved and no data called.
        assert_eq!(finished_status("您好！", 0, &[]), log_status::NO_ANSWER);
        assert_eq!(
            finished_status("您好！", 0, &[call(false)]),
            log_status::NO_ANSWER
        );
    }

    #[test]
    fn an_answer_from_a_point_or_a_function_is_answered() {
        assert_eq!(finished_status("30天", 2, &[]), log_status::ANSWERED);
        assert_eq!(
            finished_status("查到3套", 0, &[call(true)]),
            log_status::ANSWERED
        );
    }
}
