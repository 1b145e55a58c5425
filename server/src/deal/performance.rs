//! 业绩 kept per month (`performance_month`): the settled split lines of a contract or a new-home
//! deal, summed per person at their seat, per store and per company, in the transaction that
//! settles them. Every writer of settled lines takes the deal's lines out before it changes them
//! ([`remove`]) and puts them back after ([`add`]), so the kept sums stay what summing the lines
//! gives, to the fen, and the summary reads a few hundred cells instead of a month's lines.

use std::collections::BTreeMap;

use brokerdesk_core::china_time;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set};

use crate::entity::{deal_split, new_home_deal_share, performance_month};
use crate::error::AppError;

/// Whose lines: a contract's (`deal_split`) or a new-home deal's (`new_home_deal_share`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Contract = 1,
    NewHome = 2,
}

/// A person at their seat.
pub const AGENT: i16 = 1;
/// A store (of a store group, a company, a city site).
pub const STORE: i16 = 2;
/// A company (in a city site).
pub const COMPANY: i16 = 3;

/// `YYYY-MM` of an instant in China time (as the summary's months run).
pub fn month_of(at: DateTime<Utc>) -> String {
    at.with_timezone(&china_time::offset())
        .format("%Y-%m")
        .to_string()
}

/// One settled line: site, company, store group, store, department, person (0 where absent),
/// fen, when it settled.
type Settled = ([i64; 6], i64, DateTime<Utc>);

#[allow(clippy::disallowed_methods)]
async fn settled_lines<C: ConnectionTrait>(
    db: &C,
    kind: Kind,
    owner: i64,
) -> Result<Vec<Settled>, AppError> {
    let lines = match kind {
        Kind::Contract => deal_split::Entity::find()
            .filter(deal_split::Column::ContractId.eq(owner))
            .filter(deal_split::Column::SettledAt.is_not_null())
            .all(db)
            .await?
            .into_iter()
            .filter_map(|l| {
                Some((
                    [
                        l.site_id,
                        l.organisation_id,
                        l.store_group_id.unwrap_or_default(),
                        l.store_id.unwrap_or_default(),
                        l.department_id.unwrap_or_default(),
                        l.user_id,
                    ],
                    l.amount,
                    l.settled_at?,
                ))
            })
            .collect(),
        Kind::NewHome => new_home_deal_share::Entity::find()
            .filter(new_home_deal_share::Column::DealId.eq(owner))
            .filter(new_home_deal_share::Column::SettledAt.is_not_null())
            .all(db)
            .await?
            .into_iter()
            .filter_map(|l| {
                Some((
                    [
                        l.site_id,
                        l.organisation_id.unwrap_or_default(),
                        l.store_group_id.unwrap_or_default(),
                        l.store_id.unwrap_or_default(),
                        l.department_id.unwrap_or_default(),
                        l.user_id.unwrap_or_default(),
                    ],
                    l.amount_fen,
                    l.settled_at?,
                ))
            })
            .collect(),
    };
    Ok(lines)
}

/// The cells one deal's settled lines make: per (level, month, placement) their fen; the deal
/// counts once in each cell it has a line in.
fn cells(lines: &[Settled]) -> BTreeMap<(i16, String, [i64; 6]), i64> {
    let mut cells = BTreeMap::new();
    for (place, amount, at) in lines {
        let month = month_of(*at);
        let [site, company, group, store, _, _] = *place;
        for (level, key) in [
            (AGENT, *place),
            (STORE, [site, company, group, store, 0, 0]),
            (COMPANY, [site, company, 0, 0, 0, 0]),
        ] {
            *cells.entry((level, month.clone(), key)).or_insert(0) += amount;
        }
    }
    cells
}

/// Adds (`sign` 1) or takes out (`sign` -1) the deal's settled lines from the kept sums.
#[allow(clippy::disallowed_methods)]
async fn apply<C: ConnectionTrait>(
    db: &C,
    kind: Kind,
    owner: i64,
    sign: i64,
) -> Result<(), AppError> {
    let lines = settled_lines(db, kind, owner).await?;
    for ((level, month, place), amount) in cells(&lines) {
        let [site, company, group, store, department, person] = place;
        performance_month::Entity::insert(performance_month::ActiveModel {
            level: Set(level),
            kind: Set(kind as i16),
            month: Set(month),
            site_id: Set(site),
            organisation_id: Set(company),
            store_group_id: Set(group),
            store_id: Set(store),
            department_id: Set(department),
            user_id: Set(person),
            amount: Set(sign * amount),
            deals: Set(sign),
            ..Default::default()
        })
        .on_conflict(
            OnConflict::columns(KEY)
                .value(
                    performance_month::Column::Amount,
                    Expr::cust("performance_month.amount + excluded.amount"),
                )
                .value(
                    performance_month::Column::Deals,
                    Expr::cust("performance_month.deals + excluded.deals"),
                )
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    }
    Ok(())
}

/// The unique key of a cell.
const KEY: [performance_month::Column; 9] = [
    performance_month::Column::Level,
    performance_month::Column::Kind,
    performance_month::Column::Month,
    performance_month::Column::SiteId,
    performance_month::Column::OrganisationId,
    performance_month::Column::StoreGroupId,
    performance_month::Column::StoreId,
    performance_month::Column::DepartmentId,
    performance_month::Column::UserId,
];

/// After the deal's lines settled (or were written settled): they count.
pub async fn add<C: ConnectionTrait>(db: &C, kind: Kind, owner: i64) -> Result<(), AppError> {
    apply(db, kind, owner, 1).await
}

/// Before the deal's lines change or go: what they counted no longer does.
pub async fn remove<C: ConnectionTrait>(db: &C, kind: Kind, owner: i64) -> Result<(), AppError> {
    apply(db, kind, owner, -1).await
}

/// The kept cells of a month at `level` the select reaches, summed by `key` and kind:
/// `(key, kind, a store of the key's cells, fen, deals)`.
pub fn grouped(
    select: sea_orm::Select<performance_month::Entity>,
    level: i16,
    month: &str,
    key: performance_month::Column,
) -> sea_orm::Select<performance_month::Entity> {
    select
        .filter(performance_month::Column::Level.eq(level))
        .filter(performance_month::Column::Month.eq(month))
        .filter(performance_month::Column::Deals.ne(0))
        .select_only()
        .column(key)
        .column(performance_month::Column::Kind)
        .column_as(Expr::cust("MAX(store_id)"), "store")
        .column_as(Expr::cust("CAST(SUM(amount) AS BIGINT)"), "amount")
        .column_as(Expr::cust("CAST(SUM(deals) AS BIGINT)"), "deals")
        .group_by(key)
        .group_by(performance_month::Column::Kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_deal_counts_once_per_cell_and_its_fen_sum_per_level() {
        // 2026-10-31 17:00 UTC is 2026-11-01 01:00 in China: November's.
        let at = Utc.with_ymd_and_hms(2026, 10, 31, 17, 0, 0).unwrap();
        let lines = vec![
            ([1, 10, 100, 1000, 5, 42], 300, at),
            ([1, 10, 100, 1000, 5, 42], 200, at),
            ([1, 10, 100, 1000, 6, 43], 7, at),
            ([1, 10, 200, 2000, 0, 44], 1, at),
        ];
        let cells = cells(&lines);
        let get = |level, key| cells.get(&(level, "2026-11".to_owned(), key)).copied();
        assert_eq!(get(AGENT, [1, 10, 100, 1000, 5, 42]), Some(500));
        assert_eq!(get(AGENT, [1, 10, 100, 1000, 6, 43]), Some(7));
        assert_eq!(get(STORE, [1, 10, 100, 1000, 0, 0]), Some(507));
        assert_eq!(get(STORE, [1, 10, 200, 2000, 0, 0]), Some(1));
        assert_eq!(get(COMPANY, [1, 10, 0, 0, 0, 0]), Some(508));
        assert_eq!(cells.len(), 6, "one cell per person, store and company");
    }
}
