//! 区域商圈 (/coc/config/areas): a city's districts and the business circles inside them.

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
use crate::access::{Caller, Scoped, need};
use crate::audit::{self, Change};
use crate::entity::{business_circle, district};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::org::target_site;
use crate::paging::lenient_number;
use crate::shared::{IdRequest, refuse_if_taken, refuse_if_used};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tree))
        .routes(routes!(add_district))
        .routes(routes!(edit_district))
        .routes(routes!(delete_district))
        .routes(routes!(add_circle))
        .routes(routes!(edit_circle))
        .routes(routes!(delete_circle))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessCircle {
    pub id: i64,
    pub district_id: i64,
    pub name: String,
    pub sort: i32,
}

impl From<business_circle::Model> for BusinessCircle {
    fn from(row: business_circle::Model) -> Self {
        Self {
            id: row.id,
            district_id: row.district_id,
            name: row.name,
            sort: row.sort,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct District {
    pub id: i64,
    pub site_id: i64,
    pub name: String,
    pub sort: i32,
    pub circles: Vec<BusinessCircle>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteFilter {
    /// Default: the caller's city site.
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistrictAdd {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CircleAdd {
    pub district_id: i64,
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NameEdit {
    pub id: i64,
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

async fn district_of(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    row: district::Model,
) -> Result<District, AppError> {
    let circles = scoped
        .read::<business_circle::Entity>()
        .filter(business_circle::Column::DistrictId.eq(row.id))
        .order_by_asc(business_circle::Column::Sort)
        .order_by_asc(business_circle::Column::Id)
        .all(scoped.db())
        .await?;
    Ok(District {
        id: row.id,
        site_id: row.site_id,
        name: row.name,
        sort: row.sort,
        circles: circles.into_iter().map(BusinessCircle::from).collect(),
    })
}

/// A city's districts with their business circles (default: the caller's city). Needs
/// `/coc/config/areas`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/district/tree", tag = "city-config",
    request_body = SiteFilter, security(("token" = [])),
    responses((status = 200, description = "Districts with circles", body = Envelope<Vec<District>>)))]
pub async fn tree(caller: Caller, AppJson(query): AppJson<SiteFilter>) -> ApiResult<Vec<District>> {
    let scoped = caller.require(need::AREA_LIST)?;
    let mut select = scoped.read::<district::Entity>();
    let site = target_site(&scoped, query.site_id).await?;
    select = select.filter(district::Column::SiteId.eq(site.id));
    let rows = select
        .order_by_asc(district::Column::Sort)
        .order_by_asc(district::Column::Id)
        .all(scoped.db())
        .await?;
    let mut districts = Vec::new();
    for row in rows {
        districts.push(district_of(&scoped, row).await?);
    }
    ok(districts)
}

async fn check_district(
    db: &impl ConnectionTrait,
    site: i64,
    name: &str,
    except: Option<i64>,
) -> Result<String, AppError> {
    let name = fields::name("name", "区域名称", name)?;
    let mut same = district::Entity::find()
        .filter(district::Column::SiteId.eq(site))
        .filter(district::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(district::Column::Id.ne(id));
    }
    refuse_if_taken(db, same, "名称已存在").await?;
    Ok(name)
}

async fn check_circle(
    db: &impl ConnectionTrait,
    district_id: i64,
    name: &str,
    except: Option<i64>,
) -> Result<String, AppError> {
    let name = fields::name("name", "商圈名称", name)?;
    let mut same = business_circle::Entity::find()
        .filter(business_circle::Column::DistrictId.eq(district_id))
        .filter(business_circle::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(business_circle::Column::Id.ne(id));
    }
    refuse_if_taken(db, same, "名称已存在").await?;
    Ok(name)
}

/// Add a district to a city. Needs `/coc/config/areas:add`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/district/add", tag = "city-config",
    request_body = DistrictAdd, security(("token" = [])),
    responses((status = 200, description = "The new district", body = Envelope<District>)))]
pub async fn add_district(
    caller: Caller,
    AppJson(request): AppJson<DistrictAdd>,
) -> ApiResult<District> {
    let scoped = caller.require(need::AREA_ADD)?;
    let site = writable_site(&scoped, request.site_id).await?;
    let name = check_district(scoped.db(), site, &request.name, None).await?;
    let sort = fields::sort("sort", request.sort)?;
    let txn = scoped.begin().await?;
    let row = district::ActiveModel {
        site_id: Set(site),
        name: Set(name),
        sort: Set(sort),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let saved = district_of(&scoped.on(&txn), row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("district", saved.id, &saved, site_place(site)),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Rename or reorder a district. Needs `/coc/config/areas:edit`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/district/edit", tag = "city-config",
    request_body = NameEdit, security(("token" = [])),
    responses((status = 200, description = "The district as saved", body = Envelope<District>)))]
pub async fn edit_district(
    caller: Caller,
    AppJson(request): AppJson<NameEdit>,
) -> ApiResult<District> {
    let scoped = caller.require(need::AREA_EDIT)?;
    let before = scoped.get_writable::<district::Entity>(request.id).await?;
    let name = check_district(scoped.db(), before.site_id, &request.name, Some(before.id)).await?;
    let sort = fields::sort("sort", request.sort)?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old = district_of(&on, before.clone()).await?;
    let mut row: district::ActiveModel = before.into();
    row.name = Set(name);
    row.sort = Set(sort);
    let saved = district_of(&on, row.update(&txn).await?).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated(
            "district",
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

/// Delete a district without business circles. Needs `/coc/config/areas:delete`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/district/delete", tag = "city-config",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while circles remain", body = Envelope<Empty>)))]
pub async fn delete_district(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<Empty> {
    let scoped = caller.require(need::AREA_DELETE)?;
    let row = scoped.get_writable::<district::Entity>(request.id).await?;
    let txn = scoped.begin().await?;
    refuse_if_used(
        &txn,
        business_circle::Entity::find().filter(business_circle::Column::DistrictId.eq(row.id)),
        "该区域下还有商圈，无法删除",
    )
    .await?;
    let on = scoped.on(&txn);
    let old = district_of(&on, row.clone()).await?;
    on.delete_writable::<district::Entity>(row.id).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("district", row.id, &old, site_place(row.site_id)),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}

/// Add a business circle to a district. Needs `/coc/config/areas:add`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/businessCircle/add", tag = "city-config",
    request_body = CircleAdd, security(("token" = [])),
    responses((status = 200, description = "The new business circle", body = Envelope<BusinessCircle>)))]
pub async fn add_circle(
    caller: Caller,
    AppJson(request): AppJson<CircleAdd>,
) -> ApiResult<BusinessCircle> {
    let scoped = caller.require(need::AREA_ADD)?;
    let parent = scoped
        .get_writable::<district::Entity>(request.district_id)
        .await?;
    let name = check_circle(scoped.db(), parent.id, &request.name, None).await?;
    let sort = fields::sort("sort", request.sort)?;
    let txn = scoped.begin().await?;
    let saved = BusinessCircle::from(
        business_circle::ActiveModel {
            site_id: Set(parent.site_id),
            district_id: Set(parent.id),
            name: Set(name),
            sort: Set(sort),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&txn)
        .await?,
    );
    audit::record(
        &txn,
        scoped.actor(),
        Change::created(
            "businessCircle",
            saved.id,
            &saved,
            site_place(parent.site_id),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Rename or reorder a business circle. Needs `/coc/config/areas:edit`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/businessCircle/edit", tag = "city-config",
    request_body = NameEdit, security(("token" = [])),
    responses((status = 200, description = "The business circle as saved", body = Envelope<BusinessCircle>)))]
pub async fn edit_circle(
    caller: Caller,
    AppJson(request): AppJson<NameEdit>,
) -> ApiResult<BusinessCircle> {
    let scoped = caller.require(need::AREA_EDIT)?;
    let before = scoped
        .get_writable::<business_circle::Entity>(request.id)
        .await?;
    let name = check_circle(
        scoped.db(),
        before.district_id,
        &request.name,
        Some(before.id),
    )
    .await?;
    let sort = fields::sort("sort", request.sort)?;
    let txn = scoped.begin().await?;
    let old = BusinessCircle::from(before.clone());
    let site = before.site_id;
    let mut row: business_circle::ActiveModel = before.into();
    row.name = Set(name);
    row.sort = Set(sort);
    let saved = BusinessCircle::from(row.update(&txn).await?);
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated("businessCircle", saved.id, &old, &saved, site_place(site)),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a business circle. Needs `/coc/config/areas:delete`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/businessCircle/delete", tag = "city-config",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete_circle(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<Empty> {
    let scoped = caller.require(need::AREA_DELETE)?;
    let txn = scoped.begin().await?;
    let row = scoped
        .on(&txn)
        .delete_writable::<business_circle::Entity>(request.id)
        .await?;
    let site = row.site_id;
    let old = BusinessCircle::from(row);
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("businessCircle", old.id, &old, site_place(site)),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
