//! The drop job: a private customer its agent has not followed up for the company's N days goes
//! to the public pool (公客) by core's rule (`customer::pool`), with 系统 in its history.

use brokerdesk_core::customer::pool::{self, Actor, CustomerAction, CustomerPool, CustomerStatus};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, QueryFilter, Select, Set};

use super::{KIND, state_code, state_of, view};
use crate::access::Unscoped;
use crate::entity::customer;
use crate::error::AppError;
use crate::jobs::pool_drop::{self, Dropped, PoolDrop};
use crate::transition::Guarded;

/// Drops every customer due at `now`; answers how many moved.
pub async fn run(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, AppError> {
    pool_drop::run::<Customers>(db, now).await
}

struct Customers;

impl PoolDrop for Customers {
    type Entity = customer::Entity;
    const COMPANY: customer::Column = customer::Column::OrganisationId;
    const ID: customer::Column = customer::Column::Id;

    fn idle(
        read: &Unscoped<'_, DatabaseConnection>,
        quiet_since: DateTime<Utc>,
    ) -> Select<customer::Entity> {
        read.find::<customer::Entity>()
            .filter(customer::Column::Pool.eq(CustomerPool::Private.code()))
            .filter(customer::Column::Status.eq(CustomerStatus::Valid.code()))
            .filter(customer::Column::LastActivityAt.lte(quiet_since))
    }

    fn id(row: &customer::Model) -> i64 {
        row.id
    }

    async fn days(read: &Unscoped<'_, DatabaseConnection>, company: i64) -> Result<i64, AppError> {
        let setting = view::setting(read, company, pool::DROP_DAYS_KEY).await?;
        Ok(pool::drop_days(setting.as_deref()))
    }

    async fn drop_if_due(
        db: &DatabaseConnection,
        row: &customer::Model,
        days: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, AppError> {
        let from = state_of(row)?;
        let activity = row.last_activity_at.timestamp_millis();
        if !pool::is_due(from, activity, now.timestamp_millis(), days) {
            return Ok(false);
        }
        let to = pool::next(CustomerAction::Drop, from, Actor::System)?;
        let changes = customer::ActiveModel {
            status: Set(to.status.code()),
            pool: Set(to.pool.code()),
            next_follow_up_on: Set(None),
            updated_at: Set(now),
            ..Default::default()
        };
        let still = customer::Entity::as_read(row)
            .add(customer::Column::LastActivityAt.eq(row.last_activity_at));
        let dropped = Dropped {
            kind: KIND,
            id: row.id,
            action: CustomerAction::Drop.code(),
            from: (state_code(from), from.label()),
            to: (state_code(to), to.label()),
            reason: format!("超过{days}天未跟进，自动转入公客池"),
            place: view::place(row),
        };
        pool_drop::drop_row::<customer::Entity>(db, changes, still, dropped, async |_| Ok(())).await
    }
}
