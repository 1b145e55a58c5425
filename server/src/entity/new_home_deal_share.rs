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
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
