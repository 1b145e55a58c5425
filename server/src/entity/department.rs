//! 部门: a node of an organisation's department tree, at company level or in a store.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "department")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    /// The group of `store_id`, kept here so scope filters need no join.
    pub store_group_id: Option<i64>,
    /// `None`: a department of the company itself.
    pub store_id: Option<i64>,
    pub parent_id: Option<i64>,
    pub name: String,
    pub sort: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
