//! 房源: listings on rooms of the community dictionary, for sale (二手房, /work/house/old) and
//! for rent (租房, /work/house/rental). One table and one machinery with a trade (core
//! `listing::trade`): each trade has its route family, its permission codes ([`Needs`]) and
//! its form; the lifecycle, pools, follow-ups, roles and the owner-phone rule are shared. A
//! listing is placed at its maintainer's seat while private and at its company alone in the
//! public pool (公盘); its status and pool move only by core's lifecycle table through guarded
//! transitions; its owner's phone reaches a caller only as core's masking rule allows, and
//! every reveal is on file. Design: `docs/houses.md`.

pub mod drop_job;
mod dto;
mod export;
mod flow;
pub mod key;
pub mod photo;
pub mod photo_files;
mod roles;
mod routes;
pub mod view;

use brokerdesk_core::listing::filter::{self, Bounds};
use brokerdesk_core::listing::lifecycle::{Actor, HouseStatus, ListingState, Pool};
use brokerdesk_core::listing::trade::Trade;
use sea_orm::sea_query::{Alias, Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbBackend, QueryFilter, QueryOrder, Select,
};
use utoipa_axum::router::OpenApiRouter;

pub use dto::*;

use crate::AppState;
use crate::access::{Caller, Need, Placed, Scoped, Unscoped, need};
use crate::entity::{community, listing};
use crate::error::AppError;
use crate::paging::{Page, filter_text};
use crate::resource::Resource;

/// The entity name in the audit log and status history of a sale; a rental's is
/// [`Trade::kind`].
pub const KIND: &str = "secondHand";

pub fn router() -> OpenApiRouter<AppState> {
    routes::router()
}

/// What a trade's routes need: its pages' codes.
pub struct Needs {
    pub list: Need,
    pub read: Need,
    pub add: Need,
    pub edit: Need,
    /// A manager's moves of the lifecycle table.
    pub manage: Need,
    pub claim: Need,
    pub view_phone: Need,
    pub follow_up: Need,
    /// 导出 of the filtered list.
    pub export: Need,
}

const SALE: Needs = Needs {
    list: need::HOUSE_OLD_LIST,
    read: need::HOUSE_OLD_READ,
    add: need::HOUSE_OLD_ADD,
    edit: need::HOUSE_OLD_EDIT,
    manage: need::HOUSE_OLD_MANAGE,
    claim: need::HOUSE_OLD_CLAIM,
    view_phone: need::HOUSE_OLD_VIEW_PHONE,
    follow_up: need::HOUSE_OLD_FOLLOW_UP,
    export: need::HOUSE_OLD_EXPORT,
};

const LEASE: Needs = Needs {
    list: need::HOUSE_RENTAL_LIST,
    read: need::HOUSE_RENTAL_READ,
    add: need::HOUSE_RENTAL_ADD,
    edit: need::HOUSE_RENTAL_EDIT,
    manage: need::HOUSE_RENTAL_MANAGE,
    claim: need::HOUSE_RENTAL_CLAIM,
    view_phone: need::HOUSE_RENTAL_VIEW_PHONE,
    follow_up: need::HOUSE_RENTAL_FOLLOW_UP,
    export: need::HOUSE_RENTAL_EXPORT,
};

pub fn needs(trade: Trade) -> &'static Needs {
    match trade {
        Trade::Sale => &SALE,
        Trade::Lease => &LEASE,
    }
}

/// The listing's trade; a stored code core does not know is refused rather than guessed.
pub fn trade_of(row: &listing::Model) -> Result<Trade, AppError> {
    Trade::from_code(row.trade.into()).ok_or_else(|| {
        AppError::StatusUnknown(format!("房源类型「{}」无法识别，请联系管理员", row.trade))
    })
}

/// The listing's state as core's table reads it.
pub fn state_of(row: &listing::Model) -> Result<ListingState, AppError> {
    let status = HouseStatus::from_code(row.status.into());
    let pool = Pool::from_code(row.pool.into());
    match (status, pool) {
        (Some(status), Some(pool)) => Ok(ListingState {
            trade: trade_of(row)?,
            status,
            pool,
        }),
        _ => Err(AppError::StatusUnknown(format!(
            "房源状态「{}-{}」无法识别，请联系管理员",
            row.status, row.pool
        ))),
    }
}

/// How a status history line stores a state: `status-pool` (the trade is the history's
/// entity).
pub fn state_code(state: ListingState) -> String {
    format!("{}-{}", state.status.code(), state.pool.code())
}

pub fn parse_state(trade: Trade, code: &str) -> Option<ListingState> {
    let (status, pool) = code.split_once('-')?;
    Some(ListingState {
        trade,
        status: HouseStatus::from_code(status.parse().ok()?)?,
        pool: Pool::from_code(pool.parse().ok()?)?,
    })
}

/// Who `caller` is to `row` in core's table: its maintainer, a manager (holds 状态管理 of the
/// listing's trade and can write the listing), a claimer (holds 认领).
pub fn actor_of(caller: &Caller, row: &listing::Model) -> Actor {
    let needs = Trade::from_code(row.trade.into()).map(needs);
    let allows = |need: fn(&Needs) -> Need| needs.is_some_and(|n| caller.allows(need(n)));
    Actor::Person {
        maintainer: row.maintainer_id == Some(caller.user().id),
        manager: allows(|n| n.manage) && caller.scope().covers(&listing::Entity::place(row)),
        claimer: allows(|n| n.claim),
    }
}

/// A listing of `trade` the caller reads: one of the other trade is not found here, so that
/// one family of routes never answers for the other's rows.
pub async fn get_in<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    trade: Trade,
    id: i64,
) -> Result<listing::Model, AppError> {
    let row = scoped.get::<listing::Entity>(id).await?;
    if row.trade != trade.code() {
        return Err(AppError::NotFound);
    }
    Ok(row)
}

impl Resource for listing::Entity {
    const KIND: &'static str = KIND;
    type View = ListingAudit;

    fn kind_of(row: &listing::Model) -> &'static str {
        Trade::from_code(row.trade.into()).map_or(KIND, Trade::kind)
    }

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<listing::Model>,
    ) -> Result<Vec<ListingAudit>, AppError> {
        view::audit_rows(db, rows).await
    }
}

/// The bounds of the `index`-th §9 range called `range`, or the error naming `field`.
fn range_bounds(range: &'static str, index: i64, field: &'static str) -> Result<Bounds, AppError> {
    usize::try_from(index)
        .ok()
        .and_then(|index| filter::bounds(range, index))
        .ok_or_else(|| AppError::invalid(field, "筛选范围不存在，请重新选择"))
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
    Ok(between(select, column, range_bounds(range, index, field)?))
}

/// `column` within `bounds`: `min <= value < max`, an open end unbounded.
fn between(
    mut select: Select<listing::Entity>,
    column: listing::Column,
    Bounds { min, max }: Bounds,
) -> Select<listing::Entity> {
    if let Some(min) = min {
        select = select.filter(column.gte(min));
    }
    if let Some(max) = max {
        select = select.filter(column.lt(max));
    }
    select
}

/// The listing's stored band of a §9 range (m0040: `price_band` for price or rent, `area_band`),
/// a column SQLite's triggers keep and the entity does not carry: core's `filter::band` of the
/// value. PostgreSQL has no such columns.
fn band_column(range: &str) -> Option<&'static str> {
    match range {
        "price" | "rent" => Some("price_band"),
        "area" => Some("area_band"),
        _ => None,
    }
}

/// Filter by the stored band rather than the value range: on SQLite, whose index of the bands
/// (m0040) lets the total read exactly its matches. PostgreSQL keeps the value ranges on m0038's
/// indexes (its plans met the goal; it keeps no bands). The same rows either way.
fn by_band(backend: DbBackend) -> bool {
    backend == DbBackend::Sqlite
}

/// Communities whose name, pinyin or initials contain `keyword`.
fn community_match(keyword: &str) -> Condition {
    let lower = keyword.to_lowercase();
    Condition::any()
        .add(crate::shared::contains(community::Column::Name, keyword))
        .add(crate::shared::contains(community::Column::Pinyin, &lower))
        .add(crate::shared::contains(community::Column::Initials, &lower))
}

/// The listings of `trade` the caller reads, filtered by core's ranges of the trade, district,
/// circle, community, store, status, pool and keyword: the list and its 导出 alike.
pub(crate) async fn filtered(
    trade: Trade,
    scoped: &Scoped<'_>,
    query: &ListingQuery,
) -> Result<Select<listing::Entity>, AppError> {
    let mut select = scoped
        .read::<listing::Entity>()
        .filter(listing::Column::Trade.eq(trade.code()));
    for (column, value) in [
        (listing::Column::DistrictId, query.district_id),
        (listing::Column::BusinessCircleId, query.business_circle_id),
        (listing::Column::CommunityId, query.community_id),
        (listing::Column::StoreId, query.store_id),
        (listing::Column::Status, query.status),
        (listing::Column::Pool, query.pool),
        (listing::Column::Rooms, query.rooms),
        (listing::Column::RentType, query.rent_type),
    ] {
        if let Some(value) = value {
            select = select.filter(column.eq(value));
        }
    }
    if query.mine {
        select = select.filter(listing::Column::MaintainerId.eq(scoped.actor().id));
    }
    let banded = by_band(scoped.unscoped().backend());
    for (column, range, index, field) in [
        (
            listing::Column::Price,
            "price",
            query.price_range,
            "priceRange",
        ),
        (
            listing::Column::Price,
            "rent",
            query.rent_range,
            "rentRange",
        ),
        (listing::Column::Area, "area", query.area_range, "areaRange"),
        (
            listing::Column::Floor,
            "floor",
            query.floor_range,
            "floorRange",
        ),
        (
            listing::Column::UnitPrice,
            "averagePrice",
            query.average_price_range,
            "averagePriceRange",
        ),
        (
            listing::Column::PropertyTerm,
            "propertyTerm",
            query.property_term_range,
            "propertyTermRange",
        ),
    ] {
        // A range of the other trade (总价 on the rental list) is not this list's to take.
        if index.is_some() && !trade.list_ranges().contains(&range) {
            return Err(AppError::invalid(field, "筛选范围不存在，请重新选择"));
        }
        if let (Some(index), Some(band), true) = (index, band_column(range), banded) {
            range_bounds(range, index, field)?;
            select = select.filter(Expr::col((listing::Entity, Alias::new(band))).eq(index));
        } else {
            select = within(select, column, range, index, field)?;
        }
    }
    let typed = filter::typed_bounds(
        trade,
        query.price_min.as_deref().unwrap_or_default(),
        query.price_max.as_deref().unwrap_or_default(),
    );
    let typed = typed.map_err(|why| AppError::invalid("priceMin", why.message()))?;
    select = between(select, listing::Column::Price, typed);
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
    Ok(select)
}

/// The listings of `trade` the caller reads, newest first, filtered as [`filtered`] says.
pub async fn list_of(
    trade: Trade,
    caller: &Caller,
    query: ListingQuery,
) -> Result<Page<ListingRow>, AppError> {
    let scoped = caller.require(needs(trade).list)?;
    let select = filtered(trade, &scoped, &query).await?;
    // Counted apart on SQLite: its window would keep and sort every match (docs/benchmarks.md).
    let page = scoped
        .unscoped()
        .page_by_key_with(
            select
                .order_by_desc(listing::Column::CreatedAt)
                .order_by_desc(listing::Column::Id),
            listing::Column::Id,
            query.page,
            true,
        )
        .await?;
    let list = view::rows(&scoped.unscoped(), caller, &page.list).await?;
    Ok(Page {
        list,
        total: page.total,
    })
}

/// One listing of `trade` the caller reads, with its roles, history and the actions offered
/// to them.
pub async fn detail_of(trade: Trade, caller: &Caller, id: i64) -> Result<ListingDetail, AppError> {
    let scoped = caller.require(needs(trade).read)?;
    let row = get_in(&scoped, trade, id).await?;
    view::detail(&scoped.unscoped(), caller, row).await
}
