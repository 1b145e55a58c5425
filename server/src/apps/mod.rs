//! Apps (/adminConfig/app, /coc/app, /work/enterprise/app): the global catalogue (types 1-6),
//! switched on per city site, and per organisation where it differs from its city
//! ([`enablement`]).

pub mod enablement;

use brokerdesk_core::org::fields;

use crate::crud::prelude::*;
use crate::entity::app;
use crate::resource::enabled;

views! {
    pub struct App {
        id: i64,
        code: String,
        name: String,
        /// Core `appType` 1-6.
        app_type: i16,
        icon: String,
        description: String,
        sort: i32,
        /// The catalogue switch.
        enabled: bool,
        created_at: i64,
    }
}

bodies! {
    pub struct AppQuery {
        #[serde(flatten)]
        page: PageQuery,
        name: Option<String>,
        app_type: number,
    }

    pub struct AppForm {
        name: String,
        app_type: i64,
        icon: String = default,
        description: String = default,
        sort: number,
        enabled: Option<bool>,
    }

    pub struct AppAdd: forms::APP {
        /// 1-30 letters, digits or `_`, starting with a letter.
        code: String,
        #[serde(flatten)]
        form: AppForm,
    }
}

edit_request!(AppEdit + AppForm, forms::APP_EDIT);

impl Resource for app::Entity {
    const KIND: &'static str = "app";
    const GLOBAL: bool = true;
    type View = App;

    describe!(|_, row| App { id, code, name, app_type, icon, description, sort, enabled }
        with { created_at: millis(row.created_at) });
}

formed!(app, AppForm, Nothing, async |scoped, _, form, except| {
    // The fields have passed core's app form; here only what needs the database.
    let taken = "应用名称已存在";
    let row = scoped
        .named::<app::Entity>(0, &form.name, except, taken)
        .await?;
    Ok(app::ActiveModel {
        app_type: Set(form.app_type as i16),
        icon: Set(form.icon.clone()),
        description: Set(form.description.clone()),
        sort: Set(fields::sort("sort", form.sort)?),
        enabled: enabled(form.enabled, except),
        ..row
    })
});

crud_routes!(app, "app";
    /// The app catalogue. Needs an app page of any workspace.
    fn list(query: AppQuery) -> Page<App>,
    need::APP_READ, "/api/v1/fm/app/list", "A page of apps", |scoped| {
        // The catalogue belongs to no one: everyone with an app page reads all of it.
        let mut select = scoped.unscoped().find::<app::Entity>();
        if let Some(name) = filter_text(&query.name) {
            select = select.filter(crate::shared::contains(app::Column::Name, name));
        }
        if let Some(app_type) = query.app_type {
            select = select.filter(app::Column::AppType.eq(app_type));
        }
        let select = select
            .order_by_asc(app::Column::Sort)
            .order_by_asc(app::Column::Id);
        scoped.list(select, query.page).await?
    };
    /// Add an app to the catalogue. Needs `/adminConfig/app:add` and data scope ALL.
    fn add(request: AppAdd) -> App,
    need::APP_ADD, "/api/v1/fm/app/add", "The new app", |scoped| {
        let request = form::checked(&request)?;
        scoped.ensure_global_writer()?;
        let same = app::Column::Code.eq(&request.code);
        scoped.refuse_same::<app::Entity>("code", same, None, "应用编码已存在").await?;
        let checked = app::Entity::check(&scoped, 0, &request.form, None).await?;
        scoped
            .create::<app::Entity>(app::ActiveModel {
                code: Set(request.code.clone()),
                created_at: Set(Utc::now()),
                ..checked
            })
            .await?
    };
    /// Change an app of the catalogue. Needs `/adminConfig/app:edit` and data scope ALL.
    edit(need::APP_EDIT, "/api/v1/fm/app/edit", AppEdit -> App, "The app as saved");
    /// Remove an app from the catalogue (and every city's setting). Needs `/adminConfig/app:delete`
    /// and data scope ALL.
    delete(need::APP_DELETE, "/api/v1/fm/app/delete", "Deleted");
    merge(enablement);
);
