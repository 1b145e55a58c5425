//! 房源角色 (/coc/config/role): the parts staff play on a listing, with their share.

use std::collections::BTreeMap;

use brokerdesk_core::forms::{self, FieldError};
use brokerdesk_core::org::fields;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ColumnTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::TAKEN;
use crate::AppState;
use crate::access::{Caller, need};
use crate::crud::{
    add_request, add_route, delete_route, describe, edit_request, edit_route, formed, list_query,
    list_route,
};
use crate::entity::{city_site, listing_role};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form;
use crate::paging::{Page, lenient_number};
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

list_query!(ListingRoleQuery for listing_role {
    name: Name; site_id: SiteId
} order [Sort, Id]);

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

add_request!(
    ListingRoleAdd { site_id } + ListingRoleForm,
    forms::LISTING_ROLE
);
edit_request!(ListingRoleEdit + ListingRoleForm, forms::LISTING_ROLE);

impl Resource for listing_role::Entity {
    const KIND: &'static str = "listingRole";
    type View = ListingRole;

    describe!(|db, row| ListingRole { id, site_id, name, sort, remark }
    named { site_name: city_site(site_id) }
    with {
        ratio: fields::hundredths_text(row.ratio),
        created_at: millis(row.created_at),
    });
}

formed!(
    listing_role,
    ListingRoleForm,
    Site,
    async |scoped, site, form, except| {
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
);

list_route!(
    /// A city's listing roles. Needs `/coc/config/role`.
    need::LISTING_ROLE_LIST, "/api/v1/fm/cityConfig/listingRole/list", "city-config",
    ListingRoleQuery -> ListingRole, "A page of listing roles"
);

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

add_route!(
    /// Add a listing role to a city. Needs `/coc/config/role:add`.
    listing_role, need::LISTING_ROLE_ADD, "/api/v1/fm/cityConfig/listingRole/add", "city-config",
    ListingRoleAdd.site_id -> ListingRole, "The new listing role"
);

edit_route!(
    /// Change a listing role. Needs `/coc/config/role:edit`.
    listing_role, need::LISTING_ROLE_EDIT, "/api/v1/fm/cityConfig/listingRole/edit", "city-config",
    ListingRoleEdit -> ListingRole, "The listing role as saved"
);

delete_route!(
    /// Delete a listing role. Needs `/coc/config/role:delete`.
    listing_role, need::LISTING_ROLE_DELETE, "/api/v1/fm/cityConfig/listingRole/delete", "city-config",
    "Deleted"
);
