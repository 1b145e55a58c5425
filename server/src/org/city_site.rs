//! 城市站点 (/adminConfig/citySite): the cities the product runs in. Global data: only a caller
//! reaching everything changes it; everyone reads the sites of their scope.

use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Place, Scoped, need};
use crate::audit::{self, Change};
use crate::entity::{city_site, organisation, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::paging::{self, Page, PageQuery, filter_text};
use crate::shared::{IdRequest, count_of, counts, millis, refuse_if_taken, refuse_if_used};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(options))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitySite {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub sort: i32,
    pub enabled: bool,
    pub organisation_count: i64,
    pub created_at: i64,
}

impl CitySite {
    fn new(row: city_site::Model, organisation_count: i64) -> Self {
        Self {
            id: row.id,
            name: row.name,
            code: row.code,
            sort: row.sort,
            enabled: row.enabled,
            organisation_count,
            created_at: millis(row.created_at),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteOption {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitySiteQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitySiteForm {
    pub name: String,
    /// 1-50 lowercase letters, digits, `_` or `-`.
    pub code: String,
    pub sort: Option<i64>,
    pub enabled: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitySiteEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: CitySiteForm,
}

/// City sites, by sort order. Needs `/adminConfig/citySite`.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/list", tag = "org",
    request_body = CitySiteQuery, security(("token" = [])),
    responses((status = 200, description = "A page of city sites", body = Envelope<Page<CitySite>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<CitySiteQuery>,
) -> ApiResult<Page<CitySite>> {
    let scoped = caller.require(need::CITY_SITE_LIST)?;
    let mut select = scoped.read::<city_site::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(city_site::Column::Name.contains(name));
    }
    let select = select
        .order_by_asc(city_site::Column::Sort)
        .order_by_asc(city_site::Column::Id);
    let page = paging::fetch(scoped.db(), select, query.page).await?;
    let organisations = counts::<organisation::Entity, _>(
        scoped.db(),
        organisation::Column::SiteId,
        page.list.iter().map(|s| s.id),
    )
    .await?;
    ok(page.map(|row| {
        let count = count_of(&organisations, row.id);
        CitySite::new(row, count)
    }))
}

/// The city sites the caller reaches, for selects. Any logged-in caller.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/options", tag = "org",
    security(("token" = [])),
    responses((status = 200, description = "Sites in the caller's scope", body = Envelope<Vec<SiteOption>>)))]
pub async fn options(caller: Caller) -> ApiResult<Vec<SiteOption>> {
    let scoped = caller.require(need::Need::LOGIN)?;
    let rows = scoped
        .read::<city_site::Entity>()
        .order_by_desc(city_site::Column::Enabled)
        .order_by_asc(city_site::Column::Sort)
        .order_by_asc(city_site::Column::Id)
        .all(scoped.db())
        .await?;
    ok(rows
        .into_iter()
        .map(|row| SiteOption {
            id: row.id,
            name: row.name,
        })
        .collect())
}

fn place_of(site: i64) -> Place {
    Place {
        site: Some(site),
        ..Place::default()
    }
}

struct CheckedSite {
    name: String,
    code: String,
    sort: i32,
    enabled: bool,
}

async fn check(
    scoped: &Scoped<'_, impl sea_orm::ConnectionTrait>,
    form: &CitySiteForm,
    except: Option<i64>,
) -> Result<CheckedSite, AppError> {
    let name = fields::name("name", "站点名称", &form.name)?;
    let code = fields::site_code(&form.code)?;
    let sort = fields::sort("sort", form.sort)?;
    let others = || {
        let select = city_site::Entity::find();
        match except {
            Some(id) => select.filter(city_site::Column::Id.ne(id)),
            None => select,
        }
    };
    refuse_if_taken(
        scoped.db(),
        others().filter(city_site::Column::Name.eq(&name)),
        "站点名称已存在",
    )
    .await?;
    refuse_if_taken(
        scoped.db(),
        others().filter(city_site::Column::Code.eq(&code)),
        "站点编码已存在",
    )
    .await?;
    Ok(CheckedSite {
        name,
        code,
        sort,
        enabled: form.enabled.unwrap_or(true),
    })
}

/// Add a city site. Needs `/adminConfig/citySite:add` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/add", tag = "org",
    request_body = CitySiteForm, security(("token" = [])),
    responses((status = 200, description = "The new site", body = Envelope<CitySite>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<CitySiteForm>) -> ApiResult<CitySite> {
    let scoped = caller.require(need::CITY_SITE_ADD)?;
    scoped.ensure_global_writer()?;
    let checked = check(&scoped, &form, None).await?;
    let txn = scoped.begin().await?;
    let row = city_site::ActiveModel {
        name: Set(checked.name),
        code: Set(checked.code),
        sort: Set(checked.sort),
        enabled: Set(checked.enabled),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let site = CitySite::new(row, 0);
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("citySite", site.id, &site, place_of(site.id)),
    )
    .await?;
    txn.commit().await?;
    ok(site)
}

/// Change a city site. Needs `/adminConfig/citySite:edit` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/edit", tag = "org",
    request_body = CitySiteEdit, security(("token" = [])),
    responses((status = 200, description = "The site as saved", body = Envelope<CitySite>)))]
pub async fn edit(caller: Caller, AppJson(edit): AppJson<CitySiteEdit>) -> ApiResult<CitySite> {
    let scoped = caller.require(need::CITY_SITE_EDIT)?;
    scoped.ensure_global_writer()?;
    let before = scoped.get_writable::<city_site::Entity>(edit.id).await?;
    let checked = check(&scoped, &edit.form, Some(edit.id)).await?;
    let organisation_count =
        counts::<organisation::Entity, _>(scoped.db(), organisation::Column::SiteId, [edit.id])
            .await?;
    let count = count_of(&organisation_count, edit.id);
    let txn = scoped.begin().await?;
    let mut row: city_site::ActiveModel = before.clone().into();
    row.name = Set(checked.name);
    row.code = Set(checked.code);
    row.sort = Set(checked.sort);
    row.enabled = Set(checked.enabled);
    let saved = CitySite::new(row.update(&txn).await?, count);
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated(
            "citySite",
            saved.id,
            &CitySite::new(before, count),
            &saved,
            place_of(saved.id),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a city site nobody uses. Needs `/adminConfig/citySite:delete` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/delete", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 when organisations or staff remain", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::CITY_SITE_DELETE)?;
    scoped.ensure_global_writer()?;
    let site = scoped.get_writable::<city_site::Entity>(request.id).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let used = "该城市站点下还有公司或员工，无法删除";
    refuse_if_used(
        &txn,
        organisation::Entity::find().filter(organisation::Column::SiteId.eq(site.id)),
        used,
    )
    .await?;
    refuse_if_used(
        &txn,
        user::Entity::find().filter(user::Column::SiteId.eq(site.id)),
        used,
    )
    .await?;
    on.delete_writable::<city_site::Entity>(site.id).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted(
            "citySite",
            site.id,
            &CitySite::new(site.clone(), 0),
            place_of(site.id),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
