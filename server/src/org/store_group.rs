//! 门店组 (/work/enterprise/store, and a company's detail pages): stores of one organisation
//! grouped for management.

use brokerdesk_core::org::company_kind;
use sea_orm::sea_query::ExprTrait;

use super::target_organisation;
use crate::crud::prelude::*;
use crate::entity::{organisation, store, store_group};

router!(list, options, add, edit, delete);

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreGroup {
    pub id: i64,
    pub organisation_id: i64,
    pub organisation_name: String,
    pub site_id: Option<i64>,
    pub name: String,
    pub store_count: i64,
    pub created_at: i64,
}

list_query!(StoreGroupQuery for store_group {
    name: Name; organisation_id: OrganisationId
} order [Id]);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationFilter {
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreGroupAdd {
    /// Default: the caller's organisation.
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    pub name: String,
}

impl CoreForm for StoreGroupAdd {
    const FORM: &'static Form = &forms::STORE_GROUP;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreGroupEdit {
    pub id: i64,
    pub name: String,
}

impl CoreForm for StoreGroupEdit {
    const FORM: &'static Form = &forms::STORE_GROUP;
}

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

async fn check_name(
    scoped: &Scoped<'_>,
    organisation_id: i64,
    name: &str,
    except: Option<i64>,
) -> Result<String, AppError> {
    let name = name.to_owned();
    let same = store_group::Column::OrganisationId
        .eq(organisation_id)
        .and(store_group::Column::Name.eq(&name));
    scoped
        .unscoped()
        .refuse_duplicate::<store_group::Entity>(same, except, "该公司下已存在同名门店组")
        .await
        .map_err(form::on_field("name"))?;
    Ok(name)
}

route!(
    /// Add a store group to an organisation. Needs `/work/enterprise/store:add` or a company
    /// detail page's edit, and a scope covering the organisation.
    fn add(form: StoreGroupAdd) -> StoreGroup,
    need::STORE_ADD, "/api/v1/fm/org/storeGroup/add", "org", "The new store group", |scoped| {
        let form = form::checked(&form)?;
        let org = target_organisation(&scoped, form.organisation_id).await?;
        company_kind::check_new_store_group(i64::from(org.scope))
            .map_err(|message| AppError::invalid("organisationId", message))?;
        let name = check_name(&scoped, org.id, &form.name, None).await?;
        scoped
            .create::<store_group::Entity>(store_group::ActiveModel {
                organisation_id: Set(org.id),
                site_id: Set(Some(org.site_id)),
                name: Set(name),
                created_at: Set(Utc::now()),
                ..Default::default()
            })
            .await?
    }
);

route!(
    /// Rename a store group. Needs `/work/enterprise/store:edit` or a company detail page's edit.
    fn edit(form: StoreGroupEdit) -> StoreGroup,
    need::STORE_EDIT, "/api/v1/fm/org/storeGroup/edit", "org", "The store group as saved",
    |scoped| {
        let form = form::checked(&form)?;
        let before = scoped.get_writable::<store_group::Entity>(form.id).await?;
        let name = check_name(&scoped, before.organisation_id, &form.name, Some(before.id)).await?;
        scoped
            .change::<store_group::Entity>(
                before,
                store_group::ActiveModel {
                    name: Set(name),
                    ..Default::default()
                },
            )
            .await?
    }
);

crud_routes!(store_group, "org";
    /// Store groups in the caller's scope. Needs `/work/enterprise/store` or a company page.
    list(need::STORE_READ, "/api/v1/fm/org/storeGroup/list",
        StoreGroupQuery -> StoreGroup, "A page of store groups");
    /// Store groups the caller reaches, for selects. Any logged-in caller.
    options(need::Need::LOGIN, "/api/v1/fm/org/storeGroup/options",
        OrganisationFilter { organisation_id: OrganisationId } order [Id]
        -> StoreGroupOption { id: i64, name: String, organisation_id: i64 }, "Store groups");
    /// Delete a store group without stores. Needs `/work/enterprise/store:delete` or a company
    /// detail page's edit.
    delete(need::STORE_DELETE, "/api/v1/fm/org/storeGroup/delete",
        "Deleted; 10020006 while stores remain");
);
