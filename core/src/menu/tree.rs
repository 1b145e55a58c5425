//! The one way a menu-shaped tree is built from its stored rows, and the one rule of what a
//! grant implies. The user's menu, the route config's tree and a role's permission tree are all
//! [`build_tree`] with their own payload and keep predicate; the permission tree in the browser
//! closes its ticks with [`close_grants`].

use std::collections::{BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use super::MENU_TYPE_DIRECTORY;

/// One stored row: where it hangs, where it sorts among its siblings, and what it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlatRow<T> {
    pub id: i64,
    /// `None` for a root.
    pub parent: Option<i64>,
    pub sort: i64,
    pub payload: T,
}

/// Builds the tree of `rows` (in any order), siblings in `sort` then `id` order.
///
/// Children are built first: `keep` sees a row's payload with the nodes kept below it and says
/// whether the row stays; a row dropped takes its subtree with it. `node` then makes the kept
/// row's node (once a row, so it may move things out of a table of its own). Rows whose parent is not among `rows` hang nowhere and are left out.
pub fn build_tree<T, N>(
    rows: impl IntoIterator<Item = FlatRow<T>>,
    keep: impl Fn(&T, &[N]) -> bool,
    node: impl FnMut(i64, T, Vec<N>) -> N,
) -> Vec<N> {
    let mut children: HashMap<Option<i64>, Vec<FlatRow<T>>> = HashMap::new();
    for row in rows {
        children.entry(row.parent).or_default().push(row);
    }
    for siblings in children.values_mut() {
        siblings.sort_by_key(|row| (row.sort, row.id));
    }
    let mut builder = Builder { keep, node };
    builder.level(&mut children, None)
}

struct Builder<K, M> {
    keep: K,
    node: M,
}

impl<K, M> Builder<K, M> {
    fn level<T, N>(
        &mut self,
        children: &mut HashMap<Option<i64>, Vec<FlatRow<T>>>,
        parent: Option<i64>,
    ) -> Vec<N>
    where
        K: Fn(&T, &[N]) -> bool,
        M: FnMut(i64, T, Vec<N>) -> N,
    {
        // Each row is taken out once, so a stored cycle cannot loop: it is never reached.
        let rows = children.remove(&parent).unwrap_or_default();
        let mut kept = Vec::with_capacity(rows.len());
        for row in rows {
            let below = self.level(children, Some(row.id));
            if (self.keep)(&row.payload, &below) {
                kept.push((self.node)(row.id, row.payload, below));
            }
        }
        kept
    }
}

/// `roots` and every row below them, given each row's `(id, parent)` in any order.
pub fn with_descendants(
    links: impl IntoIterator<Item = (i64, Option<i64>)>,
    roots: impl IntoIterator<Item = i64>,
) -> BTreeSet<i64> {
    let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
    for (id, parent) in links {
        if let Some(parent) = parent {
            children.entry(parent).or_default().push(id);
        }
    }
    let mut found = BTreeSet::new();
    let mut pending: Vec<i64> = roots.into_iter().collect();
    while let Some(id) = pending.pop() {
        // A stored cycle ends here: a row already found is not walked again.
        if found.insert(id) {
            pending.extend(children.get(&id).into_iter().flatten());
        }
    }
    found
}

/// The keep rule of a tree cut down to grants: a page appears when `granted`, a directory when
/// it keeps something below it (whether or not the directory itself is granted).
pub fn appears<N>(menu_type: i64, granted: bool, kept_below: &[N]) -> bool {
    if menu_type == i64::from(MENU_TYPE_DIRECTORY) {
        !kept_below.is_empty()
    } else {
        granted
    }
}

/// A role's grants: menu ids and action ids.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Grants {
    #[serde(default)]
    pub menu_ids: Vec<i64>,
    #[serde(default)]
    pub action_ids: Vec<i64>,
}

/// An action of a [`GrantNode`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GrantAction {
    pub action_id: i64,
}

/// A menu of the tree grants are closed over: only what the rule needs of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GrantNode {
    pub menu_id: i64,
    #[serde(default)]
    pub actions: Vec<GrantAction>,
    #[serde(default)]
    pub children: Vec<GrantNode>,
}

/// The grants `ticked` implies in `tree`: an action grants its page, and a menu is granted
/// whenever anything below it is. Ids outside the tree stay as ticked; both lists come back
/// sorted without repeats.
pub fn close_grants(tree: &[GrantNode], ticked: &Grants) -> Grants {
    let menus: BTreeSet<i64> = ticked.menu_ids.iter().copied().collect();
    let actions: BTreeSet<i64> = ticked.action_ids.iter().copied().collect();
    let mut granted = menus.clone();
    for node in tree {
        close(node, &menus, &actions, &mut granted);
    }
    Grants {
        menu_ids: granted.into_iter().collect(),
        action_ids: actions.into_iter().collect(),
    }
}

/// Whether `node` is granted, adding it and everything granted below it to `granted`.
fn close(
    node: &GrantNode,
    menus: &BTreeSet<i64>,
    actions: &BTreeSet<i64>,
    granted: &mut BTreeSet<i64>,
) -> bool {
    let mut below = node
        .actions
        .iter()
        .any(|action| actions.contains(&action.action_id));
    for child in &node.children {
        // Every child is visited: each may grant menus of its own below.
        below |= close(child, menus, actions, granted);
    }
    let is_granted = below || menus.contains(&node.menu_id);
    if is_granted {
        granted.insert(node.menu_id);
    }
    is_granted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menu::MENU_TYPE_PAGE;

    /// A node of the tests' trees: its id and what is below it.
    #[derive(Debug, PartialEq)]
    struct Node(i64, Vec<Node>);

    fn row(id: i64, parent: Option<i64>, sort: i64) -> FlatRow<()> {
        FlatRow {
            id,
            parent,
            sort,
            payload: (),
        }
    }

    fn leaf(id: i64) -> Node {
        Node(id, vec![])
    }

    fn everything(rows: Vec<FlatRow<()>>) -> Vec<Node> {
        build_tree(rows, |_, _| true, |id, (), below| Node(id, below))
    }

    #[test]
    fn siblings_follow_sort_then_id_whatever_order_the_rows_come_in() {
        let rows = vec![
            row(5, Some(1), 0),
            row(3, Some(1), 2),
            row(1, None, 1),
            row(4, Some(1), 0),
            row(2, None, 0),
        ];
        assert_eq!(
            everything(rows),
            [leaf(2), Node(1, vec![leaf(4), leaf(5), leaf(3)])]
        );
    }

    #[test]
    fn rows_hanging_nowhere_and_cycles_are_left_out() {
        let rows = vec![
            row(1, None, 0),
            row(2, Some(99), 0),
            row(3, Some(4), 0),
            row(4, Some(3), 0),
        ];
        assert_eq!(everything(rows), [leaf(1)]);
        assert_eq!(everything(vec![]), []);
    }

    #[test]
    fn a_dropped_row_takes_its_subtree_and_keep_sees_what_was_kept_below() {
        // Rows 1 (directory) › 2 (directory) › 3 (page), and 1 › 4 (page); payload is the type.
        let rows = [
            FlatRow {
                id: 1,
                parent: None,
                sort: 0,
                payload: 1,
            },
            FlatRow {
                id: 2,
                parent: Some(1),
                sort: 0,
                payload: 1,
            },
            FlatRow {
                id: 3,
                parent: Some(2),
                sort: 0,
                payload: 2,
            },
            FlatRow {
                id: 4,
                parent: Some(1),
                sort: 1,
                payload: 2,
            },
        ];
        let cut = |granted: &[i64]| {
            let rows = rows.iter().map(|row| FlatRow {
                id: row.id,
                parent: row.parent,
                sort: row.sort,
                payload: (row.payload, granted.contains(&row.id)),
            });
            build_tree(
                rows,
                |(menu_type, granted), below| appears(*menu_type, *granted, below),
                |id, _, below| Node(id, below),
            )
        };
        assert_eq!(cut(&[3]), [Node(1, vec![Node(2, vec![leaf(3)])])]);
        assert_eq!(
            cut(&[4]),
            [Node(1, vec![leaf(4)])],
            "empty directory 2 dropped"
        );
        assert_eq!(cut(&[1, 2]), [], "granted directories without pages");
    }

    #[test]
    fn a_page_appears_when_granted_a_directory_when_it_keeps_something() {
        let page = i64::from(MENU_TYPE_PAGE);
        let directory = i64::from(MENU_TYPE_DIRECTORY);
        let cases: [(i64, bool, &[()], bool); 6] = [
            (page, true, &[], true),
            (page, false, &[], false),
            (page, false, &[()], false),
            (directory, true, &[], false),
            (directory, false, &[()], true),
            (directory, true, &[()], true),
        ];
        for (menu_type, granted, below, expected) in cases {
            assert_eq!(
                appears(menu_type, granted, below),
                expected,
                "type {menu_type}, granted {granted}, {} below",
                below.len()
            );
        }
    }

    #[test]
    fn descendants_are_found_at_every_depth_in_any_row_order() {
        // 1 › 2 › 3, 1 › 4; 5 alone; 6 ⇄ 7 a stored cycle.
        let links = [
            (3, Some(2)),
            (2, Some(1)),
            (4, Some(1)),
            (1, None),
            (5, None),
            (6, Some(7)),
            (7, Some(6)),
        ];
        let cases: [(&[i64], &[i64]); 5] = [
            (&[1], &[1, 2, 3, 4]),
            (&[2], &[2, 3]),
            (&[5, 4], &[4, 5]),
            (&[6], &[6, 7]),
            (&[], &[]),
        ];
        for (roots, expected) in cases {
            let found: Vec<i64> = with_descendants(links, roots.iter().copied())
                .into_iter()
                .collect();
            assert_eq!(found, expected, "below {roots:?}");
        }
    }

    fn grants(menu_ids: &[i64], action_ids: &[i64]) -> Grants {
        Grants {
            menu_ids: menu_ids.to_vec(),
            action_ids: action_ids.to_vec(),
        }
    }

    /// 企业设置 (1) › 角色 (2, actions 10 add and 11 delete), 企业设置 › 参数配置 (3);
    /// 门店 (4) › 组别 (5) › 详情 (6).
    fn permission_tree() -> Vec<GrantNode> {
        let node = |menu_id, actions: &[i64], children| GrantNode {
            menu_id,
            actions: actions
                .iter()
                .map(|&action_id| GrantAction { action_id })
                .collect(),
            children,
        };
        vec![
            node(
                1,
                &[],
                vec![node(2, &[10, 11], vec![]), node(3, &[], vec![])],
            ),
            node(4, &[], vec![node(5, &[], vec![node(6, &[], vec![])])]),
        ]
    }

    #[test]
    fn ticks_close_upwards_to_every_menu_above_them() {
        let cases: [(&str, Grants, Grants); 7] = [
            ("nothing ticked", grants(&[], &[]), grants(&[], &[])),
            (
                "an action grants its page and directory",
                grants(&[], &[10]),
                grants(&[1, 2], &[10]),
            ),
            (
                "a page's 访问页面 alone",
                grants(&[2], &[]),
                grants(&[1, 2], &[]),
            ),
            (
                "a page without actions",
                grants(&[3], &[]),
                grants(&[1, 3], &[]),
            ),
            ("two levels up", grants(&[6], &[]), grants(&[4, 5, 6], &[])),
            (
                "a directory ticked alone stays",
                grants(&[4], &[]),
                grants(&[4], &[]),
            ),
            (
                "ids outside the tree are kept, repeats dropped",
                grants(&[99, 3, 3], &[77, 11]),
                grants(&[1, 2, 3, 99], &[11, 77]),
            ),
        ];
        for (case, ticked, expected) in cases {
            assert_eq!(
                close_grants(&permission_tree(), &ticked),
                expected,
                "{case}"
            );
        }
    }

    #[test]
    fn grant_nodes_read_the_permission_tree_the_web_holds() {
        let web = serde_json::json!([{
            "menuId": 1, "menuName": "企业设置", "menuPage": "/work/enterprise", "actions": [],
            "children": [{ "menuId": 2, "menuName": "角色", "menuPage": "/work/enterprise/role",
                "children": [], "actions": [{ "actionId": 10, "code": "add", "actionName": "新增" }] }]
        }]);
        let tree: Vec<GrantNode> = serde_json::from_value(web).unwrap();
        assert_eq!(
            close_grants(&tree, &grants(&[], &[10])),
            grants(&[1, 2], &[10])
        );
    }
}
