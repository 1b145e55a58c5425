//! A test search of a knowledge base (检索测试), kept so results can be compared later.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "knowledge_search")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub knowledge_id: i64,
    pub query: String,
    pub top_k: i32,
    pub threshold: f64,
    /// The hits as answered: a JSON array of `{pointId, question, score}`.
    #[sea_orm(column_type = "Text")]
    pub hits: String,
    pub user_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
