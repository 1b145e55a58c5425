//! The default menu tree of core, written as rows, and roles bound to a part of it. Used by the
//! demo brokerage and by the first administrator of a production start.

use std::collections::{HashMap, HashSet};

use brokerdesk_core::menu::{AuthAction, MenuEntry, STATUS_VISIBLE, default_menu_tree};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

use crate::entity::{menu, menu_action, menu_known, role_action, role_menu};

/// Which part of the default menu tree a role opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grant {
    /// A whole workspace, every action.
    Workspace(&'static str),
    /// The store workbench without 门店管理 and 企业设置, and no `delete` on list pages nor the
    /// manager's actions of a list (状态管理, 查看电话, 转移, 分配).
    AgentWorkbench,
}

/// Directories of the workbench an agent does not get.
const AGENT_HIDDEN_DIRECTORIES: [&str; 2] = ["/work/store", "/work/enterprise"];
/// The manager's and finance's duties on deals too: 签约, 解约, 审核, 确认收款, 分佣模板.
const AGENT_HIDDEN_ACTIONS: [&str; 10] = [
    "delete",
    "manage",
    "viewPhone",
    "transfer",
    "assign",
    "sign",
    "cancel",
    "review",
    "confirm",
    "template",
];
/// Actions an agent lacks on one page only: 关闭 of a commission order is finance's, while an
/// agent closes their own 报备; a new-home deal's 业绩审核 is the manager's (its detail page is
/// hidden, so the list pages' rule above does not reach it).
const AGENT_HIDDEN_PAGE_ACTIONS: [(&str, &str); 2] = [
    ("/work/business/commission", "close"),
    ("/work/business/newHouse/dealDetail/:id", "review"),
];

/// One stored menu row with what a role binding needs to know about it.
pub struct StoredMenu {
    id: i64,
    /// Paths from the workspace root down to this entry.
    ancestry: Vec<String>,
    status: u8,
    /// `(action id, action code)`.
    actions: Vec<(i64, String)>,
}

pub async fn insert_menu_tree(db: &impl ConnectionTrait) -> Result<Vec<StoredMenu>, DbErr> {
    let mut stored = Vec::new();
    // Depth-first with an explicit stack: (entry, parent id, ancestry, sort).
    let mut pending: Vec<(MenuEntry, Option<i64>, Vec<String>, i32)> = default_menu_tree()
        .into_iter()
        .enumerate()
        .rev()
        .map(|(sort, entry)| (entry, None, Vec::new(), sort as i32))
        .collect();
    while let Some((entry, parent_id, mut ancestry, sort)) = pending.pop() {
        let row = insert_entry(db, &entry, parent_id, sort).await?;
        let mut actions = Vec::new();
        for (index, action) in entry.auth_actions.iter().enumerate() {
            let stored_action = insert_action(db, action, row.id, index).await?;
            actions.push((stored_action.id, stored_action.code));
        }
        ancestry.push(entry.menu_page.clone());
        for (index, child) in entry.children.into_iter().enumerate().rev() {
            pending.push((child, Some(row.id), ancestry.clone(), index as i32));
        }
        stored.push(StoredMenu {
            id: row.id,
            ancestry,
            status: entry.status,
            actions,
        });
    }
    let codes = default_menu_tree()
        .iter()
        .flat_map(|root| root.walk())
        .flat_map(|entry| {
            std::iter::once(entry.perms.clone())
                .chain(entry.auth_actions.iter().map(|action| action.perms.clone()))
        })
        .collect::<Vec<_>>();
    know(db, codes).await?;
    Ok(stored)
}

/// One entry of the tree, without its actions and children.
async fn insert_entry(
    db: &impl ConnectionTrait,
    entry: &MenuEntry,
    parent_id: Option<i64>,
    sort: i32,
) -> Result<menu::Model, DbErr> {
    menu::ActiveModel {
        parent_id: Set(parent_id),
        menu_name: Set(entry.menu_name.clone()),
        menu_icon: Set(entry.menu_icon.clone()),
        menu_type: Set(entry.menu_type.into()),
        status: Set(entry.status.into()),
        menu_page: Set(entry.menu_page.clone()),
        perms: Set(entry.perms.clone()),
        component_path: Set(entry.component_path.clone()),
        sort: Set(sort),
        ..Default::default()
    }
    .insert(db)
    .await
}

async fn insert_action(
    db: &impl ConnectionTrait,
    action: &AuthAction,
    menu_id: i64,
    sort: usize,
) -> Result<menu_action::Model, DbErr> {
    menu_action::ActiveModel {
        menu_id: Set(menu_id),
        code: Set(action.component_path.clone()),
        name: Set(action.action_name.clone()),
        perms: Set(action.perms.clone()),
        sort: Set(sort as i32),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Records codes as given to the database once (migration m0018).
async fn know(db: &impl ConnectionTrait, codes: Vec<String>) -> Result<(), DbErr> {
    if codes.is_empty() {
        return Ok(());
    }
    menu_known::Entity::insert_many(
        codes
            .into_iter()
            .map(|perms| menu_known::ActiveModel { perms: Set(perms) }),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// Adds to an existing database the pages and actions of core's default tree whose codes it has
/// never had (a release's new pages), each under its parent page as the tree places it. An entry
/// removed in 路由配置 stays removed, and so does what the tree puts below it. Nobody is granted
/// what is added: administrators grant it in 权限设置. Answers how many entries were added.
pub async fn add_new_entries(db: &impl ConnectionTrait) -> Result<usize, DbErr> {
    let known: HashSet<String> = menu_known::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.perms)
        .collect();
    let stored: HashMap<String, i64> = menu::Entity::find()
        .filter(menu::Column::Perms.ne(""))
        .all(db)
        .await?
        .into_iter()
        .map(|row| (row.perms, row.id))
        .collect();
    let mut added = Vec::new();
    // (entry, its parent's stored id, its sort among its siblings)
    let mut pending: Vec<(MenuEntry, Option<i64>, i32)> = default_menu_tree()
        .into_iter()
        .enumerate()
        .map(|(sort, entry)| (entry, None, sort as i32))
        .collect();
    while let Some((entry, parent_id, sort)) = pending.pop() {
        let id = if known.contains(&entry.perms) {
            match stored.get(&entry.perms) {
                Some(&id) => id,
                None => continue,
            }
        } else {
            let row = insert_entry(db, &entry, parent_id, sort).await?;
            added.push(entry.perms.clone());
            row.id
        };
        for (index, action) in entry.auth_actions.iter().enumerate() {
            if !known.contains(&action.perms) {
                insert_action(db, action, id, index).await?;
                added.push(action.perms.clone());
            }
        }
        for (index, child) in entry.children.into_iter().enumerate() {
            pending.push((child, Some(id), index as i32));
        }
    }
    let count = added.len();
    know(db, added).await?;
    Ok(count)
}

fn grants(grant: Grant, entry: &StoredMenu) -> (bool, Vec<i64>) {
    let root = entry.ancestry.first().map(String::as_str);
    let (opened, drop_actions): (bool, &[&str]) = match grant {
        Grant::Workspace(path) => (root == Some(path), &[]),
        Grant::AgentWorkbench => {
            let hidden = entry
                .ancestry
                .iter()
                .any(|path| AGENT_HIDDEN_DIRECTORIES.contains(&path.as_str()));
            let list_page = entry.status == STATUS_VISIBLE;
            (
                root == Some("/work") && !hidden,
                if list_page {
                    &AGENT_HIDDEN_ACTIONS
                } else {
                    &[]
                },
            )
        }
    };
    let actions = if opened {
        entry
            .actions
            .iter()
            .filter(|(_, code)| !drop_actions.contains(&code.as_str()))
            .filter(|(_, code)| {
                grant != Grant::AgentWorkbench
                    || !AGENT_HIDDEN_PAGE_ACTIONS.iter().any(|&(page, hidden)| {
                        entry.ancestry.last().is_some_and(|p| p == page) && code == hidden
                    })
            })
            .map(|(id, _)| *id)
            .collect()
    } else {
        Vec::new()
    };
    (opened, actions)
}

pub async fn bind_role(
    db: &impl ConnectionTrait,
    role_id: i64,
    menus: &[StoredMenu],
    grant: Grant,
) -> Result<(), DbErr> {
    let mut menu_rows = Vec::new();
    let mut action_rows = Vec::new();
    for entry in menus {
        let (opened, actions) = grants(grant, entry);
        if opened {
            menu_rows.push(role_menu::ActiveModel {
                role_id: Set(role_id),
                menu_id: Set(entry.id),
            });
        }
        action_rows.extend(actions.into_iter().map(|id| role_action::ActiveModel {
            role_id: Set(role_id),
            menu_action_id: Set(id),
        }));
    }
    role_menu::Entity::insert_many(menu_rows)
        .exec_without_returning(db)
        .await?;
    role_action::Entity::insert_many(action_rows)
        .exec_without_returning(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(ancestry: &[&str], status: u8) -> StoredMenu {
        StoredMenu {
            id: 1,
            ancestry: ancestry.iter().map(|p| (*p).to_owned()).collect(),
            status,
            actions: vec![(7, "add".into()), (8, "delete".into())],
        }
    }

    #[test]
    fn a_workspace_grant_opens_its_tree_with_every_action() {
        let page = entry(&["/coc", "/coc/hr", "/coc/hr/staff"], STATUS_VISIBLE);
        assert_eq!(grants(Grant::Workspace("/coc"), &page), (true, vec![7, 8]));
        assert_eq!(grants(Grant::Workspace("/work"), &page), (false, vec![]));
    }

    #[test]
    fn agents_lose_store_and_enterprise_directories_and_delete_on_list_pages() {
        let list = entry(
            &["/work", "/work/crm", "/work/crm/customer"],
            STATUS_VISIBLE,
        );
        assert_eq!(grants(Grant::AgentWorkbench, &list), (true, vec![7]));
        let detail = entry(&["/work", "/work/house", "/work/house/old/detail/:id"], 3);
        assert_eq!(grants(Grant::AgentWorkbench, &detail), (true, vec![7, 8]));
        let staff = entry(
            &["/work", "/work/store", "/work/store/staff"],
            STATUS_VISIBLE,
        );
        assert_eq!(grants(Grant::AgentWorkbench, &staff), (false, vec![]));
        let enrollment = entry(&["/work", "/work/store", "/enrollment"], 3);
        assert_eq!(grants(Grant::AgentWorkbench, &enrollment), (false, vec![]));
    }
}
