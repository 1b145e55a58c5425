//! 房源角色 (/coc/config/role): the parts staff play on a listing, with their share.

use std::collections::BTreeMap;

use brokerdesk_core::forms::FieldError;
use brokerdesk_core::org::fields;

use super::TAKEN;
use crate::crud::prelude::*;
use crate::entity::{city_site, listing_role};
use crate::shared::name_of;

views! {
    pub struct ListingRole {
        id: i64,
        site_id: i64,
        site_name: String,
        name: String,
        /// Share in percent with two decimals, as text: `12.50`.
        ratio: String,
        sort: i32,
        remark: String,
        created_at: i64,
    }

    /// What one city's listing-role splits add up to (core's `listing_role_split`).
    pub struct ListingRoleTotal {
        site_id: i64,
        site_name: String,
        /// Percent with two decimals, as text: `80.00`.
        total: String,
        /// Exactly 100%.
        complete: bool,
        /// Why the splits need attention, while they do not total 100%.
        warning: Option<String>,
    }
}

bodies! {
    pub struct ListingRoleTotalQuery {
        site_id: number,
    }

    pub struct ListingRoleForm {
        name: String,
        /// 0-100, up to two decimals.
        ratio: String = default,
        sort: number,
        remark: String = default,
    }
}

list_query!(ListingRoleQuery for listing_role {
    name: Name; site_id: SiteId
} order [Sort, Id]);

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
        let row = scoped
            .named::<listing_role::Entity>(site, &form.name, except, TAKEN)
            .await?;
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
            ratio: Set(ratio),
            sort: Set(sort),
            remark: Set(form.remark.clone()),
            ..row
        })
    }
);

crud_routes!(listing_role, "city-config";
    /// The total of each city's listing-role splits the caller reads, with core's warning while it
    /// is not 100%. Needs `/coc/config/role`.
    fn totals(query: ListingRoleTotalQuery) -> Vec<ListingRoleTotal>,
    need::LISTING_ROLE_LIST, "/api/v1/fm/cityConfig/listingRole/totals", "One total per city", |scoped| {
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
        by_site
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
            .collect()
    };
    /// A city's listing roles. Needs `/coc/config/role`.
    list(need::LISTING_ROLE_LIST, "/api/v1/fm/cityConfig/listingRole/list",
        ListingRoleQuery -> ListingRole, "A page of listing roles");
    /// Add a listing role to a city. Needs `/coc/config/role:add`.
    add(need::LISTING_ROLE_ADD, "/api/v1/fm/cityConfig/listingRole/add",
        ListingRoleAdd.site_id -> ListingRole, "The new listing role");
    /// Change a listing role. Needs `/coc/config/role:edit`.
    edit(need::LISTING_ROLE_EDIT, "/api/v1/fm/cityConfig/listingRole/edit",
        ListingRoleEdit -> ListingRole, "The listing role as saved");
    /// Delete a listing role. Needs `/coc/config/role:delete`.
    delete(need::LISTING_ROLE_DELETE, "/api/v1/fm/cityConfig/listingRole/delete", "Deleted");
);
