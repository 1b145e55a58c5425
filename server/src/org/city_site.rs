//! 城市站点 (/adminConfig/citySite): the cities the product runs in. Global data: only a caller
//! reaching everything changes it; everyone reads the sites of their scope.

use brokerdesk_core::org::fields;

use crate::crud::prelude::*;
use crate::entity::{city_site, organisation, user};

router!(list, options, add, edit, delete);

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
    const GLOBAL: bool = true;
    const IN_USE: &'static str = "该城市站点下还有公司或员工，无法删除";
    type View = CitySite;

    describe!(|db, row| CitySite { id, name, code, sort, enabled }
        counted { organisation_count: (db.find::<organisation::Entity>(), organisation::SiteId) }
        with { created_at: millis(row.created_at) });

    in_use_by!(organisation::SiteId, user::SiteId);
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteOption {
    pub id: i64,
    pub name: String,
}

list_query!(CitySiteQuery for city_site {
    name: Name;
} order [Sort, Id]);

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

edit_request!(CitySiteEdit + CitySiteForm, forms::CITY_SITE);

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

formed!(
    city_site,
    CitySiteForm,
    Nothing,
    async |scoped, _, form, except| {
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
);
