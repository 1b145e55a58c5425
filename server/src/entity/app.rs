//! 应用: an entry of the global app catalogue (types 1-6).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "app")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub name: String,
    /// Core `appType` 1-6.
    pub app_type: i16,
    pub icon: String,
    pub description: String,
    pub sort: i32,
    /// The catalogue switch: a disabled app is offered nowhere.
    pub enabled: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
