//! What 路由配置 takes and answers: the menu tree with each page's actions, and the entry,
//! edit and reorder forms.

use crate::crud::prelude::*;
use crate::menu::{MenuStatus, MenuType};

views! {
    pub struct MenuNode {
        menu_id: i64,
        parent_id: Option<i64>,
        menu_name: String,
        menu_icon: String,
        menu_type: MenuType,
        status: MenuStatus,
        menu_page: String,
        /// 权限标识 (`work:store:staff:list`): what the server's routes name; moving the page to
        /// another path keeps it.
        perms: String,
        component_path: String,
        sort: i32,
        actions: Vec<MenuActionNode>,
        #[schema(no_recursion)]
        children: Vec<MenuNode>,
    }
}

bodies! {
    pub struct MenuActionNode {
        id: i64,
        code: String,
        name: String,
        /// 权限标识 (`work:store:staff:add`): what the server's routes name.
        perms: String,
        sort: i32,
    }

    pub struct ActionForm {
        /// An existing action of this page (on edit); absent for a new one.
        id: number,
        code: String,
        name: String,
        /// 权限标识; required (an absent one is refused on the field).
        perms: String = default,
    }

    pub struct MenuForm: forms::MENU {
        parent_id: number,
        menu_name: String,
        menu_icon: String = default,
        menu_type: i64,
        status: i64,
        menu_page: String,
        /// 权限标识; required (an absent one is refused on the field).
        perms: String = default,
        component_path: String = default,
        sort: number,
        actions: Vec<ActionForm> = default,
    }

    pub struct MenuSort {
        parent_id: number,
        /// Every entry under `parentId`, in the new order.
        ids: Vec<i64>,
    }
}

edit_request!(MenuEdit + MenuForm, forms::MENU);
