//! 佣金规则: what a deal of a new-home project earns, by share or per unit, over a period.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "new_home_commission_rule")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub project_id: i64,
    /// commissionKind: 1 share of the deal price, 2 fixed per unit.
    pub kind: i16,
    pub rate_bp: Option<i64>,
    pub amount_fen: Option<i64>,
    pub valid_from: Date,
    pub valid_to: Option<Date>,
    pub sort: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
