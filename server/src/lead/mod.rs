//! 线索池 (/work/crm/clue) and 批量添加线索 (/work/crm/clue/edit): leads entered by hand, imported
//! in batches or brought in by portals; assigned by a manager or claimed from the pool; moved
//! only by core's lead table through guarded transitions, every move in their history. A lead
//! in the pool sits at its company alone, a followed one at its agent's seat. Design:
//! `docs/leads.md`.

mod dto;
pub mod flow;
pub mod import;

use std::collections::HashMap;

use brokerdesk_core::customer::phone;
use brokerdesk_core::lead::states::{self, Actor, LeadStatus};
use brokerdesk_core::listing::owner_phone;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, QueryFilter, QueryOrder};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use dto::*;

use crate::AppState;
use crate::access::{Caller, Placed, Unscoped, need};
use crate::assistant::logs::{day, day_start};
use crate::entity::{lead, store};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::history;
use crate::paging::{Page, filter_text};
use crate::resource::Resource;
use crate::shared::{IdRequest, millis, name_of};

/// The entity name in the audit log and status history.
pub const KIND: &str = "clue";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(flow::add))
        .routes(routes!(flow::transition))
        .routes(routes!(flow::batch_transition))
        .routes(routes!(flow::assignees))
        .routes(routes!(flow::convert))
        .merge(import::router())
}

/// The lead's status as core's table reads it.
pub fn status_of(row: &lead::Model) -> Result<LeadStatus, AppError> {
    LeadStatus::from_code(row.status.into()).ok_or_else(|| {
        AppError::StatusUnknown(format!("线索状态「{}」无法识别，请联系管理员", row.status))
    })
}

/// A lead in the pool: placed at its company alone.
pub fn pooled(row: &lead::Model) -> bool {
    row.owner_id.is_none() && row.store_id.is_none()
}

/// Whether `caller` manages `row`: holds 分配 and either may write it, or it lies in their own
/// company's pool (a store manager hands the company's pool out to their agents).
pub fn manages(caller: &Caller, row: &lead::Model) -> bool {
    caller.allows(need::CLUE_ASSIGN)
        && (caller.scope().covers(&lead::Entity::place(row))
            || (pooled(row) && caller.user().organisation_id == Some(row.organisation_id)))
}

/// Who `caller` is to `row` in core's table.
pub fn actor_of(caller: &Caller, row: &lead::Model) -> Actor {
    Actor {
        owner: row.owner_id == Some(caller.user().id),
        manager: manages(caller, row),
        claimer: caller.allows(need::CLUE_CLAIM),
    }
}

impl Resource for lead::Entity {
    const KIND: &'static str = KIND;
    type View = LeadAudit;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<lead::Model>,
    ) -> Result<Vec<LeadAudit>, AppError> {
        let names = history::names_of(db, rows.iter().filter_map(|r| r.owner_id)).await?;
        Ok(rows
            .into_iter()
            .map(|row| LeadAudit {
                id: row.id,
                owner_name: name_of(&names, row.owner_id),
                name: row.name,
                status: row.status,
                source: row.source,
            })
            .collect())
    }
}

/// The rows as `caller` sees them: names looked up together, the phone as they may see it,
/// the buttons core's table offers them.
pub async fn rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    rows: &[lead::Model],
) -> Result<Vec<LeadRow>, AppError> {
    let owners = history::names_of(db, rows.iter().filter_map(|r| r.owner_id)).await?;
    let stores: HashMap<i64, String> = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            rows.iter().filter_map(|r| r.store_id),
        )
        .await?;
    Ok(rows
        .iter()
        .map(|row| {
            // As customers' phones: whole for its agent alone, masked for the rest (the pool's
            // leads until claimed, a manager's view of their agents').
            let access = owner_phone::access(row.owner_id == Some(caller.user().id), false);
            let offered = status_of(row)
                .map(|status| states::offered_actions(status, actor_of(caller, row)))
                .unwrap_or_default();
            LeadRow {
                id: row.id,
                name: row.name.clone(),
                phone: owner_phone::shown(&row.phone, access),
                sex: row.sex,
                demand: row.demand,
                area: row.area.clone(),
                budget: row.budget,
                budget_min: row.budget_min,
                remark: row.remark.clone(),
                source: row.source,
                channel: row.channel.clone(),
                status: row.status,
                invalid_reason: row.invalid_reason,
                owner_id: row.owner_id,
                owner_name: name_of(&owners, row.owner_id),
                store_name: name_of(&stores, row.store_id),
                customer_id: row.customer_id,
                import_id: row.import_id,
                offered_actions: offered
                    .into_iter()
                    .map(|action| action.code().to_owned())
                    .collect(),
                created_at: millis(row.created_at),
                updated_at: millis(row.updated_at),
            }
        })
        .collect())
}

fn history_of_lead(code: &str) -> &'static str {
    states::LeadAction::from_code(code)
        .map(states::LeadAction::label)
        .unwrap_or_default()
}

/// The leads `customer_id` was converted from, each with its history (what was done with the
/// person before they became a customer), oldest first.
pub async fn origins<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    customer_id: i64,
) -> Result<Vec<LeadOrigin>, AppError> {
    let leads = db
        .all(
            db.find::<lead::Entity>()
                .filter(lead::Column::CustomerId.eq(customer_id))
                .order_by_asc(lead::Column::Id),
        )
        .await?;
    let mut origins = Vec::with_capacity(leads.len());
    for row in leads {
        origins.push(LeadOrigin {
            id: row.id,
            history: history::of(db, KIND, row.id, history_of_lead).await?,
            name: row.name,
            source: row.source,
            channel: row.channel,
            remark: row.remark,
            created_at: millis(row.created_at),
        });
    }
    Ok(origins)
}

pub async fn detail_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    row: lead::Model,
) -> Result<LeadDetail, AppError> {
    let entered = history::names_of(db, row.entered_by).await?;
    let history = history::of(db, KIND, row.id, history_of_lead).await?;
    let entered_by_name = name_of(&entered, row.entered_by);
    let mut list = rows(db, caller, std::slice::from_ref(&row)).await?;
    Ok(LeadDetail {
        row: list.remove(0),
        entered_by_name,
        history,
    })
}

/// Leads the caller reads (their own and the pool for an agent, their store's for a manager,
/// the company's for a general manager), newest first, by status, source, demand, who follows
/// it, the days it was entered and a name or phone. Needs `/work/crm/clue`.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/list", tag = "crm",
    request_body = LeadQuery, security(("token" = [])),
    responses((status = 200, description = "One page of leads", body = Envelope<Page<LeadRow>>)))]
pub async fn list(caller: Caller, AppJson(query): AppJson<LeadQuery>) -> ApiResult<Page<LeadRow>> {
    let scoped = caller.require(need::CLUE_LIST)?;
    let mut select = scoped.read::<lead::Entity>();
    for (column, value) in [
        (lead::Column::Status, query.status),
        (lead::Column::Source, query.source),
        (lead::Column::Demand, query.demand),
        (lead::Column::ImportId, query.import_id),
        (lead::Column::OwnerId, query.owner_id),
    ] {
        if let Some(value) = value {
            select = select.filter(column.eq(value));
        }
    }
    if query.mine {
        select = select.filter(lead::Column::OwnerId.eq(scoped.actor().id));
    }
    if let Some(start) = day(&query.start_date, "startDate")? {
        select = select.filter(lead::Column::CreatedAt.gte(day_start(start)));
    }
    if let Some(end) = day(&query.end_date, "endDate")? {
        let next = end.succ_opt().unwrap_or(end);
        select = select.filter(lead::Column::CreatedAt.lt(day_start(next)));
    }
    if let Some(keyword) = filter_text(&query.keyword) {
        let mut any = Condition::any().add(crate::shared::contains(lead::Column::Name, keyword));
        let digits = phone::normalise(keyword);
        if digits.len() >= 3 {
            any = any.add(crate::shared::contains(lead::Column::PhoneKey, &digits));
        }
        select = select.filter(any);
    }
    let page = scoped
        .page(
            select
                .order_by_desc(lead::Column::CreatedAt)
                .order_by_desc(lead::Column::Id),
            query.page,
        )
        .await?;
    let list = rows(&scoped.unscoped(), &caller, &page.list).await?;
    ok(Page {
        list,
        total: page.total,
    })
}

/// One lead the caller reads, with its history and the actions offered to them. Needs
/// `/work/crm/clue`.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/detail", tag = "crm",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The lead", body = Envelope<LeadDetail>)))]
pub async fn detail(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<LeadDetail> {
    let scoped = caller.require(need::CLUE_LIST)?;
    let row = scoped.get::<lead::Entity>(request.id).await?;
    ok(detail_of(&scoped.unscoped(), &caller, row).await?)
}
