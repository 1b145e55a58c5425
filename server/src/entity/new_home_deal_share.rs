//! One line of a new-home deal's performance split.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "new_home_deal_share")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub deal_id: i64,
    /// §3 performance type.
    pub kind: i16,
    pub user_id: Option<i64>,
    pub bp: i64,
    pub amount_fen: i64,
    pub sort: i32,
    /// The seat of the person credited (the deal's own for the project side's share), m0022.
    pub organisation_id: Option<i64>,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    /// When the deal's order settled: the line counts as performance from then.
    pub settled_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
