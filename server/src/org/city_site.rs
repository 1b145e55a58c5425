//! 城市站点 (/adminConfig/citySite): the cities the product runs in. Global data: only a caller
//! reaching everything changes it; everyone reads the sites of their scope.

use brokerdesk_core::org::fields;

use crate::crud::prelude::*;
use crate::entity::{city_site, organisation, user};

views! {
    pub struct CitySite {
        id: i64,
        name: String,
        code: String,
        sort: i32,
        enabled: bool,
        organisation_count: i64,
        created_at: i64,
    }

    pub struct SiteOption {
        id: i64,
        name: String,
    }
}

bodies! {
    pub struct CitySiteForm: forms::CITY_SITE {
        name: String,
        /// 1-50 lowercase letters, digits, `_` or `-`.
        code: String,
        sort: Option<i64>,
        enabled: Option<bool>,
    }
}

list_query!(CitySiteQuery for city_site {
    name: Name;
} order [Sort, Id]);
edit_request!(CitySiteEdit + CitySiteForm, forms::CITY_SITE);

impl Resource for city_site::Entity {
    const KIND: &'static str = "citySite";
    const GLOBAL: bool = true;
    const IN_USE: &'static str = "该城市站点下还有公司或员工，无法删除";
    type View = CitySite;

    describe!(|db, row| CitySite { id, name, code, sort, enabled }
        counted { organisation_count: (db.find::<organisation::Entity>(), organisation::SiteId) }
        with { created_at: millis(row.created_at) });

    in_use_by!(organisation::SiteId, user::SiteId);
}

formed!(
    city_site,
    CitySiteForm,
    Nothing,
    async |scoped, _, form, except| {
        // The fields have passed core's city-site form; here only what needs the database.
        let taken = "站点名称已存在";
        let row = scoped
            .named::<city_site::Entity>(0, &form.name, except, taken)
            .await?;
        let same = city_site::Column::Code.eq(&form.code);
        scoped
            .refuse_same::<city_site::Entity>("code", same, except, "站点编码已存在")
            .await?;
        Ok(city_site::ActiveModel {
            code: Set(form.code.clone()),
            sort: Set(fields::sort("sort", form.sort)?),
            enabled: Set(form.enabled.unwrap_or(true)),
            ..row
        })
    }
);

crud_routes!(city_site, "org";
    /// City sites, by sort order. Needs `/adminConfig/citySite`.
    list(need::CITY_SITE_LIST, "/api/v1/fm/org/citySite/list",
        CitySiteQuery -> CitySite, "A page of city sites");
    /// Add a city site. Needs `/adminConfig/citySite:add` and data scope ALL.
    add(need::CITY_SITE_ADD, "/api/v1/fm/org/citySite/add",
        CitySiteForm -> CitySite, "The new site");
    /// Change a city site. Needs `/adminConfig/citySite:edit` and data scope ALL.
    edit(need::CITY_SITE_EDIT, "/api/v1/fm/org/citySite/edit",
        CitySiteEdit -> CitySite, "The site as saved");
    /// Delete a city site nobody uses. Needs `/adminConfig/citySite:delete` and data scope ALL.
    delete(need::CITY_SITE_DELETE, "/api/v1/fm/org/citySite/delete",
        "Deleted; 10020006 when organisations or staff remain");
    /// The city sites the caller reaches, for selects. Any logged-in caller.
    fn options() -> Vec<SiteOption>,
    need::Need::LOGIN, "/api/v1/fm/org/citySite/options", "Sites in the caller's scope",
    |scoped| {
        let sites = scoped.read::<city_site::Entity>();
        let sites = sites
            .order_by_desc(city_site::Column::Enabled)
            .order_by_asc(city_site::Column::Sort)
            .order_by_asc(city_site::Column::Id);
        let rows = scoped.all(sites).await?;
        let option = |row: city_site::Model| SiteOption {
            id: row.id,
            name: row.name,
        };
        rows.into_iter().map(option).collect()
    };
);
