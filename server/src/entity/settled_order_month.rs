//! What the commission orders settled in a month (China time) received, per placement of the
//! orders (m0037): kept by the database's triggers on `commission_order` as orders settle, move or
//! go, so 业绩's `settledOrders` is a sum over a month's few cells instead of over its orders. An
//! absent placement is 0.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "settled_order_month")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `YYYY-MM` in China time.
    pub month: String,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: i64,
    pub store_id: i64,
    pub department_id: i64,
    pub agent_id: i64,
    /// Fen received by the settled orders there.
    pub paid: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
