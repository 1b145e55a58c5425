//! The drop job: a private listing its maintainer has not followed up for the company's N days
//! goes to the public pool (公盘) by core's rule (`listing::drop`), with 系统 in its history.

use std::collections::HashMap;

use brokerdesk_core::listing::drop;
use brokerdesk_core::listing::lifecycle::{self, Actor, HouseAction, Pool};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set, TransactionTrait};

use super::{state_code, state_of, view};
use crate::access::Unscoped;
use crate::audit::{self, Action, Change, snapshot};
use crate::entity::listing;
use crate::error::AppError;
use crate::history::{self, StatusMove};

/// Drops every listing due at `now`; answers how many moved.
pub async fn run(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, AppError> {
    let read = Unscoped::new(db);
    // No company waits fewer than core's minimum: older rows are the only candidates.
    let oldest = now - Duration::days(drop::MIN_DROP_DAYS);
    let candidates = read
        .all(
            read.find::<listing::Entity>()
                .filter(listing::Column::Pool.eq(Pool::Private.code()))
                .filter(listing::Column::LastActivityAt.lte(oldest)),
        )
        .await?;
    let mut days_of: HashMap<i64, i64> = HashMap::new();
    let mut moved = 0;
    for row in candidates {
        let days = match days_of.get(&row.organisation_id) {
            Some(&days) => days,
            None => {
                let days = view::drop_days(&read, row.organisation_id).await?;
                *days_of.entry(row.organisation_id).or_insert(days)
            }
        };
        let from = state_of(&row)?;
        let activity = row.last_activity_at.timestamp_millis();
        if !drop::is_due(from, activity, now.timestamp_millis(), days) {
            continue;
        }
        if drop_one(db, &row, days, now).await? {
            moved += 1;
        }
    }
    Ok(moved)
}

/// Moves one listing unless someone touched it since it was read (a follow-up, a claim).
// The job has no caller to scope it: its one write is guarded by the row as read (clippy.toml).
#[allow(clippy::disallowed_methods)]
async fn drop_one(
    db: &DatabaseConnection,
    row: &listing::Model,
    days: i64,
    now: DateTime<Utc>,
) -> Result<bool, AppError> {
    let from = state_of(row)?;
    let to = lifecycle::next(HouseAction::Drop, from, Actor::System)?;
    let txn = db.begin().await?;
    let changes = listing::ActiveModel {
        status: Set(to.status.code()),
        pool: Set(to.pool.code()),
        store_group_id: Set(None),
        store_id: Set(None),
        department_id: Set(None),
        maintainer_id: Set(None),
        updated_at: Set(now),
        ..Default::default()
    };
    let result = listing::Entity::update_many()
        .set(changes)
        .filter(listing::Column::Id.eq(row.id))
        .filter(listing::Column::Status.eq(row.status))
        .filter(listing::Column::Pool.eq(row.pool))
        .filter(listing::Column::LastActivityAt.eq(row.last_activity_at))
        .exec(&txn)
        .await?;
    if result.rows_affected != 1 {
        return Ok(false);
    }
    let reason = format!("超过{days}天未跟进，自动掉入公盘");
    let (from_code, to_code) = (state_code(from), state_code(to));
    // A rental's history and audit are the rental's.
    let kind = from.trade.kind();
    history::record(
        &txn,
        StatusMove {
            entity: kind,
            entity_id: row.id,
            action: HouseAction::Drop.code(),
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
            kind,
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
