//! The stored menu and action rows as core's tree builder takes them, for every tree the server
//! builds (the user's menu, the route config's tree, a role's permission tree).

use std::collections::HashMap;

use brokerdesk_core::menu::FlatRow;

use crate::entity::{menu, menu_action};

/// Each menu row hung by its parent and sorted by its `sort`.
pub fn flat_rows(
    menus: impl IntoIterator<Item = menu::Model>,
) -> impl Iterator<Item = FlatRow<menu::Model>> {
    menus.into_iter().map(|row| FlatRow {
        id: row.id,
        parent: row.parent_id,
        sort: row.sort.into(),
        payload: row,
    })
}

/// Each menu's actions in `sort` (then id) order, as `view` shows them; an action `view` gives
/// nothing for is left out.
pub fn actions_by_menu<A>(
    actions: impl IntoIterator<Item = menu_action::Model>,
    mut view: impl FnMut(menu_action::Model) -> Option<A>,
) -> HashMap<i64, Vec<A>> {
    let mut actions: Vec<menu_action::Model> = actions.into_iter().collect();
    actions.sort_by_key(|action| (action.sort, action.id));
    let mut by_menu: HashMap<i64, Vec<A>> = HashMap::new();
    for action in actions {
        let menu_id = action.menu_id;
        if let Some(shown) = view(action) {
            by_menu.entry(menu_id).or_default().push(shown);
        }
    }
    by_menu
}
