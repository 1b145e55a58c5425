//! 岗位 (/work/enterprise/station, /coc/hr/station): the job titles of an organisation. The
//! global position 超级管理员 belongs to the system and is neither created nor changed here.

use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::org::fields;
use brokerdesk_core::permission::SUPER_ADMIN_POSITION;
use chrono::Utc;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store_group::OrganisationFilter;
use super::{current_staff, target_organisation};
use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{organisation, position, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::resource::Resource;
use crate::shared::{IdRequest, count_of, millis, name_of};
use crate::staff::seat::{may_give_position, position_rank};

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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionForm {
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionAdd {
    /// Default: the caller's organisation.
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    #[serde(flatten)]
    pub form: PositionForm,
}

impl CoreForm for PositionAdd {
    const FORM: &'static Form = &forms::POSITION;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: PositionForm,
}

impl CoreForm for PositionEdit {
    const FORM: &'static Form = &forms::POSITION;
}

impl Resource for position::Entity {
    const KIND: &'static str = "position";
    const IN_USE: &'static str = "该岗位下还有员工，无法删除";
    type View = Position;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<position::Model>,
    ) -> Result<Vec<Position>, AppError> {
        let organisations = db
            .named::<organisation::Entity>(rows.iter().filter_map(|r| r.organisation_id))
            .await?;
        let staff = db
            .counts(
                current_staff(db),
                user::Column::PositionId,
                rows.iter().map(|r| r.id),
            )
            .await?;
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

    /// Anyone holding it, departed staff included (they would silently lose it).
    async fn in_use<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        row: &position::Model,
    ) -> Result<bool, AppError> {
        db.uses::<user::Entity>(user::Column::PositionId, row.id)
            .await
    }
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
    ok(scoped.list(select, query.page).await?)
}

/// Positions for selects (staff and onboarding forms): those the caller may give. Needs a
/// station, staff or onboarding page.
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
    let rows = scoped
        .all(
            select
                .order_by_asc(position::Column::Sort)
                .order_by_asc(position::Column::Id),
        )
        .await?;
    let rank = position_rank(&scoped).await?;
    ok(rows
        .into_iter()
        .filter(|row| may_give_position(rank, row))
        .map(|row| PositionOption {
            id: row.id,
            name: row.name,
            organisation_id: row.organisation_id,
        })
        .collect())
}

/// The checked values of a position form; the name is unique in its company.
async fn check(
    scoped: &Scoped<'_>,
    organisation_id: i64,
    form: &PositionForm,
    except: Option<i64>,
) -> Result<position::ActiveModel, AppError> {
    let name = form.name.clone();
    let same = position::Column::OrganisationId
        .eq(organisation_id)
        .and(position::Column::Name.eq(&name));
    scoped
        .unscoped()
        .refuse_duplicate::<position::Entity>(same, except, "该公司下已存在同名岗位")
        .await
        .map_err(form::on_field("name"))?;
    Ok(position::ActiveModel {
        name: Set(name),
        sort: Set(fields::sort("sort", form.sort)?),
        ..Default::default()
    })
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
    let form = form::checked(&form)?;
    let org = target_organisation(&scoped, form.organisation_id).await?;
    let checked = check(&scoped, org.id, &form.form, None).await?;
    ok(scoped
        .create::<position::Entity>(position::ActiveModel {
            organisation_id: Set(Some(org.id)),
            site_id: Set(Some(org.site_id)),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
}

/// Rename or reorder a position. Needs a station page's `edit`.
#[utoipa::path(post, path = "/api/v1/fm/org/position/edit", tag = "org",
    request_body = PositionEdit, security(("token" = [])),
    responses((status = 200, description = "The position as saved", body = Envelope<Position>)))]
pub async fn edit(caller: Caller, AppJson(form): AppJson<PositionEdit>) -> ApiResult<Position> {
    let scoped = caller.require(need::POSITION_EDIT)?;
    let form = form::checked(&form)?;
    let before = scoped.get_writable::<position::Entity>(form.id).await?;
    let organisation_id = refuse_system_position(&before)?;
    let checked = check(&scoped, organisation_id, &form.form, Some(before.id)).await?;
    ok(scoped.change::<position::Entity>(before, checked).await?)
}

/// Delete a position nobody holds. Needs a station page's `delete`.
#[utoipa::path(post, path = "/api/v1/fm/org/position/delete", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while staff hold it", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::POSITION_DELETE)?;
    refuse_system_position(&scoped.get_writable::<position::Entity>(request.id).await?)?;
    scoped.remove::<position::Entity>(request.id).await?;
    ok(Empty {})
}
