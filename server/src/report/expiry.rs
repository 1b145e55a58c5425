//! The expiry job: an approved report whose visit window has passed without a confirmed visit
//! becomes 无效客户 by core's table (`report::Expire`), with 系统 in its history and the audit log,
//! and its customer is free to be reported again.

use brokerdesk_core::report::{self, Actor, ReportAction, ReportStatus};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set, TransactionTrait};

use super::KIND;
use crate::access::{Placed, Unscoped};
use crate::audit::{self, Action, Change, snapshot};
use crate::entity::new_home_report;
use crate::error::AppError;
use crate::history::{self, StatusMove};

/// What the history says of an expiry.
pub const REASON: &str = "超过到访有效期未确认到访，自动失效";

/// Expires every approved report whose window has passed at `now`; answers how many moved.
pub async fn run(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, AppError> {
    let read = Unscoped::new(db);
    let due = read
        .all(
            read.find::<new_home_report::Entity>()
                .filter(new_home_report::Column::Status.eq(ReportStatus::Approved.code()))
                .filter(new_home_report::Column::VisitDeadline.lt(now)),
        )
        .await?;
    let mut moved = 0;
    for row in due {
        if expire_one(db, &row, now).await? {
            moved += 1;
        }
    }
    Ok(moved)
}

/// Moves one report unless someone moved it since it was read (a visit confirmed meanwhile).
// The job has no caller to scope it: its one write is guarded by the row as read (clippy.toml).
#[allow(clippy::disallowed_methods)]
async fn expire_one(
    db: &DatabaseConnection,
    row: &new_home_report::Model,
    now: DateTime<Utc>,
) -> Result<bool, AppError> {
    let from = ReportStatus::from_code(row.status.into())
        .ok_or_else(|| AppError::StatusUnknown(format!("报备状态「{}」无法识别", row.status)))?;
    let deadline = row.visit_deadline.map(|at| at.timestamp_millis());
    if !deadline.is_some_and(|deadline| report::window_passed(deadline, now.timestamp_millis())) {
        return Ok(false);
    }
    let to = report::next(ReportAction::Expire, from, Actor::System)?;
    let txn = db.begin().await?;
    let result = new_home_report::Entity::update_many()
        .set(new_home_report::ActiveModel {
            status: Set(to.code()),
            updated_at: Set(now),
            ..Default::default()
        })
        .filter(new_home_report::Column::Id.eq(row.id))
        .filter(new_home_report::Column::Status.eq(row.status))
        .exec(&txn)
        .await?;
    if result.rows_affected != 1 {
        return Ok(false);
    }
    let (from_code, to_code) = (from.code().to_string(), to.code().to_string());
    history::record(
        &txn,
        StatusMove {
            entity: KIND,
            entity_id: row.id,
            action: ReportAction::Expire.code(),
            from: &from_code,
            to: &to_code,
            reason: REASON,
            actor_id: None,
        },
    )
    .await?;
    audit::record_system(
        &txn,
        Change::new(
            KIND,
            row.id,
            Action::Status,
            snapshot(&from.label()),
            snapshot(&to.label()),
            new_home_report::Entity::place(row),
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(true)
}
