//! 批量导入: one batch of files imported into a knowledge base, worked through by the server
//! after the request that started it (`knowledge::batch`). Global configuration, like its base.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "knowledge_import")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub knowledge_id: i64,
    /// core `knowledgeImportStatus`: 1 导入中, 2 已完成, 3 已停止.
    pub status: i16,
    pub files_total: i32,
    /// Files finished (read and stored, or refused).
    pub files_done: i32,
    /// Points read from the files so far.
    pub rows_total: i32,
    /// Points stored or skipped so far.
    pub rows_done: i32,
    pub added: i32,
    pub skipped: i32,
    /// Files refused (unreadable, no point in them).
    pub failed: i32,
    pub created_by: Option<i64>,
    pub stopped_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
