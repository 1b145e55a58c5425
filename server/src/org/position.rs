//! 岗位 (/work/enterprise/station, /coc/hr/station): the job titles of an organisation. The
//! global position 超级管理员 belongs to the system and is neither created nor changed here.

use brokerdesk_core::org::fields;
use brokerdesk_core::permission::SUPER_ADMIN_POSITION;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store_group::OrganisationFilter;
use super::target_organisation;
use crate::AppState;
use crate::access::{Caller, Place, Placed, need};
use crate::audit::{self, Change};
use crate::entity::{organisation, position, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::paging::{self, Page, PageQuery, filter_text, lenient_number};
use crate::shared::{
    IdRequest, count_of, counts, millis, name_of, names, refuse_if_taken, refuse_if_used,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(options))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Position {
    pub id: i64,
    pub organisation_id: Option<i64>,
    pub organisation_name: String,
    pub name: String,
    pub sort: i32,
    pub staff_count: i64,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionOption {
    pub id: i64,
    pub name: String,
    pub organisation_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionAdd {
    /// Default: the caller's organisation.
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionEdit {
    pub id: i64,
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

async fn describe(
    db: &impl ConnectionTrait,
    rows: Vec<position::Model>,
) -> Result<Vec<Position>, AppError> {
    let organisations = names::<organisation::Entity, _>(
        db,
        organisation::Column::Id,
        organisation::Column::Name,
        rows.iter().filter_map(|r| r.organisation_id),
    )
    .await?;
    let staff =
        counts::<user::Entity, _>(db, user::Column::PositionId, rows.iter().map(|r| r.id)).await?;
    Ok(rows
        .into_iter()
        .map(|row| Position {
            id: row.id,
            organisation_id: row.organisation_id,
            organisation_name: name_of(&organisations, row.organisation_id),
            name: row.name,
            sort: row.sort,
            staff_count: count_of(&staff, row.id),
            created_at: millis(row.created_at),
        })
        .collect())
}

async fn describe_one(
    db: &impl ConnectionTrait,
    row: position::Model,
) -> Result<Position, AppError> {
    describe(db, vec![row])
        .await?
        .pop()
        .ok_or(AppError::NotFound)
}

/// Positions the caller reads. Needs a station page.
#[utoipa::path(post, path = "/api/v1/fm/org/position/list", tag = "org",
    request_body = PositionQuery, security(("token" = [])),
    responses((status = 200, description = "A page of positions", body = Envelope<Page<Position>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<PositionQuery>,
) -> ApiResult<Page<Position>> {
    let scoped = caller.require(need::POSITION_LIST)?;
    let mut select = scoped.read::<position::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(position::Column::Name.contains(name));
    }
    if let Some(id) = query.organisation_id {
        select = select.filter(position::Column::OrganisationId.eq(id));
    }
    let select = select
        .order_by_asc(position::Column::Sort)
        .order_by_asc(position::Column::Id);
    let page = paging::fetch(scoped.db(), select, query.page).await?;
    ok(Page {
        list: describe(scoped.db(), page.list).await?,
        total: page.total,
    })
}

/// Positions for selects (staff and onboarding forms). Needs a station, staff or onboarding page.
#[utoipa::path(post, path = "/api/v1/fm/org/position/options", tag = "org",
    request_body = OrganisationFilter, security(("token" = [])),
    responses((status = 200, description = "Positions", body = Envelope<Vec<PositionOption>>)))]
pub async fn options(
    caller: Caller,
    AppJson(query): AppJson<OrganisationFilter>,
) -> ApiResult<Vec<PositionOption>> {
    let scoped = caller.require(need::POSITION_OPTIONS)?;
    let mut select = scoped.read::<position::Entity>();
    if let Some(id) = query.organisation_id {
        select = select.filter(position::Column::OrganisationId.eq(id));
    }
    let rows = select
        .order_by_asc(position::Column::Sort)
        .order_by_asc(position::Column::Id)
        .all(scoped.db())
        .await?;
    ok(rows
        .into_iter()
        .map(|row| PositionOption {
            id: row.id,
            name: row.name,
            organisation_id: row.organisation_id,
        })
        .collect())
}

async fn check_name(
    db: &impl ConnectionTrait,
    organisation_id: i64,
    name: &str,
    except: Option<i64>,
) -> Result<String, AppError> {
    let name = fields::position_name(name)?;
    let mut same = position::Entity::find()
        .filter(position::Column::OrganisationId.eq(organisation_id))
        .filter(position::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(position::Column::Id.ne(id));
    }
    refuse_if_taken(db, same, "该公司下已存在同名岗位").await?;
    Ok(name)
}

/// The system's own positions (no organisation) are not edited through these screens.
fn refuse_system_position(row: &position::Model) -> Result<i64, AppError> {
    match row.organisation_id {
        Some(id) if row.name != SUPER_ADMIN_POSITION => Ok(id),
        _ => Err(AppError::GlobalOnly),
    }
}

/// Add a position. Needs a station page's `add` and a scope covering the organisation.
#[utoipa::path(post, path = "/api/v1/fm/org/position/add", tag = "org",
    request_body = PositionAdd, security(("token" = [])),
    responses((status = 200, description = "The new position", body = Envelope<Position>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<PositionAdd>) -> ApiResult<Position> {
    let scoped = caller.require(need::POSITION_ADD)?;
    let org = target_organisation(&scoped, form.organisation_id).await?;
    scoped.ensure_covers(&Place {
        site: Some(org.site_id),
        organisation: Some(org.id),
        ..Place::default()
    })?;
    let name = check_name(scoped.db(), org.id, &form.name, None).await?;
    let sort = fields::sort("sort", form.sort)?;
    let txn = scoped.begin().await?;
    let row = position::ActiveModel {
        organisation_id: Set(Some(org.id)),
        site_id: Set(Some(org.site_id)),
        name: Set(name),
        sort: Set(sort),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let place = position::Entity::place(&row);
    let saved = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("position", saved.id, &saved, place),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Rename or reorder a position. Needs a station page's `edit`.
#[utoipa::path(post, path = "/api/v1/fm/org/position/edit", tag = "org",
    request_body = PositionEdit, security(("token" = [])),
    responses((status = 200, description = "The position as saved", body = Envelope<Position>)))]
pub async fn edit(caller: Caller, AppJson(form): AppJson<PositionEdit>) -> ApiResult<Position> {
    let scoped = caller.require(need::POSITION_EDIT)?;
    let before = scoped.get_writable::<position::Entity>(form.id).await?;
    let organisation_id = refuse_system_position(&before)?;
    let name = check_name(scoped.db(), organisation_id, &form.name, Some(before.id)).await?;
    let sort = fields::sort("sort", form.sort)?;
    let txn = scoped.begin().await?;
    let old = describe_one(&txn, before.clone()).await?;
    let mut row: position::ActiveModel = before.into();
    row.name = Set(name);
    row.sort = Set(sort);
    let row = row.update(&txn).await?;
    let place = position::Entity::place(&row);
    let saved = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated("position", saved.id, &old, &saved, place),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a position nobody holds. Needs a station page's `delete`.
#[utoipa::path(post, path = "/api/v1/fm/org/position/delete", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while staff hold it", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::POSITION_DELETE)?;
    let row = scoped.get_writable::<position::Entity>(request.id).await?;
    refuse_system_position(&row)?;
    let txn = scoped.begin().await?;
    refuse_if_used(
        &txn,
        user::Entity::find().filter(user::Column::PositionId.eq(row.id)),
        "该岗位下还有员工，无法删除",
    )
    .await?;
    let place = position::Entity::place(&row);
    let old = describe_one(&txn, row.clone()).await?;
    scoped
        .on(&txn)
        .delete_writable::<position::Entity>(row.id)
        .await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("position", row.id, &old, place),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
