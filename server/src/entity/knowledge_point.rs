//! 知识点: one question with its answer and extra indexes, and the search terms the retrieval
//! index reads (segmented once, when the point is written).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "knowledge_point")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub knowledge_id: i64,
    pub data_set_id: i64,
    #[sea_orm(column_type = "Text")]
    pub question: String,
    #[sea_orm(column_type = "Text")]
    pub answer: String,
    /// The extra indexes as a JSON array of strings.
    #[sea_orm(column_type = "Text")]
    pub indexes: String,
    /// Search terms separated by spaces, a term once per occurrence.
    #[sea_orm(column_type = "Text")]
    pub terms: String,
    /// SHA-256 of core's `knowledge::identity` of question and answer, hex.
    pub content_hash: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
