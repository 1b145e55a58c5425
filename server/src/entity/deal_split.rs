//! One person's part of a contract's commission (ACN role, share, fen), at that person's seat;
//! `settled_at` is set when the contract's order settles: performance counts from then.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "deal_split")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    pub user_id: i64,
    pub contract_id: i64,
    /// Core `dealRole`.
    pub role: i16,
    pub share_bp: i64,
    pub amount: i64,
    pub settled_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
