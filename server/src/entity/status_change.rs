//! One status change of a record (staff, enrollment): who, when, from, to, why.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "status_change")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `staff` or `enrollment`.
    pub entity: String,
    pub entity_id: i64,
    pub action: String,
    pub from_status: String,
    pub to_status: String,
    pub reason: String,
    pub actor_id: Option<i64>,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
