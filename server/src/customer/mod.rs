//! 客户 (/work/crm/customer): a company's customers. A customer is placed at its owner agent's
//! seat while private (私客) and at its company alone in the public pool (公客); its status and
//! pool move only by core's pool table through guarded transitions; its phones reach a caller
//! only as core's masking rule allows, and every reveal is on file. Design: `docs/customers.md`.

pub mod drop_job;
mod dto;
pub mod flow;
pub mod matching;
pub mod view;
pub mod viewing;

use brokerdesk_core::customer::phone;
use brokerdesk_core::customer::pool::{Actor, CustomerPool, CustomerState, CustomerStatus};
use brokerdesk_core::customer::wish;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, QueryFilter, QueryOrder, QuerySelect, Select,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use dto::*;

use crate::AppState;
use crate::access::{Caller, Placed, Unscoped, need};
use crate::entity::customer;
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::paging::{Page, filter_text};
use crate::resource::Resource;
use crate::shared::Found;
use crate::staff::{self, Among};

/// The entity name in the audit log and status history.
pub const KIND: &str = "customer";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(due))
        .routes(routes!(agents))
        .routes(routes!(flow::add))
        .routes(routes!(flow::edit))
        .routes(routes!(flow::transition))
        .routes(routes!(flow::claim))
        .routes(routes!(flow::transfer))
        .routes(routes!(flow::follow_up_add))
        .routes(routes!(flow::follow_up_list))
        .routes(routes!(flow::reveal_phone))
        .routes(routes!(viewing::list))
        .routes(routes!(viewing::add))
        .routes(routes!(viewing::feedback))
        .routes(routes!(viewing::companions))
        .routes(routes!(matching::viewing_targets))
        .routes(routes!(matching::listings))
        .routes(routes!(matching::customers))
}

pub fn state_of(row: &customer::Model) -> Result<CustomerState, AppError> {
    match (
        CustomerStatus::from_code(row.status.into()),
        CustomerPool::from_code(row.pool.into()),
    ) {
        (Some(status), Some(pool)) => Ok(CustomerState { status, pool }),
        _ => Err(AppError::StatusUnknown(format!(
            "客户状态「{}-{}」无法识别，请联系管理员",
            row.status, row.pool
        ))),
    }
}

/// How a status history line stores a state: `status-pool`.
pub fn state_code(state: CustomerState) -> String {
    format!("{}-{}", state.status.code(), state.pool.code())
}

pub fn parse_state(code: &str) -> Option<CustomerState> {
    let (status, pool) = code.split_once('-')?;
    Some(CustomerState {
        status: CustomerStatus::from_code(status.parse().ok()?)?,
        pool: CustomerPool::from_code(pool.parse().ok()?)?,
    })
}

/// Who `caller` is to `row` in core's table: its owner, a manager (holds 转移 and can write the
/// customer), a claimer (holds 认领).
pub fn actor_of(caller: &Caller, row: &customer::Model) -> Actor {
    Actor::Person {
        owner: row.owner_id == Some(caller.user().id),
        manager: caller.allows(need::CUSTOMER_TRANSFER)
            && caller.scope().covers(&customer::Entity::place(row)),
        claimer: caller.allows(need::CUSTOMER_CLAIM),
    }
}

impl Resource for customer::Entity {
    const KIND: &'static str = KIND;
    type View = CustomerAudit;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<customer::Model>,
    ) -> Result<Vec<CustomerAudit>, AppError> {
        view::audit_rows(db, rows).await
    }
}

/// Customers whose wish from `min` to `max` meets the §9 range `index` of `range` (core
/// `wish::overlaps` as SQL).
fn meeting(
    select: Select<customer::Entity>,
    (min, max): (customer::Column, customer::Column),
    range: &'static str,
    index: Option<i64>,
    field: &'static str,
) -> Result<Select<customer::Entity>, AppError> {
    let Some(index) = index else {
        return Ok(select);
    };
    let bounds = usize::try_from(index)
        .ok()
        .and_then(|index| wish::filter_bounds(range, index))
        .ok_or_else(|| AppError::invalid(field, "筛选范围不存在，请重新选择"))?;
    let mut select = select;
    if let Some(top) = bounds.max {
        select = select.filter(Condition::any().add(min.is_null()).add(min.lt(top)));
    }
    if let Some(bottom) = bounds.min {
        select = select.filter(Condition::any().add(max.is_null()).add(max.gte(bottom)));
    }
    Ok(select)
}

/// A comma-separated id column holding `id`.
pub fn holds(column: customer::Column, id: i64) -> Condition {
    Condition::any()
        .add(column.eq(id.to_string()))
        .add(column.starts_with(format!("{id},")))
        .add(column.ends_with(format!(",{id}")))
        .add(column.contains(format!(",{id},")))
}

/// Customers the caller reads (an agent: their own and the public pool; a manager: their
/// store's; a general manager: the company's), newest first, filtered by pool, status, level,
/// demand, district, §9 budget and area ranges and keyword. Needs `/work/crm/customer`.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/list", tag = "crm",
    request_body = CustomerQuery, security(("token" = [])),
    responses((status = 200, description = "One page of customers", body = Envelope<Page<CustomerRow>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<CustomerQuery>,
) -> ApiResult<Page<CustomerRow>> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let mut select = scoped.read::<customer::Entity>();
    for (column, value) in [
        (customer::Column::Pool, query.pool),
        (customer::Column::Status, query.status),
        (customer::Column::Level, query.level),
        (customer::Column::Demand, query.demand),
    ] {
        if let Some(value) = value {
            select = select.filter(column.eq(value));
        }
    }
    if let Some(id) = query.district_id {
        select = select.filter(holds(customer::Column::DistrictIds, id));
    }
    if let Some(id) = query.circle_id {
        select = select.filter(holds(customer::Column::CircleIds, id));
    }
    if query.mine {
        select = select.filter(customer::Column::OwnerId.eq(scoped.actor().id));
    }
    if query.due {
        // Core `pool::follow_up_due` as SQL: planned for today or a day past.
        select = select.filter(customer::Column::NextFollowUpOn.lte(form::today()));
    }
    // A budget range is in the chosen demand's unit: monthly rents (元) for rental customers,
    // total prices (万) for the others, whose budgets alone it then reads.
    let budget = wish::BudgetUnit::of_demand(query.demand.unwrap_or(1));
    if query.budget_range.is_some() && budget == wish::BudgetUnit::Wan {
        select = select.filter(customer::Column::Demand.ne(wish::RENTAL_DEMAND));
    }
    select = meeting(
        select,
        (customer::Column::BudgetMin, customer::Column::BudgetMax),
        budget.ranges(),
        query.budget_range,
        "budgetRange",
    )?;
    select = meeting(
        select,
        (customer::Column::AreaMin, customer::Column::AreaMax),
        "area",
        query.area_range,
        "areaRange",
    )?;
    if let Some(keyword) = filter_text(&query.keyword) {
        let mut any =
            Condition::any().add(crate::shared::contains(customer::Column::Name, keyword));
        // A phone typed in digits (spaces and dashes allowed): a whole number by its key, from
        // the index; its last 4 to 8 digits (尾号) at the end of either phone.
        let typed_phone = keyword
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '+'));
        let key = phone::normalise(keyword);
        if typed_phone && (4..=8).contains(&key.len()) {
            any = any
                .add(crate::shared::like(
                    customer::Column::PhoneKey,
                    &key,
                    Found::AtEnd,
                ))
                .add(crate::shared::like(
                    customer::Column::Phone2Key,
                    &key,
                    Found::AtEnd,
                ));
        } else if key.len() > 8 {
            any = any
                .add(customer::Column::PhoneKey.eq(key.as_str()))
                .add(customer::Column::Phone2Key.eq(key.as_str()));
        }
        if let Ok(id) = keyword.parse::<i64>() {
            any = any.add(customer::Column::Id.eq(id));
        }
        select = select.filter(any);
    }
    // Keys first, from `idx_customer_filtered_list` (m0020), then the page's rows by id.
    let page = scoped
        .page_by_key(
            select
                .order_by_desc(customer::Column::CreatedAt)
                .order_by_desc(customer::Column::Id),
            customer::Column::Id,
            query.page,
        )
        .await?;
    let list = view::rows(&scoped.unscoped(), &caller, &page.list).await?;
    ok(Page {
        list,
        total: page.total,
    })
}

/// One customer the caller reads, with its history and the actions offered to them. Needs
/// `/work/crm/customer`.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/detail", tag = "crm",
    request_body = crate::shared::IdRequest, security(("token" = [])),
    responses((status = 200, description = "The customer", body = Envelope<CustomerDetail>)))]
pub async fn detail(
    caller: Caller,
    AppJson(request): AppJson<crate::shared::IdRequest>,
) -> ApiResult<CustomerDetail> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let row = scoped.get::<customer::Entity>(request.id).await?;
    ok(view::detail(&scoped.unscoped(), &caller, row).await?)
}

/// The most customers the home page's reminder lists.
pub const DUE_SHOWN: u64 = 50;

/// 今日待跟进: the caller's own valid private customers whose planned follow-up is today or
/// past, the longest overdue first (at most fifty). Needs `/work/crm/customer`.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/due", tag = "crm",
    security(("token" = [])),
    responses((status = 200, description = "The caller's customers due for a follow-up", body = Envelope<Vec<CustomerRow>>)))]
pub async fn due(caller: Caller) -> ApiResult<Vec<CustomerRow>> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let rows = scoped
        .all(
            scoped
                .read::<customer::Entity>()
                .filter(customer::Column::OwnerId.eq(scoped.actor().id))
                .filter(customer::Column::Pool.eq(CustomerPool::Private.code()))
                .filter(customer::Column::Status.eq(CustomerStatus::Valid.code()))
                .filter(customer::Column::NextFollowUpOn.lte(form::today()))
                .order_by_asc(customer::Column::NextFollowUpOn)
                .order_by_asc(customer::Column::Id)
                .limit(DUE_SHOWN),
        )
        .await?;
    ok(view::rows(&scoped.unscoped(), &caller, &rows).await?)
}

/// The agents the caller may hand a customer to (转移): working, unlocked people of their company
/// whose seat the caller may write. Needs 转移.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/agents", tag = "crm",
    security(("token" = [])),
    responses((status = 200, description = "Who customers may be transferred to", body = Envelope<Vec<CustomerAgent>>)))]
pub async fn agents(caller: Caller) -> ApiResult<Vec<CustomerAgent>> {
    let scoped = caller.require(need::CUSTOMER_TRANSFER)?;
    ok(staff::pickable(&scoped, Among::Writable, staff::at_work()).await?)
}
