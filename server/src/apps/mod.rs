//! Apps (/adminConfig/app, /coc/app, /work/enterprise/app): the global catalogue (types 1-6),
//! switched on per city site, and per organisation where it differs from its city.

use brokerdesk_core::enums::APP_TYPE;
use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Place, Scoped, need};
use crate::audit::{self, Change};
use crate::entity::{app, app_enablement, organisation};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::org::target_site;
use crate::paging::{self, Page, PageQuery, filter_text, lenient_number};
use crate::shared::{IdRequest, millis, refuse_if_taken};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
        .routes(routes!(enablement))
        .routes(routes!(set_enabled))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct App {
    pub id: i64,
    pub code: String,
    pub name: String,
    /// Core `appType` 1-6.
    pub app_type: i16,
    pub icon: String,
    pub description: String,
    pub sort: i32,
    /// The catalogue switch.
    pub enabled: bool,
    pub created_at: i64,
}

impl From<app::Model> for App {
    fn from(row: app::Model) -> Self {
        Self {
            id: row.id,
            code: row.code,
            name: row.name,
            app_type: row.app_type,
            icon: row.icon,
            description: row.description,
            sort: row.sort,
            enabled: row.enabled,
            created_at: millis(row.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppEnablement {
    pub app_id: i64,
    pub app_name: String,
    pub app_type: i16,
    pub icon: String,
    pub description: String,
    pub enabled: bool,
    /// True when an organisation follows its city's setting.
    pub inherited: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub app_type: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppForm {
    pub name: String,
    pub app_type: i64,
    #[serde(default)]
    pub icon: String,
    #[serde(default)]
    pub description: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
    pub enabled: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppAdd {
    /// 1-30 letters, digits or `_`, starting with a letter.
    pub code: String,
    #[serde(flatten)]
    pub form: AppForm,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: AppForm,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnablementQuery {
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetEnabled {
    pub app_id: i64,
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    pub enabled: bool,
}

/// The app catalogue. Needs an app page of any workspace.
#[utoipa::path(post, path = "/api/v1/fm/app/list", tag = "app",
    request_body = AppQuery, security(("token" = [])),
    responses((status = 200, description = "A page of apps", body = Envelope<Page<App>>)))]
pub async fn list(caller: Caller, AppJson(query): AppJson<AppQuery>) -> ApiResult<Page<App>> {
    let scoped = caller.require(need::APP_READ)?;
    // The catalogue belongs to no one: everyone with an app page reads all of it.
    let mut select = app::Entity::find();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(app::Column::Name.contains(name));
    }
    if let Some(app_type) = query.app_type {
        select = select.filter(app::Column::AppType.eq(app_type));
    }
    let select = select
        .order_by_asc(app::Column::Sort)
        .order_by_asc(app::Column::Id);
    ok(paging::fetch(scoped.db(), select, query.page)
        .await?
        .map(App::from))
}

struct Checked {
    name: String,
    app_type: i16,
    icon: String,
    description: String,
    sort: i32,
}

async fn check(
    db: &impl ConnectionTrait,
    form: &AppForm,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    let name = fields::name("name", "应用名称", &form.name)?;
    if APP_TYPE.label_of(form.app_type).is_none() {
        return Err(AppError::invalid("appType", "请选择应用类型"));
    }
    let icon = fields::text("icon", "图标", &form.icon, fields::NAME_MAX, false)?;
    let description = fields::remark("description", "应用简介", &form.description)?;
    let sort = fields::sort("sort", form.sort)?;
    let mut same = app::Entity::find().filter(app::Column::Name.eq(&name));
    if let Some(id) = except {
        same = same.filter(app::Column::Id.ne(id));
    }
    refuse_if_taken(db, same, "应用名称已存在").await?;
    Ok(Checked {
        name,
        app_type: form.app_type as i16,
        icon,
        description,
        sort,
    })
}

/// Add an app to the catalogue. Needs `/adminConfig/app:add` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/app/add", tag = "app",
    request_body = AppAdd, security(("token" = [])),
    responses((status = 200, description = "The new app", body = Envelope<App>)))]
pub async fn add(caller: Caller, AppJson(request): AppJson<AppAdd>) -> ApiResult<App> {
    let scoped = caller.require(need::APP_ADD)?;
    scoped.ensure_global_writer()?;
    let code = fields::action_code("code", "应用编码", &request.code)?;
    refuse_if_taken(
        scoped.db(),
        app::Entity::find().filter(app::Column::Code.eq(&code)),
        "应用编码已存在",
    )
    .await?;
    let checked = check(scoped.db(), &request.form, None).await?;
    let txn = scoped.begin().await?;
    let row = app::ActiveModel {
        code: Set(code),
        name: Set(checked.name),
        app_type: Set(checked.app_type),
        icon: Set(checked.icon),
        description: Set(checked.description),
        sort: Set(checked.sort),
        enabled: Set(request.form.enabled.unwrap_or(true)),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let saved = App::from(row);
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("app", saved.id, &saved, Place::default()),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Change an app of the catalogue. Needs `/adminConfig/app:edit` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/app/edit", tag = "app",
    request_body = AppEdit, security(("token" = [])),
    responses((status = 200, description = "The app as saved", body = Envelope<App>)))]
pub async fn edit(caller: Caller, AppJson(request): AppJson<AppEdit>) -> ApiResult<App> {
    let scoped = caller.require(need::APP_EDIT)?;
    scoped.ensure_global_writer()?;
    let before = app::Entity::find_by_id(request.id)
        .one(scoped.db())
        .await?
        .ok_or(AppError::NotFound)?;
    let checked = check(scoped.db(), &request.form, Some(before.id)).await?;
    let txn = scoped.begin().await?;
    let old = App::from(before.clone());
    let mut row: app::ActiveModel = before.clone().into();
    row.name = Set(checked.name);
    row.app_type = Set(checked.app_type);
    row.icon = Set(checked.icon);
    row.description = Set(checked.description);
    row.sort = Set(checked.sort);
    row.enabled = Set(request.form.enabled.unwrap_or(before.enabled));
    let saved = App::from(row.update(&txn).await?);
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated("app", saved.id, &old, &saved, Place::default()),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Remove an app from the catalogue (and every city's setting). Needs `/adminConfig/app:delete`
/// and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/app/delete", tag = "app",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::APP_DELETE)?;
    scoped.ensure_global_writer()?;
    let before = app::Entity::find_by_id(request.id)
        .one(scoped.db())
        .await?
        .ok_or(AppError::NotFound)?;
    let txn = scoped.begin().await?;
    app::Entity::delete_by_id(before.id).exec(&txn).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted(
            "app",
            before.id,
            &App::from(before.clone()),
            Place::default(),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}

/// The city site or organisation whose settings a call is about.
struct Target {
    site: i64,
    organisation: Option<i64>,
}

impl Target {
    fn place(&self) -> Place {
        Place {
            site: Some(self.site),
            organisation: self.organisation,
            ..Place::default()
        }
    }
}

async fn target(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    site_id: Option<i64>,
    organisation_id: Option<i64>,
) -> Result<Target, AppError> {
    let actor = scoped.actor();
    let organisation_id = organisation_id.or(if site_id.is_none() {
        actor.organisation_id
    } else {
        None
    });
    if let Some(id) = organisation_id {
        let org = scoped.get::<organisation::Entity>(id).await?;
        return Ok(Target {
            site: org.site_id,
            organisation: Some(org.id),
        });
    }
    let site = target_site(scoped, site_id).await?;
    Ok(Target {
        site: site.id,
        organisation: None,
    })
}

async fn settings(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    target: &Target,
) -> Result<Vec<AppEnablement>, AppError> {
    let apps = app::Entity::find()
        .filter(app::Column::Enabled.eq(true))
        .order_by_asc(app::Column::Sort)
        .order_by_asc(app::Column::Id)
        .all(scoped.db())
        .await?;
    let rows = scoped
        .read::<app_enablement::Entity>()
        .filter(app_enablement::Column::SiteId.eq(target.site))
        .all(scoped.db())
        .await?;
    Ok(apps
        .into_iter()
        .map(|a| {
            let of_site = rows
                .iter()
                .find(|r| r.app_id == a.id && r.organisation_id.is_none());
            let of_org = target.organisation.and_then(|org| {
                rows.iter()
                    .find(|r| r.app_id == a.id && r.organisation_id == Some(org))
            });
            let setting = of_org.or(of_site);
            AppEnablement {
                app_id: a.id,
                app_name: a.name,
                app_type: a.app_type,
                icon: a.icon,
                description: a.description,
                enabled: setting.is_some_and(|s| s.enabled),
                inherited: target.organisation.is_some() && of_org.is_none(),
            }
        })
        .collect())
}

/// Which catalogue apps are on for a city site or an organisation (default: the caller's
/// organisation, else their site). Needs an app page.
#[utoipa::path(post, path = "/api/v1/fm/app/enablement", tag = "app",
    request_body = EnablementQuery, security(("token" = [])),
    responses((status = 200, description = "Apps with their setting", body = Envelope<Vec<AppEnablement>>)))]
pub async fn enablement(
    caller: Caller,
    AppJson(query): AppJson<EnablementQuery>,
) -> ApiResult<Vec<AppEnablement>> {
    let scoped = caller.require(need::APP_READ)?;
    let target = target(&scoped, query.site_id, query.organisation_id).await?;
    ok(settings(&scoped, &target).await?)
}

/// Switch an app on or off for a city site or an organisation. Needs an app page's `edit` and
/// a scope covering the site or organisation.
#[utoipa::path(post, path = "/api/v1/fm/app/setEnabled", tag = "app",
    request_body = SetEnabled, security(("token" = [])),
    responses((status = 200, description = "Apps with their setting after the change", body = Envelope<Vec<AppEnablement>>)))]
pub async fn set_enabled(
    caller: Caller,
    AppJson(request): AppJson<SetEnabled>,
) -> ApiResult<Vec<AppEnablement>> {
    let scoped = caller.require(need::APP_ENABLE)?;
    let target = target(&scoped, request.site_id, request.organisation_id).await?;
    scoped.ensure_covers(&target.place())?;
    app::Entity::find_by_id(request.app_id)
        .filter(app::Column::Enabled.eq(true))
        .one(scoped.db())
        .await?
        .ok_or_else(|| AppError::invalid("appId", "应用不存在或已停用"))?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let existing = on
        .write::<app_enablement::Entity>()
        .filter(app_enablement::Column::AppId.eq(request.app_id))
        .filter(app_enablement::Column::SiteId.eq(target.site))
        .filter(match target.organisation {
            Some(org) => app_enablement::Column::OrganisationId.eq(org),
            None => app_enablement::Column::OrganisationId.is_null(),
        })
        .one(&txn)
        .await?;
    let before = existing.as_ref().map(|row| row.enabled);
    match existing {
        Some(row) => {
            let mut row: app_enablement::ActiveModel = row.into();
            row.enabled = Set(request.enabled);
            row.updated_at = Set(Utc::now());
            row.update(&txn).await?;
        }
        None => {
            app_enablement::ActiveModel {
                app_id: Set(request.app_id),
                site_id: Set(target.site),
                organisation_id: Set(target.organisation),
                enabled: Set(request.enabled),
                updated_at: Set(Utc::now()),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
    }
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated(
            "appEnablement",
            request.app_id,
            &before,
            &Some(request.enabled),
            target.place(),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(settings(&scoped, &target).await?)
}
