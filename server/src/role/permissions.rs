//! A role's permission settings (roleSetting/{id}): the tree of what the caller may grant it
//! and saving the ticked menus and actions, keeping the grants outside what the caller hands on.

use std::collections::HashSet;

use super::offer::Offer;
use super::permission_tree::{self, RoleGrants};
use super::{RolePermissions, SavePermissions, offer_actions, refuse_own_role};
use crate::access::Placed;
use crate::audit::{self, Action, Change, snapshot};
use crate::crud::prelude::*;
use crate::entity::{menu, menu_action, role, role_action, role_menu};
use crate::resource::{describe_one, relink};

pub const MENU_TOO_WIDE: &str = "不能授予自身没有的菜单或操作权限";

/// Makes a role's grants exactly `menus` and `actions`.
async fn set_grants(
    db: &impl ConnectionTrait,
    role_id: i64,
    menus: &HashSet<i64>,
    actions: &HashSet<i64>,
) -> Result<(), AppError> {
    relink::<role_menu::Entity>(db, role_id, menus.iter().copied()).await?;
    relink::<role_action::Entity>(db, role_id, actions.iter().copied()).await
}

/// The tree and the role with the actions the caller may take on it (none on a role they hold,
/// so 权限设置 opened by its address reads only).
async fn permissions_of<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    offer: &Offer,
    held: &RoleGrants,
    row: role::Model,
) -> Result<RolePermissions, AppError> {
    let db = scoped.unscoped();
    let kept = offer.outside(held);
    let mut role = describe_one::<role::Entity, _>(&db, row).await?;
    offer_actions(scoped, std::slice::from_mut(&mut role)).await?;
    Ok(RolePermissions {
        tree: permission_tree::build(&db, offer, held).await?,
        kept_grants: kept.menu_ids.len() + kept.action_ids.len(),
        role,
    })
}

crud_routes!(role, "role";
    /// The permission tree of a role: what the caller may grant it, checked where the role holds
    /// it. Needs a role or roleSetting page.
    fn permission_tree(request: IdRequest) -> RolePermissions,
    need::ROLE_READ, "/api/v1/fm/role/permissionTree", "The role and its tree",
    |scoped, caller| {
        let row = scoped.get::<role::Entity>(request.id).await?;
        let db = scoped.unscoped();
        let held = permission_tree::grants_of(&db, row.id).await?;
        let offer = Offer::for_role(&db, caller, &row).await?;
        permissions_of(&scoped, &offer, &held, row).await?
    };
    /// Set what a role grants within what the caller may hand on to it; the role's grants outside
    /// that stay as they are. A ticked action grants its page, and anything ticked grants the
    /// directories above it. Needs a roleSetting page's `edit` (or a role page's).
    fn save_permissions(request: SavePermissions) -> RolePermissions,
    need::ROLE_PERMISSIONS_SAVE, "/api/v1/fm/role/savePermissions", "The role and its tree as saved", |scoped, caller| {
        let row = scoped.get_writable::<role::Entity>(request.id).await?;
        refuse_own_role(&scoped, row.id).await?;
        let db = scoped.unscoped();
        // What the ticks mean: an action brings its page, anything brings the directories above.
        let closed = permission_tree::closed(&db, &request.menu_ids, &request.action_ids).await?;
        let menu_ids: HashSet<i64> = closed.menu_ids.into_iter().collect();
        let action_ids: HashSet<i64> = closed.action_ids.into_iter().collect();
        let menus = menu::Column::Id.is_in(menu_ids.iter().copied());
        if db.count(db.find::<menu::Entity>().filter(menus)).await? != menu_ids.len() as u64 {
            return Err(AppError::invalid("menuIds", "所选菜单不存在"));
        }
        let actions = menu_action::Column::Id.is_in(action_ids.iter().copied());
        let actions = db.find::<menu_action::Entity>().filter(actions);
        if db.count(actions).await? != action_ids.len() as u64 {
            return Err(AppError::invalid("actionIds", "所选操作不存在"));
        }
        let offer = Offer::for_role(&db, caller, &row).await?;
        let within = menu_ids.iter().all(|id| offer.menu(*id))
            && action_ids.iter().all(|id| offer.action(*id));
        if !within {
            return Err(AppError::GrantTooWide(MENU_TOO_WIDE));
        }
        let saved = async |on: &Scoped<'_, _>| {
            let db = on.unscoped();
            let before = permission_tree::grants_of(&db, row.id).await?;
            let kept = offer.outside(&before);
            let mut menus = menu_ids;
            menus.extend(kept.menu_ids);
            // A kept action stays only while its page does.
            let kept_actions = db
                .all(
                    db.find::<menu_action::Entity>()
                        .filter(menu_action::Column::Id.is_in(kept.action_ids)),
                )
                .await?
                .into_iter()
                .filter(|a| menus.contains(&a.menu_id))
                .map(|a| a.id);
            let mut actions = action_ids;
            actions.extend(kept_actions);
            set_grants(on.transaction(), row.id, &menus, &actions).await?;
            let after = permission_tree::grants_of(&db, row.id).await?;
            audit::record(
                on.transaction(),
                on.actor(),
                Change::new(
                    "rolePermission",
                    row.id,
                    Action::Permissions,
                    snapshot(&before),
                    snapshot(&after),
                    role::Entity::place(&row),
                ),
            )
            .await?;
            Ok(after)
        };
        let after = scoped.in_transaction(saved).await?;
        permissions_of(&scoped, &offer, &after, row).await?
    };
);
