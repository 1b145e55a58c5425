//! An AI assistant: a dialogue assistant answering in the chat panel, or a creation assistant
//! writing copy on request.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "assistant")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Core `assistantKind`: 1 dialogue, 2 creation.
    pub kind: i16,
    pub name: String,
    pub description: String,
    pub welcome_message: String,
    /// A JSON array of questions.
    pub suggested_questions: String,
    /// A JSON array of city site ids; empty serves every site.
    pub site_ids: String,
    pub prompt: String,
    pub top_k: i32,
    /// Percent: retrieved points scoring below it are not answers.
    pub threshold: i32,
    pub citations: bool,
    /// A JSON array of the function names (`listing_search`, …) it may call when a chat model
    /// that calls functions is configured.
    pub functions: String,
    pub published: bool,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
