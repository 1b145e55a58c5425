//! The menu tree (spec §2, §3): what the server gives each user, and the default tree the
//! product ships. The server seeds its menu table from [`default_menu_tree`]; the SPA uses the
//! same tree as its local override in development.

mod default_tree;

pub use default_tree::default_menu_tree;
use serde::{Deserialize, Serialize};

/// `menuType`: a directory groups pages, a page renders a component.
pub const MENU_TYPE_DIRECTORY: u8 = 1;
pub const MENU_TYPE_PAGE: u8 = 2;

/// `status`: 1 directory, 2 page shown in the sidebar, 3 hidden detail page.
pub const STATUS_DIRECTORY: u8 = 1;
pub const STATUS_VISIBLE: u8 = 2;
pub const STATUS_HIDDEN: u8 = 3;

/// One action a page allows (a button the permission directive may keep).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthAction {
    /// Stable action code, e.g. `add`, `edit`, `delete`.
    pub component_path: String,
    /// Chinese label shown in role permission settings.
    #[serde(default)]
    pub action_name: String,
}

/// One node of the menu tree, as `getMenuListByUser` returns it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuEntry {
    /// Server id; absent in the shipped default tree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub menu_id: Option<i64>,
    pub menu_name: String,
    #[serde(default)]
    pub menu_icon: String,
    pub menu_type: u8,
    pub status: u8,
    /// Route path; detail pages use `:id` for their parameter.
    pub menu_page: String,
    /// Which SPA view renders the page (`work/house/old/index`); empty for directories.
    #[serde(default)]
    pub component_path: String,
    #[serde(default)]
    pub auth_actions: Vec<AuthAction>,
    #[serde(default)]
    pub children: Vec<MenuEntry>,
}

impl MenuEntry {
    /// Depth-first walk over this entry and all below it.
    pub fn walk(&self) -> Vec<&MenuEntry> {
        let mut out = vec![self];
        for child in &self.children {
            out.extend(child.walk());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialises_with_the_spec_field_names() {
        let tree = default_menu_tree();
        let json = serde_json::to_value(&tree[0]).unwrap();
        for field in [
            "menuName",
            "menuIcon",
            "menuType",
            "status",
            "menuPage",
            "componentPath",
            "authActions",
            "children",
        ] {
            assert!(json.get(field).is_some(), "missing {field}");
        }
    }

    #[test]
    fn round_trips_through_json() {
        let tree = default_menu_tree();
        let text = serde_json::to_string(&tree).unwrap();
        let back: Vec<MenuEntry> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, tree);
    }
}
