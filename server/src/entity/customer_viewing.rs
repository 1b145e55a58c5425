//! 带看: a customer shown one second-hand listing or new-home project, by whom, with which
//! colleague along, when, and what the customer said.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "customer_viewing")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub customer_id: i64,
    /// Core `viewingKind`.
    pub kind: i16,
    pub listing_id: Option<i64>,
    pub project_id: Option<i64>,
    pub user_id: Option<i64>,
    pub companion_id: Option<i64>,
    pub at: DateTimeUtc,
    pub feedback: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
