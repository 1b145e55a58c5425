//! 门店组 (/work/enterprise/store, and a company's detail pages): stores of one organisation
//! grouped for management.

use brokerdesk_core::org::company_kind;

use super::target_organisation;
use crate::crud::prelude::*;
use crate::entity::{organisation, store, store_group};
use crate::resource::new_row;

views! {
    pub struct StoreGroup {
        id: i64,
        organisation_id: i64,
        organisation_name: String,
        site_id: Option<i64>,
        name: String,
        store_count: i64,
        created_at: i64,
    }
}

bodies! {
    pub struct OrganisationFilter {
        organisation_id: number,
    }

    pub struct StoreGroupForm {
        name: String,
    }
}

list_query!(StoreGroupQuery for store_group {
    name: Name; organisation_id: OrganisationId
} order [Id]);
add_request!(
    StoreGroupAdd {
        /// Default: the caller's organisation.
        organisation_id
    } + StoreGroupForm,
    forms::STORE_GROUP
);
edit_request!(StoreGroupEdit + StoreGroupForm, forms::STORE_GROUP);

impl Resource for store_group::Entity {
    const KIND: &'static str = "storeGroup";
    const IN_USE: &'static str = "该门店组下还有门店，无法删除";
    type View = StoreGroup;

    describe!(|db, row| StoreGroup { id, organisation_id, site_id, name }
        named { organisation_name: organisation(organisation_id) }
        counted { store_count: (db.find::<store::Entity>(), store::StoreGroupId) }
        with { created_at: millis(row.created_at) });

    in_use_by!(store::StoreGroupId);
}

impl Formed for store_group::Entity {
    type Form = StoreGroupForm;
    const WITHIN: Within = Within::Organisation;

    /// In the organisation asked for, while its kind has store groups.
    async fn place_new(
        scoped: &Scoped<'_>,
        target: Option<i64>,
    ) -> Result<(i64, store_group::ActiveModel), AppError> {
        let org = target_organisation(scoped, target).await?;
        company_kind::check_new_store_group(i64::from(org.scope))
            .map_err(|message| AppError::invalid("organisationId", message))?;
        Ok((org.id, new_row::<Self>(Some(org.site_id), Some(org.id))))
    }

    /// The name is unique in its company.
    async fn check(
        scoped: &Scoped<'_>,
        organisation_id: i64,
        form: &StoreGroupForm,
        except: Option<i64>,
    ) -> Result<store_group::ActiveModel, AppError> {
        let taken = "该公司下已存在同名门店组";
        scoped
            .named::<store_group::Entity>(organisation_id, &form.name, except, taken)
            .await
    }
}

crud_routes!(store_group, "org";
    /// Store groups in the caller's scope. Needs `/work/enterprise/store` or a company page.
    list(need::STORE_READ, "/api/v1/fm/org/storeGroup/list",
        StoreGroupQuery -> StoreGroup, "A page of store groups");
    /// Store groups the caller reaches, for selects. Any logged-in caller.
    options(need::Need::LOGIN, "/api/v1/fm/org/storeGroup/options",
        OrganisationFilter { organisation_id: OrganisationId } order [Id]
        -> StoreGroupOption { id: i64, name: String, organisation_id: i64 }, "Store groups");
    /// Add a store group to an organisation. Needs `/work/enterprise/store:add` or a company
    /// detail page's edit, and a scope covering the organisation.
    add(need::STORE_ADD, "/api/v1/fm/org/storeGroup/add",
        StoreGroupAdd.organisation_id -> StoreGroup, "The new store group");
    /// Rename a store group. Needs `/work/enterprise/store:edit` or a company detail page's edit.
    edit(need::STORE_EDIT, "/api/v1/fm/org/storeGroup/edit",
        StoreGroupEdit -> StoreGroup, "The store group as saved");
    /// Delete a store group without stores. Needs `/work/enterprise/store:delete` or a company
    /// detail page's edit.
    delete(need::STORE_DELETE, "/api/v1/fm/org/storeGroup/delete",
        "Deleted; 10020006 while stores remain");
);
