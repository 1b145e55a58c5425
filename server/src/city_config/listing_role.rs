//! 房源角色 (/coc/config/role): the parts staff play on a listing, with their share.

use std::collections::BTreeMap;

use brokerdesk_core::forms::{self, FieldError, Form};
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
use crate::entity::{city_site, listing_role};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::org::target_site;
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::resource::Resource;
use crate::shared::{IdRequest, millis, name_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(totals))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRole {
    pub id: i64,
    pub site_id: i64,
    pub site_name: String,
    pub name: String,
    /// Share in percent with two decimals, as text: `12.50`.
    pub ratio: String,
    pub sort: i32,
    pub remark: String,
    pub created_at: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
}

/// What one city's listing-role splits add up to (core's `listing_role_split`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleTotal {
    pub site_id: i64,
    pub site_name: String,
    /// Percent with two decimals, as text: `80.00`.
    pub total: String,
    /// Exactly 100%.
    pub complete: bool,
    /// Why the splits need attention, while they do not total 100%.
    pub warning: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleTotalQuery {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleForm {
    pub name: String,
    /// 0-100, up to two decimals.
    #[serde(default)]
    pub ratio: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleAdd {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(flatten)]
    pub form: ListingRoleForm,
}

impl CoreForm for ListingRoleAdd {
    const FORM: &'static Form = &forms::LISTING_ROLE;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: ListingRoleForm,
}

impl CoreForm for ListingRoleEdit {
    const FORM: &'static Form = &forms::LISTING_ROLE;
}

impl Resource for listing_role::Entity {
    const KIND: &'static str = "listingRole";
    type View = ListingRole;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<listing_role::Model>,
    ) -> Result<Vec<ListingRole>, AppError> {
        let sites = db
            .named::<city_site::Entity>(rows.iter().map(|r| r.site_id))
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| ListingRole {
                id: row.id,
                site_id: row.site_id,
                site_name: name_of(&sites, Some(row.site_id)),
                name: row.name,
                ratio: fields::hundredths_text(row.ratio),
                sort: row.sort,
                remark: row.remark,
                created_at: millis(row.created_at),
            })
            .collect())
    }
}

/// The checked values of a listing role form.
async fn check(
    scoped: &Scoped<'_>,
    site: i64,
    form: &ListingRoleForm,
    except: Option<i64>,
) -> Result<listing_role::ActiveModel, AppError> {
    // The fields have passed core's listing-role form; here what the city's other roles decide.
    let ratio = fields::percent_hundredths("ratio", &form.ratio)?;
    let sort = fields::sort("sort", form.sort)?;
    let (name, remark) = (form.name.clone(), form.remark.clone());
    let same = listing_role::Column::SiteId
        .eq(site)
        .and(listing_role::Column::Name.eq(&name));
    scoped
        .unscoped()
        .refuse_duplicate::<listing_role::Entity>(same, except, TAKEN)
        .await
        .map_err(form::on_field("name"))?;
    let db = scoped.unscoped();
    let mut others = db
        .find::<listing_role::Entity>()
        .filter(listing_role::Column::SiteId.eq(site));
    if let Some(id) = except {
        others = others.filter(listing_role::Column::Id.ne(id));
    }
    let splits: Vec<i32> = db.values(others, listing_role::Column::Ratio).await?;
    forms::listing_role_total(&splits, ratio)
        .map_err(|message| AppError::Fields(vec![FieldError::new("ratio", message)]))?;
    Ok(listing_role::ActiveModel {
        name: Set(name),
        ratio: Set(ratio),
        sort: Set(sort),
        remark: Set(remark),
        ..Default::default()
    })
}

/// A city's listing roles. Needs `/coc/config/role`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/list", tag = "city-config",
    request_body = ListingRoleQuery, security(("token" = [])),
    responses((status = 200, description = "A page of listing roles", body = Envelope<Page<ListingRole>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<ListingRoleQuery>,
) -> ApiResult<Page<ListingRole>> {
    let scoped = caller.require(need::LISTING_ROLE_LIST)?;
    let mut select = scoped.read::<listing_role::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(listing_role::Column::Name.contains(name));
    }
    if let Some(site) = query.site_id {
        select = select.filter(listing_role::Column::SiteId.eq(site));
    }
    let select = select
        .order_by_asc(listing_role::Column::Sort)
        .order_by_asc(listing_role::Column::Id);
    ok(scoped.list(select, query.page).await?)
}

/// The total of each city's listing-role splits the caller reads, with core's warning while it
/// is not 100%. Needs `/coc/config/role`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/totals", tag = "city-config",
    request_body = ListingRoleTotalQuery, security(("token" = [])),
    responses((status = 200, description = "One total per city", body = Envelope<Vec<ListingRoleTotal>>)))]
pub async fn totals(
    caller: Caller,
    AppJson(query): AppJson<ListingRoleTotalQuery>,
) -> ApiResult<Vec<ListingRoleTotal>> {
    let scoped = caller.require(need::LISTING_ROLE_LIST)?;
    let mut select = scoped.read::<listing_role::Entity>();
    if let Some(site) = query.site_id {
        select = select.filter(listing_role::Column::SiteId.eq(site));
    }
    let mut by_site: BTreeMap<i64, Vec<i32>> = BTreeMap::new();
    for row in scoped.all(select).await? {
        by_site.entry(row.site_id).or_default().push(row.ratio);
    }
    let sites = scoped
        .unscoped()
        .named::<city_site::Entity>(by_site.keys().copied())
        .await?;
    ok(by_site
        .into_iter()
        .map(|(site_id, ratios)| {
            let split = forms::listing_role_split(&ratios);
            ListingRoleTotal {
                site_id,
                site_name: name_of(&sites, Some(site_id)),
                total: split.total,
                complete: split.complete,
                warning: split.warning,
            }
        })
        .collect())
}

/// Add a listing role to a city. Needs `/coc/config/role:add`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/add", tag = "city-config",
    request_body = ListingRoleAdd, security(("token" = [])),
    responses((status = 200, description = "The new listing role", body = Envelope<ListingRole>)))]
pub async fn add(
    caller: Caller,
    AppJson(request): AppJson<ListingRoleAdd>,
) -> ApiResult<ListingRole> {
    let scoped = caller.require(need::LISTING_ROLE_ADD)?;
    let request = form::checked(&request)?;
    let site = target_site(&scoped, request.site_id).await?.id;
    let checked = check(&scoped, site, &request.form, None).await?;
    ok(scoped
        .create::<listing_role::Entity>(listing_role::ActiveModel {
            site_id: Set(site),
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
}

/// Change a listing role. Needs `/coc/config/role:edit`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/edit", tag = "city-config",
    request_body = ListingRoleEdit, security(("token" = [])),
    responses((status = 200, description = "The listing role as saved", body = Envelope<ListingRole>)))]
pub async fn edit(
    caller: Caller,
    AppJson(request): AppJson<ListingRoleEdit>,
) -> ApiResult<ListingRole> {
    let scoped = caller.require(need::LISTING_ROLE_EDIT)?;
    let request = form::checked(&request)?;
    let before = scoped
        .get_writable::<listing_role::Entity>(request.id)
        .await?;
    let checked = check(&scoped, before.site_id, &request.form, Some(before.id)).await?;
    ok(scoped
        .change::<listing_role::Entity>(before, checked)
        .await?)
}

/// Delete a listing role. Needs `/coc/config/role:delete`.
#[utoipa::path(post, path = "/api/v1/fm/cityConfig/listingRole/delete", tag = "city-config",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::LISTING_ROLE_DELETE)?;
    scoped.remove::<listing_role::Entity>(request.id).await?;
    ok(Empty {})
}
