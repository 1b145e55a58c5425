//! Route config (/adminConfig/menu): global admins edit the menu tree and each page's actions.
//! Every change is audited; removing an action or a page removes it from every role.

use brokerdesk_core::forms::{self, FieldError, Form};
use std::collections::{HashMap, HashSet};

use brokerdesk_core::menu::{self as menu_kind, MENU_TYPE_DIRECTORY};
use brokerdesk_core::org::fields;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::access::{Caller, Place, need};
use crate::audit::{self, Change};
use crate::entity::{menu, menu_action};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::paging::lenient_number;
use crate::shared::{IdRequest, refuse_if_used};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tree))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
        .routes(routes!(sort))
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuActionNode {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub sort: i32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuNode {
    pub menu_id: i64,
    pub parent_id: Option<i64>,
    pub menu_name: String,
    pub menu_icon: String,
    /// 1 directory, 2 page.
    pub menu_type: i16,
    /// 1 directory, 2 visible page, 3 hidden detail page.
    pub status: i16,
    pub menu_page: String,
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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: MenuForm,
}

impl CoreForm for MenuEdit {
    const FORM: &'static Form = &forms::MENU;
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuSort {
    #[serde(default, deserialize_with = "lenient_number")]
    pub parent_id: Option<i64>,
    /// Every entry under `parentId`, in the new order.
    pub ids: Vec<i64>,
}

/// The whole menu tree with its actions, in `sort` order.
async fn whole_tree(db: &impl ConnectionTrait) -> Result<Vec<MenuNode>, AppError> {
    let mut menus = menu::Entity::find().all(db).await?;
    menus.sort_by_key(|m| (m.sort, m.id));
    let mut actions = menu_action::Entity::find().all(db).await?;
    actions.sort_by_key(|a| (a.sort, a.id));
    let mut actions_of: HashMap<i64, Vec<MenuActionNode>> = HashMap::new();
    for a in actions {
        actions_of
            .entry(a.menu_id)
            .or_default()
            .push(MenuActionNode {
                id: a.id,
                code: a.code,
                name: a.name,
                sort: a.sort,
            });
    }
    let mut children: HashMap<Option<i64>, Vec<menu::Model>> = HashMap::new();
    for m in menus {
        children.entry(m.parent_id).or_default().push(m);
    }
    fn level(
        parent: Option<i64>,
        children: &HashMap<Option<i64>, Vec<menu::Model>>,
        actions_of: &HashMap<i64, Vec<MenuActionNode>>,
    ) -> Vec<MenuNode> {
        children
            .get(&parent)
            .map(|rows| {
                rows.iter()
                    .map(|m| MenuNode {
                        menu_id: m.id,
                        parent_id: m.parent_id,
                        menu_name: m.menu_name.clone(),
                        menu_icon: m.menu_icon.clone(),
                        menu_type: m.menu_type,
                        status: m.status,
                        menu_page: m.menu_page.clone(),
                        component_path: m.component_path.clone(),
                        sort: m.sort,
                        actions: actions_of.get(&m.id).cloned().unwrap_or_default(),
                        children: level(Some(m.id), children, actions_of),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    Ok(level(None, &children, &actions_of))
}

/// One entry of the tree with its subtree.
fn find(nodes: Vec<MenuNode>, id: i64) -> Option<MenuNode> {
    for node in nodes {
        if node.menu_id == id {
            return Some(node);
        }
        if let Some(found) = find(node.children, id) {
            return Some(found);
        }
    }
    None
}

async fn node(db: &impl ConnectionTrait, id: i64) -> Result<MenuNode, AppError> {
    find(whole_tree(db).await?, id).ok_or(AppError::NotFound)
}

/// The whole menu tree. Needs `/adminConfig/menu`.
#[utoipa::path(post, path = "/api/v1/fm/menu/tree", tag = "menu-admin",
    security(("token" = [])),
    responses((status = 200, description = "The menu tree", body = Envelope<Vec<MenuNode>>)))]
pub async fn tree(caller: Caller) -> ApiResult<Vec<MenuNode>> {
    let scoped = caller.require(need::MENU_TREE)?;
    ok(whole_tree(scoped.db()).await?)
}

struct Checked {
    parent_id: Option<i64>,
    menu_name: String,
    menu_icon: String,
    menu_type: i16,
    status: i16,
    menu_page: String,
    component_path: String,
    sort: i32,
    actions: Vec<ActionForm>,
}

/// Ids of an entry and everything below it.
async fn subtree(db: &impl ConnectionTrait, root: i64) -> Result<HashSet<i64>, AppError> {
    let all = menu::Entity::find().all(db).await?;
    let mut found = HashSet::from([root]);
    loop {
        let before = found.len();
        for m in &all {
            if m.parent_id.is_some_and(|p| found.contains(&p)) {
                found.insert(m.id);
            }
        }
        if found.len() == before {
            return Ok(found);
        }
    }
}

async fn check(
    db: &impl ConnectionTrait,
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
        let row = menu::Entity::find_by_id(parent)
            .one(db)
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
    let mut same = menu::Entity::find().filter(menu::Column::MenuPage.eq(&menu_page));
    if let Some(id) = except {
        same = same.filter(menu::Column::Id.ne(id));
    }
    form::refuse_taken(db, same, "menuPage", "路由地址已存在").await?;
    let mut actions = Vec::new();
    let mut codes = HashSet::new();
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
        let (code, name) = (action.code, action.name);
        if !codes.insert(code.clone()) {
            return Err(AppError::invalid("actions", "操作编码重复"));
        }
        actions.push(ActionForm {
            id: action.id,
            code,
            name,
        });
    }
    if menu_type == MENU_TYPE_DIRECTORY && !actions.is_empty() {
        return Err(AppError::invalid("actions", "目录不能配置操作"));
    }
    Ok(Checked {
        parent_id: form.parent_id,
        menu_name,
        menu_icon,
        menu_type: i16::from(menu_type),
        status: i16::from(status),
        menu_page,
        component_path,
        sort,
        actions,
    })
}

/// Makes a page's actions what the form lists: listed ids are updated, new ones added, the
/// rest deleted (with their grants).
async fn set_actions(
    db: &impl ConnectionTrait,
    menu_id: i64,
    actions: &[ActionForm],
) -> Result<(), AppError> {
    let existing = menu_action::Entity::find()
        .filter(menu_action::Column::MenuId.eq(menu_id))
        .all(db)
        .await?;
    let kept: HashSet<i64> = actions.iter().filter_map(|a| a.id).collect();
    if kept.iter().any(|id| !existing.iter().any(|e| e.id == *id)) {
        return Err(AppError::invalid("actions", "操作不属于该菜单"));
    }
    let removed: Vec<i64> = existing
        .iter()
        .map(|e| e.id)
        .filter(|id| !kept.contains(id))
        .collect();
    if !removed.is_empty() {
        menu_action::Entity::delete_many()
            .filter(menu_action::Column::Id.is_in(removed))
            .exec(db)
            .await?;
    }
    // Codes move between rows on a rename; park the kept ones first so the unique index holds.
    for id in &kept {
        menu_action::Entity::update_many()
            .col_expr(
                menu_action::Column::Code,
                sea_orm::sea_query::Expr::value(format!("~{id}")),
            )
            .filter(menu_action::Column::Id.eq(*id))
            .exec(db)
            .await?;
    }
    for (sort, action) in actions.iter().enumerate() {
        let row = menu_action::ActiveModel {
            menu_id: Set(menu_id),
            code: Set(action.code.clone()),
            name: Set(action.name.clone()),
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

/// Add a menu entry with its actions. Needs `/adminConfig/menu:add` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/menu/add", tag = "menu-admin",
    request_body = MenuForm, security(("token" = [])),
    responses((status = 200, description = "The new entry", body = Envelope<MenuNode>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<MenuForm>) -> ApiResult<MenuNode> {
    let scoped = caller.require(need::MENU_ADD)?;
    let form = form::checked(&form)?;
    scoped.ensure_global_writer()?;
    let checked = check(scoped.db(), &form, None).await?;
    let txn = scoped.begin().await?;
    let row = menu::ActiveModel {
        parent_id: Set(checked.parent_id),
        menu_name: Set(checked.menu_name),
        menu_icon: Set(checked.menu_icon),
        menu_type: Set(checked.menu_type),
        status: Set(checked.status),
        menu_page: Set(checked.menu_page),
        component_path: Set(checked.component_path),
        sort: Set(checked.sort),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    set_actions(&txn, row.id, &checked.actions).await?;
    let saved = node(&txn, row.id).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created("menu", row.id, &saved, Place::default()),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Change a menu entry and its actions. Needs `/adminConfig/menu:edit` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/menu/edit", tag = "menu-admin",
    request_body = MenuEdit, security(("token" = [])),
    responses((status = 200, description = "The entry as saved", body = Envelope<MenuNode>)))]
pub async fn edit(caller: Caller, AppJson(request): AppJson<MenuEdit>) -> ApiResult<MenuNode> {
    let scoped = caller.require(need::MENU_EDIT)?;
    let request = form::checked(&request)?;
    scoped.ensure_global_writer()?;
    let before = menu::Entity::find_by_id(request.id)
        .one(scoped.db())
        .await?
        .ok_or(AppError::NotFound)?;
    let checked = check(scoped.db(), &request.form, Some(before.id)).await?;
    if checked.menu_type != before.menu_type
        && menu::Entity::find()
            .filter(menu::Column::ParentId.eq(before.id))
            .one(scoped.db())
            .await?
            .is_some()
    {
        return Err(AppError::invalid(
            "menuType",
            "有下级菜单的目录不能改为页面",
        ));
    }
    let txn = scoped.begin().await?;
    let old = node(&txn, before.id).await?;
    let mut row: menu::ActiveModel = before.into();
    row.parent_id = Set(checked.parent_id);
    row.menu_name = Set(checked.menu_name);
    row.menu_icon = Set(checked.menu_icon);
    row.menu_type = Set(checked.menu_type);
    row.status = Set(checked.status);
    row.menu_page = Set(checked.menu_page);
    row.component_path = Set(checked.component_path);
    row.sort = Set(checked.sort);
    let row = row.update(&txn).await?;
    set_actions(&txn, row.id, &checked.actions).await?;
    let saved = node(&txn, row.id).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated("menu", row.id, &old, &saved, Place::default()),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a menu entry without children. Needs `/adminConfig/menu:delete` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/menu/delete", tag = "menu-admin",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while it has children", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::MENU_DELETE)?;
    scoped.ensure_global_writer()?;
    let txn = scoped.begin().await?;
    let old = node(&txn, request.id).await?;
    refuse_if_used(
        &txn,
        menu::Entity::find().filter(menu::Column::ParentId.eq(request.id)),
        "请先删除下级菜单",
    )
    .await?;
    menu::Entity::delete_by_id(request.id).exec(&txn).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("menu", request.id, &old, Place::default()),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}

/// Reorder the entries under one parent. Needs `/adminConfig/menu:edit` and data scope ALL.
#[utoipa::path(post, path = "/api/v1/fm/menu/sort", tag = "menu-admin",
    request_body = MenuSort, security(("token" = [])),
    responses((status = 200, description = "The whole tree after the change", body = Envelope<Vec<MenuNode>>)))]
pub async fn sort(caller: Caller, AppJson(request): AppJson<MenuSort>) -> ApiResult<Vec<MenuNode>> {
    let scoped = caller.require(need::MENU_EDIT)?;
    scoped.ensure_global_writer()?;
    let siblings = menu::Entity::find()
        .filter(match request.parent_id {
            Some(parent) => menu::Column::ParentId.eq(parent),
            None => menu::Column::ParentId.is_null(),
        })
        .all(scoped.db())
        .await?;
    let expected: HashSet<i64> = siblings.iter().map(|m| m.id).collect();
    let given: HashSet<i64> = request.ids.iter().copied().collect();
    if expected != given || given.len() != request.ids.len() {
        return Err(AppError::invalid(
            "ids",
            "排序的菜单须为同一上级下的全部菜单",
        ));
    }
    let txn = scoped.begin().await?;
    let before: Vec<i64> = {
        let mut rows = siblings.clone();
        rows.sort_by_key(|m| (m.sort, m.id));
        rows.into_iter().map(|m| m.id).collect()
    };
    for (index, id) in request.ids.iter().enumerate() {
        menu::Entity::update_many()
            .col_expr(
                menu::Column::Sort,
                sea_orm::sea_query::Expr::value(index as i32),
            )
            .filter(menu::Column::Id.eq(*id))
            .exec(&txn)
            .await?;
    }
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated(
            "menu",
            request.parent_id.unwrap_or_default(),
            &before,
            &request.ids,
            Place::default(),
        ),
    )
    .await?;
    let tree = whole_tree(&txn).await?;
    txn.commit().await?;
    ok(tree)
}
