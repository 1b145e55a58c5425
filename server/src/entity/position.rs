//! 岗位: a job title (`positionName`); `超级管理员` is the super administrator.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "position")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `None` with `site_id` `None`: a global position such as 超级管理员.
    pub organisation_id: Option<i64>,
    pub site_id: Option<i64>,
    pub name: String,
    pub sort: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
