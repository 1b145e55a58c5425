//! 买卖合同 / 租赁合同: a second-hand deal or lease, at its closer's seat. Money in fen.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "deal_contract")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    /// 成交人: the agent who closed the deal.
    pub agent_id: i64,
    /// Core `contractKind`.
    pub kind: i16,
    pub code: String,
    /// Core `contractStatus`.
    pub status: i16,
    pub listing_id: Option<i64>,
    pub address: String,
    pub owner_name: String,
    pub owner_phone: String,
    pub customer_name: String,
    pub customer_phone: String,
    pub customer_id: Option<i64>,
    /// 客源人.
    pub customer_source_id: i64,
    /// 成交价 (sale) or monthly rent (lease).
    pub price: i64,
    pub lease_months: Option<i16>,
    pub deposit: i64,
    pub owner_commission: i64,
    pub customer_commission: i64,
    /// JSON list of instalments.
    pub payment_schedule: String,
    /// JSON list of attachments.
    pub attachments: String,
    pub remark: String,
    pub signed_on: Option<Date>,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
