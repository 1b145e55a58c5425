//! The menu tree (spec §2, §3): what the server gives each user, and the default tree the
//! product ships. The server seeds its menu table from [`default_menu_tree`]; the SPA uses the
//! same tree as its local override in development.

mod default_tree;
mod tree;

pub use default_tree::default_menu_tree;
use serde::{Deserialize, Serialize};
pub use tree::{
    FlatRow, GrantAction, GrantNode, Grants, appears, build_tree, close_grants, with_descendants,
};

use crate::enums::{EnumEntry, EnumTable, EnumValue};

/// `menuType`: a directory groups pages, a page renders a component.
pub const MENU_TYPE_DIRECTORY: u8 = 1;
pub const MENU_TYPE_PAGE: u8 = 2;

/// `status`: 1 directory, 2 page shown in the sidebar, 3 hidden detail page.
pub const STATUS_DIRECTORY: u8 = 1;
pub const STATUS_VISIBLE: u8 = 2;
pub const STATUS_HIDDEN: u8 = 3;

const fn n(value: i64, label: &'static str) -> EnumEntry {
    EnumEntry {
        value: EnumValue::Number(value),
        label,
    }
}

/// The route config's labels of `menuType`.
pub const MENU_TYPE: EnumTable = EnumTable {
    name: "menuType",
    entries: &[n(1, "目录"), n(2, "页面")],
};

/// The route config's labels of `status`.
pub const MENU_STATUS: EnumTable = EnumTable {
    name: "menuStatus",
    entries: &[n(1, "目录"), n(2, "显示页面"), n(3, "隐藏详情页")],
};

/// The statuses a menu entry of `menu_type` may have: a directory is status 1, a page is shown
/// (2) or a hidden detail page (3); an unknown type has none.
pub fn statuses_of(menu_type: i64) -> &'static [u8] {
    match u8::try_from(menu_type) {
        Ok(MENU_TYPE_DIRECTORY) => &[STATUS_DIRECTORY],
        Ok(MENU_TYPE_PAGE) => &[STATUS_VISIBLE, STATUS_HIDDEN],
        _ => &[],
    }
}

/// A type or status the route config refuses: the field at fault and the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MenuKindError {
    pub field: &'static str,
    pub message: &'static str,
}

/// Checks a `menuType` and `status` pair, giving them back as stored.
pub fn check_type_status(menu_type: i64, status: i64) -> Result<(u8, u8), MenuKindError> {
    let allowed = statuses_of(menu_type);
    if allowed.is_empty() {
        return Err(MenuKindError {
            field: "menuType",
            message: "菜单类型只能是1（目录）或2（页面）",
        });
    }
    match allowed
        .iter()
        .find(|allowed| i64::from(**allowed) == status)
    {
        Some(status) => Ok((menu_type as u8, *status)),
        None if allowed == [STATUS_DIRECTORY] => Err(MenuKindError {
            field: "status",
            message: "目录的状态须为1",
        }),
        None => Err(MenuKindError {
            field: "status",
            message: "页面的状态须为2（显示）或3（隐藏详情页）",
        }),
    }
}

/// One action a page allows (a button the permission directive may keep).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthAction {
    /// The button's code the permission directive checks, e.g. `add`, `edit`, `delete`.
    pub component_path: String,
    /// Permission code (`work:store:staff:add`): what the server's routes name. It stays when
    /// route config renames the page or the action's code.
    #[serde(default)]
    pub perms: String,
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
    /// Permission code (`work:store:staff:list`): what the server's routes name. It stays when
    /// route config moves the page to another path.
    #[serde(default)]
    pub perms: String,
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
            "perms",
            "componentPath",
            "authActions",
            "children",
        ] {
            assert!(json.get(field).is_some(), "missing {field}");
        }
    }

    #[test]
    fn a_directory_is_status_1_and_a_page_is_shown_or_hidden() {
        assert_eq!(check_type_status(1, 1), Ok((1, 1)));
        assert_eq!(check_type_status(2, 2), Ok((2, 2)));
        assert_eq!(check_type_status(2, 3), Ok((2, 3)));
        assert_eq!(
            check_type_status(1, 2).unwrap_err().message,
            "目录的状态须为1"
        );
        assert_eq!(
            check_type_status(2, 1).unwrap_err().message,
            "页面的状态须为2（显示）或3（隐藏详情页）"
        );
        assert_eq!(check_type_status(3, 1).unwrap_err().field, "menuType");
        assert_eq!(check_type_status(-1, 1).unwrap_err().field, "menuType");
    }

    #[test]
    fn every_allowed_status_has_a_label() {
        for menu_type in [1, 2] {
            assert!(MENU_TYPE.label_of(menu_type).is_some());
            for status in statuses_of(menu_type) {
                assert!(MENU_STATUS.label_of(i64::from(*status)).is_some());
            }
        }
        assert_eq!(MENU_STATUS.label_of(3), Some("隐藏详情页"));
    }

    #[test]
    fn round_trips_through_json() {
        let tree = default_menu_tree();
        let text = serde_json::to_string(&tree).unwrap();
        let back: Vec<MenuEntry> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, tree);
    }
}
