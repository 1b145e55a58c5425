//! A batch import whose server stopped (a restart, a crash) is ended, not left 导入中 for ever:
//! at start and then every minute, a batch still running that has written nothing for
//! [`ABANDONED_AFTER`] moves 导入中 → 已完成 (core's
//! `ImportAction::Finish`, audited under 系统), and each of its unfinished files is 失败 with
//! [`INTERRUPTED`], its kept content let go. Importing the same files again is the retry: the
//! points already stored are skipped by their content hash, so only the rest is added.
//!
//! A running task writes at least every [`HEARTBEAT`] (each stage and chunk, and a beat while a
//! long file is read), so neither its own process nor a second one on the same PostgreSQL
//! ends a live batch; the guarded update (status and `updated_at` as read) loses to any write
//! the task makes meanwhile.

use std::time::Duration;

use brokerdesk_core::enums::KNOWLEDGE_IMPORT_STATUS;
use brokerdesk_core::knowledge::{FileStage, ImportAction, ImportStatus};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set, TransactionTrait};

use super::batch::KIND;
use crate::access::{Placed, Unscoped};
use crate::audit::{self, Change};
use crate::entity::{knowledge_import, knowledge_import_file};
use crate::error::AppError;

/// What a file left unfinished by a stopped server says.
pub const INTERRUPTED: &str = "服务重启，导入中断，请重新导入该文件";
/// How long a running batch may write nothing before it is taken for abandoned.
pub const ABANDONED_AFTER: Duration = Duration::from_secs(120);
/// How often a task reading a long file says it is alive.
pub const HEARTBEAT: Duration = Duration::from_secs(30);

/// Ends every abandoned batch as of `now`; answers how many.
pub async fn run(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, AppError> {
    let quiet_since = now
        - chrono::Duration::from_std(ABANDONED_AFTER).unwrap_or_else(|_| chrono::Duration::zero());
    let read = Unscoped::new(db);
    let stale = read
        .all(
            read.find::<knowledge_import::Entity>()
                .filter(knowledge_import::Column::Status.eq(ImportStatus::Running.code()))
                .filter(knowledge_import::Column::UpdatedAt.lt(quiet_since)),
        )
        .await?;
    let mut ended = 0;
    for row in stale {
        if end_one(db, &row, now).await? {
            ended += 1;
        }
    }
    Ok(ended)
}

/// Ends one batch unless its task wrote since it was read.
// The job has no caller to scope it: its writes are guarded by the row as read (clippy.toml).
#[allow(clippy::disallowed_methods)]
async fn end_one(
    db: &DatabaseConnection,
    row: &knowledge_import::Model,
    now: DateTime<Utc>,
) -> Result<bool, AppError> {
    let from = ImportStatus::from_code(row.status).unwrap_or(ImportStatus::Done);
    let to = from
        .after(ImportAction::Finish)
        .map_err(AppError::TransitionRefused)?;
    let txn = db.begin().await?;
    let open = knowledge_import_file::Entity::find()
        .filter(knowledge_import_file::Column::ImportId.eq(row.id))
        .filter(knowledge_import_file::Column::Stage.lt(FileStage::Done.code()))
        .all(&txn)
        .await?;
    let broken = i32::try_from(open.len()).unwrap_or(i32::MAX);
    let moved = knowledge_import::Entity::update_many()
        .set(knowledge_import::ActiveModel {
            status: Set(to.code()),
            files_done: Set(row.files_done.saturating_add(broken)),
            failed: Set(row.failed.saturating_add(broken)),
            updated_at: Set(now),
            finished_at: Set(Some(now)),
            ..Default::default()
        })
        .filter(knowledge_import::Column::Id.eq(row.id))
        .filter(knowledge_import::Column::Status.eq(row.status))
        .filter(knowledge_import::Column::UpdatedAt.eq(row.updated_at))
        .exec(&txn)
        .await?;
    if moved.rows_affected != 1 {
        return Ok(false);
    }
    knowledge_import_file::Entity::update_many()
        .set(knowledge_import_file::ActiveModel {
            stage: Set(FileStage::Failed.code()),
            error: Set(INTERRUPTED.to_owned()),
            content: Set(String::new()),
            data: Set(String::new()),
            ..Default::default()
        })
        .filter(knowledge_import_file::Column::ImportId.eq(row.id))
        .filter(knowledge_import_file::Column::Stage.lt(FileStage::Done.code()))
        .exec(&txn)
        .await?;
    let label = |status: ImportStatus| {
        KNOWLEDGE_IMPORT_STATUS
            .label_of(i64::from(status.code()))
            .unwrap_or_default()
            .to_owned()
    };
    audit::record_system(
        &txn,
        Change::updated(
            KIND,
            row.id,
            &serde_json::json!({ "status": label(from) }),
            &serde_json::json!({
                "status": label(to),
                "interrupted": open.iter().map(|file| &file.file_name).collect::<Vec<_>>(),
            }),
            knowledge_import::Entity::place(row),
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(true)
}
