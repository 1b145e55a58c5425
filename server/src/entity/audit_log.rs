//! One audited change: who, when, what, and the record before and after (JSON text).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub actor_id: Option<i64>,
    /// Kept as written, so the entry still says who after the account is gone.
    pub actor_name: String,
    pub at: DateTimeUtc,
    pub entity: String,
    pub entity_id: i64,
    /// `create`, `update`, `delete`, `status` or `permissions`.
    pub action: String,
    pub before: Option<String>,
    pub after: Option<String>,
    /// Where the changed record sits, so admins of a scope see their own entries.
    pub site_id: Option<i64>,
    pub organisation_id: Option<i64>,
    pub store_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
