//! 门店 (/work/enterprise/store, and a company's detail pages): a store of an organisation,
//! optionally in one of its store groups.

use brokerdesk_core::org::company_kind;
use sea_orm::sea_query::Expr;
use sea_orm::{DatabaseTransaction, EntityTrait};

use super::{current_staff, target_organisation};
use crate::crud::prelude::*;
use crate::entity::{department, enrollment, organisation, store, store_group, user};
use crate::resource::new_row;

views! {
    pub struct Store {
        id: i64,
        organisation_id: i64,
        organisation_name: String,
        store_group_id: Option<i64>,
        store_group_name: String,
        site_id: i64,
        name: String,
        address: String,
        staff_count: i64,
        created_at: i64,
    }
}

bodies! {
    pub struct StoreOptionsQuery {
        organisation_id: number,
        store_group_id: number,
    }

    pub struct StoreForm {
        store_group_id: number,
        name: String,
        address: String = default,
    }
}

list_query!(StoreQuery for store {
    name: Name; organisation_id: OrganisationId, store_group_id: StoreGroupId
} order [Id]);

add_request!(
    StoreAdd {
        /// Default: the caller's organisation.
        organisation_id
    } + StoreForm,
    forms::STORE
);

edit_request!(StoreEdit + StoreForm, forms::STORE);

impl Resource for store::Entity {
    const KIND: &'static str = "store";
    const IN_USE: &'static str = "该门店下还有员工或部门，无法删除";
    type View = Store;

    describe!(|db, row| Store { id, organisation_id, store_group_id, site_id, name, address }
        named {
            organisation_name: organisation(organisation_id),
            store_group_name: store_group(store_group_id),
        }
        counted { staff_count: (current_staff(db), user::StoreId) }
        with { created_at: millis(row.created_at) });

    in_use_by!(user::StoreId, department::StoreId);

    /// Moving a store to another group moves its staff, departments and onboardings with it:
    /// the group is kept on the rows below the store, so scope filters need no join.
    // A child-row helper (clippy.toml): the rows below follow the store the caller may change.
    #[allow(clippy::disallowed_methods)]
    async fn changed(
        txn: &DatabaseTransaction,
        before: &store::Model,
        after: &store::Model,
    ) -> Result<(), AppError> {
        if before.store_group_id == after.store_group_id {
            return Ok(());
        }
        let group = Expr::value(after.store_group_id);
        user::Entity::update_many()
            .col_expr(user::Column::StoreGroupId, group.clone())
            .filter(user::Column::StoreId.eq(after.id))
            .exec(txn)
            .await?;
        department::Entity::update_many()
            .col_expr(department::Column::StoreGroupId, group.clone())
            .filter(department::Column::StoreId.eq(after.id))
            .exec(txn)
            .await?;
        enrollment::Entity::update_many()
            .col_expr(enrollment::Column::StoreGroupId, group)
            .filter(enrollment::Column::StoreId.eq(after.id))
            .exec(txn)
            .await?;
        Ok(())
    }
}

impl Formed for store::Entity {
    type Form = StoreForm;
    const WITHIN: Within = Within::Organisation;

    /// In the organisation asked for, while its kind allows one more store.
    async fn place_new(
        scoped: &Scoped<'_>,
        target: Option<i64>,
    ) -> Result<(i64, store::ActiveModel), AppError> {
        let org = target_organisation(scoped, target).await?;
        let door = scoped.unscoped();
        let own = door.find::<store::Entity>();
        let stores = door
            .count(own.filter(store::Column::OrganisationId.eq(org.id)))
            .await?;
        company_kind::check_new_store(i64::from(org.scope), stores)
            .map_err(|message| AppError::invalid("organisationId", message))?;
        Ok((org.id, new_row::<Self>(Some(org.site_id), Some(org.id))))
    }

    /// The checked values of a store form.
    async fn check(
        scoped: &Scoped<'_>,
        organisation_id: i64,
        form: &StoreForm,
        except: Option<i64>,
    ) -> Result<store::ActiveModel, AppError> {
        // The fields have passed core's store form; here only what needs the database.
        if let Some(id) = form.store_group_id {
            let group = scoped.get::<store_group::Entity>(id).await?;
            if group.organisation_id != organisation_id {
                return Err(AppError::invalid("storeGroupId", "门店组不属于该公司"));
            }
        }
        let taken = "该公司下已存在同名门店";
        let row = scoped
            .named::<store::Entity>(organisation_id, &form.name, except, taken)
            .await?;
        Ok(store::ActiveModel {
            address: Set(form.address.clone()),
            store_group_id: Set(form.store_group_id),
            ..row
        })
    }
}

crud_routes!(store, "org";
    /// Stores in the caller's scope. Needs `/work/enterprise/store` or a company page.
    list(need::STORE_READ, "/api/v1/fm/org/store/list", StoreQuery -> Store, "A page of stores");
    /// Stores the caller reaches, for selects. Any logged-in caller.
    options(need::Need::LOGIN, "/api/v1/fm/org/store/options",
        StoreOptionsQuery { organisation_id: OrganisationId, store_group_id: StoreGroupId } order [Id]
        -> StoreOption { id: i64, name: String, organisation_id: i64, store_group_id: Option<i64> }, "Stores");
    /// Add a store. Needs `/work/enterprise/store:add` or a company detail page's edit, and a
    /// scope covering the organisation (or the chosen store group).
    add(need::STORE_ADD, "/api/v1/fm/org/store/add",
        StoreAdd.organisation_id -> Store, "The new store");
    /// Change a store; moving it to another group moves its staff and departments with it. Needs
    /// `/work/enterprise/store:edit` or a company detail page's edit.
    edit(need::STORE_EDIT, "/api/v1/fm/org/store/edit", StoreEdit -> Store, "The store as saved");
    /// Delete a store without staff or departments. Needs `/work/enterprise/store:delete` or a
    /// company detail page's edit.
    delete(need::STORE_DELETE, "/api/v1/fm/org/store/delete",
        "Deleted; 10020006 while staff or departments remain");
);
