//! Whether an app is on for a city site (`organisation_id` None) or for one organisation.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "app_enablement")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub app_id: i64,
    pub site_id: i64,
    pub organisation_id: Option<i64>,
    pub enabled: bool,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
