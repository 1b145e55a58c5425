//! One runner for the pools' drop jobs (listings to 公盘, customers to 公客). Each company has its
//! own N, so the runner goes company by company, reading that company's idle private rows a page
//! at a time in id order: a run over a million rows holds one page in memory, never the table.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Select, TransactionTrait,
};

use crate::access::{Place, Placed, Unscoped};
use crate::audit::{self, Action, Change, snapshot};
use crate::error::AppError;
use crate::history::{self, StatusMove};

/// Rows read at once.
const PAGE: u64 = 500;

/// A pool whose private rows drop to the public pool after the company's N quiet days.
pub(crate) trait PoolDrop {
    type Entity: EntityTrait;
    /// The row's company and id columns (the runner groups and pages by them).
    const COMPANY: <Self::Entity as EntityTrait>::Column;
    const ID: <Self::Entity as EntityTrait>::Column;

    /// Private rows the rule may touch, last active at or before `quiet_since`.
    fn idle(
        read: &Unscoped<'_, DatabaseConnection>,
        quiet_since: DateTime<Utc>,
    ) -> Select<Self::Entity>;
    fn id(row: &<Self::Entity as EntityTrait>::Model) -> i64;
    /// The company's N.
    async fn days(read: &Unscoped<'_, DatabaseConnection>, company: i64) -> Result<i64, AppError>;
    /// Moves the row when core's rule says it is due, unless someone touched it since it was
    /// read; answers whether it moved.
    async fn drop_if_due(
        db: &DatabaseConnection,
        row: &<Self::Entity as EntityTrait>::Model,
        days: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, AppError>;
}

/// Drops every row of `P` due at `now`; answers how many moved.
pub(crate) async fn run<P: PoolDrop>(
    db: &DatabaseConnection,
    now: DateTime<Utc>,
) -> Result<u64, AppError>
where
    <P::Entity as EntityTrait>::Model: Sync,
{
    let read = Unscoped::new(db);
    // No company waits fewer than core's minimum: only companies with older rows have work.
    let oldest = now - Duration::days(brokerdesk_core::listing::drop::MIN_DROP_DAYS);
    let companies: Vec<i64> = read
        .values(P::idle(&read, oldest).distinct(), P::COMPANY)
        .await?;
    let mut moved = 0;
    for company in companies {
        let days = P::days(&read, company).await?;
        let quiet_since = now - Duration::days(days);
        let mut after = 0;
        loop {
            let page = read
                .all(
                    P::idle(&read, quiet_since)
                        .filter(P::COMPANY.eq(company))
                        .filter(P::ID.gt(after))
                        .order_by_asc(P::ID)
                        .limit(PAGE),
                )
                .await?;
            for row in &page {
                if P::drop_if_due(db, row, days, now).await? {
                    moved += 1;
                }
            }
            match page.last() {
                Some(last) if page.len() as u64 == PAGE => after = P::id(last),
                _ => break,
            }
        }
    }
    Ok(moved)
}

/// What a drop leaves behind: its history line (系统, and why) and its audit record.
pub(crate) struct Dropped {
    pub kind: &'static str,
    pub id: i64,
    pub action: &'static str,
    pub from: (String, String),
    pub to: (String, String),
    pub reason: String,
    pub place: Place,
}

/// Drops one row: writes `changes` with its seat emptied ([`Placed::clear_seat`]) to the row
/// `still` finds (the row as read, untouched since), then `also` (what else leaves with the
/// keeper), its history and audit, in one transaction; answers whether the row was still there
/// to move.
// The job has no caller to scope it: its one write is guarded by the row as read (clippy.toml).
#[allow(clippy::disallowed_methods)]
pub(crate) async fn drop_row<E: Placed>(
    db: &DatabaseConnection,
    changes: E::ActiveModel,
    still: Condition,
    dropped: Dropped,
    also: impl AsyncFnOnce(&DatabaseTransaction) -> Result<(), AppError>,
) -> Result<bool, AppError> {
    let txn = db.begin().await?;
    let result = E::update_many()
        .set(E::clear_seat(changes))
        .filter(still)
        .exec(&txn)
        .await?;
    if result.rows_affected != 1 {
        return Ok(false);
    }
    also(&txn).await?;
    record(&txn, dropped).await?;
    txn.commit().await?;
    Ok(true)
}

/// Records a drop in the row's history and the audit log, inside the move's transaction.
async fn record(txn: &DatabaseTransaction, dropped: Dropped) -> Result<(), AppError> {
    let Dropped {
        kind,
        id,
        action,
        from,
        to,
        reason,
        place,
    } = dropped;
    history::record(
        txn,
        StatusMove {
            entity: kind,
            entity_id: id,
            action,
            from: &from.0,
            to: &to.0,
            reason: &reason,
            actor_id: None,
        },
    )
    .await?;
    audit::record_system(
        txn,
        Change::new(
            kind,
            id,
            Action::Status,
            snapshot(&from.1),
            snapshot(&to.1),
            place,
        ),
    )
    .await
}
