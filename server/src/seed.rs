//! The demo brokerage, written on first start (when no user exists) so a new user can log in
//! at once: city site 杭州, the brokerage company 安居经纪 with a store group and two stores,
//! positions, roles bound to the default menu tree, and four demo users.

use brokerdesk_core::menu::{MenuEntry, STATUS_VISIBLE, default_menu_tree};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, Set, TransactionSession,
    TransactionTrait,
};

use crate::auth::password::hash_password;
use crate::entity::{
    city_site, menu, menu_action, organisation, position, role, role_action, role_menu, store,
    store_group, user, user_role, user_site,
};

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "Demo@2026";

/// Which part of the default menu tree a demo role opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grant {
    /// A whole workspace, every action.
    Workspace(&'static str),
    /// The store workbench without 门店管理 and 企业设置, and no `delete` on list pages.
    AgentWorkbench,
}

pub struct DemoUser {
    pub username: &'static str,
    pub real_name: &'static str,
    pub user_code: &'static str,
    pub mobile: &'static str,
    pub position: &'static str,
    /// What they see after logging in.
    pub workspace: &'static str,
    role_code: &'static str,
    role_name: &'static str,
    data_scope: &'static str,
    grant: Grant,
    in_store: bool,
}

pub const DEMO_USERS: [DemoUser; 4] = [
    DemoUser {
        username: "admin",
        real_name: "周明远",
        user_code: "BD0001",
        mobile: "13800000001",
        position: "超级管理员",
        workspace: "/adminConfig 全局配置",
        role_code: "admin",
        role_name: "超级管理员",
        data_scope: "all",
        grant: Grant::Workspace("/adminConfig"),
        in_store: false,
    },
    DemoUser {
        username: "city",
        real_name: "陈思雨",
        user_code: "BD0002",
        mobile: "13800000002",
        position: "城市运营",
        workspace: "/coc 城市运营中心",
        role_code: "city",
        role_name: "城市运营",
        data_scope: "site",
        grant: Grant::Workspace("/coc"),
        in_store: false,
    },
    DemoUser {
        username: "manager",
        real_name: "王建国",
        user_code: "BD0003",
        mobile: "13800000003",
        position: "店长",
        workspace: "/work 门店工作台（店长）",
        role_code: "manager",
        role_name: "店长",
        data_scope: "store",
        grant: Grant::Workspace("/work"),
        in_store: true,
    },
    DemoUser {
        username: "agent",
        real_name: "李晓峰",
        user_code: "BD0004",
        mobile: "13800000004",
        position: "经纪人",
        workspace: "/work 门店工作台（经纪人）",
        role_code: "agent",
        role_name: "经纪人",
        data_scope: "self",
        grant: Grant::AgentWorkbench,
        in_store: true,
    },
];

/// Directories of the workbench an agent does not get.
const AGENT_HIDDEN_DIRECTORIES: [&str; 2] = ["/work/store", "/work/enterprise"];
const AGENT_HIDDEN_ACTION: &str = "delete";

/// Seeds the demo brokerage if the database has no user; returns whether it did.
pub async fn seed_if_empty<C>(db: &C) -> Result<bool, DbErr>
where
    C: ConnectionTrait + TransactionTrait,
{
    if user::Entity::find().count(db).await? > 0 {
        return Ok(false);
    }
    // Hashed before the transaction (hashing is slow and must not hold the database), and once:
    // the demo accounts share a published password, so one salt among them hides nothing.
    let password_hash = hash_password(DEMO_PASSWORD)
        .await
        .map_err(|err| DbErr::Custom(err.to_string()))?;
    let txn = db.begin().await?;
    // Checked again inside: two processes may start on one empty database.
    if user::Entity::find().count(&txn).await? > 0 {
        return Ok(false);
    }
    let now = Utc::now();
    let site = city_site::ActiveModel {
        name: Set("杭州".into()),
        code: Set("hangzhou".into()),
        sort: Set(0),
        enabled: Set(true),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let company = organisation::ActiveModel {
        site_id: Set(site.id),
        name: Set("安居经纪".into()),
        scope: Set(organisation::SCOPE_BROKERAGE),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let group = store_group::ActiveModel {
        organisation_id: Set(company.id),
        name: Set("西湖片区".into()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut stores = Vec::new();
    for (name, address) in [
        ("西湖店", "杭州市西湖区文三路1号"),
        ("滨江店", "杭州市滨江区江南大道1号"),
    ] {
        stores.push(
            store::ActiveModel {
                organisation_id: Set(company.id),
                store_group_id: Set(Some(group.id)),
                site_id: Set(site.id),
                name: Set(name.into()),
                address: Set(address.into()),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?,
        );
    }
    let home_store = &stores[0];

    let menus = insert_menu_tree(&txn).await?;
    for demo in &DEMO_USERS {
        let company_id = demo.in_store.then_some(company.id);
        let position = position::ActiveModel {
            organisation_id: Set(company_id),
            name: Set(demo.position.into()),
            sort: Set(0),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let role = role::ActiveModel {
            code: Set(demo.role_code.into()),
            name: Set(demo.role_name.into()),
            data_scope: Set(demo.data_scope.into()),
            organisation_id: Set(company_id),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        bind_role(&txn, role.id, &menus, demo.grant).await?;
        let account = user::ActiveModel {
            username: Set(demo.username.into()),
            password_hash: Set(password_hash.clone()),
            real_name: Set(demo.real_name.into()),
            user_code: Set(demo.user_code.into()),
            mobile: Set(Some(demo.mobile.into())),
            position_id: Set(Some(position.id)),
            store_id: Set(demo.in_store.then_some(home_store.id)),
            store_group_id: Set(demo.in_store.then_some(group.id)),
            organisation_id: Set(company_id),
            site_id: Set(Some(site.id)),
            working_status: Set(user::WORKING_STATUS_FORMAL.into()),
            locked: Set(false),
            failed_logins: Set(0),
            locked_until: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        user_role::Entity::insert(user_role::ActiveModel {
            user_id: Set(account.id),
            role_id: Set(role.id),
        })
        .exec_without_returning(&txn)
        .await?;
        user_site::Entity::insert(user_site::ActiveModel {
            user_id: Set(account.id),
            site_id: Set(site.id),
        })
        .exec_without_returning(&txn)
        .await?;
    }
    txn.commit().await?;
    tracing::info!("seeded the demo brokerage");
    Ok(true)
}

/// One stored menu row with what a role binding needs to know about it.
struct StoredMenu {
    id: i64,
    /// Paths from the workspace root down to this entry.
    ancestry: Vec<String>,
    status: u8,
    /// `(action id, action code)`.
    actions: Vec<(i64, String)>,
}

async fn insert_menu_tree(db: &impl ConnectionTrait) -> Result<Vec<StoredMenu>, DbErr> {
    let mut stored = Vec::new();
    // Depth-first with an explicit stack: (entry, parent id, ancestry, sort).
    let mut pending: Vec<(MenuEntry, Option<i64>, Vec<String>, i32)> = default_menu_tree()
        .into_iter()
        .enumerate()
        .rev()
        .map(|(sort, entry)| (entry, None, Vec::new(), sort as i32))
        .collect();
    while let Some((entry, parent_id, mut ancestry, sort)) = pending.pop() {
        let row = menu::ActiveModel {
            parent_id: Set(parent_id),
            menu_name: Set(entry.menu_name.clone()),
            menu_icon: Set(entry.menu_icon.clone()),
            menu_type: Set(entry.menu_type.into()),
            status: Set(entry.status.into()),
            menu_page: Set(entry.menu_page.clone()),
            component_path: Set(entry.component_path.clone()),
            sort: Set(sort),
            ..Default::default()
        }
        .insert(db)
        .await?;
        let mut actions = Vec::new();
        for (index, action) in entry.auth_actions.iter().enumerate() {
            let stored_action = menu_action::ActiveModel {
                menu_id: Set(row.id),
                code: Set(action.component_path.clone()),
                name: Set(action.action_name.clone()),
                sort: Set(index as i32),
                ..Default::default()
            }
            .insert(db)
            .await?;
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
    Ok(stored)
}

fn grants(grant: Grant, entry: &StoredMenu) -> (bool, Vec<i64>) {
    let root = entry.ancestry.first().map(String::as_str);
    let (opened, drop_action) = match grant {
        Grant::Workspace(path) => (root == Some(path), None),
        Grant::AgentWorkbench => {
            let hidden = entry
                .ancestry
                .iter()
                .any(|path| AGENT_HIDDEN_DIRECTORIES.contains(&path.as_str()));
            let list_page = entry.status == STATUS_VISIBLE;
            (
                root == Some("/work") && !hidden,
                list_page.then_some(AGENT_HIDDEN_ACTION),
            )
        }
    };
    let actions = if opened {
        entry
            .actions
            .iter()
            .filter(|(_, code)| Some(code.as_str()) != drop_action)
            .map(|(id, _)| *id)
            .collect()
    } else {
        Vec::new()
    };
    (opened, actions)
}

async fn bind_role(
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

/// The demo logins, as `main` prints them.
pub fn demo_logins() -> String {
    let mut text = format!("演示账号（密码均为 {DEMO_PASSWORD}）：\n");
    for demo in &DEMO_USERS {
        text.push_str(&format!(
            "  {:<8} {} {:<6} → {}\n",
            demo.username, demo.real_name, demo.position, demo.workspace
        ));
    }
    text
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
