//! The chat log: every question asked over the socket with its answer as it ended (done,
//! stopped or failed), the tokens counted and the documents cited, for the logs and statistics
//! pages.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};
use serde_json::Value;

use super::answer::Usage;
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
