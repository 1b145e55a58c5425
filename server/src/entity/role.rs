//! 角色: grants menu pages and actions, and carries a data scope.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "role")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub name: String,
    /// A core `DataScope` code: `ALL`, `CITY_SITE`, `COMPANY`, ... `SELF`.
    pub data_scope: String,
    /// Where the role sits: nothing set is a global role, a site alone a city role, an
    /// organisation a company role, a store a role of that store.
    pub organisation_id: Option<i64>,
    pub site_id: Option<i64>,
    pub store_id: Option<i64>,
    pub remark: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
