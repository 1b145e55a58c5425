//! 区域商圈 (/coc/config/areas): a city's districts and the business circles inside them.

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
use crate::entity::{business_circle, district};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::org::target_site;
use crate::paging::lenient_number;
use crate::resource::Resource;
use crate::shared::IdRequest;

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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaForm {
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistrictAdd {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(flatten)]
    pub form: AreaForm,
}

impl CoreForm for DistrictAdd {
    const FORM: &'static Form = &forms::DISTRICT;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CircleAdd {
    pub district_id: i64,
    #[serde(flatten)]
    pub form: AreaForm,
}

impl CoreForm for CircleAdd {
    const FORM: &'static Form = &forms::CIRCLE;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NameEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: AreaForm,
}

impl Resource for district::Entity {
    const KIND: &'static str = "district";
    /// Said when the database's key refuses: business circles and communities refer to their
    /// district.
    const IN_USE: &'static str = "该区域下还有商圈或小区，无法删除";
    type View = District;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<district::Model>,
    ) -> Result<Vec<District>, AppError> {
        let circles = db
            .all(
                db.find::<business_circle::Entity>()
                    .filter(business_circle::Column::DistrictId.is_in(rows.iter().map(|r| r.id)))
                    .order_by_asc(business_circle::Column::Sort)
                    .order_by_asc(business_circle::Column::Id),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| District {
                circles: circles
                    .iter()
                    .filter(|circle| circle.district_id == row.id)
                    .cloned()
                    .map(BusinessCircle::from)
                    .collect(),
                id: row.id,
                site_id: row.site_id,
                name: row.name,
                sort: row.sort,
            })
            .collect())
    }
}

impl Resource for business_circle::Entity {
    const KIND: &'static str = "businessCircle";
    /// Said when the database's key refuses: communities refer to their business circle.
    const IN_USE: &'static str = "该商圈下还有小区，无法删除";
    type View = BusinessCircle;

    async fn describe<C: ConnectionTrait>(
        _: &Unscoped<'_, C>,
        rows: Vec<business_circle::Model>,
    ) -> Result<Vec<BusinessCircle>, AppError> {
        Ok(rows.into_iter().map(BusinessCircle::from).collect())
    }
}

/// A city's districts with their business circles (default: the caller's city). Needs
/// `/coc/config/areas`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/district/tree", tag = "city-config",
    request_body = SiteFilter, security(("token" = [])),
    responses((status = 200, description = "Districts with circles", body = Envelope<Vec<District>>)))]
pub async fn tree(caller: Caller, AppJson(query): AppJson<SiteFilter>) -> ApiResult<Vec<District>> {
    let scoped = caller.require(need::AREA_LIST)?;
    let site = target_site(&scoped, query.site_id).await?;
    let rows = scoped
        .all(
            scoped
                .read::<district::Entity>()
                .filter(district::Column::SiteId.eq(site.id))
                .order_by_asc(district::Column::Sort)
                .order_by_asc(district::Column::Id),
        )
        .await?;
    ok(district::Entity::describe(&scoped.unscoped(), rows).await?)
}

/// The checked values of a district form; the name is unique in its city.
async fn check_district(
    scoped: &Scoped<'_>,
    site: i64,
    form: &AreaForm,
    except: Option<i64>,
) -> Result<district::ActiveModel, AppError> {
    let name = form.name.clone();
    let same = district::Column::SiteId
        .eq(site)
        .and(district::Column::Name.eq(&name));
    scoped
        .unscoped()
        .refuse_duplicate::<district::Entity>(same, except, TAKEN)
        .await
        .map_err(form::on_field("name"))?;
    Ok(district::ActiveModel {
        name: Set(name),
        sort: Set(fields::sort("sort", form.sort)?),
        ..Default::default()
    })
}

/// The checked values of a business circle form; the name is unique in its district.
async fn check_circle(
    scoped: &Scoped<'_>,
    district_id: i64,
    form: &AreaForm,
    except: Option<i64>,
) -> Result<business_circle::ActiveModel, AppError> {
    let name = form.name.clone();
    let same = business_circle::Column::DistrictId
        .eq(district_id)
        .and(business_circle::Column::Name.eq(&name));
    scoped
        .unscoped()
        .refuse_duplicate::<business_circle::Entity>(same, except, TAKEN)
        .await
        .map_err(form::on_field("name"))?;
    Ok(business_circle::ActiveModel {
        name: Set(name),
        sort: Set(fields::sort("sort", form.sort)?),
        ..Default::default()
    })
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
    let request = form::checked(&request)?;
    let site = target_site(&scoped, request.site_id).await?.id;
    let checked = check_district(&scoped, site, &request.form, None).await?;
    ok(scoped
        .create::<district::Entity>(district::ActiveModel {
            site_id: Set(site),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
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
    let request = form::checked_with(&forms::DISTRICT, &request)?;
    let before = scoped.get_writable::<district::Entity>(request.id).await?;
    let checked = check_district(&scoped, before.site_id, &request.form, Some(before.id)).await?;
    ok(scoped.change::<district::Entity>(before, checked).await?)
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
    scoped.remove::<district::Entity>(request.id).await?;
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
    let request = form::checked(&request)?;
    let parent = scoped
        .get_writable::<district::Entity>(request.district_id)
        .await?;
    let checked = check_circle(&scoped, parent.id, &request.form, None).await?;
    ok(scoped
        .create::<business_circle::Entity>(business_circle::ActiveModel {
            site_id: Set(parent.site_id),
            district_id: Set(parent.id),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
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
    let request = form::checked_with(&forms::CIRCLE, &request)?;
    let before = scoped
        .get_writable::<business_circle::Entity>(request.id)
        .await?;
    let checked = check_circle(&scoped, before.district_id, &request.form, Some(before.id)).await?;
    ok(scoped
        .change::<business_circle::Entity>(before, checked)
        .await?)
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
    scoped.remove::<business_circle::Entity>(request.id).await?;
    ok(Empty {})
}
