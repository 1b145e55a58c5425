//! The stored menu and action rows as core's tree builder takes them, for every tree the server
//! builds (the user's menu, the route config's tree, a role's permission tree).

use std::collections::HashMap;

use brokerdesk_core::menu::{FlatRow, build_tree};
use sea_orm::ConnectionTrait;

use crate::access::Unscoped;
use crate::entity::{menu, menu_action};
use crate::error::AppError;

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

/// Every stored menu entry and action as core's tree: `action` shows an action (`None` leaves
/// it out), `keep` says whether an entry appears (given its children), `node` makes an entry of
/// its row, its shown actions and its children.
pub async fn stored_tree<C: ConnectionTrait, A, N>(
    db: &Unscoped<'_, C>,
    action: impl FnMut(menu_action::Model) -> Option<A>,
    keep: impl Fn(&menu::Model, &[N]) -> bool,
    mut node: impl FnMut(menu::Model, Vec<A>, Vec<N>) -> N,
) -> Result<Vec<N>, AppError> {
    let menus = db.all(db.find::<menu::Entity>()).await?;
    let actions = db.all(db.find::<menu_action::Entity>()).await?;
    let mut actions_of = actions_by_menu(actions, action);
    Ok(build_tree(flat_rows(menus), keep, |id, row, children| {
        node(row, actions_of.remove(&id).unwrap_or_default(), children)
    }))
}
