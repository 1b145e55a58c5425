//! A knowledge base an assistant answers from.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "assistant_knowledge")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub assistant_id: i64,
    pub knowledge_id: i64,
    /// Switched off, the base stays bound but is not searched.
    pub enabled: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
