//! The checkable tree of role permission settings (roleSetting/{id}): the menus and actions the
//! editor may hand on to the role ([`Offer`]), each marked with whether the role holds it.

use std::collections::{HashMap, HashSet};

use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use super::offer::Offer;
use crate::access::Unscoped;
use crate::entity::{menu, menu_action, role_action, role_menu};
use crate::error::AppError;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermissionAction {
    pub action_id: i64,
    pub code: String,
    pub name: String,
    pub checked: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermissionNode {
    pub menu_id: i64,
    pub parent_id: Option<i64>,
    pub menu_name: String,
    pub menu_icon: String,
    /// 1 directory, 2 page.
    pub menu_type: i16,
    /// 1 directory, 2 visible page, 3 hidden detail page.
    pub status: i16,
    pub menu_page: String,
    pub checked: bool,
    pub actions: Vec<PermissionAction>,
    #[schema(no_recursion)]
    pub children: Vec<PermissionNode>,
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
    let mut menu_ids: Vec<i64> = db
        .values(
            db.find::<role_menu::Entity>()
                .filter(role_menu::Column::RoleId.eq(role_id)),
            role_menu::Column::MenuId,
        )
        .await?;
    let mut action_ids: Vec<i64> = db
        .values(
            db.find::<role_action::Entity>()
                .filter(role_action::Column::RoleId.eq(role_id)),
            role_action::Column::MenuActionId,
        )
        .await?;
    menu_ids.sort_unstable();
    action_ids.sort_unstable();
    Ok(RoleGrants {
        menu_ids,
        action_ids,
    })
}

/// The tree the editor may grant from, checked where `held` holds.
pub async fn build<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    offer: &Offer,
    held: &RoleGrants,
) -> Result<Vec<PermissionNode>, AppError> {
    let mut menus = db.all(db.find::<menu::Entity>()).await?;
    menus.sort_by_key(|m| (m.sort, m.id));
    let mut actions = db.all(db.find::<menu_action::Entity>()).await?;
    actions.sort_by_key(|a| (a.sort, a.id));
    let menu_checked: HashSet<i64> = held.menu_ids.iter().copied().collect();
    let action_checked: HashSet<i64> = held.action_ids.iter().copied().collect();
    let mut actions_of: HashMap<i64, Vec<PermissionAction>> = HashMap::new();
    for action in actions {
        if offer.action(action.id) {
            actions_of
                .entry(action.menu_id)
                .or_default()
                .push(PermissionAction {
                    action_id: action.id,
                    code: action.code,
                    name: action.name,
                    checked: action_checked.contains(&action.id),
                });
        }
    }
    let mut children: HashMap<Option<i64>, Vec<menu::Model>> = HashMap::new();
    for m in menus {
        children.entry(m.parent_id).or_default().push(m);
    }
    let tree = Tree {
        children: &children,
        actions_of: &actions_of,
        offered: &|id| offer.menu(id),
        checked: &menu_checked,
    };
    Ok(tree.level(None))
}

struct Tree<'a> {
    children: &'a HashMap<Option<i64>, Vec<menu::Model>>,
    actions_of: &'a HashMap<i64, Vec<PermissionAction>>,
    offered: &'a dyn Fn(i64) -> bool,
    checked: &'a HashSet<i64>,
}

impl Tree<'_> {
    fn level(&self, parent: Option<i64>) -> Vec<PermissionNode> {
        self.children
            .get(&parent)
            .map(|rows| rows.iter().filter_map(|row| self.node(row)).collect())
            .unwrap_or_default()
    }

    fn node(&self, row: &menu::Model) -> Option<PermissionNode> {
        let children = self.level(Some(row.id));
        // A directory is offered when something below it is; a page when the offer holds it.
        let offered = if row.menu_type == i16::from(brokerdesk_core::menu::MENU_TYPE_DIRECTORY) {
            !children.is_empty()
        } else {
            (self.offered)(row.id)
        };
        offered.then(|| PermissionNode {
            menu_id: row.id,
            parent_id: row.parent_id,
            menu_name: row.menu_name.clone(),
            menu_icon: row.menu_icon.clone(),
            menu_type: row.menu_type,
            status: row.status,
            menu_page: row.menu_page.clone(),
            checked: self.checked.contains(&row.id),
            actions: self.actions_of.get(&row.id).cloned().unwrap_or_default(),
            children,
        })
    }
}
