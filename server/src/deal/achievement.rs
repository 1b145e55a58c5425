//! 业绩: each person's, store's or company's parts of the commissions settled in a month, from the
//! splits of contracts and of new-home deals (a part counts when its contract's or deal's order
//! settles). For a caller reading a whole company
//! it reconciles to the fen with what the settled orders received. The sums are read from the
//! month's kept cells (`deal::performance`), kept as lines settle; only a scope those cells cannot
//! split (a department's or one's own lines, by store or company) sums the lines themselves. What
//! the orders received is read from the month's kept receipts (`settled_order_month`, m0037).

use std::collections::HashMap;

use brokerdesk_core::china_time;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, QueryFilter, QuerySelect};

use super::dto::*;
use super::performance;
use crate::access::{Caller, Scope, Scoped, need};
use crate::entity::{
    deal_split, new_home_deal_share, organisation, performance_month, settled_order_month, store,
};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::history;

/// `YYYY-MM` as the instants it runs between, or the current month when empty.
fn month_bounds(text: &str) -> Result<(String, DateTime<Utc>, DateTime<Utc>), AppError> {
    let first = if text.trim().is_empty() {
        let today = form::today();
        NaiveDate::from_ymd_opt(today.year(), today.month(), 1)
    } else {
        NaiveDate::parse_from_str(&format!("{}-01", text.trim()), "%Y-%m-%d").ok()
    }
    .ok_or_else(|| AppError::invalid("month", "请选择正确的月份"))?;
    let next = if first.month() == 12 {
        NaiveDate::from_ymd_opt(first.year() + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(first.year(), first.month() + 1, 1)
    }
    .ok_or_else(|| AppError::invalid("month", "请选择正确的月份"))?;
    Ok((
        first.format("%Y-%m").to_string(),
        china_time::start_of(first),
        china_time::start_of(next),
    ))
}

/// Per key of the group: a store of the key's parts, fen, deals.
type Grouped = Vec<(Option<i64>, Option<i64>, i64, i64)>;

/// Whether the kept cells of the group's level answer for this scope exactly: a person's cells
/// sit at every placement column, so any scope reads them as it reads the lines; a store's cell
/// counts a deal once however many of the store's people share it, which a scope narrower than
/// stores (a department, one's own lines) cannot split; a company's likewise above stores.
fn kept_reach(scope: &Scope, group: &str) -> bool {
    let below_stores = scope.departments.is_empty() && scope.users.is_empty();
    scope.is_all()
        || match group {
            "agent" => true,
            "store" => below_stores,
            _ => below_stores && scope.store_groups.is_empty() && scope.stores.is_empty(),
        }
}

/// The month's kept cells of the group's level the caller reads, summed by key (contracts'
/// first, then new-home deals', as the lines are read).
async fn from_kept(scoped: &Scoped<'_>, group: &str, month: &str) -> Result<Grouped, AppError> {
    let (level, key) = match group {
        "agent" => (performance::AGENT, performance_month::Column::UserId),
        "store" => (performance::STORE, performance_month::Column::StoreId),
        _ => (
            performance::COMPANY,
            performance_month::Column::OrganisationId,
        ),
    };
    let mut rows: Vec<(i64, i16, i64, i64, i64)> = scoped
        .unscoped()
        .tuples(performance::grouped(
            scoped.read::<performance_month::Entity>(),
            level,
            month,
            key,
        ))
        .await?;
    rows.sort_by_key(|row| row.1);
    Ok(rows
        .into_iter()
        .map(|(key, _, store, amount, deals)| {
            (Some(key), Some(store).filter(|s| *s != 0), amount, deals)
        })
        .collect())
}

/// The same summed from the month's split lines the caller reads: for a scope the kept cells
/// do not answer (a department's or one's own, by store or company).
async fn from_lines(
    scoped: &Scoped<'_>,
    group: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Grouped, AppError> {
    let key = match group {
        "agent" => deal_split::Column::UserId,
        "store" => deal_split::Column::StoreId,
        _ => deal_split::Column::OrganisationId,
    };
    let db = scoped.unscoped();
    // (key, a store of the key's parts, fen, contracts) per key, summed by the database.
    let grouped: Grouped = db
        .tuples(
            scoped
                .read::<deal_split::Entity>()
                .filter(deal_split::Column::SettledAt.gte(from))
                .filter(deal_split::Column::SettledAt.lt(to))
                .select_only()
                .column(key)
                .column_as(Expr::cust("MAX(store_id)"), "store")
                .column_as(Expr::cust("CAST(SUM(amount) AS BIGINT)"), "amount")
                .column_as(Expr::cust("COUNT(DISTINCT contract_id)"), "deals")
                .group_by(key),
        )
        .await?;
    // The same over new-home deals' lines (a part counts when its deal's order settles).
    let new_home_key = match group {
        "agent" => new_home_deal_share::Column::UserId,
        "store" => new_home_deal_share::Column::StoreId,
        _ => new_home_deal_share::Column::OrganisationId,
    };
    let new_homes: Grouped = db
        .tuples(
            scoped
                .read::<new_home_deal_share::Entity>()
                .filter(new_home_deal_share::Column::SettledAt.gte(from))
                .filter(new_home_deal_share::Column::SettledAt.lt(to))
                .select_only()
                .column(new_home_key)
                .column_as(Expr::cust("MAX(store_id)"), "store")
                .column_as(Expr::cust("CAST(SUM(amount_fen) AS BIGINT)"), "amount")
                .column_as(Expr::cust("COUNT(DISTINCT deal_id)"), "deals")
                .group_by(new_home_key),
        )
        .await?;
    Ok(grouped.into_iter().chain(new_homes).collect())
}
/// Performance in a month by agent, store or company, over the splits the caller reads, with
/// what the orders they read received when settling that month. Needs 业绩.
#[utoipa::path(post, path = "/api/v1/fm/business/achievement/summary", tag = "business",
    request_body = AchievementQuery, security(("token" = [])),
    responses((status = 200, description = "The month's performance", body = Envelope<AchievementReport>)))]
pub async fn summary(
    caller: Caller,
    AppJson(query): AppJson<AchievementQuery>,
) -> ApiResult<AchievementReport> {
    let scoped = caller.require(need::ACHIEVEMENT_LIST)?;
    let (month, from, to) = month_bounds(&query.month)?;
    let group = match query.group.trim() {
        "" | "agent" => "agent",
        "store" => "store",
        "company" => "company",
        _ => return Err(AppError::invalid("group", "请选择按人、门店或公司汇总")),
    };
    let db = scoped.unscoped();
    let grouped = if kept_reach(scoped.scope(), group) {
        from_kept(&scoped, group, &month).await?
    } else {
        from_lines(&scoped, group, from, to).await?
    };
    // What the month's settled orders the caller reads received: their kept cells (m0037), which
    // sit where the orders sit, so the scope reads them as it reads the orders.
    let received: Vec<Option<i64>> = db
        .tuples(
            scoped
                .read::<settled_order_month::Entity>()
                .filter(settled_order_month::Column::Month.eq(&month))
                .select_only()
                .column_as(Expr::cust("CAST(SUM(paid) AS BIGINT)"), "paid"),
        )
        .await?;
    let mut totals: HashMap<i64, (i64, i64)> = HashMap::new();
    let mut store_of: HashMap<i64, Option<i64>> = HashMap::new();
    for (key, store, amount, deals) in &grouped {
        let total = totals.entry(key.unwrap_or_default()).or_default();
        total.0 += amount;
        total.1 += deals;
        let seat = store_of.entry(key.unwrap_or_default()).or_default();
        *seat = seat.or(*store);
    }
    let names: HashMap<i64, String> = match group {
        "agent" => history::names_of(&db, totals.keys().copied()).await?,
        "store" => {
            db.names::<store::Entity>(
                store::Column::Id,
                store::Column::Name,
                totals.keys().copied(),
            )
            .await?
        }
        _ => {
            db.names::<organisation::Entity>(
                organisation::Column::Id,
                organisation::Column::Name,
                totals.keys().copied(),
            )
            .await?
        }
    };
    let store_names = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            store_of.values().filter_map(|s| *s),
        )
        .await?;
    let mut rows: Vec<AchievementRow> = totals
        .into_iter()
        .map(|(id, (amount, deals))| AchievementRow {
            id,
            name: names.get(&id).cloned().unwrap_or_else(|| match group {
                "store" => "未分配门店".to_owned(),
                // A new-home deal's 项目方分成 credits no one.
                "agent" => "项目方分成".to_owned(),
                _ => String::new(),
            }),
            store_name: match group {
                // 项目方分成 is the project's, of no store.
                "agent" if id == 0 => String::new(),
                "agent" => store_of
                    .get(&id)
                    .copied()
                    .flatten()
                    .and_then(|s| store_names.get(&s).cloned())
                    .unwrap_or_default(),
                _ => String::new(),
            },
            deals,
            amount,
        })
        .collect();
    rows.sort_by(|a, b| b.amount.cmp(&a.amount).then(a.id.cmp(&b.id)));
    ok(AchievementReport {
        month,
        group: group.to_owned(),
        total: grouped.iter().map(|g| g.2).sum(),
        settled_orders: received.into_iter().flatten().sum(),
        rows,
    })
}
