//! The drop job: a private listing on offer that its maintainer has not followed up for the
//! company's N days goes to the public pool (公盘) by core's rule (`listing::drop`), with 系统 in
//! its history; sealed, deferred and reserved listings stay where they are.

use brokerdesk_core::listing::drop;
use brokerdesk_core::listing::lifecycle::{self, Actor, HouseAction, Pool};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, QueryFilter, Select, Set};

use super::{roles, state_code, state_of, view};
use crate::access::Unscoped;
use crate::entity::listing;
use crate::error::AppError;
use crate::jobs::pool_drop::{self, Dropped, PoolDrop};

/// Drops every listing (second-hand and rental) due at `now`; answers how many moved.
pub async fn run(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, AppError> {
    pool_drop::run::<Listings>(db, now).await
}

struct Listings;

impl PoolDrop for Listings {
    type Entity = listing::Entity;
    const COMPANY: listing::Column = listing::Column::OrganisationId;
    const ID: listing::Column = listing::Column::Id;

    fn idle(
        read: &Unscoped<'_, DatabaseConnection>,
        quiet_since: DateTime<Utc>,
    ) -> Select<listing::Entity> {
        read.find::<listing::Entity>()
            .filter(listing::Column::Pool.eq(Pool::Private.code()))
            // Only the statuses core's drop rule moves: a sealed or deferred listing is not read.
            .filter(
                listing::Column::Status.is_in(
                    HouseAction::Drop
                        .from_statuses()
                        .into_iter()
                        .map(|status| status.code()),
                ),
            )
            .filter(listing::Column::LastActivityAt.lte(quiet_since))
    }

    fn id(row: &listing::Model) -> i64 {
        row.id
    }

    async fn days(read: &Unscoped<'_, DatabaseConnection>, company: i64) -> Result<i64, AppError> {
        view::drop_days(read, company).await
    }

    async fn drop_if_due(
        db: &DatabaseConnection,
        row: &listing::Model,
        days: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, AppError> {
        let from = state_of(row)?;
        let activity = row.last_activity_at.timestamp_millis();
        if !drop::is_due(from, activity, now.timestamp_millis(), days) {
            return Ok(false);
        }
        let to = lifecycle::next(HouseAction::Drop, from, Actor::System)?;
        let changes = listing::ActiveModel {
            status: Set(to.status.code()),
            pool: Set(to.pool.code()),
            updated_at: Set(now),
            ..Default::default()
        };
        let still = Condition::all()
            .add(listing::Column::Id.eq(row.id))
            .add(listing::Column::Status.eq(row.status))
            .add(listing::Column::Pool.eq(row.pool))
            .add(listing::Column::LastActivityAt.eq(row.last_activity_at));
        let dropped = Dropped {
            // A rental's history and audit are the rental's.
            kind: from.trade.kind(),
            id: row.id,
            action: HouseAction::Drop.code(),
            from: (state_code(from), from.label()),
            to: (state_code(to), to.label()),
            reason: format!("超过{days}天未跟进，自动掉入公盘"),
            place: view::place(row),
        };
        // As a release: the 维护 role leaves with the keeper.
        let (id, site) = (row.id, row.site_id);
        pool_drop::drop_row::<listing::Entity>(db, changes, still, dropped, async |txn| {
            roles::hand_maintain(txn, id, site, None).await
        })
        .await
    }
}
