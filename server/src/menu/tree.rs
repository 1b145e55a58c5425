//! Builds a user's menu tree from the stored menu rows and their grants: pages they were
//! granted, directories that keep at least one such page, and only the granted actions, all in
//! `sort` order.

use std::collections::BTreeSet;

use brokerdesk_core::menu::{AuthAction, MENU_TYPE_PAGE, MenuEntry, appears, build_tree};

use super::rows::{actions_by_menu, flat_rows};
use crate::auth::Grants;
use crate::entity::{menu, menu_action};

/// `menus` and `actions` in any order; the result follows `sort`, then id.
pub fn build(
    menus: &[menu::Model],
    actions: &[menu_action::Model],
    grants: &Grants,
) -> Vec<MenuEntry> {
    let mut actions_of = actions_by_menu(actions.iter().cloned(), |action| {
        grants
            .action_ids
            .contains(&action.id)
            .then_some(AuthAction {
                component_path: action.code,
                perms: action.perms,
                action_name: action.name,
            })
    });
    build_tree(
        flat_rows(menus.iter().cloned()),
        |row, below| {
            appears(
                row.menu_type.into(),
                grants.menu_ids.contains(&row.id),
                below,
            )
        },
        |id, row, children| MenuEntry {
            menu_id: Some(id),
            menu_name: row.menu_name,
            menu_icon: row.menu_icon,
            menu_type: u8::try_from(row.menu_type).unwrap_or(MENU_TYPE_PAGE),
            status: u8::try_from(row.status).unwrap_or_default(),
            menu_page: row.menu_page,
            perms: row.perms,
            component_path: row.component_path,
            auth_actions: actions_of.remove(&id).unwrap_or_default(),
            children,
        },
    )
}

/// The user's permission list (spec §6 features): the permission code of each page of the tree
/// (`work:house:old:list`) and of each of its granted actions (`work:house:old:add`), sorted.
/// Codes, not paths: route config may move a page without changing what its holders may call.
pub fn permission_codes(tree: &[MenuEntry]) -> Vec<String> {
    let mut codes = BTreeSet::new();
    for entry in tree.iter().flat_map(MenuEntry::walk) {
        if entry.menu_type != MENU_TYPE_PAGE {
            continue;
        }
        for action in &entry.auth_actions {
            codes.insert(action.perms.clone());
        }
        codes.insert(entry.perms.clone());
    }
    codes.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use brokerdesk_core::menu::{
        MENU_TYPE_DIRECTORY, STATUS_DIRECTORY, STATUS_HIDDEN, STATUS_VISIBLE,
    };

    fn row(
        id: i64,
        parent: Option<i64>,
        menu_type: u8,
        status: u8,
        page: &str,
        sort: i32,
    ) -> menu::Model {
        menu::Model {
            id,
            parent_id: parent,
            menu_name: format!("m{id}"),
            menu_icon: String::new(),
            menu_type: menu_type.into(),
            status: status.into(),
            menu_page: page.into(),
            perms: code_of(page),
            component_path: page.trim_start_matches('/').into(),
            sort,
        }
    }

    /// A code unlike the path, as after route config moved the page.
    fn code_of(page: &str) -> String {
        format!("moved{}", page.replace('/', ":"))
    }

    fn action(id: i64, menu_id: i64, code: &str) -> menu_action::Model {
        menu_action::Model {
            id,
            menu_id,
            code: code.into(),
            perms: format!("m{menu_id}:{code}"),
            name: code.into(),
            sort: id as i32,
        }
    }

    fn grants(menus: &[i64], actions: &[i64]) -> Grants {
        Grants {
            menu_ids: menus.iter().copied().collect(),
            action_ids: actions.iter().copied().collect(),
        }
    }

    fn sample() -> (Vec<menu::Model>, Vec<menu_action::Model>) {
        let menus = vec![
            row(1, None, MENU_TYPE_DIRECTORY, STATUS_DIRECTORY, "/work", 0),
            row(2, Some(1), MENU_TYPE_PAGE, STATUS_VISIBLE, "/work/b", 1),
            row(3, Some(1), MENU_TYPE_PAGE, STATUS_VISIBLE, "/work/a", 0),
            row(
                4,
                Some(1),
                MENU_TYPE_DIRECTORY,
                STATUS_DIRECTORY,
                "/work/store",
                2,
            ),
            row(
                5,
                Some(4),
                MENU_TYPE_PAGE,
                STATUS_HIDDEN,
                "/work/store/x",
                0,
            ),
            row(6, None, MENU_TYPE_DIRECTORY, STATUS_DIRECTORY, "/coc", 1),
        ];
        let actions = vec![
            action(10, 3, "add"),
            action(11, 3, "delete"),
            action(12, 2, "edit"),
        ];
        (menus, actions)
    }

    #[test]
    fn only_granted_pages_and_directories_that_keep_one_are_shown_in_sort_order() {
        let (menus, actions) = sample();
        let tree = build(&menus, &actions, &grants(&[1, 2, 3, 4, 6], &[10]));
        assert_eq!(tree.len(), 1, "/coc has no granted page");
        let pages: Vec<&str> = tree[0]
            .children
            .iter()
            .map(|c| c.menu_page.as_str())
            .collect();
        assert_eq!(
            pages,
            ["/work/a", "/work/b"],
            "empty /work/store dropped, sort kept"
        );
        let actions: Vec<&str> = tree[0].children[0]
            .auth_actions
            .iter()
            .map(|a| a.component_path.as_str())
            .collect();
        assert_eq!(actions, ["add"], "delete was not granted");
        assert!(tree[0].children[1].auth_actions.is_empty());
    }

    #[test]
    fn a_directory_appears_through_its_granted_child_alone() {
        let (menus, actions) = sample();
        let tree = build(&menus, &actions, &grants(&[5], &[]));
        assert_eq!(tree[0].menu_page, "/work");
        assert_eq!(tree[0].children[0].menu_page, "/work/store");
        assert_eq!(tree[0].children[0].children[0].menu_page, "/work/store/x");
    }

    #[test]
    fn no_grants_give_an_empty_menu() {
        let (menus, actions) = sample();
        assert!(build(&menus, &actions, &Grants::default()).is_empty());
    }

    #[test]
    fn permission_codes_name_pages_and_actions() {
        let (menus, actions) = sample();
        let tree = build(&menus, &actions, &grants(&[2, 3], &[10, 12]));
        assert_eq!(
            permission_codes(&tree),
            ["m2:edit", "m3:add", "moved:work:a", "moved:work:b"],
            "the stored codes, whatever the paths; m3:delete was not granted"
        );
        let directories = build(&menus, &actions, &grants(&[1, 4, 5], &[]));
        assert_eq!(
            permission_codes(&directories),
            ["moved:work:store:x"],
            "directories hold no codes"
        );
    }
}
