//! The parts of a community: buildings (栋座), their units (单元) and the rooms (房号) in them.
//! Each row keeps its city and community, so scope filters and the listings that refer to a
//! room need no join; a part is removed only once nothing is below it.

use brokerdesk_core::community::{Part, next_part_sort, part_key, part_name};
use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::{ActiveValue, ColumnTrait, ConnectionTrait, NotSet, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use std::collections::{HashMap, HashSet};

use brokerdesk_core::listing::lifecycle;
use brokerdesk_core::listing::trade::{Trade, keeper_phrase};

use crate::entity::{building, community, listing, room, store, unit};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::history;
use crate::listing::view::room_labels;
use crate::paging::lenient_number;
use crate::resource::Resource;
use crate::shared::{IdRequest, count_of, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(building_list))
        .routes(routes!(building_add))
        .routes(routes!(building_edit))
        .routes(routes!(building_delete))
        .routes(routes!(unit_list))
        .routes(routes!(unit_add))
        .routes(routes!(unit_edit))
        .routes(routes!(unit_delete))
        .routes(routes!(room_list))
        .routes(routes!(room_add))
        .routes(routes!(room_edit))
        .routes(routes!(room_delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Building {
    pub id: i64,
    pub community_id: i64,
    pub name: String,
    /// 总层数.
    pub floors: Option<i32>,
    pub sort: i32,
    pub unit_count: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unit {
    pub id: i64,
    pub community_id: i64,
    pub building_id: i64,
    pub name: String,
    pub sort: i32,
    pub room_count: i64,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Room {
    pub id: i64,
    pub community_id: i64,
    pub building_id: i64,
    pub unit_id: i64,
    pub name: String,
    /// 所在楼层; negative below ground.
    pub floor: Option<i32>,
    /// `在售`/`在租` when the room list was asked for a trade and the caller's company has a
    /// listing of it on the market for this room (entering another is 重盘); else empty. The
    /// community's detail asks for 在售 (its 录入房源 enters a second-hand listing).
    pub on_market: String,
    /// That listing's number, when `on_market`.
    pub listing_id: Option<i64>,
    /// That listing's trade (1 二手房, 2 租房), when `on_market`.
    pub listing_trade: Option<i16>,
    /// Who keeps that listing (`西湖店张三维护`, `公盘`), when the caller may read it (then the
    /// page offers 查看房源); empty otherwise.
    pub listing_keeper: String,
    /// The room in full (`2幢1单元902`), when `on_market`: what 重盘 names.
    pub label: String,
}

impl From<room::Model> for Room {
    fn from(row: room::Model) -> Self {
        Self {
            id: row.id,
            community_id: row.community_id,
            building_id: row.building_id,
            unit_id: row.unit_id,
            name: row.name,
            floor: row.floor,
            on_market: String::new(),
            listing_id: None,
            listing_trade: None,
            listing_keeper: String::new(),
            label: String::new(),
        }
    }
}

/// A unit with its rooms, in a community's detail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitTree {
    #[serde(flatten)]
    pub unit: Unit,
    pub rooms: Vec<Room>,
}

/// A building with its units, in a community's detail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTree {
    #[serde(flatten)]
    pub building: Building,
    pub units: Vec<UnitTree>,
}

impl Resource for building::Entity {
    const KIND: &'static str = "building";
    const IN_USE: &'static str = "该栋座下还有单元，无法删除";
    type View = Building;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<building::Model>,
    ) -> Result<Vec<Building>, AppError> {
        let units = db
            .counts(
                db.find::<unit::Entity>(),
                unit::Column::BuildingId,
                rows.iter().map(|r| r.id),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| Building {
                unit_count: count_of(&units, row.id),
                id: row.id,
                community_id: row.community_id,
                name: row.name,
                floors: row.floors,
                sort: row.sort,
            })
            .collect())
    }

    async fn in_use<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        row: &building::Model,
    ) -> Result<bool, AppError> {
        db.uses::<unit::Entity>(unit::Column::BuildingId, row.id)
            .await
    }
}

impl Resource for unit::Entity {
    const KIND: &'static str = "unit";
    const IN_USE: &'static str = "该单元下还有房号，无法删除";
    type View = Unit;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<unit::Model>,
    ) -> Result<Vec<Unit>, AppError> {
        let rooms = db
            .counts(
                db.find::<room::Entity>(),
                room::Column::UnitId,
                rows.iter().map(|r| r.id),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| Unit {
                room_count: count_of(&rooms, row.id),
                id: row.id,
                community_id: row.community_id,
                building_id: row.building_id,
                name: row.name,
                sort: row.sort,
            })
            .collect())
    }

    async fn in_use<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        row: &unit::Model,
    ) -> Result<bool, AppError> {
        db.uses::<room::Entity>(room::Column::UnitId, row.id).await
    }
}

impl Resource for room::Entity {
    const KIND: &'static str = "room";
    type View = Room;

    async fn describe<C: ConnectionTrait>(
        _: &Unscoped<'_, C>,
        rows: Vec<room::Model>,
    ) -> Result<Vec<Room>, AppError> {
        Ok(rows.into_iter().map(Room::from).collect())
    }
}

fn buildings_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    community_id: i64,
) -> sea_orm::Select<building::Entity> {
    db.find::<building::Entity>()
        .filter(building::Column::CommunityId.eq(community_id))
        .order_by_asc(building::Column::Sort)
        .order_by_asc(building::Column::Id)
}

/// A community's buildings with their units and rooms, in display order.
pub async fn tree<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    community_id: i64,
) -> Result<Vec<BuildingTree>, AppError> {
    let buildings = db.all(buildings_of(db, community_id)).await?;
    let units = db
        .all(
            db.find::<unit::Entity>()
                .filter(unit::Column::CommunityId.eq(community_id))
                .order_by_asc(unit::Column::Sort)
                .order_by_asc(unit::Column::Id),
        )
        .await?;
    let rooms = db
        .all(
            db.find::<room::Entity>()
                .filter(room::Column::CommunityId.eq(community_id))
                .order_by_asc(room::Column::Floor)
                .order_by_asc(room::Column::Name),
        )
        .await?;
    let units = unit::Entity::describe(db, units).await?;
    Ok(building::Entity::describe(db, buildings)
        .await?
        .into_iter()
        .map(|building| BuildingTree {
            units: units
                .iter()
                .filter(|unit| unit.building_id == building.id)
                .map(|unit| UnitTree {
                    rooms: rooms
                        .iter()
                        .filter(|room| room.unit_id == unit.id)
                        .cloned()
                        .map(Room::from)
                        .collect(),
                    unit: unit.clone(),
                })
                .collect(),
            building,
        })
        .collect())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunityId {
    pub community_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingId {
    pub building_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitId {
    pub unit_id: i64,
    /// Core `houseTrade` (1 出售, 2 出租): marks the rooms the caller's company has a listing of
    /// that trade on the market for.
    #[serde(default, deserialize_with = "lenient_number")]
    pub trade: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingForm {
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub floors: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingAdd {
    pub community_id: i64,
    #[serde(flatten)]
    pub form: BuildingForm,
}

impl CoreForm for BuildingAdd {
    const FORM: &'static Form = &forms::BUILDING;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: BuildingForm,
}

impl CoreForm for BuildingEdit {
    const FORM: &'static Form = &forms::BUILDING;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitForm {
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitAdd {
    pub building_id: i64,
    #[serde(flatten)]
    pub form: UnitForm,
}

impl CoreForm for UnitAdd {
    const FORM: &'static Form = &forms::UNIT;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: UnitForm,
}

impl CoreForm for UnitEdit {
    const FORM: &'static Form = &forms::UNIT;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomForm {
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub floor: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomAdd {
    pub unit_id: i64,
    #[serde(flatten)]
    pub form: RoomForm,
}

impl CoreForm for RoomAdd {
    const FORM: &'static Form = &forms::ROOM;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: RoomForm,
}

impl CoreForm for RoomEdit {
    const FORM: &'static Form = &forms::ROOM;
}

/// The form's whole numbers, bounded by its rules, as stored.
fn small(value: Option<i64>) -> Option<i32> {
    value.and_then(|v| i32::try_from(v).ok())
}

/// Refuses `name` (10000409 on the name field) when a sibling other than `except` has a name
/// compared alike ([`part_key`]: `１５０１` and `1501室` are room `1501`), naming the sibling.
fn refuse_same_name(
    part: Part,
    name: &str,
    siblings: impl IntoIterator<Item = (i64, String)>,
    except: Option<i64>,
    message: impl Fn(&str) -> String,
) -> Result<(), AppError> {
    let key = part_key(part, name);
    match siblings
        .into_iter()
        .find(|(id, taken)| Some(*id) != except && part_key(part, taken) == key)
    {
        Some((_, taken)) => Err(form::on_field("name")(AppError::Conflict(message(&taken)))),
        None => Ok(()),
    }
}

/// A building's or unit's 排序: as its form gives it; else a new one goes after its siblings (core)
/// and an edited one keeps its place.
fn part_sort(
    given: Option<i64>,
    siblings: impl IntoIterator<Item = i64>,
    except: Option<i64>,
) -> Result<ActiveValue<i32>, AppError> {
    Ok(match (given, except) {
        (Some(_), _) => Set(fields::sort("sort", given)?),
        (None, None) => Set(next_part_sort(siblings) as i32),
        (None, Some(_)) => NotSet,
    })
}

/// A building or unit among its siblings (`(id, name, sort)`, `except` being itself when
/// edited): refused when named as one of them ([`refuse_same_name`]), else its 排序
/// ([`part_sort`]).
fn among_siblings(
    part: Part,
    name: &str,
    sort: Option<i64>,
    siblings: impl IntoIterator<Item = (i64, String, i32)>,
    except: Option<i64>,
    message: impl Fn(&str) -> String,
) -> Result<ActiveValue<i32>, AppError> {
    let siblings: Vec<_> = siblings.into_iter().collect();
    let order = part_sort(
        sort,
        siblings
            .iter()
            .filter(|(id, ..)| Some(*id) != except)
            .map(|(.., sort)| i64::from(*sort)),
        except,
    )?;
    let named = siblings.into_iter().map(|(id, name, _)| (id, name));
    refuse_same_name(part, name, named, except, message)?;
    Ok(order)
}

async fn check_building(
    scoped: &Scoped<'_>,
    community_id: i64,
    form: &BuildingForm,
    except: Option<i64>,
) -> Result<building::ActiveModel, AppError> {
    let name = part_name(&form.name);
    let db = scoped.unscoped();
    let rows = db
        .all(
            db.find::<building::Entity>()
                .filter(building::Column::CommunityId.eq(community_id)),
        )
        .await?;
    let siblings = rows.into_iter().map(|row| (row.id, row.name, row.sort));
    let order = among_siblings(
        Part::Building,
        &name,
        form.sort,
        siblings,
        except,
        |taken| format!("该小区已有栋座「{taken}」"),
    )?;
    if let (Some(id), Some(floors)) = (except, form.floors) {
        // Fewer floors than a room already on file would leave that room above the top.
        let top = db
            .one(
                db.find::<room::Entity>()
                    .filter(room::Column::BuildingId.eq(id))
                    .filter(room::Column::Floor.is_not_null())
                    .order_by_desc(room::Column::Floor),
            )
            .await?
            .and_then(|room| room.floor);
        if let Some(top) = top.filter(|&top| i64::from(top) > floors) {
            return Err(AppError::invalid(
                "floors",
                format!("该栋座已有第{top}层的房号，总层数不能低于{top}层"),
            ));
        }
    }
    Ok(building::ActiveModel {
        name: Set(name),
        floors: Set(small(form.floors)),
        sort: order,
        ..Default::default()
    })
}

async fn check_unit(
    scoped: &Scoped<'_>,
    building_id: i64,
    form: &UnitForm,
    except: Option<i64>,
) -> Result<unit::ActiveModel, AppError> {
    let name = part_name(&form.name);
    let db = scoped.unscoped();
    let rows = db
        .all(
            db.find::<unit::Entity>()
                .filter(unit::Column::BuildingId.eq(building_id)),
        )
        .await?;
    let siblings = rows.into_iter().map(|row| (row.id, row.name, row.sort));
    let order = among_siblings(Part::Unit, &name, form.sort, siblings, except, |taken| {
        format!("该栋座已有单元「{taken}」")
    })?;
    Ok(unit::ActiveModel {
        name: Set(name),
        sort: order,
        ..Default::default()
    })
}

async fn check_room(
    scoped: &Scoped<'_>,
    unit_id: i64,
    form: &RoomForm,
    except: Option<i64>,
) -> Result<room::ActiveModel, AppError> {
    let db = scoped.unscoped();
    let floors = match db
        .one(
            db.find::<unit::Entity>()
                .filter(unit::Column::Id.eq(unit_id)),
        )
        .await?
    {
        Some(unit) => db
            .one(
                db.find::<building::Entity>()
                    .filter(building::Column::Id.eq(unit.building_id)),
            )
            .await?
            .and_then(|building| building.floors),
        None => None,
    };
    brokerdesk_core::community::room_floor_within(form.floor, floors.map(i64::from))
        .map_err(|message| AppError::invalid("floor", message))?;
    let name = part_name(&form.name);
    let siblings = db
        .all(
            db.find::<room::Entity>()
                .filter(room::Column::UnitId.eq(unit_id)),
        )
        .await?
        .into_iter()
        .map(|row| (row.id, row.name));
    refuse_same_name(Part::Room, &name, siblings, except, |taken| {
        format!("该单元已有房号「{taken}」")
    })?;
    Ok(room::ActiveModel {
        name: Set(name),
        floor: Set(small(form.floor)),
        ..Default::default()
    })
}

/// A community's buildings. Needs a houses page.
#[utoipa::path(post, path = "/api/v1/fm/house/building/list", tag = "community",
    request_body = CommunityId, security(("token" = [])),
    responses((status = 200, description = "The buildings, in display order", body = Envelope<Vec<Building>>)))]
pub async fn building_list(
    caller: Caller,
    AppJson(request): AppJson<CommunityId>,
) -> ApiResult<Vec<Building>> {
    let scoped = caller.require(need::COMMUNITY_READ)?;
    let parent = scoped
        .get::<community::Entity>(request.community_id)
        .await?;
    let db = scoped.unscoped();
    let rows = db.all(buildings_of(&db, parent.id)).await?;
    ok(building::Entity::describe(&db, rows).await?)
}

/// Add a building to a community. Needs the community detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/building/add", tag = "community",
    request_body = BuildingAdd, security(("token" = [])),
    responses((status = 200, description = "The new building", body = Envelope<Building>)))]
pub async fn building_add(
    caller: Caller,
    AppJson(request): AppJson<BuildingAdd>,
) -> ApiResult<Building> {
    let scoped = caller.require(need::COMMUNITY_PARTS)?;
    let request = form::checked(&request)?;
    let parent = scoped
        .get_writable::<community::Entity>(request.community_id)
        .await?;
    let checked = check_building(&scoped, parent.id, &request.form, None).await?;
    ok(scoped
        .create::<building::Entity>(building::ActiveModel {
            site_id: Set(parent.site_id),
            community_id: Set(parent.id),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
}

/// Rename a building or change its floors. Needs the community detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/building/edit", tag = "community",
    request_body = BuildingEdit, security(("token" = [])),
    responses((status = 200, description = "The building as saved", body = Envelope<Building>)))]
pub async fn building_edit(
    caller: Caller,
    AppJson(request): AppJson<BuildingEdit>,
) -> ApiResult<Building> {
    let scoped = caller.require(need::COMMUNITY_PARTS)?;
    let request = form::checked(&request)?;
    let before = scoped.get_writable::<building::Entity>(request.id).await?;
    let checked =
        check_building(&scoped, before.community_id, &request.form, Some(before.id)).await?;
    ok(scoped.change::<building::Entity>(before, checked).await?)
}

/// Delete a building without units. Needs the community detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/building/delete", tag = "community",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while units remain", body = Envelope<Empty>)))]
pub async fn building_delete(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<Empty> {
    let scoped = caller.require(need::COMMUNITY_PARTS)?;
    scoped.remove::<building::Entity>(request.id).await?;
    ok(Empty {})
}

/// A building's units. Needs a houses page.
#[utoipa::path(post, path = "/api/v1/fm/house/unit/list", tag = "community",
    request_body = BuildingId, security(("token" = [])),
    responses((status = 200, description = "The units, in display order", body = Envelope<Vec<Unit>>)))]
pub async fn unit_list(
    caller: Caller,
    AppJson(request): AppJson<BuildingId>,
) -> ApiResult<Vec<Unit>> {
    let scoped = caller.require(need::COMMUNITY_READ)?;
    let parent = scoped.get::<building::Entity>(request.building_id).await?;
    let db = scoped.unscoped();
    let rows = db
        .all(
            db.find::<unit::Entity>()
                .filter(unit::Column::BuildingId.eq(parent.id))
                .order_by_asc(unit::Column::Sort)
                .order_by_asc(unit::Column::Id),
        )
        .await?;
    ok(unit::Entity::describe(&db, rows).await?)
}

/// Add a unit to a building. Needs the community detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/unit/add", tag = "community",
    request_body = UnitAdd, security(("token" = [])),
    responses((status = 200, description = "The new unit", body = Envelope<Unit>)))]
pub async fn unit_add(caller: Caller, AppJson(request): AppJson<UnitAdd>) -> ApiResult<Unit> {
    let scoped = caller.require(need::COMMUNITY_PARTS)?;
    let request = form::checked(&request)?;
    let parent = scoped
        .get_writable::<building::Entity>(request.building_id)
        .await?;
    let checked = check_unit(&scoped, parent.id, &request.form, None).await?;
    ok(scoped
        .create::<unit::Entity>(unit::ActiveModel {
            site_id: Set(parent.site_id),
            community_id: Set(parent.community_id),
            building_id: Set(parent.id),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
}

/// Rename or reorder a unit. Needs the community detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/unit/edit", tag = "community",
    request_body = UnitEdit, security(("token" = [])),
    responses((status = 200, description = "The unit as saved", body = Envelope<Unit>)))]
pub async fn unit_edit(caller: Caller, AppJson(request): AppJson<UnitEdit>) -> ApiResult<Unit> {
    let scoped = caller.require(need::COMMUNITY_PARTS)?;
    let request = form::checked(&request)?;
    let before = scoped.get_writable::<unit::Entity>(request.id).await?;
    let checked = check_unit(&scoped, before.building_id, &request.form, Some(before.id)).await?;
    ok(scoped.change::<unit::Entity>(before, checked).await?)
}

/// Delete a unit without rooms. Needs the community detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/unit/delete", tag = "community",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while rooms remain", body = Envelope<Empty>)))]
pub async fn unit_delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::COMMUNITY_PARTS)?;
    scoped.remove::<unit::Entity>(request.id).await?;
    ok(Empty {})
}

/// A unit's rooms, by floor. Needs a houses page.
#[utoipa::path(post, path = "/api/v1/fm/house/room/list", tag = "community",
    request_body = UnitId, security(("token" = [])),
    responses((status = 200, description = "The rooms, by floor and name", body = Envelope<Vec<Room>>)))]
pub async fn room_list(caller: Caller, AppJson(request): AppJson<UnitId>) -> ApiResult<Vec<Room>> {
    let scoped = caller.require(need::COMMUNITY_READ)?;
    let parent = scoped.get::<unit::Entity>(request.unit_id).await?;
    let db = scoped.unscoped();
    let rows = db
        .all(
            db.find::<room::Entity>()
                .filter(room::Column::UnitId.eq(parent.id))
                .order_by_asc(room::Column::Floor)
                .order_by_asc(room::Column::Name),
        )
        .await?;
    let mut rooms = room::Entity::describe(&db, rows).await?;
    if let Some(trade) = request.trade.and_then(Trade::from_code) {
        mark_on_market(&scoped, trade, rooms.iter_mut().collect()).await?;
    }
    ok(rooms)
}

/// Marks the rooms on which the caller's company has a listing of `trade` on the market
/// (entering another is 重盘): the trade's word, the listing's number, the room in full and,
/// when the caller reads the listing, who keeps it.
pub async fn mark_on_market<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    trade: Trade,
    rooms: Vec<&mut Room>,
) -> Result<(), AppError> {
    match scoped.caller().user().organisation_id {
        Some(company) => mark_in_company(scoped, trade, company, rooms).await,
        None => Ok(()),
    }
}

/// [`mark_on_market`] for the listings of `company` (重盘 is judged per company).
pub async fn mark_in_company<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    trade: Trade,
    company: i64,
    mut rooms: Vec<&mut Room>,
) -> Result<(), AppError> {
    let db = scoped.unscoped();
    let active: Vec<i16> = lifecycle::ACTIVE.iter().map(|s| s.code()).collect();
    let on_market = || {
        db.find::<listing::Entity>()
            .filter(listing::Column::Trade.eq(trade.code()))
            .filter(listing::Column::OrganisationId.eq(company))
            .filter(listing::Column::RoomId.is_in(rooms.iter().map(|r| r.id)))
            .filter(listing::Column::Status.is_in(active.clone()))
    };
    let listed = db.all(on_market()).await?;
    if listed.is_empty() {
        return Ok(());
    }
    let readable: HashSet<i64> = scoped
        .all(
            scoped
                .read::<listing::Entity>()
                .filter(listing::Column::Id.is_in(listed.iter().map(|l| l.id))),
        )
        .await?
        .into_iter()
        .map(|row| row.id)
        .collect();
    let people = history::names_of(&db, listed.iter().filter_map(|l| l.maintainer_id)).await?;
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            listed.iter().filter_map(|l| l.store_id),
        )
        .await?;
    let labels = room_labels(&db, listed.iter().map(|l| l.room_id)).await?;
    let by_room: HashMap<i64, &listing::Model> = listed.iter().map(|l| (l.room_id, l)).collect();
    for room in &mut rooms {
        let Some(listing) = by_room.get(&room.id) else {
            continue;
        };
        room.on_market = trade.market_word().to_owned();
        room.listing_id = Some(listing.id);
        room.listing_trade = Some(trade.code());
        room.label = labels.get(&room.id).cloned().unwrap_or_default();
        if readable.contains(&listing.id) {
            let maintainer = listing.maintainer_id.map(|id| name_of(&people, Some(id)));
            room.listing_keeper =
                keeper_phrase(&name_of(&stores, listing.store_id), maintainer.as_deref());
        }
    }
    Ok(())
}

/// Add a room to a unit: on the detail page, or while entering a listing whose room is
/// missing. Needs the community detail page's 编辑 or 新增 of a listing list.
#[utoipa::path(post, path = "/api/v1/fm/house/room/add", tag = "community",
    request_body = RoomAdd, security(("token" = [])),
    responses((status = 200, description = "The new room", body = Envelope<Room>)))]
pub async fn room_add(caller: Caller, AppJson(request): AppJson<RoomAdd>) -> ApiResult<Room> {
    let scoped = caller.require(need::ROOM_ADD)?;
    let request = form::checked(&request)?;
    let parent = scoped.get_writable::<unit::Entity>(request.unit_id).await?;
    let checked = check_room(&scoped, parent.id, &request.form, None).await?;
    ok(scoped
        .create::<room::Entity>(room::ActiveModel {
            site_id: Set(parent.site_id),
            community_id: Set(parent.community_id),
            building_id: Set(parent.building_id),
            unit_id: Set(parent.id),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
}

/// Rename a room or change its floor. Needs the community detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/room/edit", tag = "community",
    request_body = RoomEdit, security(("token" = [])),
    responses((status = 200, description = "The room as saved", body = Envelope<Room>)))]
pub async fn room_edit(caller: Caller, AppJson(request): AppJson<RoomEdit>) -> ApiResult<Room> {
    let scoped = caller.require(need::COMMUNITY_PARTS)?;
    let request = form::checked(&request)?;
    let before = scoped.get_writable::<room::Entity>(request.id).await?;
    let checked = check_room(&scoped, before.unit_id, &request.form, Some(before.id)).await?;
    ok(scoped.change::<room::Entity>(before, checked).await?)
}

/// Delete a room no listing refers to. Needs the community detail page's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/house/room/delete", tag = "community",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn room_delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::COMMUNITY_PARTS)?;
    // A room a listing stands on stays: the refusal names that listing (any company's, any
    // status: its history keeps the room).
    let db = scoped.unscoped();
    let used = db
        .one(
            db.find::<listing::Entity>()
                .filter(listing::Column::RoomId.eq(request.id))
                .order_by_desc(listing::Column::Id),
        )
        .await?;
    if let Some(listing) = used {
        let room = scoped.get_writable::<room::Entity>(request.id).await?;
        let trade = Trade::try_from(listing.trade).map_err(AppError::internal)?;
        return Err(AppError::InUse(brokerdesk_core::community::room_in_use(
            &room.name, trade, listing.id,
        )));
    }
    scoped.remove::<room::Entity>(request.id).await?;
    ok(Empty {})
}
