//! 佣金单: what a contract's or a new-home deal's commission brings in, in fen; §3 orderStatus.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "commission_order")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    pub agent_id: i64,
    /// The contract it collects, or `None` for a new-home deal's order.
    pub contract_id: Option<i64>,
    pub code: String,
    pub receivable: i64,
    pub paid: i64,
    pub status: i16,
    /// Why it was last rejected or closed.
    pub reason: String,
    pub settled_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The new-home deal it collects (m0022), or `None` for a contract's order.
    pub new_home_deal_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
