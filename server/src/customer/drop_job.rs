//! The drop job: a private customer its agent has not followed up for the company's N days goes
//! to the public pool (公客) by core's rule (`customer::pool`), with 系统 in its history.

use std::collections::HashMap;

use brokerdesk_core::customer::pool::{self, Actor, CustomerAction, CustomerPool, CustomerStatus};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set, TransactionTrait};

use super::{KIND, state_code, state_of, view};
use crate::access::Unscoped;
use crate::audit::{self, Action, Change, snapshot};
use crate::entity::customer;
use crate::error::AppError;
use crate::history::{self, StatusMove};
use crate::transition::Guarded;

/// Drops every customer due at `now`; answers how many moved.
pub async fn run(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, AppError> {
    let read = Unscoped::new(db);
    // No company waits fewer than core's minimum: older rows are the only candidates.
    let oldest = now - Duration::days(brokerdesk_core::listing::drop::MIN_DROP_DAYS);
    let candidates = read
        .all(
            read.find::<customer::Entity>()
                .filter(customer::Column::Pool.eq(CustomerPool::Private.code()))
                .filter(customer::Column::Status.eq(CustomerStatus::Valid.code()))
                .filter(customer::Column::LastActivityAt.lte(oldest)),
        )
        .await?;
    let mut days_of: HashMap<i64, i64> = HashMap::new();
    let mut moved = 0;
    for row in candidates {
        let days = match days_of.get(&row.organisation_id) {
            Some(&days) => days,
            None => {
                let setting =
                    view::setting(&read, row.organisation_id, pool::DROP_DAYS_KEY).await?;
                *days_of
                    .entry(row.organisation_id)
                    .or_insert(pool::drop_days(setting.as_deref()))
            }
        };
        let from = state_of(&row)?;
        let activity = row.last_activity_at.timestamp_millis();
        if !pool::is_due(from, activity, now.timestamp_millis(), days) {
            continue;
        }
        if drop_one(db, &row, days, now).await? {
            moved += 1;
        }
    }
    Ok(moved)
}

/// Moves one customer unless someone touched it since it was read (a follow-up, a transfer).
// The job has no caller to scope it: its one write is guarded by the row as read (clippy.toml).
#[allow(clippy::disallowed_methods)]
async fn drop_one(
    db: &DatabaseConnection,
    row: &customer::Model,
    days: i64,
    now: DateTime<Utc>,
) -> Result<bool, AppError> {
    let from = state_of(row)?;
    let to = pool::next(CustomerAction::Drop, from, Actor::System)?;
    let txn = db.begin().await?;
    let changes = customer::ActiveModel {
        status: Set(to.status.code()),
        pool: Set(to.pool.code()),
        store_group_id: Set(None),
        store_id: Set(None),
        department_id: Set(None),
        owner_id: Set(None),
        next_follow_up_on: Set(None),
        updated_at: Set(now),
        ..Default::default()
    };
    let result = customer::Entity::update_many()
        .set(changes)
        .filter(customer::Entity::as_read(row))
        .filter(customer::Column::LastActivityAt.eq(row.last_activity_at))
        .exec(&txn)
        .await?;
    if result.rows_affected != 1 {
        return Ok(false);
    }
    let reason = format!("超过{days}天未跟进，自动转入公客池");
    let (from_code, to_code) = (state_code(from), state_code(to));
    history::record(
        &txn,
        StatusMove {
            entity: KIND,
            entity_id: row.id,
            action: CustomerAction::Drop.code(),
            from: &from_code,
            to: &to_code,
            reason: &reason,
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
            view::place(row),
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(true)
}
