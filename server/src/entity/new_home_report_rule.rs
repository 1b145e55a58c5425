//! How a new-home project takes reports: 全号 or 隐号, the protection period and the visit window
//! in days (a project without a row takes core's defaults).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "new_home_report_rule")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub project_id: i64,
    /// core `report::PhoneMode`.
    pub phone_mode: i16,
    pub protection_days: i32,
    pub visit_days: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
