//! 钥匙借还: one loan of a listing's key: who took it, what for, for which customer, when it is
//! due back and when (and to whom) it came back.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "listing_key_loan")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub key_id: i64,
    pub listing_id: i64,
    pub borrower_id: Option<i64>,
    pub purpose: String,
    pub customer_name: String,
    pub expected_return: Date,
    pub lent_at: DateTimeUtc,
    pub returned_at: Option<DateTimeUtc>,
    pub returned_by: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
