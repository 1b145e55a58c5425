//! The four functions themselves: each reads through the asker's [`Caller`] (their needs,
//! `Scoped` handles and list views, so phones are masked as on their screens) and gives the
//! model rows and the count it was given.

use brokerdesk_core::decimal::Decimal;
use brokerdesk_core::enums;
use brokerdesk_core::format::fen_amount;
use brokerdesk_core::listing::trade::Trade;
use chrono::{Datelike, NaiveDate};
use sea_orm::{ColumnTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{CUSTOMER_LOOKUP, DEAL_SUMMARY, LISTING_SEARCH, PERFORMANCE_SUMMARY, ROWS, Runner};
use crate::access::{Caller, need};
use crate::entity::{customer, deal_contract, district, listing};
use crate::error::{AppError, AppJson};
use crate::paging::PageQuery;

/// Runs the function `name` with its JSON `arguments` as the runner's asker.
pub(super) async fn run(
    runner: &Runner,
    name: &str,
    arguments: &str,
) -> Result<(Value, usize), AppError> {
    let arguments = if arguments.trim().is_empty() {
        "{}"
    } else {
        arguments
    };
    match name {
        LISTING_SEARCH => listing_search(&runner.caller(), parse(arguments)?).await,
        CUSTOMER_LOOKUP => customer_lookup(&runner.caller(), parse(arguments)?).await,
        DEAL_SUMMARY => deal_summary(&runner.caller(), parse(arguments)?).await,
        PERFORMANCE_SUMMARY => performance_summary(runner, parse(arguments)?).await,
        _ => Err(AppError::invalid("name", format!("业务函数不存在：{name}"))),
    }
}

fn parse<T: serde::de::DeserializeOwned>(arguments: &str) -> Result<T, AppError> {
    serde_json::from_str(arguments)
        .map_err(|err| AppError::invalid("arguments", format!("函数参数格式不正确：{err}")))
}

fn label(table: &str, value: i64) -> String {
    enums::table(table)
        .and_then(|table| table.label_of(value))
        .map_or_else(|| value.to_string(), str::to_owned)
}

fn area_text(hundredths: i64) -> String {
    format!(
        "{}㎡",
        Decimal::from_hundredths(hundredths)
            .trimmed()
            .to_text(false)
    )
}

fn page(size: usize) -> PageQuery {
    PageQuery {
        page_num: Some(1),
        page_size: i64::try_from(size).ok(),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListingArgs {
    trade: Option<String>,
    district: Option<String>,
    min_price: Option<u32>,
    max_price: Option<u32>,
    rooms: Option<i16>,
    keyword: Option<String>,
}

/// 房源搜索: the trade's list as the asker's list page reads it (its need, scope and view),
/// narrowed by district, price, rooms and keyword.
async fn listing_search(caller: &Caller, args: ListingArgs) -> Result<(Value, usize), AppError> {
    let trade = match args.trade.as_deref().map(str::trim).unwrap_or_default() {
        "" | "sale" | "二手房" => Trade::Sale,
        "rent" | "lease" | "租房" => Trade::Lease,
        _ => {
            return Err(AppError::invalid(
                "trade",
                "房源类型只能是 sale（二手房）或 rent（租房）",
            ));
        }
    };
    let scoped = caller.require(crate::listing::needs(trade).list)?;
    let query = crate::listing::ListingQuery {
        keyword: args.keyword.clone(),
        ..Default::default()
    };
    let mut select = crate::listing::filtered(trade, &scoped, &query).await?;
    if let Some(name) = args
        .district
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        let db = scoped.unscoped();
        let ids: Vec<i64> = db
            .values(
                db.find::<district::Entity>()
                    .filter(crate::shared::contains(district::Column::Name, name)),
                district::Column::Id,
            )
            .await?;
        if ids.is_empty() {
            return Err(AppError::invalid(
                "district",
                format!("没有名为“{name}”的区域"),
            ));
        }
        select = select.filter(listing::Column::DistrictId.is_in(ids));
    }
    if let Some(rooms) = args.rooms {
        select = select.filter(listing::Column::Rooms.eq(rooms));
    }
    // 万 of a sale's total, 元 of a monthly rent, as fen.
    let fen_per_unit: i64 = match trade {
        Trade::Sale => 1_000_000,
        Trade::Lease => 100,
    };
    if let Some(min) = args.min_price {
        select = select.filter(listing::Column::Price.gte(i64::from(min) * fen_per_unit));
    }
    if let Some(max) = args.max_price {
        select = select.filter(listing::Column::Price.lte(i64::from(max) * fen_per_unit));
    }
    let found = scoped
        .page_by_key(
            select
                .order_by_desc(listing::Column::CreatedAt)
                .order_by_desc(listing::Column::Id),
            listing::Column::Id,
            page(ROWS),
        )
        .await?;
    let rows = crate::listing::view::rows(&scoped.unscoped(), caller, &found.list).await?;
    let unit = match trade {
        Trade::Sale => "",
        Trade::Lease => "/月",
    };
    let shown: Vec<Value> = rows
        .iter()
        .map(|row| {
            json!({
                "id": row.id,
                "trade": match trade { Trade::Sale => "二手房", Trade::Lease => "租房" },
                "communityName": row.community_name,
                "districtName": row.district_name,
                "businessCircleName": row.business_circle_name,
                "roomLabel": row.room_label,
                "layout": format!("{}室{}厅{}卫", row.rooms, row.halls, row.baths),
                "area": area_text(row.area),
                "floor": format!("{}/{}层", row.floor, row.total_floors),
                "price": format!("{}元{unit}", fen_amount(row.price)),
                "status": label("houseStatus", i64::from(row.status)),
                "pool": label("housePool", i64::from(row.pool)),
                "maintainerName": row.maintainer_name,
                "storeName": row.store_name,
                "ownerName": row.owner_name,
                "ownerPhone": row.owner_phone,
                "phoneAccess": row.phone_access,
            })
        })
        .collect();
    let count = shown.len();
    Ok((json!({ "total": found.total, "rows": shown }), count))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CustomerArgs {
    name: Option<String>,
    phone_tail: Option<String>,
}

/// 客户查询: the customers the asker's customer list reads, by name or the end of the phone
/// as the asker sees it.
async fn customer_lookup(caller: &Caller, args: CustomerArgs) -> Result<(Value, usize), AppError> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let name = args
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let tail = args
        .phone_tail
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    if name.is_none() && tail.is_none() {
        return Err(AppError::invalid("name", "请给出客户姓名或手机号后几位"));
    }
    let mut select = scoped.read::<customer::Entity>();
    if let Some(name) = name {
        select = select.filter(crate::shared::contains(customer::Column::Name, name));
    }
    if let Some(tail) = tail {
        if !(3..=11).contains(&tail.len()) || !tail.chars().all(|c| c.is_ascii_digit()) {
            return Err(AppError::invalid("phoneTail", "手机号后几位须为3-11位数字"));
        }
        select = select.filter(crate::shared::like(
            customer::Column::PhoneKey,
            tail,
            crate::shared::Found::AtEnd,
        ));
    }
    let found = scoped
        .page_by_key(
            select
                .order_by_desc(customer::Column::CreatedAt)
                .order_by_desc(customer::Column::Id),
            customer::Column::Id,
            page(ROWS),
        )
        .await?;
    let mut rows = crate::customer::view::rows(&scoped.unscoped(), caller, &found.list).await?;
    if let Some(tail) = tail {
        // Only what the asker's screen shows may match: a tail inside the masked digits does not.
        rows.retain(|row| {
            let digits: String = row.phone.chars().filter(char::is_ascii_digit).collect();
            digits.ends_with(tail)
        });
    }
    let shown: Vec<Value> = rows
        .iter()
        .map(|row| {
            let rental = i64::from(row.demand) == brokerdesk_core::customer::wish::RENTAL_DEMAND;
            let money = |fen: Option<i64>| {
                fen.map(|fen| format!("{}元{}", fen_amount(fen), if rental { "/月" } else { "" }))
            };
            json!({
                "id": row.id,
                "name": row.name,
                "phone": row.phone,
                "phoneAccess": row.phone_access,
                "level": label("customerLevel", i64::from(row.level)),
                "demand": label("customerDemand", i64::from(row.demand)),
                "budgetMin": money(row.budget_min),
                "budgetMax": money(row.budget_max),
                "areaMin": row.area_min.map(area_text),
                "areaMax": row.area_max.map(area_text),
                "districtNames": row.district_names,
                "rooms": row.rooms,
                "status": label("customerStatus", i64::from(row.status)),
                "pool": label("customerPool", i64::from(row.pool)),
                "ownerName": row.owner_name,
                "storeName": row.store_name,
                "nextFollowUpOn": row.next_follow_up_on,
                "followUpDue": row.follow_up_due,
            })
        })
        .collect();
    let count = shown.len();
    Ok((json!({ "rows": shown }), count))
}

/// `YYYY-MM` (default this month, China time) as its first day and the next month's.
fn month_of(text: Option<&str>) -> Result<(String, NaiveDate, NaiveDate), AppError> {
    let text = text.map(str::trim).unwrap_or_default();
    let first = if text.is_empty() {
        let today = crate::form::today();
        NaiveDate::from_ymd_opt(today.year(), today.month(), 1)
    } else {
        NaiveDate::parse_from_str(&format!("{text}-01"), "%Y-%m-%d").ok()
    }
    .ok_or_else(|| AppError::invalid("month", "月份格式应为 YYYY-MM"))?;
    let next = first
        .checked_add_months(chrono::Months::new(1))
        .ok_or_else(|| AppError::invalid("month", "月份格式应为 YYYY-MM"))?;
    Ok((first.format("%Y-%m").to_string(), first, next))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MonthArgs {
    month: Option<String>,
}

/// 成交合同汇总: contracts signed in the month, of each kind whose list the asker may read,
/// within their scope.
async fn deal_summary(caller: &Caller, args: MonthArgs) -> Result<(Value, usize), AppError> {
    use brokerdesk_core::deal::contract::ContractKind;
    let (month, first, next) = month_of(args.month.as_deref())?;
    let mut kinds = Vec::new();
    let mut given = 0;
    for kind in [ContractKind::Sale, ContractKind::Lease] {
        if !caller.allows(crate::deal::needs_of(kind).read) {
            continue;
        }
        let scoped = caller.require(crate::deal::needs_of(kind).read)?;
        let rows = scoped
            .all(
                scoped
                    .read::<deal_contract::Entity>()
                    .filter(deal_contract::Column::Kind.eq(kind.code()))
                    .filter(deal_contract::Column::SignedOn.gte(first))
                    .filter(deal_contract::Column::SignedOn.lt(next))
                    .order_by_desc(deal_contract::Column::SignedOn)
                    .order_by_desc(deal_contract::Column::Id),
            )
            .await?;
        let db = scoped.unscoped();
        let names =
            crate::history::names_of(&db, rows.iter().take(5).map(|row| row.agent_id)).await?;
        let mut statuses: Vec<(String, usize)> = Vec::new();
        for row in &rows {
            let status = label("contractStatus", i64::from(row.status));
            match statuses.iter_mut().find(|(name, _)| *name == status) {
                Some(entry) => entry.1 += 1,
                None => statuses.push((status, 1)),
            }
        }
        let recent: Vec<Value> = rows
            .iter()
            .take(5)
            .map(|row| {
                json!({
                    "code": row.code,
                    "address": row.address,
                    "agentName": names.get(&row.agent_id).cloned().unwrap_or_default(),
                    "price": format!("{}元", fen_amount(row.price)),
                    "commission": format!("{}元", fen_amount(row.owner_commission + row.customer_commission)),
                    "status": label("contractStatus", i64::from(row.status)),
                    "signedOn": row.signed_on.map(|day| day.to_string()),
                })
            })
            .collect();
        given += recent.len();
        kinds.push(json!({
            "kind": label("contractKind", i64::from(kind.code())),
            "count": rows.len(),
            "byStatus": statuses.into_iter().map(|(status, count)| json!({ "status": status, "count": count })).collect::<Vec<_>>(),
            "totalPrice": format!("{}元", fen_amount(rows.iter().map(|row| row.price).sum())),
            "totalCommission": format!("{}元", fen_amount(rows.iter().map(|row| row.owner_commission + row.customer_commission).sum())),
            "recent": recent,
        }));
    }
    if kinds.is_empty() {
        return Err(AppError::NoPermission);
    }
    Ok((json!({ "month": month, "kinds": kinds }), given))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PerformanceArgs {
    range: Option<String>,
    month: Option<String>,
}

/// The 业绩 page's own summary, grouped by `group`, as the asker reads it.
async fn achievement(
    runner: &Runner,
    month: &str,
    group: &str,
) -> Result<crate::deal::AchievementReport, AppError> {
    let query = crate::deal::AchievementQuery {
        month: month.to_owned(),
        group: group.to_owned(),
    };
    let answer = crate::deal::achievement::summary(runner.caller(), AppJson(query)).await?;
    Ok(answer.0.data)
}

/// 业绩汇总: the asker's own month or their store's, from the 业绩 page's summary (its need and
/// scope).
async fn performance_summary(
    runner: &Runner,
    args: PerformanceArgs,
) -> Result<(Value, usize), AppError> {
    let (month, _, _) = month_of(args.month.as_deref())?;
    let me = &runner.known.user;
    match args.range.as_deref().map(str::trim).unwrap_or_default() {
        "" | "mine" => {
            let report = achievement(runner, &month, "agent").await?;
            let mine = report.rows.iter().find(|row| row.id == me.id);
            Ok((
                json!({
                    "month": report.month,
                    "name": me.real_name,
                    "deals": mine.map_or(0, |row| row.deals),
                    "amount": format!("{}元", fen_amount(mine.map_or(0, |row| row.amount))),
                }),
                1,
            ))
        }
        "store" => {
            let Some(store) = me.store_id else {
                return Err(AppError::invalid("range", "你不属于任何门店，没有门店业绩"));
            };
            let stores = achievement(runner, &month, "store").await?;
            let agents = achievement(runner, &month, "agent").await?;
            let db = crate::access::Unscoped::new(&runner.db);
            let store_name = db
                .names::<crate::entity::store::Entity>(
                    crate::entity::store::Column::Id,
                    crate::entity::store::Column::Name,
                    [store],
                )
                .await?
                .remove(&store)
                .unwrap_or_default();
            let total = stores.rows.iter().find(|row| row.id == store);
            let people: Vec<Value> = agents
                .rows
                .iter()
                .filter(|row| row.store_name == store_name)
                .map(|row| {
                    json!({ "name": row.name, "deals": row.deals, "amount": format!("{}元", fen_amount(row.amount)) })
                })
                .collect();
            let count = people.len() + 1;
            Ok((
                json!({
                    "month": stores.month,
                    "storeName": store_name,
                    "deals": total.map_or(0, |row| row.deals),
                    "amount": format!("{}元", fen_amount(total.map_or(0, |row| row.amount))),
                    "agents": people,
                }),
                count,
            ))
        }
        _ => Err(AppError::invalid(
            "range",
            "range 只能是 mine（我的）或 store（我的门店）",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_default_to_this_one_and_refuse_nonsense() {
        let (month, first, next) = month_of(Some("2026-12")).unwrap();
        assert_eq!(month, "2026-12");
        assert_eq!(
            (first.to_string(), next.to_string()),
            ("2026-12-01".into(), "2027-01-01".into())
        );
        assert!(month_of(Some("十二月")).is_err());
        assert_eq!(month_of(None).unwrap().0.len(), 7);
    }
}
