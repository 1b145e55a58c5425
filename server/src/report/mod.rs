//! 新房报备 (/work/business/newHouse and city operations' /coc/newHouse/report): an agent reports
//! a customer to a project distributed to their company or store; the first report of a phone
//! keeps it for the project's protection period; city operations (the project side) approve or
//! refuse it and confirm the visit within the project's window, after which an unvisited report
//! expires by itself ([`expire`], a server job). Statuses move only by core's `report` table
//! through guarded transitions, each in the history and the audit log. Design: `docs/deals.md`.

pub mod deal;
mod dto;
pub mod expiry;

use brokerdesk_core::china_time;
use brokerdesk_core::report::{
    self, Actor, DEFAULT_PROTECTION_DAYS, DEFAULT_VISIT_DAYS, PhoneMode, ReportAction, ReportStatus,
};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, QueryFilter, QueryOrder, Set};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use dto::*;

use crate::AppState;
use crate::access::{Caller, Placed, Scoped, Unscoped, need};
use crate::audit::snapshot;
use crate::entity::{
    new_home_deal, new_home_project, new_home_report, new_home_report_rule, store,
};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::history;
use crate::paging::{Page, filter_text};
use crate::resource::Resource;
use crate::shared::{IdRequest, millis, name_of};
use crate::transition::{self, Move};

/// The entity name in the audit log and status history.
pub const KIND: &str = "newHomeReport";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(projects))
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(add))
        .routes(routes!(transition))
        .routes(routes!(deal::list))
        .routes(routes!(deal::detail))
        .routes(routes!(deal::prepare))
        .routes(routes!(deal::add))
        .routes(routes!(deal::edit))
        .routes(routes!(deal::transition))
}

pub fn status_of(row: &new_home_report::Model) -> Result<ReportStatus, AppError> {
    ReportStatus::from_code(row.status.into()).ok_or_else(|| {
        AppError::StatusUnknown(format!("报备状态「{}」无法识别，请联系管理员", row.status))
    })
}

/// Who `caller` is to `row` in core's table: each side holds its page's action and reaches the
/// row (the agent and their managers through the seat; city operations through the city).
pub fn actor_of(caller: &Caller, row: &new_home_report::Model) -> Actor {
    let covers = caller.scope().covers(&new_home_report::Entity::place(row));
    Actor::Person {
        reporter: covers && caller.allows(need::REPORT_CLOSE),
        reviewer: covers && caller.allows(need::REPORT_REVIEW),
        visit_confirmer: covers && caller.allows(need::REPORT_VISIT),
    }
}

/// A project's reporting rule: its own row, else core's defaults (隐号, 30 and 7 days).
pub async fn rule_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    project_id: i64,
) -> Result<(PhoneMode, i64, i64), AppError> {
    let row = db
        .one(
            db.find::<new_home_report_rule::Entity>()
                .filter(new_home_report_rule::Column::ProjectId.eq(project_id)),
        )
        .await?;
    Ok(match row {
        Some(rule) => (
            PhoneMode::from_code(rule.phone_mode.into()).unwrap_or(PhoneMode::Masked),
            rule.protection_days.into(),
            rule.visit_days.into(),
        ),
        None => (
            PhoneMode::Masked,
            DEFAULT_PROTECTION_DAYS,
            DEFAULT_VISIT_DAYS,
        ),
    })
}

/// The day in China (UTC+8) of `at`, as a refusal names it.
fn day(at: DateTime<Utc>) -> String {
    china_time::day_of(at).format("%Y-%m-%d").to_string()
}

/// The rows as callers see them, names looked up for all at once.
pub async fn rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    rows: &[new_home_report::Model],
) -> Result<Vec<ReportRow>, AppError> {
    let projects = db
        .names::<new_home_project::Entity>(
            new_home_project::Column::Id,
            new_home_project::Column::Name,
            rows.iter().map(|r| r.project_id),
        )
        .await?;
    let people = history::names_of(db, rows.iter().map(|r| r.reporter_id)).await?;
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            rows.iter().filter_map(|r| r.store_id),
        )
        .await?;
    let deals: Vec<(i64, i64)> = db
        .pairs(
            db.find::<new_home_deal::Entity>()
                .filter(new_home_deal::Column::ReportId.is_in(rows.iter().map(|r| r.id))),
            new_home_deal::Column::ReportId,
            new_home_deal::Column::Id,
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| ReportRow {
            id: r.id,
            project_id: r.project_id,
            project_name: name_of(&projects, Some(r.project_id)),
            customer_name: r.customer_name.clone(),
            customer_sex: r.customer_sex,
            customer_phone: r.customer_phone.clone(),
            visit_date: r.visit_date.format("%Y-%m-%d").to_string(),
            visit_slot: r.visit_slot,
            remark: r.remark.clone(),
            status: r.status,
            status_label: ReportStatus::from_code(r.status.into())
                .map(ReportStatus::label)
                .unwrap_or_default()
                .to_owned(),
            reason: r.reason.clone(),
            reporter_id: r.reporter_id,
            reporter_name: name_of(&people, Some(r.reporter_id)),
            store_id: r.store_id,
            store_name: name_of(&stores, r.store_id),
            reported_at: millis(r.reported_at),
            protected_until: millis(r.protected_until),
            approved_at: r.approved_at.map(millis),
            visit_deadline: r.visit_deadline.map(millis),
            visited_at: r.visited_at.map(millis),
            deal_id: deals
                .iter()
                .find(|(report, _)| *report == r.id)
                .map(|(_, deal)| *deal),
        })
        .collect())
}

impl Resource for new_home_report::Entity {
    const KIND: &'static str = KIND;
    type View = ReportRow;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        list: Vec<new_home_report::Model>,
    ) -> Result<Vec<ReportRow>, AppError> {
        rows(db, &list).await
    }
}

fn action_label(code: &str) -> &'static str {
    ReportAction::from_code(code)
        .map(ReportAction::label)
        .unwrap_or_default()
}

fn status_label(code: &str) -> String {
    code.parse::<i64>()
        .ok()
        .and_then(ReportStatus::from_code)
        .map(|s| s.label().to_owned())
        .unwrap_or_else(|| code.to_owned())
}

async fn detail_of(
    scoped: &Scoped<'_>,
    caller: &Caller,
    row: new_home_report::Model,
) -> Result<ReportDetail, AppError> {
    let db = scoped.unscoped();
    let mut history = history::of(&db, KIND, row.id, action_label).await?;
    for change in &mut history {
        change.from_status = status_label(&change.from_status);
        change.to_status = status_label(&change.to_status);
    }
    let status = status_of(&row)?;
    let actions = report::offered_actions(status, actor_of(caller, &row))
        .into_iter()
        .map(|a| a.code().to_owned())
        .collect();
    let row = rows(&db, std::slice::from_ref(&row))
        .await?
        .pop()
        .ok_or(AppError::NotFound)?;
    let may_declare = report::declarable(status, row.deal_id.is_some())
        && caller.allows(need::DEAL_DECLARE)
        && (row.reporter_id == caller.user().id || caller.allows(need::REPORT_CLOSE));
    Ok(ReportDetail {
        row,
        actions,
        may_declare,
        history,
    })
}

/// Projects the caller may report to (distributed to their company or store), with each
/// project's reporting rule. Needs 报备 on 我要报备.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/report/projects", tag = "deal",
    security(("token" = [])),
    responses((status = 200, description = "The projects", body = Envelope<Vec<ReportProject>>)))]
pub async fn projects(caller: Caller) -> ApiResult<Vec<ReportProject>> {
    let scoped = caller.require(need::REPORT_ADD)?;
    let found = scoped
        .all(
            scoped
                .read::<new_home_project::Entity>()
                .order_by_asc(new_home_project::Column::Name),
        )
        .await?;
    let db = scoped.unscoped();
    let mut list = Vec::with_capacity(found.len());
    for project in found {
        let (mode, protection, visit) = rule_of(&db, project.id).await?;
        list.push(ReportProject {
            id: project.id,
            name: project.name,
            phone_mode: mode.code(),
            protection_days: i32::try_from(protection).unwrap_or_default(),
            visit_days: i32::try_from(visit).unwrap_or_default(),
        });
    }
    ok(list)
}

/// Reports the caller reads, newest first: an agent's own, a manager's store or company, city
/// operations' city. Needs 我要报备, 报备审核 or a deal page.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/report/list", tag = "deal",
    request_body = ReportQuery, security(("token" = [])),
    responses((status = 200, description = "One page of reports", body = Envelope<Page<ReportRow>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<ReportQuery>,
) -> ApiResult<Page<ReportRow>> {
    let scoped = caller.require(need::REPORT_READ)?;
    let mut select = scoped.read::<new_home_report::Entity>();
    if let Some(status) = query.status {
        select = select.filter(new_home_report::Column::Status.eq(status));
    }
    if let Some(statuses) = query.statuses.filter(|list| !list.is_empty()) {
        select = select.filter(new_home_report::Column::Status.is_in(statuses));
    }
    if let Some(project) = query.project_id {
        select = select.filter(new_home_report::Column::ProjectId.eq(project));
    }
    if query.mine {
        select = select.filter(new_home_report::Column::ReporterId.eq(scoped.actor().id));
    }
    if let Some(keyword) = filter_text(&query.keyword) {
        let mut any = Condition::any()
            .add(crate::shared::contains(
                new_home_report::Column::CustomerName,
                keyword,
            ))
            .add(crate::shared::contains(
                new_home_report::Column::CustomerPhone,
                keyword,
            ));
        if let Ok(id) = keyword.parse::<i64>() {
            any = any.add(new_home_report::Column::Id.eq(id));
        }
        select = select.filter(any);
    }
    let page = scoped
        .page(
            select
                .order_by_desc(new_home_report::Column::ReportedAt)
                .order_by_desc(new_home_report::Column::Id),
            query.page,
        )
        .await?;
    let list = rows(&scoped.unscoped(), &page.list).await?;
    ok(Page {
        list,
        total: page.total,
    })
}

/// One report with its history and the actions offered to the caller.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/report/detail", tag = "deal",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The report", body = Envelope<ReportDetail>)))]
pub async fn detail(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<ReportDetail> {
    let scoped = caller.require(need::REPORT_READ)?;
    let row = scoped.get::<new_home_report::Entity>(request.id).await?;
    ok(detail_of(&scoped, &caller, row).await?)
}

/// 报备: a customer to a project distributed to the caller's company or store, the phone as
/// the project's rule asks; refused while another report of the same phone on the project is in
/// its protection period (first valid report wins). Needs 报备.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/report/add", tag = "deal",
    request_body = ReportAdd, security(("token" = [])),
    responses((status = 200, description = "The new report", body = Envelope<ReportDetail>)))]
pub async fn add(caller: Caller, AppJson(body): AppJson<ReportAdd>) -> ApiResult<ReportDetail> {
    let scoped = caller.require(need::REPORT_ADD)?;
    let body = form::checked(&body)?;
    let me = scoped.actor().clone();
    let organisation_id = me.organisation_id.ok_or(AppError::NoPermission)?;
    let project = scoped
        .get::<new_home_project::Entity>(body.project_id.unwrap_or_default())
        .await
        .map_err(|error| match error {
            AppError::NotFound | AppError::OutOfScope(_) => {
                AppError::invalid("projectId", "该楼盘未分销给您的门店，不能报备")
            }
            other => other,
        })?;
    let db = scoped.unscoped();
    let (mode, protection_days, _) = rule_of(&db, project.id).await?;
    let phone = report::check_phone(mode, &body.customer_phone)
        .map_err(|message| AppError::invalid("customerPhone", message))?;
    let key = report::phone_key(&phone);
    // Core's form has refused a day before today.
    let visit_date = NaiveDate::parse_from_str(&body.visit_date, "%Y-%m-%d")
        .map_err(|_| AppError::invalid("visitDate", "请输入正确的日期"))?;
    let now = Utc::now();
    let protecting: Vec<i16> = report::PROTECTING.iter().map(|s| s.code()).collect();
    let holder = db
        .one(
            db.find::<new_home_report::Entity>()
                .filter(new_home_report::Column::ProjectId.eq(project.id))
                .filter(new_home_report::Column::PhoneKey.eq(&key))
                .filter(new_home_report::Column::Status.is_in(protecting))
                .filter(new_home_report::Column::ProtectedUntil.gt(now))
                .order_by_asc(new_home_report::Column::ReportedAt),
        )
        .await?;
    if let Some(holder) = holder {
        let names = history::names_of(&db, [holder.reporter_id]).await?;
        return Err(AppError::Conflict(report::duplicate_message(
            &name_of(&names, Some(holder.reporter_id)),
            &day(holder.protected_until),
        )));
    }
    let row = new_home_report::ActiveModel {
        site_id: Set(project.site_id),
        organisation_id: Set(organisation_id),
        store_group_id: Set(me.store_group_id),
        store_id: Set(me.store_id),
        department_id: Set(me.department_id),
        reporter_id: Set(me.id),
        project_id: Set(project.id),
        customer_name: Set(body.customer_name.trim().to_owned()),
        customer_sex: Set(body.customer_sex.and_then(|s| i16::try_from(s).ok())),
        customer_phone: Set(phone),
        phone_key: Set(key),
        visit_date: Set(visit_date),
        visit_slot: Set(body
            .visit_slot
            .and_then(|s| i16::try_from(s).ok())
            .unwrap_or_default()),
        remark: Set(body.remark.trim().to_owned()),
        status: Set(ReportStatus::Pending.code()),
        reason: Set(String::new()),
        reported_at: Set(now),
        protected_until: Set(now + Duration::days(protection_days)),
        approved_at: Set(None),
        visit_deadline: Set(None),
        visited_at: Set(None),
        updated_at: Set(now),
        ..Default::default()
    };
    let saved = scoped
        .in_transaction(async |on| {
            let saved = on.insert::<new_home_report::Entity>(row).await?;
            on.record_created::<new_home_report::Entity>(&saved).await?;
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// Move a report through core's table: 审核通过/审核失败 and 无效客户 (city operations' 审核),
/// 确认到访 (within the project's window), 关闭 (the reporting side). Of two people acting at
/// once one wins and the other is told the report changed.
#[utoipa::path(post, path = "/api/v1/fm/business/newHouse/report/transition", tag = "deal",
    request_body = ReportTransition, security(("token" = [])),
    responses((status = 200, description = "The report after the move", body = Envelope<ReportDetail>)))]
pub async fn transition(
    caller: Caller,
    AppJson(request): AppJson<ReportTransition>,
) -> ApiResult<ReportDetail> {
    let action = ReportAction::from_code(&request.action)
        .filter(|a| *a != ReportAction::Expire)
        .ok_or_else(|| AppError::invalid("action", "未知的报备操作"))?;
    let scoped = caller.require(match action {
        ReportAction::Visit => need::REPORT_VISIT,
        ReportAction::Close => need::REPORT_CLOSE,
        _ => need::REPORT_REVIEW,
    })?;
    let row = scoped.get::<new_home_report::Entity>(request.id).await?;
    let from = status_of(&row)?;
    let to = report::next(action, from, actor_of(&caller, &row))?;
    let reason = report::check_reason(action, &request.reason)?;
    let now = Utc::now();
    if action == ReportAction::Visit
        && row
            .visit_deadline
            .is_some_and(|deadline| report::window_passed(millis(deadline), millis(now)))
    {
        return Err(AppError::TransitionRefused(
            report::WINDOW_PASSED.to_owned(),
        ));
    }
    if action == ReportAction::Close {
        let db = scoped.unscoped();
        let dealt = db
            .exists(
                db.find::<new_home_deal::Entity>()
                    .filter(new_home_deal::Column::ReportId.eq(row.id)),
            )
            .await?;
        if dealt {
            return Err(AppError::TransitionRefused(
                "该报备已申报成交，不能关闭".to_owned(),
            ));
        }
    }
    let mut changes = new_home_report::ActiveModel {
        status: Set(to.code()),
        updated_at: Set(now),
        ..Default::default()
    };
    match action {
        ReportAction::Approve => {
            let (_, _, visit_days) = rule_of(&scoped.unscoped(), row.project_id).await?;
            changes.approved_at = Set(Some(now));
            changes.visit_deadline = Set(Some(now + Duration::days(visit_days)));
        }
        ReportAction::Visit => changes.visited_at = Set(Some(now)),
        ReportAction::Reject | ReportAction::Invalidate => changes.reason = Set(reason.clone()),
        _ => {}
    }
    let saved = scoped
        .in_transaction(async |on| {
            let (from_code, to_code) = (from.code().to_string(), to.code().to_string());
            let step = Move {
                kind: KIND,
                action: action.code(),
                from: &from_code,
                to: &to_code,
                reason: &reason,
                audit: (snapshot(&from.label()), snapshot(&to.label())),
                moves: true,
            };
            transition::recorded(on, &row, changes, step).await
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}
