//! 二手房源 (/work/house/old): second-hand listings on rooms of the community dictionary. A
//! listing is placed at its maintainer's seat while private and at its company alone in the
//! public pool (公盘); its status and pool move only by core's lifecycle table through guarded
//! transitions; its owner's phone reaches a caller only as core's masking rule allows, and
//! every reveal is on file. Design: `docs/houses.md`.

pub mod drop_job;
mod dto;
mod flow;
pub mod view;

use brokerdesk_core::listing::filter::{self, Bounds};
use brokerdesk_core::listing::lifecycle::{Actor, HouseStatus, ListingState, Pool};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, QueryFilter, QueryOrder, Select};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use dto::*;

use crate::AppState;
use crate::access::{Caller, Placed, Unscoped, need};
use crate::entity::{community, listing};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::paging::{Page, filter_text};
use crate::resource::Resource;

/// The entity name in the audit log and status history.
pub const KIND: &str = "secondHand";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(flow::add))
        .routes(routes!(flow::edit))
        .routes(routes!(flow::transition))
        .routes(routes!(flow::claim))
        .routes(routes!(flow::follow_up_add))
        .routes(routes!(flow::follow_up_list))
        .routes(routes!(flow::reveal_phone))
}

/// The listing's state as core's table reads it.
pub fn state_of(row: &listing::Model) -> Result<ListingState, AppError> {
    let status = HouseStatus::from_code(row.status.into());
    let pool = Pool::from_code(row.pool.into());
    match (status, pool) {
        (Some(status), Some(pool)) => Ok(ListingState { status, pool }),
        _ => Err(AppError::StatusUnknown(format!(
            "房源状态「{}-{}」无法识别，请联系管理员",
            row.status, row.pool
        ))),
    }
}

/// How a status history line stores a state: `status-pool`.
pub fn state_code(state: ListingState) -> String {
    format!("{}-{}", state.status.code(), state.pool.code())
}

pub fn parse_state(code: &str) -> Option<ListingState> {
    let (status, pool) = code.split_once('-')?;
    Some(ListingState {
        status: HouseStatus::from_code(status.parse().ok()?)?,
        pool: Pool::from_code(pool.parse().ok()?)?,
    })
}

/// Who `caller` is to `row` in core's table: its maintainer, a manager (holds 状态管理 and can
/// write the listing), a claimer (holds 认领).
pub fn actor_of(caller: &Caller, row: &listing::Model) -> Actor {
    Actor::Person {
        maintainer: row.maintainer_id == Some(caller.user().id),
        manager: caller.allows(need::HOUSE_OLD_MANAGE)
            && caller.scope().covers(&listing::Entity::place(row)),
        claimer: caller.allows(need::HOUSE_OLD_CLAIM),
    }
}

impl Resource for listing::Entity {
    const KIND: &'static str = KIND;
    type View = ListingAudit;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<listing::Model>,
    ) -> Result<Vec<ListingAudit>, AppError> {
        view::audit_rows(db, rows).await
    }
}

/// `column` within a §9 range, given by its index in core's table.
fn within(
    select: Select<listing::Entity>,
    column: listing::Column,
    range: &'static str,
    index: Option<i64>,
    field: &'static str,
) -> Result<Select<listing::Entity>, AppError> {
    let Some(index) = index else {
        return Ok(select);
    };
    let bounds = usize::try_from(index)
        .ok()
        .and_then(|index| filter::bounds(range, index))
        .ok_or_else(|| AppError::invalid(field, "筛选范围不存在，请重新选择"))?;
    let Bounds { min, max } = bounds;
    let mut select = select;
    if let Some(min) = min {
        select = select.filter(column.gte(min));
    }
    if let Some(max) = max {
        select = select.filter(column.lt(max));
    }
    Ok(select)
}

/// Communities whose name, pinyin or initials contain `keyword`.
fn community_match(keyword: &str) -> Condition {
    let lower = keyword.to_lowercase();
    Condition::any()
        .add(community::Column::Name.contains(keyword))
        .add(community::Column::Pinyin.contains(&lower))
        .add(community::Column::Initials.contains(&lower))
}

/// Second-hand listings the caller reads, newest first, filtered by §9 ranges, district,
/// circle, community, status, pool and keyword. Needs `/work/house/old`.
#[utoipa::path(post, path = "/api/v1/fm/house/old/list", tag = "house",
    request_body = ListingQuery, security(("token" = [])),
    responses((status = 200, description = "One page of listings", body = Envelope<Page<ListingRow>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<ListingQuery>,
) -> ApiResult<Page<ListingRow>> {
    let scoped = caller.require(need::HOUSE_OLD_LIST)?;
    let mut select = scoped.read::<listing::Entity>();
    for (column, value) in [
        (listing::Column::DistrictId, query.district_id),
        (listing::Column::BusinessCircleId, query.business_circle_id),
        (listing::Column::CommunityId, query.community_id),
        (listing::Column::Status, query.status),
        (listing::Column::Pool, query.pool),
        (listing::Column::Rooms, query.rooms),
    ] {
        if let Some(value) = value {
            select = select.filter(column.eq(value));
        }
    }
    if query.mine {
        select = select.filter(listing::Column::MaintainerId.eq(scoped.actor().id));
    }
    select = within(
        select,
        listing::Column::Price,
        "price",
        query.price_range,
        "priceRange",
    )?;
    select = within(
        select,
        listing::Column::Area,
        "area",
        query.area_range,
        "areaRange",
    )?;
    select = within(
        select,
        listing::Column::Floor,
        "floor",
        query.floor_range,
        "floorRange",
    )?;
    select = within(
        select,
        listing::Column::UnitPrice,
        "averagePrice",
        query.average_price_range,
        "averagePriceRange",
    )?;
    select = within(
        select,
        listing::Column::PropertyTerm,
        "propertyTerm",
        query.property_term_range,
        "propertyTermRange",
    )?;
    if let Some(keyword) = filter_text(&query.keyword) {
        let db = scoped.unscoped();
        let communities: Vec<i64> = db
            .values(
                db.find::<community::Entity>()
                    .filter(community_match(keyword)),
                community::Column::Id,
            )
            .await?;
        let mut any = Condition::any().add(listing::Column::CommunityId.is_in(communities));
        if let Ok(id) = keyword.parse::<i64>() {
            any = any.add(listing::Column::Id.eq(id));
        }
        select = select.filter(any);
    }
    let page = scoped
        .page(
            select
                .order_by_desc(listing::Column::CreatedAt)
                .order_by_desc(listing::Column::Id),
            query.page,
        )
        .await?;
    let list = view::rows(&scoped.unscoped(), &caller, &page.list).await?;
    ok(Page {
        list,
        total: page.total,
    })
}

/// One listing the caller reads, with its roles, history and the actions offered to them.
/// Needs `/work/house/old` or its detail page.
#[utoipa::path(post, path = "/api/v1/fm/house/old/detail", tag = "house",
    request_body = crate::shared::IdRequest, security(("token" = [])),
    responses((status = 200, description = "The listing", body = Envelope<ListingDetail>)))]
pub async fn detail(
    caller: Caller,
    AppJson(request): AppJson<crate::shared::IdRequest>,
) -> ApiResult<ListingDetail> {
    let scoped = caller.require(need::HOUSE_OLD_READ)?;
    let row = scoped.get::<listing::Entity>(request.id).await?;
    ok(view::detail(&scoped.unscoped(), &caller, row).await?)
}
