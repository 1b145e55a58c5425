//! How many commission orders sit at each placement in each status (m0035): kept by the
//! database's triggers on `commission_order` as orders are written, moved or removed, so the
//! commission list's total is a sum over a few cells instead of a count of every order the caller
//! reads. An absent placement is 0.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "commission_order_count")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: i64,
    pub store_id: i64,
    pub department_id: i64,
    pub agent_id: i64,
    pub status: i16,
    pub orders: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
