//! 新房成交 (/work/business/newHouse/editDeal/{id}, dealDetail/{id}): a deal declared on a visited
//! report with its unit, area, total price, the commission core works out from the project's
//! rule on the deal day, and the performance split (§3 performance types, 100% of the commission
//! in fen by core's remainder rule). Its status moves only by core's `new_home_deal` table
//! through guarded transitions, each in the history and the audit log: a reviewer approves the
//! split (业绩审核通过, which opens its commission order as a draft, the same 佣金单 contracts
//! have) or closes the deal; receipts confirmed on the order move it to 部分结佣 and 已结佣
//! (`settle_from_order`, called by the order's payment). Design: `docs/deals.md`.

use std::collections::HashMap;

use brokerdesk_core::deal::order::{self as core_order, OrderAction, OrderStatus};
use brokerdesk_core::enums::PERFORMANCE_TYPE;
use brokerdesk_core::listing::price;
use brokerdesk_core::new_home::{self as core_new_home, CommissionRule, hundredths_text};
use brokerdesk_core::new_home_deal::{
    self as rules, Actor, DealAction, DealStatus, PROJECT_SIDE, Share,
};
use brokerdesk_core::org::staff_status::WorkingStatus;
use brokerdesk_core::report;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, Set,
};

use super::dto::*;
use super::{rows as report_rows, status_of as report_status};
use crate::access::{Caller, Placed, Scoped, Unscoped, need};
use crate::audit::{self, Action, Change, snapshot};
use crate::deal::{performance, split_writer};
use crate::entity::{
    commission_order, new_home_commission_rule, new_home_deal, new_home_deal_share,
    new_home_project, new_home_report, store, user,
};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::history::{self, StatusMove};
use crate::paging::{Page, filter_text};
use crate::resource::Resource;
use crate::shared::{IdRequest, millis, name_of};
use crate::transition;

/// The entity name in the audit log and status history.
pub const KIND: &str = "newHomeDeal";
/// The commission order's kind there (the same as a contract's order).
const ORDER: &str = "commissionOrder";

const NOT_VISITED: &str = "只有已确认到访（有效客户）的报备可以申报成交";
const DECLARED: &str = "该报备已申报成交，不能重复申报";
const NOT_OURS: &str = "业绩分配的员工须为本公司在职员工";
const NO_RULE: &str = "该楼盘在成交日期没有适用的佣金规则，请联系城市运营维护佣金规则";

pub fn deal_status(row: &new_home_deal::Model) -> Result<DealStatus, AppError> {
    DealStatus::from_code(row.status.into()).ok_or_else(|| {
        AppError::StatusUnknown(format!("成交状态「{}」无法识别，请联系管理员", row.status))
    })
}

fn status_label(code: &str) -> String {
    code.parse::<i64>()
        .ok()
        .and_then(DealStatus::from_code)
        .map(|s| s.label().to_owned())
        .unwrap_or_else(|| code.to_owned())
}

fn action_label(code: &str) -> &'static str {
    match code {
        "declare" => "申报成交",
        other => DealAction::from_code(other)
            .map(DealAction::label)
            .unwrap_or_default(),
    }
}

fn share_text(kind: i16, name: &str, bp: i64, amount: i64) -> String {
    format!(
        "{} {} {}% {}元",
        PERFORMANCE_TYPE.label_of(kind.into()).unwrap_or_default(),
        if name.is_empty() { "项目方" } else { name },
        hundredths_text(bp),
        hundredths_text(amount)
    )
}

impl Resource for new_home_deal::Entity {
    const KIND: &'static str = KIND;
    type View = DealAudit;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<new_home_deal::Model>,
    ) -> Result<Vec<DealAudit>, AppError> {
        let shares = db
            .all(
                db.find::<new_home_deal_share::Entity>()
                    .filter(new_home_deal_share::Column::DealId.is_in(rows.iter().map(|r| r.id)))
                    .order_by_asc(new_home_deal_share::Column::Sort),
            )
            .await?;
        let names = history::names_of(db, shares.iter().filter_map(|s| s.user_id)).await?;
        let projects = db
            .names::<new_home_project::Entity>(
                new_home_project::Column::Id,
                new_home_project::Column::Name,
                rows.iter().map(|r| r.project_id),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| DealAudit {
                id: row.id,
                name: format!("{} {}", name_of(&projects, Some(row.project_id)), row.unit),
                unit: row.unit.clone(),
                area: row.area,
                price: row.price_fen,
                commission: row.commission_fen,
                status: row.status,
                shares: shares
                    .iter()
                    .filter(|s| s.deal_id == row.id)
                    .map(|s| share_text(s.kind, &name_of(&names, s.user_id), s.bp, s.amount_fen))
                    .collect(),
            })
            .collect())
    }
}

/// The orders of `deals`, by deal.
async fn orders_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    deals: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, commission_order::Model>, AppError> {
    Ok(db
        .all(
            db.find::<commission_order::Entity>()
                .filter(commission_order::Column::NewHomeDealId.is_in(deals)),
        )
        .await?
        .into_iter()
        .filter_map(|o| o.new_home_deal_id.map(|d| (d, o)))
        .collect())
}

async fn rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    deals: &[new_home_deal::Model],
) -> Result<Vec<DealRow>, AppError> {
    let reports: HashMap<i64, new_home_report::Model> = db
        .all(
            db.find::<new_home_report::Entity>()
                .filter(new_home_report::Column::Id.is_in(deals.iter().map(|d| d.report_id))),
        )
        .await?
        .into_iter()
        .map(|r| (r.id, r))
        .collect();
    let projects = db
        .names::<new_home_project::Entity>(
            new_home_project::Column::Id,
            new_home_project::Column::Name,
            deals.iter().map(|d| d.project_id),
        )
        .await?;
    let people = history::names_of(db, deals.iter().map(|d| d.declarer_id)).await?;
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            deals.iter().filter_map(|d| d.store_id),
        )
        .await?;
    let orders = orders_of(db, deals.iter().map(|d| d.id)).await?;
    Ok(deals
        .iter()
        .map(|d| {
            let report = reports.get(&d.report_id);
            let order = orders.get(&d.id);
            DealRow {
                id: d.id,
                report_id: d.report_id,
                project_id: d.project_id,
                project_name: name_of(&projects, Some(d.project_id)),
                customer_name: report.map(|r| r.customer_name.clone()).unwrap_or_default(),
                customer_phone: report.map(|r| r.customer_phone.clone()).unwrap_or_default(),
                unit: d.unit.clone(),
                area: d.area,
                price: d.price_fen,
                commission: d.commission_fen,
                deal_date: d.deal_date.format("%Y-%m-%d").to_string(),
                status: d.status,
                status_label: DealStatus::from_code(d.status.into())
                    .map(DealStatus::label)
                    .unwrap_or_default()
                    .to_owned(),
                declarer_id: d.declarer_id,
                declarer_name: name_of(&people, Some(d.declarer_id)),
                store_name: name_of(&stores, d.store_id),
                order_id: order.map(|o| o.id),
                order_status: order.map(|o| o.status),
                paid: order.map_or(0, |o| o.paid),
                created_at: millis(d.created_at),
            }
        })
        .collect())
}

/// Who `caller` is to `row` in core's table: a holder of 业绩审核 who may write the deal, and
/// whether they declared it (then they do not approve it: four eyes).
fn actor_of(caller: &Caller, row: &new_home_deal::Model) -> Actor {
    let covers = caller.scope().covers(&new_home_deal::Entity::place(row));
    Actor::Person {
        reviewer: covers && caller.allows(need::DEAL_REVIEW),
        declarer: row.declarer_id == caller.user().id,
    }
}

async fn detail_of(
    scoped: &Scoped<'_>,
    caller: &Caller,
    row: new_home_deal::Model,
) -> Result<DealDetail, AppError> {
    let db = scoped.unscoped();
    let status = deal_status(&row)?;
    let shares = db
        .all(
            db.find::<new_home_deal_share::Entity>()
                .filter(new_home_deal_share::Column::DealId.eq(row.id))
                .order_by_asc(new_home_deal_share::Column::Sort)
                .order_by_asc(new_home_deal_share::Column::Id),
        )
        .await?;
    let names = history::names_of(&db, shares.iter().filter_map(|s| s.user_id)).await?;
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            shares.iter().filter_map(|s| s.store_id),
        )
        .await?;
    let orders = db
        .all(
            db.find::<commission_order::Entity>()
                .filter(commission_order::Column::NewHomeDealId.eq(row.id))
                .order_by_asc(commission_order::Column::Id),
        )
        .await?;
    let mut history = history::of(&db, KIND, row.id, action_label).await?;
    for change in &mut history {
        change.from_status = status_label(&change.from_status);
        change.to_status = status_label(&change.to_status);
    }
    let writable = scoped
        .one(
            scoped
                .write::<new_home_deal::Entity>()
                .filter(new_home_deal::Column::Id.eq(row.id)),
        )
        .await?
        .is_some();
    let offered_actions = rules::offered_actions(status, actor_of(caller, &row))
        .into_iter()
        .map(|a| a.code().to_owned())
        .collect();
    let may_edit = writable && status.editable() && caller.allows(need::DEAL_DECLARE);
    let row = rows(&db, std::slice::from_ref(&row))
        .await?
        .pop()
        .ok_or(AppError::NotFound)?;
    Ok(DealDetail {
        row,
        shares: shares
            .iter()
            .map(|s| DealShareView {
                kind: s.kind,
                kind_label: PERFORMANCE_TYPE
                    .label_of(s.kind.into())
                    .unwrap_or_default()
                    .to_owned(),
                user_id: s.user_id,
                user_name: name_of(&names, s.user_id),
                store_name: name_of(&stores, s.store_id),
                bp: s.bp,
                amount: s.amount_fen,
                settled_at: s.settled_at.map(millis),
            })
            .collect(),
        offered_actions,
        may_edit,
        orders: orders
            .into_iter()
            .map(|o| DealOrderView {
                id: o.id,
                code: o.code,
                receivable: o.receivable,
                paid: o.paid,
                status: o.status,
                reason: o.reason,
                settled_at: o.settled_at.map(millis),
                created_at: millis(o.created_at),
            })
            .collect(),
        history,
    })
}

/// The project's commission rules as core reads them.
pub(crate) async fn rules_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    project_id: i64,
) -> Result<Vec<CommissionRule>, AppError> {
    Ok(db
        .all(
            db.find::<new_home_commission_rule::Entity>()
                .filter(new_home_commission_rule::Column::ProjectId.eq(project_id))
                .order_by_asc(new_home_commission_rule::Column::ValidFrom),
        )
        .await?
        .into_iter()
        .map(|r| CommissionRule {
            kind: r.kind.into(),
            rate_bp: r.rate_bp,
            amount_fen: r.amount_fen,
            valid_from: r.valid_from,
            valid_to: r.valid_to,
        })
        .collect())
}

fn rule_text(rule: &CommissionRule) -> String {
    match (rule.kind, rule.rate_bp, rule.amount_fen) {
        (core_new_home::KIND_PERCENT, Some(bp), _) => format!("成交总价的{}%", hundredths_text(bp)),
        (_, _, Some(fen)) => format!("每套{}元", hundredths_text(fen)),
        _ => String::new(),
    }
}

/// The commission of a deal of `price_fen` on `day` under the project's rule, with the rule as
/// read, or why there is none.
async fn commission_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    project_id: i64,
    price_fen: i64,
    day: NaiveDate,
) -> Result<Result<(i64, String), &'static str>, AppError> {
    let rules = rules_of(db, project_id).await?;
    Ok(match core_new_home::rule_on(&rules, day) {
        Some(rule) => Ok((rule.commission(price_fen), rule_text(rule))),
        None => Err(NO_RULE),
    })
}

fn day_of(text: &str) -> Result<NaiveDate, AppError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| AppError::invalid("dealDate", "请输入正确的日期"))
}

/// A report the caller may declare on: visited (有效客户), no deal yet, and theirs (or they hold
/// 关闭 on 我要报备, as the agent's managers do).
async fn declarable(
    scoped: &Scoped<'_>,
    caller: &Caller,
    report_id: i64,
) -> Result<new_home_report::Model, AppError> {
    let report = scoped
        .get::<new_home_report::Entity>(report_id)
        .await
        .map_err(|error| match error {
            AppError::NotFound => AppError::invalid("reportId", "请选择要申报成交的报备"),
            other => other,
        })?;
    if report.reporter_id != caller.user().id && !caller.allows(need::REPORT_CLOSE) {
        return Err(AppError::NoPermission);
    }
    let db = scoped.unscoped();
    let has_deal = db
        .exists(
            db.find::<new_home_deal::Entity>()
                .filter(new_home_deal::Column::ReportId.eq(report.id)),
        )
        .await?;
    if has_deal {
        return Err(AppError::Conflict(DECLARED.to_owned()));
    }
    if !report::declarable(report_status(&report)?, has_deal) {
        return Err(AppError::TransitionRefused(NOT_VISITED.to_owned()));
    }
    Ok(report)
}

/// What a checked declaration sets: money in fen, area in hundredths, the commission from the
/// project's rule, and the split lines with their parts and people.
struct Declared {
    unit: String,
    area: i64,
    price: i64,
    day: NaiveDate,
    commission: i64,
    lines: Vec<(Share, i64, Option<user::Model>)>,
}

async fn declared<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    form: &DealForm,
    project_id: i64,
    organisation_id: i64,
) -> Result<Declared, AppError> {
    let price = price::hundredths(&form.price).unwrap_or_default();
    let area = price::hundredths(&form.area).unwrap_or_default();
    let day = day_of(&form.deal_date)?;
    if day > form::today() {
        return Err(AppError::invalid("dealDate", "成交日期不能晚于今天"));
    }
    let commission = commission_of(db, project_id, price, day)
        .await?
        .map_err(|message| AppError::invalid("dealDate", message))?
        .0;
    let shares: Vec<Share> = form
        .shares
        .iter()
        .map(|s| Share {
            kind: s.kind,
            user_id: s.user_id,
            bp: s.bp,
        })
        .collect();
    let parts = rules::amounts(commission, &shares)
        .map_err(|message| AppError::invalid("shares", message))?;
    let ids: Vec<i64> = shares.iter().filter_map(|s| s.user_id).collect();
    let people: HashMap<i64, user::Model> = db
        .all(
            db.find::<user::Entity>()
                .filter(user::Column::Id.is_in(ids.clone()))
                .filter(user::Column::OrganisationId.eq(organisation_id)),
        )
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    if ids.iter().any(|id| !people.contains_key(id)) {
        return Err(AppError::invalid("shares", NOT_OURS));
    }
    Ok(Declared {
        unit: form.unit.trim().to_owned(),
        area,
        price,
        day,
        commission,
        lines: shares
            .into_iter()
            .zip(parts)
            .map(|(share, part)| {
                let person = share.user_id.and_then(|id| people.get(&id).cloned());
                (share, part, person)
            })
            .collect(),
    })
}

/// Replaces a deal's split lines (the one split writer, `deal::split_writer`).
async fn write_shares(
    txn: &DatabaseTransaction,
    deal: &new_home_deal::Model,
    lines: &[(Share, i64, Option<user::Model>)],
) -> Result<(), AppError> {
    let lines: Vec<split_writer::Line<'_>> = lines
        .iter()
        .map(|(share, part, person)| split_writer::Line {
            code: i16::try_from(share.kind).unwrap_or(PROJECT_SIDE as i16),
            bp: share.bp,
            amount: *part,
            person: person.as_ref(),
        })
        .collect();
    split_writer::replace::<new_home_deal_share::Entity, _>(txn, &deal.into(), &lines).await
}

async fn record_move(
    on: &Scoped<'_, DatabaseTransaction>,
    row: &new_home_deal::Model,
    action: &'static str,
    from: Option<DealStatus>,
    to: DealStatus,
    reason: &str,
    by_person: bool,
) -> Result<(), AppError> {
    let from_code = from.map(|s| s.code().to_string()).unwrap_or_default();
    history::record(
        on.transaction(),
        StatusMove {
            entity: KIND,
            entity_id: row.id,
            action,
            from: &from_code,
            to: &to.code().to_string(),
            reason,
            actor_id: by_person.then(|| on.actor().id),
        },
    )
    .await?;
    if let Some(from) = from {
        audit::record(
            on.transaction(),
            on.actor(),
            Change::new(
                KIND,
                row.id,
                Action::Status,
                snapshot(&from.label()),
                snapshot(&to.label()),
                new_home_deal::Entity::place(row),
            ),
        )
        .await?;
    }
    Ok(())
}

async fn record_order_move(
    on: &Scoped<'_, DatabaseTransaction>,
    id: i64,
    action: &'static str,
    from: &str,
    to: OrderStatus,
    reason: &str,
) -> Result<(), AppError> {
    history::record(
        on.transaction(),
        StatusMove {
            entity: ORDER,
            entity_id: id,
            action,
            from,
            to: &to.code().to_string(),
            reason,
            actor_id: Some(on.actor().id),
        },
    )
    .await
}

/// New-home deals the caller reads, newest first. Needs a deal page or 我要报备.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/deal/list", tag = "deal",
    request_body = DealQuery, security(("token" = [])),
    responses((status = 200, description = "One page of deals", body = Envelope<Page<DealRow>>)))]
pub async fn list(caller: Caller, AppJson(query): AppJson<DealQuery>) -> ApiResult<Page<DealRow>> {
    let scoped = caller.require(need::DEAL_READ)?;
    let mut select = scoped.read::<new_home_deal::Entity>();
    if let Some(status) = query.status {
        select = select.filter(new_home_deal::Column::Status.eq(status));
    }
    if query.mine {
        select = select.filter(new_home_deal::Column::DeclarerId.eq(scoped.actor().id));
    }
    if let Some(keyword) = filter_text(&query.keyword) {
        let mut any = Condition::any()
            .add(crate::shared::contains(
                new_home_deal::Column::Unit,
                keyword,
            ))
            .add(
                new_home_deal::Column::ReportId.in_subquery(
                    sea_orm::sea_query::Query::select()
                        .column(new_home_report::Column::Id)
                        .from(new_home_report::Entity)
                        .and_where(crate::shared::contains(
                            new_home_report::Column::CustomerName,
                            keyword,
                        ))
                        .to_owned(),
                ),
            );
        if let Ok(id) = keyword.parse::<i64>() {
            any = any.add(new_home_deal::Column::Id.eq(id));
        }
        select = select.filter(any);
    }
    let page = scoped
        .page(
            select
                .order_by_desc(new_home_deal::Column::CreatedAt)
                .order_by_desc(new_home_deal::Column::Id),
            query.page,
        )
        .await?;
    let list = rows(&scoped.unscoped(), &page.list).await?;
    ok(Page {
        list,
        total: page.total,
    })
}

/// One deal with its split, its commission orders, its history and the actions offered.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/deal/detail", tag = "deal",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The deal", body = Envelope<DealDetail>)))]
pub async fn detail(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<DealDetail> {
    let scoped = caller.require(need::DEAL_READ)?;
    let row = scoped.get::<new_home_deal::Entity>(request.id).await?;
    ok(detail_of(&scoped, &caller, row).await?)
}

/// What the declaration page needs: the report (visited, not yet declared, the caller's), the
/// colleagues a split may credit, and the commission core works out from the project's rule for
/// the price and day typed so far. Needs 申报成交.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/deal/prepare", tag = "deal",
    request_body = DealPrepare, security(("token" = [])),
    responses((status = 200, description = "The report, colleagues and commission", body = Envelope<DealPrepared>)))]
pub async fn prepare(
    caller: Caller,
    AppJson(request): AppJson<DealPrepare>,
) -> ApiResult<DealPrepared> {
    let scoped = caller.require(need::DEAL_DECLARE)?;
    let report = scoped
        .get::<new_home_report::Entity>(request.report_id)
        .await?;
    if report.reporter_id != caller.user().id && !caller.allows(need::REPORT_CLOSE) {
        return Err(AppError::NoPermission);
    }
    let db = scoped.unscoped();
    let day = if request.deal_date.trim().is_empty() {
        form::today()
    } else {
        day_of(&request.deal_date)?
    };
    let price = price::hundredths(&request.price).filter(|p| *p > 0);
    let (commission, commission_message, rule_text) =
        match commission_of(&db, report.project_id, price.unwrap_or_default(), day).await? {
            Ok((fen, text)) => (price.map(|_| fen), String::new(), text),
            Err(message) => (None, message.to_owned(), String::new()),
        };
    // The reporting store's people (the company's for a report made outside a store): a store
    // user is not shown another store's staff.
    let mut people = db
        .find::<user::Entity>()
        .filter(user::Column::OrganisationId.eq(report.organisation_id));
    if let Some(store) = report.store_id {
        people = people.filter(user::Column::StoreId.eq(store));
    }
    let people = db.all(people.order_by_asc(user::Column::Id)).await?;
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            people.iter().filter_map(|p| p.store_id),
        )
        .await?;
    let colleagues = people
        .iter()
        .filter(|p| !p.locked && p.working_status.0 != WorkingStatus::Leave)
        .map(|p| Colleague {
            id: p.id,
            name: p.real_name.clone(),
            store_name: name_of(&stores, p.store_id),
        })
        .collect();
    let report = report_rows(&db, std::slice::from_ref(&report))
        .await?
        .pop()
        .ok_or(AppError::NotFound)?;
    ok(DealPrepared {
        report,
        colleagues,
        commission,
        commission_message,
        rule_text,
    })
}

/// 申报成交 on a visited report: the unit, area and total price, the commission from the
/// project's rule on the deal day, and the split (one 客户成交人, 100% in all; the parts in fen
/// by core's remainder rule). The deal sits at the declarer's seat and waits for 业绩审核.
/// Needs 申报成交.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/deal/add", tag = "deal",
    request_body = DealAdd, security(("token" = [])),
    responses((status = 200, description = "The new deal", body = Envelope<DealDetail>)))]
pub async fn add(caller: Caller, AppJson(body): AppJson<DealAdd>) -> ApiResult<DealDetail> {
    let scoped = caller.require(need::DEAL_DECLARE)?;
    let body = form::checked(&body)?;
    let report = declarable(&scoped, &caller, body.report_id.unwrap_or_default()).await?;
    let db = scoped.unscoped();
    let values = declared(&db, &body.form, report.project_id, report.organisation_id).await?;
    let me = scoped.actor().clone();
    let organisation_id = me.organisation_id.ok_or(AppError::NoPermission)?;
    let now = Utc::now();
    let row = new_home_deal::ActiveModel {
        site_id: Set(report.site_id),
        organisation_id: Set(organisation_id),
        store_group_id: Set(me.store_group_id),
        store_id: Set(me.store_id),
        department_id: Set(me.department_id),
        declarer_id: Set(me.id),
        report_id: Set(report.id),
        project_id: Set(report.project_id),
        house_type_id: Set(None),
        unit: Set(values.unit.clone()),
        area: Set(values.area),
        price_fen: Set(values.price),
        deal_date: Set(values.day),
        commission_fen: Set(values.commission),
        status: Set(DealStatus::PerformancePending.code()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    let saved = scoped
        .in_transaction(async |on| {
            let saved = on.insert::<new_home_deal::Entity>(row).await.map_err(|e| {
                // Two declarations of one report at once: the unique report_id keeps one.
                match e {
                    AppError::Duplicate => AppError::Conflict(DECLARED.to_owned()),
                    other => other,
                }
            })?;
            write_shares(on.transaction(), &saved, &values.lines).await?;
            on.record_created::<new_home_deal::Entity>(&saved).await?;
            record_move(
                on,
                &saved,
                "declare",
                None,
                DealStatus::PerformancePending,
                "",
                true,
            )
            .await?;
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// Change a declaration while its split waits for review (业绩待审核): the commission is worked
/// out again and the split rebuilt. Needs 申报成交 and a scope that may write the deal.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/deal/edit", tag = "deal",
    request_body = DealEdit, security(("token" = [])),
    responses((status = 200, description = "The deal as saved", body = Envelope<DealDetail>)))]
pub async fn edit(caller: Caller, AppJson(body): AppJson<DealEdit>) -> ApiResult<DealDetail> {
    let scoped = caller.require(need::DEAL_DECLARE)?;
    let body = form::checked(&body)?;
    let before = scoped
        .get_writable::<new_home_deal::Entity>(body.id)
        .await?;
    if !deal_status(&before)?.editable() {
        return Err(AppError::TransitionRefused(rules::NOT_EDITABLE.to_owned()));
    }
    let db = scoped.unscoped();
    let values = declared(&db, &body.form, before.project_id, before.organisation_id).await?;
    let saved = scoped
        .in_transaction(async |on| {
            let old = on.view::<new_home_deal::Entity>(before.clone()).await?;
            let saved = transition::guarded(
                on,
                &before,
                new_home_deal::ActiveModel {
                    unit: Set(values.unit.clone()),
                    area: Set(values.area),
                    price_fen: Set(values.price),
                    deal_date: Set(values.day),
                    commission_fen: Set(values.commission),
                    updated_at: Set(Utc::now()),
                    ..Default::default()
                },
            )
            .await?;
            write_shares(on.transaction(), &saved, &values.lines).await?;
            on.record_changed::<new_home_deal::Entity>(&old, &saved)
                .await?;
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// Open the deal's commission order as a draft, the same 佣金单 a signed contract gets.
async fn open_order(
    on: &Scoped<'_, DatabaseTransaction>,
    deal: &new_home_deal::Model,
) -> Result<(), AppError> {
    let now = Utc::now();
    let order = on
        .insert::<commission_order::Entity>(commission_order::ActiveModel {
            site_id: Set(deal.site_id),
            organisation_id: Set(deal.organisation_id),
            store_group_id: Set(deal.store_group_id),
            store_id: Set(deal.store_id),
            department_id: Set(deal.department_id),
            agent_id: Set(deal.declarer_id),
            contract_id: Set(None),
            new_home_deal_id: Set(Some(deal.id)),
            code: Set(format!("YJ-XF{:06}", deal.id)),
            receivable: Set(deal.commission_fen),
            paid: Set(0),
            status: Set(OrderStatus::Draft.code()),
            reason: Set(String::new()),
            settled_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        })
        .await?;
    on.record_created::<commission_order::Entity>(&order)
        .await?;
    record_order_move(on, order.id, "create", "", OrderStatus::Draft, "").await
}

/// A closed deal closes its open order with it (nothing was received: core keeps a deal that
/// was paid from closing).
async fn close_order(
    on: &Scoped<'_, DatabaseTransaction>,
    deal: &new_home_deal::Model,
    reason: &str,
) -> Result<(), AppError> {
    let db = on.unscoped();
    let Some(order) = orders_of(&db, [deal.id]).await?.remove(&deal.id) else {
        return Ok(());
    };
    let from = OrderStatus::from_code(order.status.into()).ok_or_else(|| {
        AppError::StatusUnknown(format!(
            "订单状态「{}」无法识别，请联系管理员",
            order.status
        ))
    })?;
    if matches!(from, OrderStatus::Closed | OrderStatus::Settled) {
        return Ok(());
    }
    let to = core_order::next(OrderAction::Close, from)?;
    transition::guarded(
        on,
        &order,
        commission_order::ActiveModel {
            status: Set(to.code()),
            reason: Set(reason.to_owned()),
            updated_at: Set(Utc::now()),
            ..Default::default()
        },
    )
    .await?;
    record_order_move(
        on,
        order.id,
        OrderAction::Close.code(),
        &from.code().to_string(),
        to,
        reason,
    )
    .await
}

/// Move a deal by core's table: 业绩审核通过 (its commission order opens as a draft) or 关闭
/// (an open order is closed with it). Of two reviewers at once one wins; the other is told the
/// deal changed. 部分结佣 and 已结佣 come only from receipts on its order. Needs 业绩审核.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/deal/transition", tag = "deal",
    request_body = DealTransition, security(("token" = [])),
    responses((status = 200, description = "The deal after the move", body = Envelope<DealDetail>)))]
pub async fn transition(
    caller: Caller,
    AppJson(request): AppJson<DealTransition>,
) -> ApiResult<DealDetail> {
    let action = DealAction::from_code(&request.action)
        .ok_or_else(|| AppError::invalid("action", "未知的成交操作"))?;
    let scoped = caller.require(need::DEAL_REVIEW)?;
    let row = scoped
        .get_writable::<new_home_deal::Entity>(request.id)
        .await?;
    let from = deal_status(&row)?;
    let to = rules::next(action, from, actor_of(&caller, &row))?;
    let reason = request.reason.trim().to_owned();
    if reason.chars().count() > 200 {
        return Err(AppError::invalid("reason", "原因不能超过200个字符"));
    }
    let saved = scoped
        .in_transaction(async |on| {
            let saved = transition::guarded(
                on,
                &row,
                new_home_deal::ActiveModel {
                    status: Set(to.code()),
                    updated_at: Set(Utc::now()),
                    ..Default::default()
                },
            )
            .await?;
            record_move(on, &saved, action.code(), Some(from), to, &reason, true).await?;
            match action {
                DealAction::Approve => open_order(on, &saved).await?,
                DealAction::Close => close_order(on, &saved, &reason).await?,
                _ => {}
            }
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// A receipt confirmed on a deal's order moves the deal (core's `settlePart`, or `settle` when
/// the order is settled, the settlement's moves) and, when settled, makes its split performance
/// from `at`. Inside the receipt's transaction.
#[allow(clippy::disallowed_methods)]
pub async fn settle_from_order(
    on: &Scoped<'_, DatabaseTransaction>,
    deal_id: i64,
    settled: bool,
    at: DateTime<Utc>,
) -> Result<(), AppError> {
    let db = on.unscoped();
    let row = db
        .one(
            db.find::<new_home_deal::Entity>()
                .filter(new_home_deal::Column::Id.eq(deal_id)),
        )
        .await?
        .ok_or(AppError::NotFound)?;
    let from = deal_status(&row)?;
    let action = if settled {
        DealAction::Settle
    } else {
        DealAction::SettlePart
    };
    let to = rules::next(action, from, Actor::Settlement)?;
    let saved = transition::guarded(
        on,
        &row,
        new_home_deal::ActiveModel {
            status: Set(to.code()),
            updated_at: Set(at),
            ..Default::default()
        },
    )
    .await?;
    if from != to {
        record_move(on, &saved, action.code(), Some(from), to, "", false).await?;
    }
    if settled {
        let txn = on.transaction();
        performance::remove(txn, performance::Kind::NewHome, deal_id).await?;
        new_home_deal_share::Entity::update_many()
            .col_expr(
                new_home_deal_share::Column::SettledAt,
                sea_orm::sea_query::Expr::value(at),
            )
            .filter(new_home_deal_share::Column::DealId.eq(deal_id))
            .exec(txn)
            .await?;
        performance::add(txn, performance::Kind::NewHome, deal_id).await?;
    }
    Ok(())
}
