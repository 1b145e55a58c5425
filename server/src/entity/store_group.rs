//! 门店组: stores of one organisation grouped for management.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "store_group")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub organisation_id: i64,
    pub site_id: Option<i64>,
    pub name: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
