//! 跟进: one follow-up of a customer, how, who wrote it and when, and the next one planned.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "customer_follow_up")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub customer_id: i64,
    pub user_id: Option<i64>,
    /// Core `followUpWay`.
    pub way: i16,
    pub content: String,
    pub next_on: Option<Date>,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
