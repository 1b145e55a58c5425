//! What 路由配置 takes and answers: the menu tree with each page's actions, and the entry,
//! edit and reorder forms.

use crate::crud::prelude::*;
use crate::menu::{MenuStatus, MenuType};

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuActionNode {
    pub id: i64,
    pub code: String,
    pub name: String,
    /// 权限标识 (`work:store:staff:add`): what the server's routes name.
    pub perms: String,
    pub sort: i32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuNode {
    pub menu_id: i64,
    pub parent_id: Option<i64>,
    pub menu_name: String,
    pub menu_icon: String,
    pub menu_type: MenuType,
    pub status: MenuStatus,
    pub menu_page: String,
    /// 权限标识 (`work:store:staff:list`): what the server's routes name; moving the page to
    /// another path keeps it.
    pub perms: String,
    pub component_path: String,
    pub sort: i32,
    pub actions: Vec<MenuActionNode>,
    #[schema(no_recursion)]
    pub children: Vec<MenuNode>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionForm {
    /// An existing action of this page (on edit); absent for a new one.
    #[serde(default, deserialize_with = "lenient_number")]
    pub id: Option<i64>,
    pub code: String,
    pub name: String,
    /// 权限标识; required (an absent one is refused on the field).
    #[serde(default)]
    pub perms: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuForm {
    #[serde(default, deserialize_with = "lenient_number")]
    pub parent_id: Option<i64>,
    pub menu_name: String,
    #[serde(default)]
    pub menu_icon: String,
    pub menu_type: i64,
    pub status: i64,
    pub menu_page: String,
    /// 权限标识; required (an absent one is refused on the field).
    #[serde(default)]
    pub perms: String,
    #[serde(default)]
    pub component_path: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
    #[serde(default)]
    pub actions: Vec<ActionForm>,
}

impl CoreForm for MenuForm {
    const FORM: &'static Form = &forms::MENU;
}

edit_request!(MenuEdit + MenuForm, forms::MENU);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuSort {
    #[serde(default, deserialize_with = "lenient_number")]
    pub parent_id: Option<i64>,
    /// Every entry under `parentId`, in the new order.
    pub ids: Vec<i64>,
}
