//! One question asked over the chat socket and its answer, as it ended.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chat_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub assistant_id: Option<i64>,
    pub assistant_name: String,
    pub user_id: i64,
    /// The city site the asker was working in.
    pub site_id: Option<i64>,
    /// The conversation.
    pub uuid: String,
    pub msg_id: String,
    pub question: String,
    pub answer: String,
    /// Chat status: 0 done, 2 error, 3 stopped.
    pub status: i16,
    /// Total tokens, and of them the prompt's (in) and the answer's (out).
    pub tokens: i64,
    pub tokens_in: i64,
    pub tokens_out: i64,
    /// Core `chatVote`: 0 none, 1 有用, 2 没用 — the asker's.
    pub vote: i16,
    /// The cited documents, a JSON array.
    pub docs: String,
    /// The functions the answer called, a JSON array of `{name, arguments, ok, rows, error}`.
    pub function_calls: String,
    pub created_at: DateTimeUtc,
    pub finished_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
