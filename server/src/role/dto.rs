//! What the role routes take and answer: the role as callers see it, its form, the
//! assignable-role options and the permission tree with what saving keeps.

use super::permission_tree::PermissionNode;
use crate::crud::prelude::*;
use crate::entity::role;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Role {
    pub id: i64,
    pub name: String,
    /// Core `dataScope` code.
    pub data_scope: String,
    pub organisation_id: Option<i64>,
    pub organisation_name: String,
    pub store_id: Option<i64>,
    pub site_id: Option<i64>,
    pub remark: String,
    pub user_count: i64,
    /// How many menus the role opens; none: its holders are told 该用户没有访问权限 at login.
    pub menu_count: i64,
    pub custom_department_ids: Vec<i64>,
    pub custom_store_ids: Vec<i64>,
    pub created_at: i64,
    /// What the caller may do to this role: `edit`, `delete` and `permission` (its 权限设置) when
    /// it is theirs to change, nothing when they may only read it or hold it themselves. The
    /// route's actions still apply.
    pub available_actions: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleOption {
    pub id: i64,
    pub name: String,
    pub data_scope: String,
    /// `null`: a global role; the staff form offers a company's people its roles and these.
    pub organisation_id: Option<i64>,
    /// How many menus the role opens; the form marks a role that opens none (未设置权限).
    pub menu_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RolePermissions {
    pub role: Role,
    /// What the caller may grant to this role, checked where the role holds it.
    pub tree: Vec<PermissionNode>,
    /// How many menus and actions the role holds outside the tree; saving keeps them.
    pub kept_grants: usize,
}

list_query!(RoleQuery for role { name: Name; organisation_id: OrganisationId } order [Id]);

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleForm {
    pub name: String,
    /// Core `dataScope` code.
    pub data_scope: String,
    #[serde(default)]
    pub custom_department_ids: Vec<i64>,
    #[serde(default)]
    pub custom_store_ids: Vec<i64>,
    #[serde(default)]
    pub remark: String,
}

add_request!(
    RoleAdd {
        /// Default: the caller's organisation (city-level callers without one create city roles).
        organisation_id
    } + RoleForm,
    forms::ROLE
);

edit_request!(RoleEdit + RoleForm, forms::ROLE);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavePermissions {
    pub id: i64,
    pub menu_ids: Vec<i64>,
    pub action_ids: Vec<i64>,
}
