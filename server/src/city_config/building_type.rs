//! 建筑类型 (/coc/config/building): the building types a city's listings may use.

use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{site_place, writable_site};
use crate::AppState;
use crate::access::{Caller, need};
use crate::audit::{self, Change};
use crate::entity::{building_type, city_site};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::paging::{self, Page, PageQuery, filter_text, lenient_number};
use crate::shared::{IdRequest, millis, name_of, names, refuse_if_taken};

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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTypeForm {
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTypeAdd {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(flatten)]
    pub form: BuildingTypeForm,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingTypeEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: BuildingTypeForm,
}

async fn describe(
    db: &impl ConnectionTrait,
    rows: Vec<building_type::Model>,
) -> Result<Vec<BuildingType>, AppError> {
    let sites = names::<city_site::Entity, _>(
        db,
        city_site::Column::Id,
        city_site::Column::Name,
        rows.iter().map(|r| r.site_id),
    )
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

async fn describe_one(
    db: &impl ConnectionTrait,
    row: building_type::Model,
) -> Result<BuildingType, AppError> {
    describe(db, vec![row])
        .await?
        .pop()
        .ok_or(AppError::NotFound)
}

struct Checked {
    name: String,
    sort: i32,
    remark: String,
}

async fn check(
    db: &impl ConnectionTrait,
    site: i64,
    form: &BuildingTypeForm,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    let name = fields::name("name", "类型名称", &form.name)?;
    let sort = fields::sort("sort", form.sort)?;
    let remark = fields::remark("remark", "备注", &form.remark)?;
    let mut same = building_type::Entity::find()
        .filter(building_type::Column::SiteId.eq(site))
        .filter(building_type::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(building_type::Column::Id.ne(id));
    }
    refuse_if_taken(db, same, "名称已存在").await?;
    Ok(Checked { name, sort, remark })
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
    let page = paging::fetch(scoped.db(), select, query.page).await?;
    ok(Page {
        list: describe(scoped.db(), page.list).await?,
        total: page.total,
    })
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
    let site = writable_site(&scoped, request.site_id).await?;
    let checked = check(scoped.db(), site, &request.form, None).await?;
    let txn = scoped.begin().await?;
    let row = building_type::ActiveModel {
        site_id: Set(site),
        name: Set(checked.name),
        sort: Set(checked.sort),
        remark: Set(checked.remark),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let saved = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("buildingType", saved.id, &saved, site_place(site)),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
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
    let before = scoped
        .get_writable::<building_type::Entity>(request.id)
        .await?;
    let checked = check(scoped.db(), before.site_id, &request.form, Some(before.id)).await?;
    let txn = scoped.begin().await?;
    let old = describe_one(&txn, before.clone()).await?;
    let mut row: building_type::ActiveModel = before.into();
    row.name = Set(checked.name);
    row.sort = Set(checked.sort);
    row.remark = Set(checked.remark);
    let saved = describe_one(&txn, row.update(&txn).await?).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated(
            "buildingType",
            saved.id,
            &old,
            &saved,
            site_place(saved.site_id),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a building type. Needs `/coc/config/building:delete`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/buildingType/delete", tag = "city-config",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::BUILDING_TYPE_DELETE)?;
    let txn = scoped.begin().await?;
    let row = scoped
        .on(&txn)
        .delete_writable::<building_type::Entity>(request.id)
        .await?;
    let old = describe_one(&txn, row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("buildingType", old.id, &old, site_place(old.site_id)),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
