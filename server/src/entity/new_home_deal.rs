//! 新房成交: a deal declared on a valid report, at the declarer's seat.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "new_home_deal")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    pub declarer_id: i64,
    pub report_id: i64,
    pub project_id: i64,
    pub house_type_id: Option<i64>,
    /// 房号.
    pub unit: String,
    /// Hundredths of a square metre.
    pub area: i64,
    pub price_fen: i64,
    pub deal_date: Date,
    /// Receivable commission under the project's rule on the deal day.
    pub commission_fen: i64,
    /// core `new_home_deal::DealStatus`.
    pub status: i16,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
