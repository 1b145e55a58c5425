//! 部门 (/work/enterprise/organograma, /coc/hr/organograma): an organisation's department tree;
//! a department sits at company level or in one of its stores.

use std::collections::{HashMap, HashSet};

use brokerdesk_core::org::fields;
use sea_orm::sea_query::ExprTrait;

use super::store_group::OrganisationFilter;
use super::{current_staff, target_organisation};
use crate::crud::prelude::*;
use crate::entity::{department, organisation, store, user};
use crate::resource::new_row;
use crate::shared::same_or_none;

views! {
    pub struct DepartmentNode {
        id: i64,
        parent_id: Option<i64>,
        organisation_id: i64,
        /// `null`: a department of the company itself.
        store_id: Option<i64>,
        store_name: String,
        name: String,
        sort: i32,
        staff_count: i64,
        #[schema(no_recursion)]
        children: Vec<DepartmentNode>,
    }
}

bodies! {
    pub struct DepartmentForm {
        parent_id: number,
        /// Default: the parent's store (none at company level).
        store_id: number,
        name: String,
        sort: number,
    }
}

add_request!(
    DepartmentAdd {
        /// Default: the parent's organisation, else the caller's.
        organisation_id
    } + DepartmentForm,
    forms::DEPARTMENT
);

edit_request!(DepartmentEdit + DepartmentForm, forms::DEPARTMENT);

impl Resource for department::Entity {
    const KIND: &'static str = "department";
    const IN_USE: &'static str = "该部门下还有下级部门或员工，无法删除";
    /// A node without its children.
    type View = DepartmentNode;

    describe!(|db, row| DepartmentNode { id, parent_id, organisation_id, store_id, name, sort }
        named { store_name: store(store_id) }
        counted { staff_count: (current_staff(db), user::DepartmentId) }
        with { children: Vec::new() });

    in_use_by!(
        /// Staff would silently lose their department (that key sets null); sub-departments are
        /// refused by the parent key itself, and said with [`Self::IN_USE`].
        user::DepartmentId
    );
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

/// Where a department goes: organisation, store and parent, checked against each other.
struct Seat {
    organisation: organisation::Model,
    store: Option<store::Model>,
    parent: Option<department::Model>,
}

async fn seat(
    scoped: &Scoped<'_>,
    organisation_id: Option<i64>,
    form: &DepartmentForm,
) -> Result<Seat, AppError> {
    let parent = scoped
        .get_some::<department::Entity>(form.parent_id)
        .await?;
    // The parent's organisation, else the one asked for.
    let asked = parent
        .as_ref()
        .map(|p| p.organisation_id)
        .or(organisation_id);
    let organisation = target_organisation(scoped, asked).await?;
    let store_id = form.store_id.or(parent.as_ref().and_then(|p| p.store_id));
    let store = scoped.get_some::<store::Entity>(store_id).await?;
    if store
        .as_ref()
        .is_some_and(|s| s.organisation_id != organisation.id)
    {
        return Err(AppError::invalid("storeId", "所选门店不属于该公司"));
    }
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

/// Where a department goes is its form's: under its parent, in the parent's organisation; at
/// the top, in the organisation an add body names (else the caller's).
impl Formed for department::Entity {
    type Form = DepartmentForm;
    const WITHIN: Within = Within::Organisation;

    /// The organisation asked for (0: none), checked with the form by [`Self::check`].
    async fn place_new(
        _: &Scoped<'_>,
        target: Option<i64>,
    ) -> Result<(i64, department::ActiveModel), AppError> {
        Ok((target.unwrap_or_default(), new_row::<Self>(None, None)))
    }

    /// Where it goes (in `organisation`, or for a new one its parent's or the caller's), never
    /// below itself, and its name, unique among its siblings.
    async fn check(
        scoped: &Scoped<'_>,
        organisation: i64,
        form: &DepartmentForm,
        except: Option<i64>,
    ) -> Result<department::ActiveModel, AppError> {
        if let (Some(id), Some(parent)) = (except, form.parent_id)
            && scoped
                .unscoped()
                .department_and_below(id)
                .await?
                .contains(&parent)
        {
            return Err(AppError::invalid(
                "parentId",
                "上级部门不能是自身或其下级部门",
            ));
        }
        let organisation = (organisation != 0).then_some(organisation);
        let seat = seat(scoped, organisation, form).await?;
        if except.is_some() && organisation != Some(seat.organisation.id) {
            return Err(AppError::invalid("parentId", "上级部门不属于该公司"));
        }
        let parent = seat.parent.as_ref().map(|p| p.id);
        let same = department::Column::OrganisationId
            .eq(seat.organisation.id)
            .and(department::Column::Name.eq(&form.name))
            .and(same_or_none(department::Column::ParentId, parent));
        let taken = "同级下已存在同名部门";
        scoped
            .refuse_same::<department::Entity>("name", same, except, taken)
            .await?;
        Ok(department::ActiveModel {
            site_id: Set(seat.organisation.site_id),
            organisation_id: Set(seat.organisation.id),
            store_group_id: Set(seat.store.as_ref().and_then(|s| s.store_group_id)),
            store_id: Set(seat.store.as_ref().map(|s| s.id)),
            parent_id: Set(parent),
            name: Set(form.name.clone()),
            sort: Set(fields::sort("sort", form.sort)?),
            ..Default::default()
        })
    }
}

crud_routes!(department, "org";
    /// The department tree the caller reads. Needs an organograma page, a staff page or
    /// `/enrollment` (the tree fills department selects).
    fn tree(query: OrganisationFilter) -> Vec<DepartmentNode>,
    need::DEPARTMENT_READ, "/api/v1/fm/org/department/tree", "Department trees", |scoped| {
        let mut select = scoped.read::<department::Entity>();
        if let Some(id) = query.organisation_id {
            select = select.filter(department::Column::OrganisationId.eq(id));
        }
        let rows = scoped
            .all(
                select
                    .order_by_asc(department::Column::Sort)
                    .order_by_asc(department::Column::Id),
            )
            .await?;
        nest(
            department::Entity::describe(&scoped.unscoped(), rows).await?,
        )
    };
    /// Add a department. Needs an organograma page's `add` and a scope covering where it goes.
    add(need::DEPARTMENT_ADD, "/api/v1/fm/org/department/add",
        DepartmentAdd.organisation_id -> DepartmentNode, "The new department");
    /// Change a department: name, order, parent or store. Needs an organograma page's `edit`.
    edit(need::DEPARTMENT_EDIT, "/api/v1/fm/org/department/edit",
        DepartmentEdit -> DepartmentNode, "The department as saved");
    /// Delete a department without sub-departments or staff. Needs an organograma page's `delete`.
    delete(need::DEPARTMENT_DELETE, "/api/v1/fm/org/department/delete",
        "Deleted; 10020006 while sub-departments or staff remain");
);
