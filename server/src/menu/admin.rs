//! Route config (/adminConfig/menu): global admins edit the menu tree and each page's actions.
//! Every change is audited; removing an action or a page removes it from every role.

mod dto;

use brokerdesk_core::forms::FieldError;
use std::collections::{BTreeSet, HashSet};

use brokerdesk_core::menu::{self as menu_kind, MENU_TYPE_DIRECTORY, with_descendants};
use brokerdesk_core::org::fields;
use sea_orm::{ActiveModelTrait, DatabaseTransaction, EntityTrait};

pub use self::dto::*;
use super::rows::stored_tree;
use super::{MenuStatus, MenuType};
use crate::access::Place;
use crate::audit::{self, Change};
use crate::crud::prelude::*;
use crate::entity::{menu, menu_action};
use crate::shared::same_or_none;

/// The whole menu tree with its actions, in `sort` order.
async fn whole_tree<C: ConnectionTrait>(db: &Unscoped<'_, C>) -> Result<Vec<MenuNode>, AppError> {
    let action = |action: menu_action::Model| {
        Some(MenuActionNode {
            id: action.id,
            code: action.code,
            name: action.name,
            perms: action.perms,
            sort: action.sort,
        })
    };
    stored_tree(
        db,
        action,
        |_, _| true,
        |row, actions, children| MenuNode {
            menu_id: row.id,
            parent_id: row.parent_id,
            menu_name: row.menu_name,
            menu_icon: row.menu_icon,
            menu_type: MenuType(row.menu_type),
            status: MenuStatus(row.status),
            menu_page: row.menu_page,
            perms: row.perms,
            component_path: row.component_path,
            sort: row.sort,
            actions,
            children,
        },
    )
    .await
}

/// One entry of the tree with its subtree.
fn find(nodes: Vec<MenuNode>, id: i64) -> Option<MenuNode> {
    nodes.into_iter().find_map(|node| match node.menu_id == id {
        true => Some(node),
        false => find(node.children, id),
    })
}

/// A menu entry as the audit log keeps it: its node with actions and subtree. The menu tree
/// belongs to no one: only a caller reaching everything changes it.
impl Resource for menu::Entity {
    const KIND: &'static str = "menu";
    const GLOBAL: bool = true;
    const IN_USE: &'static str = "请先删除下级菜单";
    type View = MenuNode;

    describe!(async |db, rows| -> MenuNode {
        let tree = whole_tree(db).await?;
        rows.iter()
            .map(|row| find(tree.clone(), row.id).ok_or(AppError::NotFound))
            .collect()
    });

    in_use_by!(menu::ParentId);
}

/// A checked menu form: the entry's values and its actions.
struct Checked {
    row: menu::ActiveModel,
    menu_type: i16,
    actions: Vec<ActionForm>,
}

/// Ids of an entry and everything below it.
async fn subtree<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    root: i64,
) -> Result<BTreeSet<i64>, AppError> {
    let all = db.all(db.find::<menu::Entity>()).await?;
    Ok(with_descendants(
        all.iter().map(|m| (m.id, m.parent_id)),
        [root],
    ))
}

async fn check<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    form: &MenuForm,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    // The fields have passed core's menu form; here the type, status and tree rules.
    let (menu_name, menu_icon) = (form.menu_name.clone(), form.menu_icon.clone());
    let (menu_type, status) = menu_kind::check_type_status(form.menu_type, form.status)
        .map_err(|error| AppError::invalid(error.field, error.message))?;
    let (menu_page, component_path) = (form.menu_page.clone(), form.component_path.clone());
    let sort = fields::sort("sort", form.sort)?;
    if let Some(parent) = form.parent_id {
        let row = db
            .row::<menu::Entity>(parent)
            .await?
            .ok_or_else(|| AppError::invalid("parentId", "上级菜单不存在"))?;
        if row.menu_type != i16::from(MENU_TYPE_DIRECTORY) {
            return Err(AppError::invalid("parentId", "上级菜单须为目录"));
        }
        if let Some(id) = except
            && subtree(db, id).await?.contains(&parent)
        {
            return Err(AppError::invalid(
                "parentId",
                "上级菜单不能是自身或其下级菜单",
            ));
        }
    }
    let same = menu::Column::MenuPage.eq(&menu_page);
    db.refuse_duplicate::<menu::Entity>(same, except, "路由地址已存在")
        .await
        .map_err(form::on_field("menuPage"))?;
    let perms = form.perms.clone();
    refuse_taken_perms(db, &perms, except, "perms", "权限标识已存在").await?;
    let mut actions = Vec::new();
    let mut codes = HashSet::new();
    let mut perms_given = HashSet::from([perms.clone()]);
    for action in &form.actions {
        // Each row is core's `menuAction` form; its faults show on the actions list.
        let action =
            form::checked_with(&forms::MENU_ACTION, action).map_err(|error| match error {
                AppError::Fields(errors) => AppError::Fields(
                    errors
                        .into_iter()
                        .map(|error| FieldError::new("actions", error.message))
                        .collect(),
                ),
                other => other,
            })?;
        if !codes.insert(action.code.clone()) {
            return Err(AppError::invalid("actions", "操作编码重复"));
        }
        if !perms_given.insert(action.perms.clone()) {
            return Err(AppError::invalid("actions", "操作的权限标识重复"));
        }
        let taken = format!("权限标识「{}」已存在", action.perms);
        refuse_taken_perms(db, &action.perms, except, "actions", &taken).await?;
        actions.push(action);
    }
    if menu_type == MENU_TYPE_DIRECTORY && !actions.is_empty() {
        return Err(AppError::invalid("actions", "目录不能配置操作"));
    }
    Ok(Checked {
        row: menu::ActiveModel {
            parent_id: Set(form.parent_id),
            menu_name: Set(menu_name),
            menu_icon: Set(menu_icon),
            menu_type: Set(i16::from(menu_type)),
            status: Set(i16::from(status)),
            menu_page: Set(menu_page),
            perms: Set(perms),
            component_path: Set(component_path),
            sort: Set(sort),
            ..Default::default()
        },
        menu_type: i16::from(menu_type),
        actions,
    })
}

/// Refuses a permission code another entry or another entry's action holds: codes are unique
/// across pages and actions together, since a route names either. `except` is the entry being
/// edited, whose own actions the form replaces.
async fn refuse_taken_perms<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    perms: &str,
    except: Option<i64>,
    field: &'static str,
    message: &str,
) -> Result<(), AppError> {
    let mut menus = db
        .find::<menu::Entity>()
        .filter(menu::Column::Perms.eq(perms));
    let mut actions = db
        .find::<menu_action::Entity>()
        .filter(menu_action::Column::Perms.eq(perms));
    if let Some(id) = except {
        menus = menus.filter(menu::Column::Id.ne(id));
        actions = actions.filter(menu_action::Column::MenuId.ne(id));
    }
    form::refuse_taken(db, menus, field, message).await?;
    form::refuse_taken(db, actions, field, message).await
}

/// Makes a page's actions what the form lists: listed ids are updated, new ones added, the
/// rest deleted (with their grants).
// A child-row helper (clippy.toml): the menu is one the caller may change.
#[allow(clippy::disallowed_methods)]
async fn set_actions(
    on: &Scoped<'_, DatabaseTransaction>,
    menu_id: i64,
    actions: &[ActionForm],
) -> Result<(), AppError> {
    let db = on.unscoped();
    let existing = db.find::<menu_action::Entity>();
    let existing = existing.filter(menu_action::Column::MenuId.eq(menu_id));
    let existing = db
        .values::<_, i64>(existing, menu_action::Column::Id)
        .await?;
    let existing: HashSet<i64> = existing.into_iter().collect();
    let kept: HashSet<i64> = actions.iter().filter_map(|a| a.id).collect();
    if !kept.is_subset(&existing) {
        return Err(AppError::invalid("actions", "操作不属于该菜单"));
    }
    let db = on.transaction();
    let removed = menu_action::Column::Id.is_in(existing.difference(&kept).copied());
    menu_action::Entity::delete_many()
        .filter(removed)
        .exec(db)
        .await?;
    // Codes move between rows on a rename; park the kept ones first so the unique indexes hold.
    for id in &kept {
        let parked = || sea_orm::sea_query::Expr::value(format!("~{id}"));
        menu_action::Entity::update_many()
            .col_expr(menu_action::Column::Code, parked())
            .col_expr(menu_action::Column::Perms, parked())
            .filter(menu_action::Column::Id.eq(*id))
            .exec(db)
            .await?;
    }
    for (sort, action) in actions.iter().enumerate() {
        let row = menu_action::ActiveModel {
            menu_id: Set(menu_id),
            code: Set(action.code.clone()),
            name: Set(action.name.clone()),
            perms: Set(action.perms.clone()),
            sort: Set(sort as i32),
            ..Default::default()
        };
        match action.id {
            Some(id) => {
                menu_action::ActiveModel { id: Set(id), ..row }
                    .update(db)
                    .await?;
            }
            None => {
                row.insert(db).await?;
            }
        }
    }
    Ok(())
}

crud_routes!(menu, "menu-admin";
    /// Add a menu entry with its actions. Needs its `adminConfig:menu:add` and data scope ALL.
    fn add(form: MenuForm) -> MenuNode,
    need::MENU_ADD, "/api/v1/fm/menu/add", "The new entry", |scoped| {
        let form = form::checked(&form)?;
        scoped.ensure_global_writer()?;
        let checked = check(&scoped.unscoped(), &form, None).await?;
        let actions = async |on: &Scoped<'_, _>, row: &menu::Model| {
            set_actions(on, row.id, &checked.actions).await
        };
        scoped
            .create_with::<menu::Entity>(checked.row, actions)
            .await?
    };
    /// Change a menu entry and its actions. Needs its `adminConfig:menu:edit` and data scope ALL.
    fn edit(request: MenuEdit) -> MenuNode,
    need::MENU_EDIT, "/api/v1/fm/menu/edit", "The entry as saved", |scoped| {
        let request = form::checked(&request)?;
        scoped.ensure_global_writer()?;
        let before = scoped.get_writable::<menu::Entity>(request.id).await?;
        let db = scoped.unscoped();
        let checked = check(&db, &request.form, Some(before.id)).await?;
        if checked.menu_type != before.menu_type
            && db
                .uses::<menu::Entity>(menu::Column::ParentId, before.id)
                .await?
        {
            return Err(AppError::invalid(
                "menuType",
                "有下级菜单的目录不能改为页面",
            ));
        }
        let actions = async |on: &Scoped<'_, _>, row: &menu::Model| {
            set_actions(on, row.id, &checked.actions).await
        };
        scoped
            .change_with::<menu::Entity>(before, checked.row, actions)
            .await?
    };
    /// Reorder the entries under one parent. Needs its `adminConfig:menu:edit` and data scope ALL.
    fn sort(request: MenuSort) -> Vec<MenuNode>,
    need::MENU_EDIT, "/api/v1/fm/menu/sort", "The whole tree after the change",
    |scoped| {
        scoped.ensure_global_writer()?;
        let siblings = scoped.write::<menu::Entity>();
        let siblings = siblings.filter(same_or_none(menu::Column::ParentId, request.parent_id));
        let siblings = siblings.order_by_asc(menu::Column::Sort).order_by_asc(menu::Column::Id);
        let before: Vec<i64> = scoped.all(siblings).await?.iter().map(|m| m.id).collect();
        let expected: HashSet<i64> = before.iter().copied().collect();
        let given: HashSet<i64> = request.ids.iter().copied().collect();
        if expected != given || given.len() != request.ids.len() {
            return Err(AppError::invalid(
                "ids",
                "排序的菜单须为同一上级下的全部菜单",
            ));
        }
        let sorted = async |on: &Scoped<'_, _>| {
            for (index, id) in request.ids.iter().enumerate() {
                on.update::<menu::Entity>(menu::ActiveModel {
                    id: Set(*id),
                    sort: Set(index as i32),
                    ..Default::default()
                })
                .await?;
            }
            audit::record(
                on.transaction(),
                on.actor(),
                Change::updated(
                    "menu",
                    request.parent_id.unwrap_or_default(),
                    &before,
                    &request.ids,
                    Place::default(),
                ),
            )
            .await?;
            whole_tree(&on.unscoped()).await
        };
        scoped.in_transaction(sorted).await?
    };
    /// Delete a menu entry without children. Needs its `adminConfig:menu:delete` and data scope ALL.
    delete(need::MENU_DELETE, "/api/v1/fm/menu/delete", "Deleted; 10020006 while it has children");
    /// The whole menu tree. Needs 路由配置 (`adminConfig:menu:list`).
    fn tree() -> Vec<MenuNode>,
    need::MENU_TREE, "/api/v1/fm/menu/tree", "The menu tree", |scoped| {
        whole_tree(&scoped.unscoped()).await?
    };
);
