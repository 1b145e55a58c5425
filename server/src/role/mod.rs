//! Roles (/work/enterprise/role, /coc/hr/role) and their permission settings (roleSetting/{id}):
//! what a role opens (menus and actions) and how far its holders reach (data scope). Nobody
//! hands on more than they hold.

mod dto;
pub(crate) mod offer;
pub mod permission_tree;
mod permissions;
pub(crate) mod scope;

use std::collections::HashSet;

use brokerdesk_core::org::data_scope::DataScope;
use brokerdesk_core::org::own_record;

pub use self::dto::*;
pub use self::permissions::MENU_TOO_WIDE;
use self::scope::{check, ensure_grantable, may_give, place_for_new, set_custom_set};
use crate::access::Placed;
use crate::auth::token::new_token;
use crate::crud::prelude::*;
use crate::entity::{
    organisation, role, role_menu, role_scope_department, role_scope_store, user_role,
};
use crate::org::store_group::OrganisationFilter;
use crate::resource::describe_one;
use crate::shared::count_of;

/// The row actions of a role the caller may change.
const ROLE_ACTIONS: [&str; 3] = ["edit", "delete", "permission"];

/// Fills `available_actions`: the roles among `roles` the caller may change offer every action.
pub(super) async fn offer_actions<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    roles: &mut [Role],
) -> Result<(), AppError> {
    let writable = scoped
        .write::<role::Entity>()
        .filter(role::Column::Id.is_in(roles.iter().map(|r| r.id)));
    let writable: HashSet<i64> = scoped
        .unscoped()
        .values::<_, i64>(writable, role::Column::Id)
        .await?
        .into_iter()
        .collect();
    let held = held_roles(scoped).await?;
    let super_admin = scoped.caller().is_super_admin();
    for role in roles.iter_mut().filter(|role| {
        writable.contains(&role.id)
            && own_record::may_change_role(held.contains(&role.id), super_admin)
    }) {
        role.available_actions = ROLE_ACTIONS.map(String::from).to_vec();
    }
    Ok(())
}

/// The roles the caller holds.
async fn held_roles<C: ConnectionTrait>(scoped: &Scoped<'_, C>) -> Result<HashSet<i64>, AppError> {
    let db = scoped.unscoped();
    let held = db.linked::<user_role::Entity>(scoped.actor().id).await?;
    Ok(held.into_iter().collect())
}

/// Core's rule: a role the caller holds is read-only to them (不能修改自己所属的角色), or a
/// general manager could untick their own permissions and lock the company out. Whoever is
/// above them (city operations, the administrator) holds other roles and may change it.
pub(super) async fn refuse_own_role<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    role_id: i64,
) -> Result<(), AppError> {
    let holds_it = held_roles(scoped).await?.contains(&role_id);
    if own_record::may_change_role(holds_it, scoped.caller().is_super_admin()) {
        Ok(())
    } else {
        Err(AppError::OutOfScope(own_record::OWN_ROLE))
    }
}

/// A role as callers see it and the audit log keeps it: its data scope's custom set and how
/// many people hold it.
impl Resource for role::Entity {
    const KIND: &'static str = "role";
    const IN_USE: &'static str = "该角色已分配给员工，无法删除";
    type View = Role;

    describe!(|db, row| Role { id, name, data_scope, organisation_id, store_id, site_id, remark }
    named { organisation_name: organisation(organisation_id) }
    counted {
        user_count: (db.find::<user_role::Entity>(), user_role::RoleId),
        menu_count: (db.find::<role_menu::Entity>(), role_menu::RoleId),
    }
    listed { custom_department_ids: role_scope_department, custom_store_ids: role_scope_store }
    with { created_at: millis(row.created_at), available_actions: Vec::new() });

    in_use_by!(user_role::RoleId);
}

crud_routes!(role, "role";
    /// Roles the caller reads. Needs a role page.
    fn list(query: RoleQuery) -> Page<Role>,
    need::ROLE_LIST, "/api/v1/fm/role/list", "A page of roles", |scoped| {
        let mut page = scoped.list(query.select(&scoped), query.page).await?;
        offer_actions(&scoped, &mut page.list).await?;
        page
    };
    /// One role. Needs a role or roleSetting page.
    fn detail(request: IdRequest) -> Role,
    need::ROLE_READ, "/api/v1/fm/role/detail", "The role", |scoped| {
        let row = scoped.get::<role::Entity>(request.id).await?;
        let mut role = describe_one::<role::Entity, _>(&scoped.unscoped(), row).await?;
        offer_actions(&scoped, std::slice::from_mut(&mut role)).await?;
        role
    };
    /// Roles the caller may assign, for the staff and onboarding forms. Needs a role, staff or
    /// onboarding page.
    fn options(query: OrganisationFilter) -> Vec<RoleOption>,
    need::ROLE_OPTIONS, "/api/v1/fm/role/options", "Assignable roles", |scoped| {
        let mut select = scoped.read::<role::Entity>();
        if let Some(id) = query.organisation_id {
            select = select.filter(role::Column::OrganisationId.eq(id));
        }
        let mut grantable = Vec::new();
        for row in scoped.all(select.order_by_asc(role::Column::Id)).await? {
            if ensure_grantable(&scoped, &row, crate::staff::seat::ROLE_TOO_WIDE)
                .await
                .is_ok()
            {
                grantable.push(row);
            }
        }
        let db = scoped.unscoped();
        let menus = db
            .counts(
                db.find::<role_menu::Entity>(),
                role_menu::Column::RoleId,
                grantable.iter().map(|row| row.id),
            )
            .await?;
        grantable
            .into_iter()
            .map(|row| RoleOption {
                menu_count: count_of(&menus, row.id),
                id: row.id,
                name: row.name,
                data_scope: row.data_scope,
                organisation_id: row.organisation_id,
            })
            .collect()
    };
    /// Add a role (it opens nothing until its permissions are saved). Needs a role page's `add`;
    /// the data scope may be no wider than the caller's.
    fn add(request: RoleAdd) -> Role,
    need::ROLE_ADD, "/api/v1/fm/role/add", "The new role", |scoped| {
        let request = form::checked(&request)?;
        let place = place_for_new(&scoped, request.organisation_id).await?;
        let checked = check(&scoped, &request.form, &place, None).await?;
        let row = role::ActiveModel {
            code: Set(format!("R{}", &new_token()[..12])),
            organisation_id: Set(place.organisation),
            site_id: Set(place.site),
            store_id: Set(place.store),
            created_at: Set(Utc::now()),
            ..checked.row.clone()
        };
        let custom_set = async |on: &Scoped<'_, _>, row: &role::Model| {
            set_custom_set(on.transaction(), row.id, &checked).await
        };
        scoped.create_with::<role::Entity>(row, custom_set).await?
    };
    /// Change a role's name, remark and data scope. Needs a role page's `edit`.
    fn edit(request: RoleEdit) -> Role,
    need::ROLE_EDIT, "/api/v1/fm/role/edit", "The role as saved", |scoped| {
        let request = form::checked(&request)?;
        let before = scoped.get_writable::<role::Entity>(request.id).await?;
        refuse_own_role(&scoped, before.id).await?;
        let place = role::Entity::place(&before);
        let checked = check(&scoped, &request.form, &place, Some(before.id)).await?;
        let custom_set = async |on: &Scoped<'_, _>, row: &role::Model| {
            set_custom_set(on.transaction(), row.id, &checked).await
        };
        scoped
            .change_with::<role::Entity>(before, checked.row.clone(), custom_set)
            .await?
    };
    /// Delete a role nobody holds. Needs a role page's `delete`.
    fn delete(request: IdRequest) -> Empty,
    need::ROLE_DELETE, "/api/v1/fm/role/delete", "Deleted; 10020006 while staff hold it",
    |scoped| {
        scoped.get_writable::<role::Entity>(request.id).await?;
        refuse_own_role(&scoped, request.id).await?;
        scoped.remove::<role::Entity>(request.id).await?;
        Empty {}
    };
    /// The data scopes the caller may give a role (core `dataScope` codes), which are all the role
    /// forms offer. Needs a role or roleSetting page.
    fn data_scopes() -> Vec<String>,
    need::ROLE_READ, "/api/v1/fm/role/dataScopes", "Core dataScope codes, widest first",
    |_scoped, caller| {
        let given = DataScope::ALL.into_iter().filter(|scope| may_give(caller, *scope));
        given.map(|scope| scope.code().to_owned()).collect()
    };
    merge(permissions);
);
