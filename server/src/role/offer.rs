//! What an editor may hand on to one role, which is what the role's permission tree shows and
//! what saving it may change. Nobody hands on more than they hold, with one exception: who
//! administers a company from above (city operations, for the companies of their city) hands
//! on the company workbench to the company's roles, or no company could ever get a working
//! role. Grants outside the offer are the role's business, not the editor's: saving keeps them.

use std::collections::HashSet;

use brokerdesk_core::menu::with_descendants;

use super::permission_tree::RoleGrants;
use crate::access::Placed;
use crate::crud::prelude::*;
use crate::entity::{menu, menu_action, role};

/// The permission code of the workspace a company's people work in (the seeded menu tree's
/// first root), which stays when route config moves it.
const COMPANY_WORKSPACE: &str = "work";

/// The menus and actions an editor may tick or untick on one role.
pub struct Offer {
    everything: bool,
    menu_ids: HashSet<i64>,
    action_ids: HashSet<i64>,
}

impl Offer {
    pub async fn for_role(
        db: &Unscoped<'_, impl ConnectionTrait>,
        caller: &Caller,
        row: &role::Model,
    ) -> Result<Self, AppError> {
        if caller.is_super_admin() {
            return Ok(Self {
                everything: true,
                menu_ids: HashSet::new(),
                action_ids: HashSet::new(),
            });
        }
        if administers_from_above(caller, row) {
            return company_workspace(db).await;
        }
        let own = caller.grantable();
        Ok(Self {
            everything: false,
            menu_ids: own.menu_ids.clone(),
            action_ids: own.action_ids.clone(),
        })
    }

    pub fn menu(&self, id: i64) -> bool {
        self.everything || self.menu_ids.contains(&id)
    }

    pub fn action(&self, id: i64) -> bool {
        self.everything || self.action_ids.contains(&id)
    }

    /// The role's grants the editor may not change.
    pub fn outside(&self, held: &RoleGrants) -> RoleGrants {
        RoleGrants {
            menu_ids: held
                .menu_ids
                .iter()
                .copied()
                .filter(|id| !self.menu(*id))
                .collect(),
            action_ids: held
                .action_ids
                .iter()
                .copied()
                .filter(|id| !self.action(*id))
                .collect(),
        }
    }
}

/// A caller of no company whose scope covers the role's company (or store) in full.
fn administers_from_above(caller: &Caller, row: &role::Model) -> bool {
    row.organisation_id.is_some()
        && caller.user().organisation_id.is_none()
        && caller.scope().covers(&role::Entity::place(row))
}

/// Every menu under the company workspace's root, and their actions.
async fn company_workspace(db: &Unscoped<'_, impl ConnectionTrait>) -> Result<Offer, AppError> {
    let menus = db.all(db.find::<menu::Entity>()).await?;
    let roots = menus
        .iter()
        .filter(|m| m.parent_id.is_none() && m.perms == COMPANY_WORKSPACE)
        .map(|m| m.id);
    let menu_ids: HashSet<i64> = with_descendants(menus.iter().map(|m| (m.id, m.parent_id)), roots)
        .into_iter()
        .collect();
    let action_ids: Vec<i64> = db
        .values(
            db.find::<menu_action::Entity>()
                .filter(menu_action::Column::MenuId.is_in(menu_ids.iter().copied())),
            menu_action::Column::Id,
        )
        .await?;
    let action_ids = action_ids.into_iter().collect();
    Ok(Offer {
        everything: false,
        menu_ids,
        action_ids,
    })
}
