//! 城市站点 (/adminConfig/citySite): the cities the product runs in. Global data: only a caller
//! reaching everything changes it; everyone reads the sites of their scope.

use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{city_site, organisation, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::paging::{Page, PageQuery, filter_text};
use crate::resource::Resource;
use crate::shared::{IdRequest, count_of, millis};

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

impl Resource for city_site::Entity {
    const KIND: &'static str = "citySite";
    const IN_USE: &'static str = "该城市站点下还有公司或员工，无法删除";
    type View = CitySite;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<city_site::Model>,
    ) -> Result<Vec<CitySite>, AppError> {
        let organisations = db
            .counts(
                db.find::<organisation::Entity>(),
                organisation::Column::SiteId,
                rows.iter().map(|r| r.id),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| CitySite {
                organisation_count: count_of(&organisations, row.id),
                id: row.id,
                name: row.name,
                code: row.code,
                sort: row.sort,
                enabled: row.enabled,
                created_at: millis(row.created_at),
            })
            .collect())
    }

    async fn in_use<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        row: &city_site::Model,
    ) -> Result<bool, AppError> {
        Ok(db
            .uses::<organisation::Entity>(organisation::Column::SiteId, row.id)
            .await?
            || db
                .uses::<user::Entity>(user::Column::SiteId, row.id)
                .await?)
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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitySiteForm {
    pub name: String,
    /// 1-50 lowercase letters, digits, `_` or `-`.
    pub code: String,
    pub sort: Option<i64>,
    pub enabled: Option<bool>,
}

impl CoreForm for CitySiteForm {
    const FORM: &'static Form = &forms::CITY_SITE;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitySiteEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: CitySiteForm,
}

impl CoreForm for CitySiteEdit {
    const FORM: &'static Form = &forms::CITY_SITE;
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
    ok(scoped.list(select, query.page).await?)
}

/// The city sites the caller reaches, for selects. Any logged-in caller.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/options", tag = "org",
    security(("token" = [])),
    responses((status = 200, description = "Sites in the caller's scope", body = Envelope<Vec<SiteOption>>)))]
pub async fn options(caller: Caller) -> ApiResult<Vec<SiteOption>> {
    let scoped = caller.require(need::Need::LOGIN)?;
    let rows = scoped
        .all(
            scoped
                .read::<city_site::Entity>()
                .order_by_desc(city_site::Column::Enabled)
                .order_by_asc(city_site::Column::Sort)
                .order_by_asc(city_site::Column::Id),
        )
        .await?;
    ok(rows
        .into_iter()
        .map(|row| SiteOption {
            id: row.id,
            name: row.name,
        })
        .collect())
}

/// The checked values of a city site form.
async fn check(
    scoped: &Scoped<'_>,
    form: &CitySiteForm,
    except: Option<i64>,
) -> Result<city_site::ActiveModel, AppError> {
    // The fields have passed core's city-site form; here only what needs the database.
    let (name, code) = (form.name.clone(), form.code.clone());
    let sort = fields::sort("sort", form.sort)?;
    let door = scoped.unscoped();
    door.refuse_duplicate::<city_site::Entity>(
        city_site::Column::Name.eq(&name),
        except,
        "站点名称已存在",
    )
    .await
    .map_err(form::on_field("name"))?;
    door.refuse_duplicate::<city_site::Entity>(
        city_site::Column::Code.eq(&code),
        except,
        "站点编码已存在",
    )
    .await
    .map_err(form::on_field("code"))?;
    Ok(city_site::ActiveModel {
        name: Set(name),
        code: Set(code),
        sort: Set(sort),
        enabled: Set(form.enabled.unwrap_or(true)),
        ..Default::default()
    })
}

/// Add a city site. Needs `/adminConfig/citySite:add` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/add", tag = "org",
    request_body = CitySiteForm, security(("token" = [])),
    responses((status = 200, description = "The new site", body = Envelope<CitySite>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<CitySiteForm>) -> ApiResult<CitySite> {
    let scoped = caller.require(need::CITY_SITE_ADD)?;
    let form = form::checked(&form)?;
    scoped.ensure_global_writer()?;
    let checked = check(&scoped, &form, None).await?;
    ok(scoped
        .create::<city_site::Entity>(city_site::ActiveModel {
            created_at: Set(Utc::now()),
            ..checked
        })
        .await?)
}

/// Change a city site. Needs `/adminConfig/citySite:edit` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/edit", tag = "org",
    request_body = CitySiteEdit, security(("token" = [])),
    responses((status = 200, description = "The site as saved", body = Envelope<CitySite>)))]
pub async fn edit(caller: Caller, AppJson(edit): AppJson<CitySiteEdit>) -> ApiResult<CitySite> {
    let scoped = caller.require(need::CITY_SITE_EDIT)?;
    let edit = form::checked(&edit)?;
    scoped.ensure_global_writer()?;
    let before = scoped.get_writable::<city_site::Entity>(edit.id).await?;
    let checked = check(&scoped, &edit.form, Some(edit.id)).await?;
    ok(scoped.change::<city_site::Entity>(before, checked).await?)
}

/// Delete a city site nobody uses. Needs `/adminConfig/citySite:delete` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/org/citySite/delete", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 when organisations or staff remain", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::CITY_SITE_DELETE)?;
    scoped.ensure_global_writer()?;
    scoped.remove::<city_site::Entity>(request.id).await?;
    ok(Empty {})
}
