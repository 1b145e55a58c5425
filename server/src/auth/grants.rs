//! What a user's roles open: menu entries and page actions (the union over all their roles).

use std::collections::HashSet;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Grants {
    pub menu_ids: HashSet<i64>,
    pub action_ids: HashSet<i64>,
}
