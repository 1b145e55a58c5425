//! What the role routes take and answer: the role as callers see it, its form, the
//! assignable-role options and the permission tree with what saving keeps.

use super::permission_tree::PermissionNode;
use crate::crud::prelude::*;
use crate::entity::role;

views! {
    pub struct Role {
        id: i64,
        name: String,
        /// Core `dataScope` code.
        data_scope: String,
        organisation_id: Option<i64>,
        organisation_name: String,
        store_id: Option<i64>,
        site_id: Option<i64>,
        remark: String,
        user_count: i64,
        /// How many menus the role opens; none: its holders are told 该用户没有访问权限 at login.
        menu_count: i64,
        custom_department_ids: Vec<i64>,
        custom_store_ids: Vec<i64>,
        created_at: i64,
        /// What the caller may do to this role: `edit`, `delete` and `permission` (its 权限设置) when
        /// it is theirs to change, nothing when they may only read it or hold it themselves. The
        /// route's actions still apply.
        available_actions: Vec<String>,
    }

    pub struct RoleOption {
        id: i64,
        name: String,
        data_scope: String,
        /// `null`: a global role; the staff form offers a company's people its roles and these.
        organisation_id: Option<i64>,
        /// How many menus the role opens; the form marks a role that opens none (未设置权限).
        menu_count: i64,
    }

    pub struct RolePermissions {
        role: Role,
        /// What the caller may grant to this role, checked where the role holds it.
        tree: Vec<PermissionNode>,
        /// How many menus and actions the role holds outside the tree; saving keeps them.
        kept_grants: usize,
    }
}

bodies! {
    pub struct RoleForm {
        name: String,
        /// Core `dataScope` code.
        data_scope: String,
        custom_department_ids: Vec<i64> = default,
        custom_store_ids: Vec<i64> = default,
        remark: String = default,
    }

    pub struct SavePermissions {
        id: i64,
        menu_ids: Vec<i64>,
        action_ids: Vec<i64>,
    }
}

list_query!(RoleQuery for role { name: Name; organisation_id: OrganisationId } order [Id]);
add_request!(
    RoleAdd {
        /// Default: the caller's organisation (city-level callers without one create city roles).
        organisation_id
    } + RoleForm,
    forms::ROLE
);
edit_request!(RoleEdit + RoleForm, forms::ROLE);
