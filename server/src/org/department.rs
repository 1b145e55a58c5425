//! 部门 (/work/enterprise/organograma, /coc/hr/organograma): an organisation's department tree;
//! a department sits at company level or in one of its stores.

use std::collections::{HashMap, HashSet};

use brokerdesk_core::org::fields;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store_group::OrganisationFilter;
use super::target_organisation;
use crate::AppState;
use crate::access::caller::department_and_below;
use crate::access::{Caller, Place, Placed, Scoped, need};
use crate::audit::{self, Change};
use crate::entity::{department, organisation, store, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::paging::lenient_number;
use crate::shared::{IdRequest, count_of, counts, name_of, names, refuse_if_taken, refuse_if_used};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tree))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentNode {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub organisation_id: i64,
    /// `null`: a department of the company itself.
    pub store_id: Option<i64>,
    pub store_name: String,
    pub name: String,
    pub sort: i32,
    pub staff_count: i64,
    #[schema(no_recursion)]
    pub children: Vec<DepartmentNode>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentAdd {
    /// Default: the parent's organisation, else the caller's.
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub parent_id: Option<i64>,
    /// Default: the parent's store (none at company level).
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_id: Option<i64>,
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentEdit {
    pub id: i64,
    #[serde(default, deserialize_with = "lenient_number")]
    pub parent_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_id: Option<i64>,
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sort: Option<i64>,
}

/// Nodes for some rows, without children, plus their store names and staff counts.
async fn nodes(
    db: &impl ConnectionTrait,
    rows: &[department::Model],
) -> Result<Vec<DepartmentNode>, AppError> {
    let stores = names::<store::Entity, _>(
        db,
        store::Column::Id,
        store::Column::Name,
        rows.iter().filter_map(|r| r.store_id),
    )
    .await?;
    let staff =
        counts::<user::Entity, _>(db, user::Column::DepartmentId, rows.iter().map(|r| r.id))
            .await?;
    Ok(rows
        .iter()
        .map(|row| DepartmentNode {
            id: row.id,
            parent_id: row.parent_id,
            organisation_id: row.organisation_id,
            store_id: row.store_id,
            store_name: name_of(&stores, row.store_id),
            name: row.name.clone(),
            sort: row.sort,
            staff_count: count_of(&staff, row.id),
            children: Vec::new(),
        })
        .collect())
}

/// Nests nodes under their parents; a node whose parent is not among them is a root.
fn nest(nodes: Vec<DepartmentNode>) -> Vec<DepartmentNode> {
    let ids: HashSet<i64> = nodes.iter().map(|n| n.id).collect();
    let mut children: HashMap<Option<i64>, Vec<DepartmentNode>> = HashMap::new();
    for node in nodes {
        let parent = node.parent_id.filter(|p| ids.contains(p));
        children.entry(parent).or_default().push(node);
    }
    fn attach(
        parent: Option<i64>,
        children: &mut HashMap<Option<i64>, Vec<DepartmentNode>>,
    ) -> Vec<DepartmentNode> {
        let mut level = children.remove(&parent).unwrap_or_default();
        for node in &mut level {
            node.children = attach(Some(node.id), children);
        }
        level
    }
    attach(None, &mut children)
}

async fn node(
    db: &impl ConnectionTrait,
    row: &department::Model,
) -> Result<DepartmentNode, AppError> {
    nodes(db, std::slice::from_ref(row))
        .await?
        .pop()
        .ok_or(AppError::NotFound)
}

/// The department tree the caller reads. Needs an organograma page, a staff page or
/// `/enrollment` (the tree fills department selects).
#[utoipa::path(post, path = "/api/v1/fm/org/department/tree", tag = "org",
    request_body = OrganisationFilter, security(("token" = [])),
    responses((status = 200, description = "Department trees", body = Envelope<Vec<DepartmentNode>>)))]
pub async fn tree(
    caller: Caller,
    AppJson(query): AppJson<OrganisationFilter>,
) -> ApiResult<Vec<DepartmentNode>> {
    let scoped = caller.require(need::DEPARTMENT_READ)?;
    let mut select = scoped.read::<department::Entity>();
    if let Some(id) = query.organisation_id {
        select = select.filter(department::Column::OrganisationId.eq(id));
    }
    let rows = select
        .order_by_asc(department::Column::Sort)
        .order_by_asc(department::Column::Id)
        .all(scoped.db())
        .await?;
    ok(nest(nodes(scoped.db(), &rows).await?))
}

/// Where a department goes: organisation, store and parent, checked against each other.
struct Seat {
    organisation: organisation::Model,
    store: Option<store::Model>,
    parent: Option<department::Model>,
}

impl Seat {
    fn place(&self) -> Place {
        Place {
            site: Some(self.organisation.site_id),
            organisation: Some(self.organisation.id),
            store_group: self.store.as_ref().and_then(|s| s.store_group_id),
            store: self.store.as_ref().map(|s| s.id),
            // A sub-department is inside its parent's reach.
            department: self.parent.as_ref().map(|p| p.id),
            owner: None,
        }
    }
}

async fn seat(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    organisation_id: Option<i64>,
    parent_id: Option<i64>,
    store_id: Option<i64>,
) -> Result<Seat, AppError> {
    let parent = match parent_id {
        Some(id) => Some(scoped.get::<department::Entity>(id).await?),
        None => None,
    };
    let organisation = match &parent {
        Some(parent) => {
            scoped
                .get::<organisation::Entity>(parent.organisation_id)
                .await?
        }
        None => target_organisation(scoped, organisation_id).await?,
    };
    let store_id = store_id.or(parent.as_ref().and_then(|p| p.store_id));
    let store = match store_id {
        Some(id) => {
            let store = scoped.get::<store::Entity>(id).await?;
            if store.organisation_id != organisation.id {
                return Err(AppError::invalid("storeId", "所选门店不属于该公司"));
            }
            Some(store)
        }
        None => None,
    };
    if let Some(parent_store) = parent.as_ref().and_then(|p| p.store_id)
        && store.as_ref().map(|s| s.id) != Some(parent_store)
    {
        return Err(AppError::invalid(
            "storeId",
            "下级部门须与上级部门属于同一门店",
        ));
    }
    Ok(Seat {
        organisation,
        store,
        parent,
    })
}

async fn check_name(
    db: &impl ConnectionTrait,
    seat: &Seat,
    name: &str,
    except: Option<i64>,
) -> Result<String, AppError> {
    let name = fields::name("name", "部门名称", name)?;
    let mut same = department::Entity::find()
        .filter(department::Column::OrganisationId.eq(seat.organisation.id))
        .filter(department::Column::Name.eq(&name));
    same = match &seat.parent {
        Some(parent) => same.filter(department::Column::ParentId.eq(parent.id)),
        None => same.filter(department::Column::ParentId.is_null()),
    };
    if let Some(id) = except {
        same = same.filter(department::Column::Id.ne(id));
    }
    refuse_if_taken(db, same, "同级下已存在同名部门").await?;
    Ok(name)
}

/// Add a department. Needs an organograma page's `add` and a scope covering where it goes.
#[utoipa::path(post, path = "/api/v1/fm/org/department/add", tag = "org",
    request_body = DepartmentAdd, security(("token" = [])),
    responses((status = 200, description = "The new department", body = Envelope<DepartmentNode>)))]
pub async fn add(
    caller: Caller,
    AppJson(form): AppJson<DepartmentAdd>,
) -> ApiResult<DepartmentNode> {
    let scoped = caller.require(need::DEPARTMENT_ADD)?;
    let seat = seat(&scoped, form.organisation_id, form.parent_id, form.store_id).await?;
    scoped.ensure_covers(&seat.place())?;
    let name = check_name(scoped.db(), &seat, &form.name, None).await?;
    let sort = fields::sort("sort", form.sort)?;
    let txn = scoped.begin().await?;
    let row = department::ActiveModel {
        site_id: Set(seat.organisation.site_id),
        organisation_id: Set(seat.organisation.id),
        store_group_id: Set(seat.store.as_ref().and_then(|s| s.store_group_id)),
        store_id: Set(seat.store.as_ref().map(|s| s.id)),
        parent_id: Set(seat.parent.as_ref().map(|p| p.id)),
        name: Set(name),
        sort: Set(sort),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let saved = node(&txn, &row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::created(
            "department",
            row.id,
            &saved,
            department::Entity::place(&row),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Change a department: name, order, parent or store. Needs an organograma page's `edit`.
#[utoipa::path(post, path = "/api/v1/fm/org/department/edit", tag = "org",
    request_body = DepartmentEdit, security(("token" = [])),
    responses((status = 200, description = "The department as saved", body = Envelope<DepartmentNode>)))]
pub async fn edit(
    caller: Caller,
    AppJson(form): AppJson<DepartmentEdit>,
) -> ApiResult<DepartmentNode> {
    let scoped = caller.require(need::DEPARTMENT_EDIT)?;
    let before = scoped.get_writable::<department::Entity>(form.id).await?;
    if let Some(parent) = form.parent_id
        && department_and_below(scoped.db(), before.id)
            .await?
            .contains(&parent)
    {
        return Err(AppError::invalid(
            "parentId",
            "上级部门不能是自身或其下级部门",
        ));
    }
    let seat = seat(
        &scoped,
        Some(before.organisation_id),
        form.parent_id,
        form.store_id,
    )
    .await?;
    if seat.organisation.id != before.organisation_id {
        return Err(AppError::invalid("parentId", "上级部门不属于该公司"));
    }
    scoped.ensure_covers(&seat.place())?;
    let name = check_name(scoped.db(), &seat, &form.name, Some(before.id)).await?;
    let sort = fields::sort("sort", form.sort)?;
    let txn = scoped.begin().await?;
    let old = node(&txn, &before).await?;
    let mut row: department::ActiveModel = before.into();
    row.parent_id = Set(seat.parent.as_ref().map(|p| p.id));
    row.store_id = Set(seat.store.as_ref().map(|s| s.id));
    row.store_group_id = Set(seat.store.as_ref().and_then(|s| s.store_group_id));
    row.name = Set(name);
    row.sort = Set(sort);
    let row = row.update(&txn).await?;
    let saved = node(&txn, &row).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::updated(
            "department",
            row.id,
            &old,
            &saved,
            department::Entity::place(&row),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a department without sub-departments or staff. Needs an organograma page's `delete`.
#[utoipa::path(post, path = "/api/v1/fm/org/department/delete", tag = "org",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while sub-departments or staff remain", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::DEPARTMENT_DELETE)?;
    let row = scoped
        .get_writable::<department::Entity>(request.id)
        .await?;
    let txn = scoped.begin().await?;
    let used = "该部门下还有下级部门或员工，无法删除";
    refuse_if_used(
        &txn,
        department::Entity::find().filter(department::Column::ParentId.eq(row.id)),
        used,
    )
    .await?;
    refuse_if_used(
        &txn,
        user::Entity::find().filter(user::Column::DepartmentId.eq(row.id)),
        used,
    )
    .await?;
    let old = node(&txn, &row).await?;
    scoped
        .on(&txn)
        .delete_writable::<department::Entity>(row.id)
        .await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::deleted("department", row.id, &old, department::Entity::place(&row)),
    )
    .await?;
    txn.commit().await?;
    ok(Empty {})
}
