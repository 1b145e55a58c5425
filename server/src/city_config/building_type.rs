//! 建筑类型 (/coc/config/building): the building types a city's listings may use.

use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::TAKEN;
use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{building_type, city_site};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::org::target_site;
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::resource::Resource;
use crate::shared::{IdRequest, millis, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingType {
    pub id: i64,
    pub site_id: i64,
    pub site_name: String,
    pub name: String,
    pub sort: i32,
    pub remark: String,
    pub created_at: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTypeQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTypeForm {
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTypeAdd {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(flatten)]
    pub form: BuildingTypeForm,
}

impl CoreForm for BuildingTypeAdd {
    const FORM: &'static Form = &forms::BUILDING_TYPE;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTypeEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: BuildingTypeForm,
}

impl CoreForm for BuildingTypeEdit {
    const FORM: &'static Form = &forms::BUILDING_TYPE;
}

impl Resource for building_type::Entity {
    const KIND: &'static str = "buildingType";
    type View = BuildingType;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<building_type::Model>,
    ) -> Result<Vec<BuildingType>, AppError> {
        let sites = db
            .named::<city_site::Entity>(rows.iter().map(|r| r.site_id))
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| BuildingType {
                id: row.id,
                site_id: row.site_id,
                site_name: name_of(&sites, Some(row.site_id)),
                name: row.name,
                sort: row.sort,
                remark: row.remark,
                created_at: millis(row.created_at),
            })
            .collect())
    }
}

/// The checked values of a building type form.
async fn check(
    scoped: &Scoped<'_>,
    site: i64,
    form: &BuildingTypeForm,
    except: Option<i64>,
) -> Result<building_type::ActiveModel, AppError> {
    let name = form.name.clone();
    let sort = fields::sort("sort", form.sort)?;
    let remark = form.remark.clone();
    let same = building_type::Column::SiteId
        .eq(site)
        .and(building_type::Column::Name.eq(&name));
    scoped
        .unscoped()
        .refuse_duplicate::<building_type::Entity>(same, except, TAKEN)
        .await
        .map_err(form::on_field("name"))?;
    Ok(building_type::ActiveModel {
        name: Set(name),
        sort: Set(sort),
        remark: Set(remark),
        ..Default::default()
    })
}

/// A city's building types. Needs `/coc/config/building`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/buildingType/list", tag = "city-config",
    request_body = BuildingTypeQuery, security(("token" = [])),
    responses((status = 200, description = "A page of building types", body = Envelope<Page<BuildingType>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<BuildingTypeQuery>,
) -> ApiResult<Page<BuildingType>> {
    let scoped = caller.require(need::BUILDING_TYPE_LIST)?;
    let mut select = scoped.read::<building_type::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(building_type::Column::Name.contains(name));
    }
    if let Some(site) = query.site_id {
        select = select.filter(building_type::Column::SiteId.eq(site));
    }
    let select = select
        .order_by_asc(building_type::Column::Sort)
        .order_by_asc(building_type::Column::Id);
    ok(scoped.list(select, query.page).await?)
}

/// Add a building type to a city. Needs `/coc/config/building:add`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/buildingType/add", tag = "city-config",
    request_body = BuildingTypeAdd, security(("token" = [])),
    responses((status = 200, description = "The new building type", body = Envelope<BuildingType>)))]
pub async fn add(
    caller: Caller,
    AppJson(request): AppJson<BuildingTypeAdd>,
) -> ApiResult<BuildingType> {
    let scoped = caller.require(need::BUILDING_TYPE_ADD)?;
    let request = form::checked(&request)?;
    let site = target_site(&scoped, request.site_id).await?.id;
    let checked = check(&scoped, site, &request.form, None).await?;
    ok(scoped
        .create::<building_type::Entity>(building_type::ActiveModel {
            site_id: Set(site),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
}

/// Change a building type. Needs `/coc/config/building:edit`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/buildingType/edit", tag = "city-config",
    request_body = BuildingTypeEdit, security(("token" = [])),
    responses((status = 200, description = "The building type as saved", body = Envelope<BuildingType>)))]
pub async fn edit(
    caller: Caller,
    AppJson(request): AppJson<BuildingTypeEdit>,
) -> ApiResult<BuildingType> {
    let scoped = caller.require(need::BUILDING_TYPE_EDIT)?;
    let request = form::checked(&request)?;
    let before = scoped
        .get_writable::<building_type::Entity>(request.id)
        .await?;
    let checked = check(&scoped, before.site_id, &request.form, Some(before.id)).await?;
    ok(scoped
        .change::<building_type::Entity>(before, checked)
        .await?)
}

/// Delete a building type. Needs `/coc/config/building:delete`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/buildingType/delete", tag = "city-config",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::BUILDING_TYPE_DELETE)?;
    scoped.remove::<building_type::Entity>(request.id).await?;
    ok(Empty {})
}
