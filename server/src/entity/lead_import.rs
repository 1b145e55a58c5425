//! 批量添加: one batch import of leads, its progress while it runs, and its per-row results
//! when done. Placed at its importer's seat.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "lead_import")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    /// Who imported.
    pub owner_id: Option<i64>,
    pub file_name: String,
    /// 1 running, 2 done, 3 failed.
    pub status: i16,
    pub total: i32,
    /// Rows checked so far.
    pub processed: i32,
    pub added: i32,
    pub invalid: i32,
    pub duplicate: i32,
    /// The per-row results as JSON, when done.
    pub results: String,
    /// Why it failed.
    pub message: String,
    pub created_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
