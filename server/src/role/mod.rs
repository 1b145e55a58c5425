//! Roles (/work/enterprise/role, /coc/hr/role) and their permission settings (roleSetting/{id}):
//! what a role opens (menus and actions) and how far its holders reach (data scope). Nobody
//! hands on more than they hold.

pub(crate) mod offer;
pub mod permission_tree;

use brokerdesk_core::forms::{self, Form};
use std::collections::HashSet;

use brokerdesk_core::org::data_scope::{self, DataScope};
use brokerdesk_core::org::own_record;
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::offer::Offer;
use self::permission_tree::{PermissionNode, RoleGrants};
use crate::AppState;
use crate::access::{Caller, Place, Placed, Scoped, Unscoped, need};
use crate::audit::{self, Action, Change, snapshot};
use crate::auth::token::new_token;
use crate::entity::{
    department, menu, menu_action, organisation, role, role_action, role_menu,
    role_scope_department, role_scope_store, store, user_role,
};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ok};
use crate::form::{self, CoreForm};
use crate::org::store_group::OrganisationFilter;
use crate::paging::{Page, PageQuery, filter_text, lenient_number};
use crate::resource::{Resource, describe_one};
use crate::shared::{IdRequest, count_of, millis, name_of};
use crate::staff::seat::ensure_grantable;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(options))
        .routes(routes!(data_scopes))
        .routes(routes!(add))
        .routes(routes!(edit))
        .routes(routes!(delete))
        .routes(routes!(permission_tree))
        .routes(routes!(save_permissions))
}

pub const MENU_TOO_WIDE: &str = "不能授予自身没有的菜单或操作权限";

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

/// The row actions of a role the caller may change.
const ROLE_ACTIONS: [&str; 3] = ["edit", "delete", "permission"];

/// Fills `available_actions`: the roles among `roles` the caller may change offer every action.
async fn offer_actions<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    roles: &mut [Role],
) -> Result<(), AppError> {
    let writable = scoped
        .write::<role::Entity>()
        .filter(role::Column::Id.is_in(roles.iter().map(|r| r.id)));
    let writable: HashSet<i64> = scoped
        .unscoped()
        .values::<_, i64>(writable, role::Column::Id)
        .await?
        .into_iter()
        .collect();
    let held = held_roles(scoped).await?;
    let super_admin = scoped.caller().is_super_admin();
    for role in roles.iter_mut().filter(|role| {
        writable.contains(&role.id)
            && own_record::may_change_role(held.contains(&role.id), super_admin)
    }) {
        role.available_actions = ROLE_ACTIONS.map(String::from).to_vec();
    }
    Ok(())
}

/// The roles the caller holds.
async fn held_roles<C: ConnectionTrait>(scoped: &Scoped<'_, C>) -> Result<HashSet<i64>, AppError> {
    let db = scoped.unscoped();
    let held: Vec<i64> = db
        .values(
            db.find::<user_role::Entity>()
                .filter(user_role::Column::UserId.eq(scoped.actor().id)),
            user_role::Column::RoleId,
        )
        .await?;
    Ok(held.into_iter().collect())
}

/// Core's rule: a role the caller holds is read-only to them (不能修改自己所属的角色), or a
/// general manager could untick their own permissions and lock the company out. Whoever is
/// above them (city operations, the administrator) holds other roles and may change it.
async fn refuse_own_role<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    role_id: i64,
) -> Result<(), AppError> {
    let holds_it = held_roles(scoped).await?.contains(&role_id);
    if own_record::may_change_role(holds_it, scoped.caller().is_super_admin()) {
        Ok(())
    } else {
        Err(AppError::OutOfScope(own_record::OWN_ROLE))
    }
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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
}

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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleAdd {
    /// Default: the caller's organisation (city-level callers without one create city roles).
    #[serde(default, deserialize_with = "lenient_number")]
    pub organisation_id: Option<i64>,
    #[serde(flatten)]
    pub form: RoleForm,
}

impl CoreForm for RoleAdd {
    const FORM: &'static Form = &forms::ROLE;
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: RoleForm,
}

impl CoreForm for RoleEdit {
    const FORM: &'static Form = &forms::ROLE;
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavePermissions {
    pub id: i64,
    pub menu_ids: Vec<i64>,
    pub action_ids: Vec<i64>,
}

/// A role as callers see it and the audit log keeps it: its data scope's custom set and how
/// many people hold it.
impl Resource for role::Entity {
    const KIND: &'static str = "role";
    const IN_USE: &'static str = "该角色已分配给员工，无法删除";
    type View = Role;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<role::Model>,
    ) -> Result<Vec<Role>, AppError> {
        describe(db, rows).await
    }

    async fn in_use<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        row: &role::Model,
    ) -> Result<bool, AppError> {
        db.uses::<user_role::Entity>(user_role::Column::RoleId, row.id)
            .await
    }
}

async fn describe<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    rows: Vec<role::Model>,
) -> Result<Vec<Role>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let organisations = db
        .named::<organisation::Entity>(rows.iter().filter_map(|r| r.organisation_id))
        .await?;
    let holders = db
        .counts(
            db.find::<user_role::Entity>(),
            user_role::Column::RoleId,
            ids.clone(),
        )
        .await?;
    let menus = db
        .counts(
            db.find::<role_menu::Entity>(),
            role_menu::Column::RoleId,
            ids.clone(),
        )
        .await?;
    let departments = db
        .all(
            db.find::<role_scope_department::Entity>()
                .filter(role_scope_department::Column::RoleId.is_in(ids.clone())),
        )
        .await?;
    let stores = db
        .all(
            db.find::<role_scope_store::Entity>()
                .filter(role_scope_store::Column::RoleId.is_in(ids)),
        )
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let mut custom_department_ids: Vec<i64> = departments
                .iter()
                .filter(|d| d.role_id == row.id)
                .map(|d| d.department_id)
                .collect();
            let mut custom_store_ids: Vec<i64> = stores
                .iter()
                .filter(|s| s.role_id == row.id)
                .map(|s| s.store_id)
                .collect();
            custom_department_ids.sort_unstable();
            custom_store_ids.sort_unstable();
            Role {
                id: row.id,
                organisation_name: name_of(&organisations, row.organisation_id),
                user_count: count_of(&holders, row.id),
                menu_count: count_of(&menus, row.id),
                name: row.name,
                data_scope: row.data_scope,
                organisation_id: row.organisation_id,
                store_id: row.store_id,
                site_id: row.site_id,
                remark: row.remark,
                custom_department_ids,
                custom_store_ids,
                created_at: millis(row.created_at),
                available_actions: Vec::new(),
            }
        })
        .collect())
}

/// Roles the caller reads. Needs a role page.
#[utoipa::path(post, path = "/api/v1/fm/role/list", tag = "role",
    request_body = RoleQuery, security(("token" = [])),
    responses((status = 200, description = "A page of roles", body = Envelope<Page<Role>>)))]
pub async fn list(caller: Caller, AppJson(query): AppJson<RoleQuery>) -> ApiResult<Page<Role>> {
    let scoped = caller.require(need::ROLE_LIST)?;
    let mut select = scoped.read::<role::Entity>();
    if let Some(name) = filter_text(&query.name) {
        select = select.filter(role::Column::Name.contains(name));
    }
    if let Some(id) = query.organisation_id {
        select = select.filter(role::Column::OrganisationId.eq(id));
    }
    let mut page = scoped
        .list(select.order_by_asc(role::Column::Id), query.page)
        .await?;
    offer_actions(&scoped, &mut page.list).await?;
    ok(page)
}

/// One role. Needs a role or roleSetting page.
#[utoipa::path(post, path = "/api/v1/fm/role/detail", tag = "role",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The role", body = Envelope<Role>)))]
pub async fn detail(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Role> {
    let scoped = caller.require(need::ROLE_READ)?;
    let row = scoped.get::<role::Entity>(request.id).await?;
    let mut role = describe_one::<role::Entity, _>(&scoped.unscoped(), row).await?;
    offer_actions(&scoped, std::slice::from_mut(&mut role)).await?;
    ok(role)
}

/// Roles the caller may assign, for the staff and onboarding forms. Needs a role, staff or
/// onboarding page.
#[utoipa::path(post, path = "/api/v1/fm/role/options", tag = "role",
    request_body = OrganisationFilter, security(("token" = [])),
    responses((status = 200, description = "Assignable roles", body = Envelope<Vec<RoleOption>>)))]
pub async fn options(
    caller: Caller,
    AppJson(query): AppJson<OrganisationFilter>,
) -> ApiResult<Vec<RoleOption>> {
    let scoped = caller.require(need::ROLE_OPTIONS)?;
    let mut select = scoped.read::<role::Entity>();
    if let Some(id) = query.organisation_id {
        select = select.filter(role::Column::OrganisationId.eq(id));
    }
    let mut grantable = Vec::new();
    for row in scoped.all(select.order_by_asc(role::Column::Id)).await? {
        if ensure_grantable(&scoped, &row, crate::staff::seat::ROLE_TOO_WIDE)
            .await
            .is_ok()
        {
            grantable.push(row);
        }
    }
    let db = scoped.unscoped();
    let menus = db
        .counts(
            db.find::<role_menu::Entity>(),
            role_menu::Column::RoleId,
            grantable.iter().map(|row| row.id),
        )
        .await?;
    ok(grantable
        .into_iter()
        .map(|row| RoleOption {
            menu_count: count_of(&menus, row.id),
            id: row.id,
            name: row.name,
            data_scope: row.data_scope,
            organisation_id: row.organisation_id,
        })
        .collect())
}

/// Whether the caller may give a role this data scope: no wider than their own.
fn may_give(caller: &Caller, scope: DataScope) -> bool {
    caller.is_super_admin()
        || caller
            .scope()
            .widest()
            .is_some_and(|widest| widest.may_grant(scope))
}

/// The data scopes the caller may give a role (core `dataScope` codes), which are all the role
/// forms offer. Needs a role or roleSetting page.
#[utoipa::path(post, path = "/api/v1/fm/role/dataScopes", tag = "role",
    security(("token" = [])),
    responses((status = 200, description = "Core dataScope codes, widest first", body = Envelope<Vec<String>>)))]
pub async fn data_scopes(caller: Caller) -> ApiResult<Vec<String>> {
    caller.require(need::ROLE_READ)?;
    ok(DataScope::ALL
        .into_iter()
        .filter(|scope| may_give(&caller, *scope))
        .map(|scope| scope.code().to_owned())
        .collect())
}

/// Where a new role sits: in the organisation asked for (or the caller's); a store-scoped
/// caller's role sits in their store; a caller without an organisation makes a city role.
async fn place_for_new(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    organisation_id: Option<i64>,
) -> Result<Place, AppError> {
    let actor = scoped.actor();
    let Some(org_id) = organisation_id.or(actor.organisation_id) else {
        let site = actor
            .site_id
            .ok_or_else(|| AppError::invalid("organisationId", "请选择所属公司"))?;
        // A city role; its write checks that the city is the caller's.
        return Ok(Place {
            site: Some(site),
            ..Place::default()
        });
    };
    let org = scoped.get::<organisation::Entity>(org_id).await?;
    let company = Place {
        site: Some(org.site_id),
        organisation: Some(org.id),
        ..Place::default()
    };
    if scoped.scope().covers(&company) {
        return Ok(company);
    }
    let own_store = Place {
        store_group: actor.store_group_id,
        store: actor.store_id,
        ..company
    };
    if actor.organisation_id == Some(org.id)
        && actor.store_id.is_some()
        && scoped.scope().covers(&own_store)
    {
        return Ok(own_store);
    }
    Err(AppError::out_of_scope())
}

/// A checked role form.
struct Checked {
    name: String,
    data_scope: DataScope,
    departments: Vec<i64>,
    stores: Vec<i64>,
    remark: String,
}

async fn check(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    form: &RoleForm,
    place: &Place,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    // The fields have passed core's role form; here the scope the caller may grant.
    let (name, remark) = (form.name.clone(), form.remark.clone());
    let scope = data_scope::parse(&form.data_scope)
        .map_err(|message| AppError::invalid("dataScope", message))?;
    if !may_give(scoped.caller(), scope) {
        return Err(AppError::GrantTooWide(data_scope::TOO_WIDE));
    }
    let (mut departments, mut stores) = (Vec::new(), Vec::new());
    if scope == DataScope::Custom {
        if form.custom_department_ids.is_empty() && form.custom_store_ids.is_empty() {
            return Err(AppError::invalid(
                "customDepartmentIds",
                "请选择自定义数据范围的部门或门店",
            ));
        }
        for id in &form.custom_department_ids {
            let dept = scoped
                .get_writable::<department::Entity>(*id)
                .await
                .map_err(|_| AppError::GrantTooWide(data_scope::TOO_WIDE))?;
            if place
                .organisation
                .is_some_and(|org| org != dept.organisation_id)
            {
                return Err(AppError::invalid(
                    "customDepartmentIds",
                    "所选部门不属于该公司",
                ));
            }
            departments.push(dept.id);
        }
        for id in &form.custom_store_ids {
            let shop = scoped
                .get_writable::<store::Entity>(*id)
                .await
                .map_err(|_| AppError::GrantTooWide(data_scope::TOO_WIDE))?;
            if place
                .organisation
                .is_some_and(|org| org != shop.organisation_id)
            {
                return Err(AppError::invalid("customStoreIds", "所选门店不属于该公司"));
            }
            stores.push(shop.id);
        }
        departments.sort_unstable();
        departments.dedup();
        stores.sort_unstable();
        stores.dedup();
    }
    let db = scoped.unscoped();
    let mut same = db
        .find::<role::Entity>()
        .filter(role::Column::Name.eq(&name));
    same = match (place.organisation, place.store) {
        (Some(org), Some(shop)) => same
            .filter(role::Column::OrganisationId.eq(org))
            .filter(role::Column::StoreId.eq(shop)),
        (Some(org), None) => same
            .filter(role::Column::OrganisationId.eq(org))
            .filter(role::Column::StoreId.is_null()),
        (None, _) => same
            .filter(role::Column::OrganisationId.is_null())
            .filter(match place.site {
                Some(site) => role::Column::SiteId.eq(site),
                None => role::Column::SiteId.is_null(),
            }),
    };
    if let Some(id) = except {
        same = same.filter(role::Column::Id.ne(id));
    }
    form::refuse_taken(&db, same, "name", "该范围内已存在同名角色").await?;
    Ok(Checked {
        name,
        data_scope: scope,
        departments,
        stores,
        remark,
    })
}

/// Makes a role's grants exactly `menus` and `actions`.
// A child-row helper (clippy.toml): the role is one the caller may change.
#[allow(clippy::disallowed_methods)]
async fn set_grants(
    db: &impl ConnectionTrait,
    role_id: i64,
    menus: &HashSet<i64>,
    actions: &HashSet<i64>,
) -> Result<(), AppError> {
    role_menu::Entity::delete_many()
        .filter(role_menu::Column::RoleId.eq(role_id))
        .exec(db)
        .await?;
    role_action::Entity::delete_many()
        .filter(role_action::Column::RoleId.eq(role_id))
        .exec(db)
        .await?;
    if !menus.is_empty() {
        role_menu::Entity::insert_many(menus.iter().map(|id| role_menu::ActiveModel {
            role_id: Set(role_id),
            menu_id: Set(*id),
        }))
        .exec_without_returning(db)
        .await?;
    }
    if !actions.is_empty() {
        role_action::Entity::insert_many(actions.iter().map(|id| role_action::ActiveModel {
            role_id: Set(role_id),
            menu_action_id: Set(*id),
        }))
        .exec_without_returning(db)
        .await?;
    }
    Ok(())
}

// A child-row helper (clippy.toml): the role is one the caller may change.
#[allow(clippy::disallowed_methods)]
async fn set_custom_set(
    db: &impl ConnectionTrait,
    role_id: i64,
    checked: &Checked,
) -> Result<(), AppError> {
    role_scope_department::Entity::delete_many()
        .filter(role_scope_department::Column::RoleId.eq(role_id))
        .exec(db)
        .await?;
    role_scope_store::Entity::delete_many()
        .filter(role_scope_store::Column::RoleId.eq(role_id))
        .exec(db)
        .await?;
    if !checked.departments.is_empty() {
        role_scope_department::Entity::insert_many(checked.departments.iter().map(|id| {
            role_scope_department::ActiveModel {
                role_id: Set(role_id),
                department_id: Set(*id),
            }
        }))
        .exec_without_returning(db)
        .await?;
    }
    if !checked.stores.is_empty() {
        role_scope_store::Entity::insert_many(checked.stores.iter().map(|id| {
            role_scope_store::ActiveModel {
                role_id: Set(role_id),
                store_id: Set(*id),
            }
        }))
        .exec_without_returning(db)
        .await?;
    }
    Ok(())
}

/// Add a role (it opens nothing until its permissions are saved). Needs a role page's `add`;
/// the data scope may be no wider than the caller's.
#[utoipa::path(post, path = "/api/v1/fm/role/add", tag = "role",
    request_body = RoleAdd, security(("token" = [])),
    responses((status = 200, description = "The new role", body = Envelope<Role>)))]
pub async fn add(caller: Caller, AppJson(request): AppJson<RoleAdd>) -> ApiResult<Role> {
    let scoped = caller.require(need::ROLE_ADD)?;
    let request = form::checked(&request)?;
    let place = place_for_new(&scoped, request.organisation_id).await?;
    let checked = check(&scoped, &request.form, &place, None).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let row = role::ActiveModel {
        code: Set(format!("R{}", &new_token()[..12])),
        name: Set(checked.name.clone()),
        data_scope: Set(checked.data_scope.code().to_owned()),
        organisation_id: Set(place.organisation),
        site_id: Set(place.site),
        store_id: Set(place.store),
        remark: Set(checked.remark.clone()),
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    let row = on.insert::<role::Entity>(row).await?;
    set_custom_set(&txn, row.id, &checked).await?;
    let saved = on.record_created::<role::Entity>(&row).await?;
    txn.commit().await?;
    ok(saved)
}

/// Change a role's name, remark and data scope. Needs a role page's `edit`.
#[utoipa::path(post, path = "/api/v1/fm/role/edit", tag = "role",
    request_body = RoleEdit, security(("token" = [])),
    responses((status = 200, description = "The role as saved", body = Envelope<Role>)))]
pub async fn edit(caller: Caller, AppJson(request): AppJson<RoleEdit>) -> ApiResult<Role> {
    let scoped = caller.require(need::ROLE_EDIT)?;
    let request = form::checked(&request)?;
    let before = scoped.get_writable::<role::Entity>(request.id).await?;
    refuse_own_role(&scoped, before.id).await?;
    let place = role::Entity::place(&before);
    let checked = check(&scoped, &request.form, &place, Some(before.id)).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old = on.view::<role::Entity>(before.clone()).await?;
    let mut row: role::ActiveModel = before.into();
    row.name = Set(checked.name.clone());
    row.data_scope = Set(checked.data_scope.code().to_owned());
    row.remark = Set(checked.remark.clone());
    let row = on.update::<role::Entity>(row).await?;
    set_custom_set(&txn, row.id, &checked).await?;
    let saved = on.record_changed::<role::Entity>(&old, &row).await?;
    txn.commit().await?;
    ok(saved)
}

/// Delete a role nobody holds. Needs a role page's `delete`.
#[utoipa::path(post, path = "/api/v1/fm/role/delete", tag = "role",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "Deleted; 10020006 while staff hold it", body = Envelope<Empty>)))]
pub async fn delete(caller: Caller, AppJson(request): AppJson<IdRequest>) -> ApiResult<Empty> {
    let scoped = caller.require(need::ROLE_DELETE)?;
    scoped.get_writable::<role::Entity>(request.id).await?;
    refuse_own_role(&scoped, request.id).await?;
    scoped.remove::<role::Entity>(request.id).await?;
    ok(Empty {})
}

/// The permission tree of a role: what the caller may grant it, checked where the role holds
/// it. Needs a role or roleSetting page.
#[utoipa::path(post, path = "/api/v1/fm/role/permissionTree", tag = "role",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The role and its tree", body = Envelope<RolePermissions>)))]
pub async fn permission_tree(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<RolePermissions> {
    let scoped = caller.require(need::ROLE_READ)?;
    let row = scoped.get::<role::Entity>(request.id).await?;
    let db = scoped.unscoped();
    let held = permission_tree::grants_of(&db, row.id).await?;
    let offer = Offer::for_role(&db, &caller, &row).await?;
    ok(permissions_of(&scoped, &offer, &held, row).await?)
}

/// The tree and the role with the actions the caller may take on it (none on a role they hold,
/// so 权限设置 opened by its address reads only).
async fn permissions_of<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    offer: &Offer,
    held: &RoleGrants,
    row: role::Model,
) -> Result<RolePermissions, AppError> {
    let db = scoped.unscoped();
    let kept = offer.outside(held);
    let mut role = describe_one::<role::Entity, _>(&db, row).await?;
    offer_actions(scoped, std::slice::from_mut(&mut role)).await?;
    Ok(RolePermissions {
        tree: permission_tree::build(&db, offer, held).await?,
        kept_grants: kept.menu_ids.len() + kept.action_ids.len(),
        role,
    })
}

/// Set what a role grants within what the caller may hand on to it; the role's grants outside
/// that stay as they are. A ticked action grants its page, and anything ticked grants the
/// directories above it. Needs a roleSetting page's `edit` (or a role page's).
#[utoipa::path(post, path = "/api/v1/fm/role/savePermissions", tag = "role",
    request_body = SavePermissions, security(("token" = [])),
    responses((status = 200, description = "The role and its tree as saved", body = Envelope<RolePermissions>)))]
pub async fn save_permissions(
    caller: Caller,
    AppJson(request): AppJson<SavePermissions>,
) -> ApiResult<RolePermissions> {
    let scoped = caller.require(need::ROLE_PERMISSIONS_SAVE)?;
    let row = scoped.get_writable::<role::Entity>(request.id).await?;
    refuse_own_role(&scoped, row.id).await?;
    let db = scoped.unscoped();
    // What the ticks mean: an action brings its page, anything brings the directories above.
    let closed = permission_tree::closed(&db, &request.menu_ids, &request.action_ids).await?;
    let menu_ids: HashSet<i64> = closed.menu_ids.into_iter().collect();
    let action_ids: HashSet<i64> = closed.action_ids.into_iter().collect();
    let known_menus: Vec<i64> = db
        .values(
            db.find::<menu::Entity>()
                .filter(menu::Column::Id.is_in(menu_ids.iter().copied())),
            menu::Column::Id,
        )
        .await?;
    if known_menus.len() != menu_ids.len() {
        return Err(AppError::invalid("menuIds", "所选菜单不存在"));
    }
    let actions = db
        .all(
            db.find::<menu_action::Entity>()
                .filter(menu_action::Column::Id.is_in(action_ids.iter().copied())),
        )
        .await?;
    if actions.len() != action_ids.len() {
        return Err(AppError::invalid("actionIds", "所选操作不存在"));
    }
    let offer = Offer::for_role(&db, &caller, &row).await?;
    let within =
        menu_ids.iter().all(|id| offer.menu(*id)) && action_ids.iter().all(|id| offer.action(*id));
    if !within {
        return Err(AppError::GrantTooWide(MENU_TOO_WIDE));
    }
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let db = on.unscoped();
    let before = permission_tree::grants_of(&db, row.id).await?;
    let kept = offer.outside(&before);
    let mut menus = menu_ids;
    menus.extend(kept.menu_ids);
    // A kept action stays only while its page does.
    let kept_actions = db
        .all(
            db.find::<menu_action::Entity>()
                .filter(menu_action::Column::Id.is_in(kept.action_ids)),
        )
        .await?
        .into_iter()
        .filter(|a| menus.contains(&a.menu_id))
        .map(|a| a.id);
    let mut actions = action_ids;
    actions.extend(kept_actions);
    set_grants(&txn, row.id, &menus, &actions).await?;
    let after = permission_tree::grants_of(&db, row.id).await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::new(
            "rolePermission",
            row.id,
            Action::Permissions,
            snapshot(&before),
            snapshot(&after),
            role::Entity::place(&row),
        ),
    )
    .await?;
    txn.commit().await?;
    ok(permissions_of(&scoped, &offer, &after, row).await?)
}
