//! The checkable tree of role permission settings (roleSetting/{id}): the menus and actions the
//! editor may hand on to the role ([`Offer`]), each marked with whether the role holds it.

use std::collections::HashSet;

use brokerdesk_core::menu::{GrantAction, GrantNode, Grants, appears, close_grants};

use super::offer::Offer;
use crate::crud::prelude::*;
use crate::entity::{menu, menu_action, role_action, role_menu};
use crate::menu::rows::stored_tree;
use crate::menu::{MenuStatus, MenuType};

views! {
    pub struct PermissionAction {
        action_id: i64,
        code: String,
        name: String,
        checked: bool,
    }

    pub struct PermissionNode {
        menu_id: i64,
        parent_id: Option<i64>,
        menu_name: String,
        menu_icon: String,
        menu_type: MenuType,
        status: MenuStatus,
        menu_page: String,
        checked: bool,
        actions: Vec<PermissionAction>,
        #[schema(no_recursion)]
        children: Vec<PermissionNode>,
    }
}

/// A role's grants: menu ids and action ids.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleGrants {
    pub menu_ids: Vec<i64>,
    pub action_ids: Vec<i64>,
}

pub async fn grants_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    role_id: i64,
) -> Result<RoleGrants, AppError> {
    let mut menu_ids = db.linked::<role_menu::Entity>(role_id).await?;
    let mut action_ids = db.linked::<role_action::Entity>(role_id).await?;
    menu_ids.sort_unstable();
    action_ids.sort_unstable();
    Ok(RoleGrants {
        menu_ids,
        action_ids,
    })
}

/// What `menu_ids` and `action_ids` grant by core's rule over the whole menu tree: an action
/// grants its page, and anything granted grants every directory above it. Ids the tree does not
/// hold come back as given, for the caller to refuse.
pub async fn closed<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    menu_ids: &[i64],
    action_ids: &[i64],
) -> Result<Grants, AppError> {
    let action = |action: menu_action::Model| {
        Some(GrantAction {
            action_id: action.id,
        })
    };
    let tree = stored_tree(
        db,
        action,
        |_, _| true,
        |row, actions, children| GrantNode {
            menu_id: row.id,
            actions,
            children,
        },
    )
    .await?;
    let ticked = Grants {
        menu_ids: menu_ids.to_vec(),
        action_ids: action_ids.to_vec(),
    };
    Ok(close_grants(&tree, &ticked))
}

/// The tree the editor may grant from, checked where `held` holds.
pub async fn build<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    offer: &Offer,
    held: &RoleGrants,
) -> Result<Vec<PermissionNode>, AppError> {
    let menu_checked: HashSet<i64> = held.menu_ids.iter().copied().collect();
    let action_checked: HashSet<i64> = held.action_ids.iter().copied().collect();
    let action = |action: menu_action::Model| {
        offer.action(action.id).then(|| PermissionAction {
            action_id: action.id,
            checked: action_checked.contains(&action.id),
            code: action.code,
            name: action.name,
        })
    };
    // A directory is offered when something below it is; a page when the offer holds it.
    let keep = |row: &menu::Model, below: &[PermissionNode]| {
        appears(row.menu_type.into(), offer.menu(row.id), below)
    };
    stored_tree(db, action, keep, |row, actions, children| PermissionNode {
        menu_id: row.id,
        parent_id: row.parent_id,
        menu_name: row.menu_name,
        menu_icon: row.menu_icon,
        menu_type: MenuType(row.menu_type),
        status: MenuStatus(row.status),
        checked: menu_checked.contains(&row.id),
        menu_page: row.menu_page,
        actions,
        children,
    })
    .await
}
