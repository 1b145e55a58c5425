//! Apps (/adminConfig/app, /coc/app, /work/enterprise/app): the global catalogue (types 1-6),
//! switched on per city site, and per organisation where it differs from its city
//! ([`enablement`]).

pub mod enablement;

use brokerdesk_core::org::fields;

use crate::crud::prelude::*;
use crate::entity::app;
use crate::resource::enabled;

router!(list, add, edit, delete; merge enablement);

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

impl Resource for app::Entity {
    const KIND: &'static str = "app";
    const GLOBAL: bool = true;
    type View = App;

    async fn describe<C: ConnectionTrait>(
        _: &Unscoped<'_, C>,
        rows: Vec<app::Model>,
    ) -> Result<Vec<App>, AppError> {
        Ok(rows.into_iter().map(App::from).collect())
    }
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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppAdd {
    /// 1-30 letters, digits or `_`, starting with a letter.
    pub code: String,
    #[serde(flatten)]
    pub form: AppForm,
}

impl CoreForm for AppAdd {
    const FORM: &'static Form = &forms::APP;
}

edit_request!(AppEdit + AppForm, forms::APP_EDIT);

route!(
    /// The app catalogue. Needs an app page of any workspace.
    fn list(query: AppQuery) -> Page<App>,
    need::APP_READ, "/api/v1/fm/app/list", "app", "A page of apps", |scoped| {
        // The catalogue belongs to no one: everyone with an app page reads all of it.
        let mut select = scoped.unscoped().find::<app::Entity>();
        if let Some(name) = filter_text(&query.name) {
            select = select.filter(app::Column::Name.contains(name));
        }
        if let Some(app_type) = query.app_type {
            select = select.filter(app::Column::AppType.eq(app_type));
        }
        let select = select
            .order_by_asc(app::Column::Sort)
            .order_by_asc(app::Column::Id);
        scoped.page(select, query.page).await?.map(App::from)
    }
);

formed!(app, AppForm, Nothing, async |scoped, _, form, except| {
    // The fields have passed core's app form; here only what needs the database.
    let (name, icon, description) = (
        form.name.clone(),
        form.icon.clone(),
        form.description.clone(),
    );
    let sort = fields::sort("sort", form.sort)?;
    scoped
        .unscoped()
        .refuse_duplicate::<app::Entity>(app::Column::Name.eq(&name), except, "应用名称已存在")
        .await
        .map_err(form::on_field("name"))?;
    Ok(app::ActiveModel {
        name: Set(name),
        app_type: Set(form.app_type as i16),
        icon: Set(icon),
        description: Set(description),
        sort: Set(sort),
        enabled: enabled(form.enabled, except),
        ..Default::default()
    })
});

route!(
    /// Add an app to the catalogue. Needs `/adminConfig/app:add` and data scope ALL.
    fn add(request: AppAdd) -> App,
    need::APP_ADD, "/api/v1/fm/app/add", "app", "The new app", |scoped| {
        let request = form::checked(&request)?;
        scoped.ensure_global_writer()?;
        let code = request.code.clone();
        scoped
            .unscoped()
            .refuse_duplicate::<app::Entity>(app::Column::Code.eq(&code), None, "应用编码已存在")
            .await
            .map_err(form::on_field("code"))?;
        let checked = app::Entity::check(&scoped, 0, &request.form, None).await?;
        scoped
            .create::<app::Entity>(app::ActiveModel {
                code: Set(code),
                created_at: Set(Utc::now()),
                ..checked
            })
            .await?
    }
);

crud_routes!(app, "app";
    /// Change an app of the catalogue. Needs `/adminConfig/app:edit` and data scope ALL.
    edit(need::APP_EDIT, "/api/v1/fm/app/edit", AppEdit -> App, "The app as saved");
    /// Remove an app from the catalogue (and every city's setting). Needs `/adminConfig/app:delete`
    /// and data scope ALL.
    delete(need::APP_DELETE, "/api/v1/fm/app/delete", "Deleted");
);
