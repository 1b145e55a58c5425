//! The `Caller` extractor: who is calling, which menu pages and actions their roles open, and
//! their data scope — computed once per request. A route reaches data only through
//! [`Caller::require`], which checks the route's [`Need`] and hands back a [`Scoped`] handle.

use std::collections::{BTreeSet, HashSet};

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use brokerdesk_core::org::data_scope::DataScope;
use brokerdesk_core::permission::SUPER_ADMIN_POSITION;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter};

use super::need::Need;
use super::scope::{Place, Scope};
use super::scoped::Scoped;
use crate::AppState;
use crate::auth::{Grants, Session};
use crate::entity::{
    department, menu_action, position, role, role_scope_department, role_scope_store, user,
    user_role, user_site,
};
use crate::error::AppError;
use crate::menu;

/// A logged-in caller with their permissions and data scope.
pub struct Caller {
    session: Session,
    super_admin: bool,
    /// `page` and `page:action` codes their menu holds.
    permissions: HashSet<String>,
    /// Menu and action ids they hold (what they may hand on to a role).
    grantable: Grants,
    scope: Scope,
    db: DatabaseConnection,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let session = Session::from_request_parts(parts, state).await?;
        Caller::load(state.db.clone(), session).await
    }
}

impl Caller {
    async fn load(db: DatabaseConnection, session: Session) -> Result<Self, AppError> {
        let user = &session.user;
        let super_admin = is_super_admin(&db, user).await?;
        let grants = Grants::of_user(&db, user.id).await?;
        let tree = menu::menu_of_grants(&db, &grants).await?;
        let permissions = menu::permission_codes(&tree).into_iter().collect();
        let grantable = grantable(&db, &tree, &grants).await?;
        let scope = resolve_scope(&db, user, super_admin).await?;
        Ok(Self {
            session,
            super_admin,
            permissions,
            grantable,
            scope,
            db,
        })
    }

    /// Checks the route's need and opens the data within the caller's scope; 10020001 无权限执行
    /// 该操作 when none of the need's codes is granted.
    pub fn require(&self, need: Need) -> Result<Scoped<'_>, AppError> {
        if self.allows(need) {
            Ok(Scoped::new(&self.db, self))
        } else {
            Err(AppError::NoPermission)
        }
    }

    /// Whether the caller holds any of the need's codes (the super administrator holds all).
    pub fn allows(&self, need: Need) -> bool {
        self.super_admin
            || need.codes().is_empty()
            || need
                .codes()
                .iter()
                .any(|code| self.permissions.contains(*code))
    }

    pub fn user(&self) -> &user::Model {
        &self.session.user
    }

    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    pub fn is_super_admin(&self) -> bool {
        self.super_admin
    }

    /// Menu and action ids the caller may grant to a role.
    pub fn grantable(&self) -> &Grants {
        &self.grantable
    }
}

/// The super administrator holds the global position 超级管理员 (one no organisation can
/// create: the name is reserved).
async fn is_super_admin(db: &impl ConnectionTrait, user: &user::Model) -> Result<bool, DbErr> {
    let Some(position_id) = user.position_id else {
        return Ok(false);
    };
    Ok(position::Entity::find_by_id(position_id)
        .one(db)
        .await?
        .is_some_and(|p| p.name == SUPER_ADMIN_POSITION && p.organisation_id.is_none()))
}

/// The ids of the pages and actions in the caller's menu tree.
async fn grantable(
    db: &impl ConnectionTrait,
    tree: &[brokerdesk_core::menu::MenuEntry],
    grants: &Grants,
) -> Result<Grants, DbErr> {
    let menu_ids: std::collections::HashSet<i64> = tree
        .iter()
        .flat_map(|root| root.walk())
        .filter_map(|entry| entry.menu_id)
        .collect();
    let action_ids = menu_action::Entity::find()
        .filter(menu_action::Column::Id.is_in(grants.action_ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .filter(|action| menu_ids.contains(&action.menu_id))
        .map(|action| action.id)
        .collect();
    Ok(Grants {
        menu_ids,
        action_ids,
    })
}

/// The caller's seat in the organisation.
pub fn home_of(user: &user::Model) -> Place {
    Place {
        site: user.site_id,
        organisation: user.organisation_id,
        store_group: user.store_group_id,
        store: user.store_id,
        department: user.department_id,
        owner: Some(user.id),
    }
}

/// The union of the caller's roles' scopes; everything for the super administrator.
pub async fn resolve_scope(
    db: &impl ConnectionTrait,
    user: &user::Model,
    super_admin: bool,
) -> Result<Scope, DbErr> {
    let home = home_of(user);
    if super_admin {
        return Ok(Scope::everything(home));
    }
    let role_ids: Vec<i64> = user_role::Entity::find()
        .filter(user_role::Column::UserId.eq(user.id))
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.role_id)
        .collect();
    let roles = role::Entity::find()
        .filter(role::Column::Id.is_in(role_ids))
        .all(db)
        .await?;
    let mut sites: BTreeSet<i64> = user_site::Entity::find()
        .filter(user_site::Column::UserId.eq(user.id))
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.site_id)
        .collect();
    sites.extend(user.site_id);
    let sites: Vec<i64> = sites.into_iter().collect();
    let mut scope = Scope::empty(home);
    for role in roles {
        // An unknown stored code reaches nothing rather than failing the request.
        let Some(data_scope) = DataScope::from_code(&role.data_scope) else {
            continue;
        };
        let (departments, stores) = match data_scope {
            DataScope::Dept => (user.department_id.into_iter().collect(), Vec::new()),
            DataScope::DeptAndBelow => match user.department_id {
                Some(id) => (department_and_below(db, id).await?, Vec::new()),
                None => (Vec::new(), Vec::new()),
            },
            DataScope::Custom => custom_set(db, role.id).await?,
            _ => (Vec::new(), Vec::new()),
        };
        scope.add(data_scope, &sites, &departments, &stores);
    }
    Ok(scope)
}

/// A department and every department below it.
pub async fn department_and_below(db: &impl ConnectionTrait, root: i64) -> Result<Vec<i64>, DbErr> {
    let Some(top) = department::Entity::find_by_id(root).one(db).await? else {
        return Ok(Vec::new());
    };
    let all = department::Entity::find()
        .filter(department::Column::OrganisationId.eq(top.organisation_id))
        .all(db)
        .await?;
    let mut found = vec![root];
    let mut index = 0;
    while index < found.len() {
        let parent = found[index];
        found.extend(
            all.iter()
                .filter(|d| d.parent_id == Some(parent) && !found.contains(&d.id))
                .map(|d| d.id)
                .collect::<Vec<_>>(),
        );
        index += 1;
    }
    Ok(found)
}

/// A CUSTOM role's departments and stores.
async fn custom_set(
    db: &impl ConnectionTrait,
    role_id: i64,
) -> Result<(Vec<i64>, Vec<i64>), DbErr> {
    let departments = role_scope_department::Entity::find()
        .filter(role_scope_department::Column::RoleId.eq(role_id))
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.department_id)
        .collect();
    let stores = role_scope_store::Entity::find()
        .filter(role_scope_store::Column::RoleId.eq(role_id))
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.store_id)
        .collect();
    Ok((departments, stores))
}
