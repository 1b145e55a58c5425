//! Organisations of a city (/adminConfig/company, /coc/company/index and their detail pages):
//! brokerage companies (scope 2), independent brokers (3) and partner organisations (4).

use brokerdesk_core::org::mask;

use super::{current_staff, target_site};
use crate::crud::prelude::*;
use crate::entity::{city_site, department, organisation, store, store_group, user};
use crate::resource::{describe_one, enabled};

views! {
    pub struct Company {
        id: i64,
        site_id: i64,
        site_name: String,
        name: String,
        /// Core `organisationScope`: 2 brokerage company, 3 independent broker, 4 partner organisation.
        scope: i16,
        contact_name: String,
        /// Masked, except in the detail asked `unmasked` (查看完整信息, the edit form).
        contact_mobile: String,
        address: String,
        enabled: bool,
        store_group_count: i64,
        store_count: i64,
        staff_count: i64,
        created_at: i64,
    }
}

bodies! {
    pub struct CompanyDetailRequest {
        id: i64,
        /// Show the contact mobile whole (needs the page's edit action; recorded in the audit log).
        unmasked: bool = default,
    }

    pub struct CompanyOptionsQuery {
        site_id: number,
        scope: number,
    }

    pub struct CompanyForm {
        name: String,
        contact_name: String = default,
        contact_mobile: String = default,
        address: String = default,
        enabled: Option<bool>,
    }

    pub struct CompanyAdd: forms::COMPANY {
        /// Default: the caller's city site.
        site_id: number,
        scope: i64,
        #[serde(flatten)]
        form: CompanyForm,
    }
}

list_query!(CompanyQuery for organisation {
    name: Name; scope: Scope, site_id: SiteId
} order [Id]);

edit_request!(CompanyEdit + CompanyForm, forms::COMPANY_EDIT);

impl Resource for organisation::Entity {
    const KIND: &'static str = "company";
    const IN_USE: &'static str = "该公司下还有门店或员工，无法删除";
    /// With the contact mobile whole: what an editor and the audit log see.
    type View = Company;

    describe!(|db, row| Company { id, site_id, name, scope, contact_name, address, enabled }
    named { site_name: city_site(site_id) }
    counted {
        store_group_count: (db.find::<store_group::Entity>(), store_group::OrganisationId),
        store_count: (db.find::<store::Entity>(), store::OrganisationId),
        staff_count: (current_staff(db), user::OrganisationId),
    }
    with {
        contact_mobile: row.contact_mobile.unwrap_or_default(),
        created_at: millis(row.created_at),
    });

    in_use_by!(
        store_group::OrganisationId,
        store::OrganisationId,
        user::OrganisationId,
        department::OrganisationId
    );
}

/// The company as a caller who may not edit it sees it: the contact mobile masked.
fn masked(company: Company) -> Company {
    Company {
        contact_mobile: mask::mobile(&company.contact_mobile),
        ..company
    }
}

formed!(
    organisation,
    CompanyForm,
    Site,
    async |scoped, site_id, form, except| {
        // The fields have passed core's company form; here only what needs the database.
        let contact_mobile = (!form.contact_mobile.is_empty()).then(|| form.contact_mobile.clone());
        let taken = "该城市已存在同名公司";
        let row = scoped
            .named::<organisation::Entity>(site_id, &form.name, except, taken)
            .await?;
        Ok(organisation::ActiveModel {
            contact_name: Set(form.contact_name.clone()),
            contact_mobile: Set(contact_mobile),
            address: Set(form.address.clone()),
            enabled: enabled(form.enabled, except),
            ..row
        })
    }
);

crud_routes!(organisation, "org";
    /// Organisations in the caller's scope. Needs `/adminConfig/company` or `/coc/company/index`.
    fn list(query: CompanyQuery) -> Page<Company>,
    need::COMPANY_LIST, "/api/v1/fm/org/company/list", "A page of organisations", |scoped| {
        let mut page = scoped.list(query.select(&scoped), query.page).await?;
        page.list = page.list.into_iter().map(masked).collect();
        page
    };
    /// One organisation, its contact mobile masked as in the list. `unmasked` (查看完整信息, or the
    /// edit form) needs the edit action over the company and is recorded in the audit log. Needs a
    /// company list or detail page.
    fn detail(request: CompanyDetailRequest) -> Company,
    need::COMPANY_READ, "/api/v1/fm/org/company/detail", "The organisation",
    |scoped| {
        let unmasked = request.unmasked.then_some(need::COMPANY_EDIT);
        let row = scoped.shown::<organisation::Entity>(request.id, unmasked).await?;
        let company = describe_one::<organisation::Entity, _>(&scoped.unscoped(), row).await?;
        if request.unmasked {
            company
        } else {
            masked(company)
        }
    };
    /// Add an organisation to a city. Needs COMPANY_LIST:add and a scope covering the city.
    fn add(form: CompanyAdd) -> Company,
    need::COMPANY_ADD, "/api/v1/fm/org/company/add", "The new organisation", |scoped| {
        let form = form::checked(&form)?;
        let site = target_site(&scoped, form.site_id).await?;
        let checked = organisation::Entity::check(&scoped, site.id, &form.form, None).await?;
        scoped
            .create::<organisation::Entity>(organisation::ActiveModel {
                site_id: Set(site.id),
                scope: Set(form.scope as i16),
                created_at: Set(Utc::now()),
                ..checked
            })
            .await?
    };
    /// Organisations the caller reaches, for selects. Any logged-in caller.
    options(need::Need::LOGIN, "/api/v1/fm/org/company/options",
        CompanyOptionsQuery { site_id: SiteId, scope: Scope } order [Id]
        -> CompanyOption { id: i64, name: String, scope: i16, site_id: i64 }, "Organisations");
    /// Change an organisation (its kind stays). Needs COMPANY_LIST:edit or a detail page's edit.
    edit(need::COMPANY_EDIT, "/api/v1/fm/org/company/edit",
        CompanyEdit -> Company, "The organisation as saved");
    /// Delete an organisation without stores, staff or departments. Needs COMPANY_LIST:delete.
    delete(need::COMPANY_DELETE, "/api/v1/fm/org/company/delete",
        "Deleted; 10020006 while stores or staff remain");
);
