//! The `Caller` extractor: who is calling, which menu pages and actions their roles open, and
//! their data scope, narrowed to the city site chosen in the header. What the token opens comes
//! from the [`CallerCache`](crate::auth::CallerCache) (three queries when it is not cached, none
//! when it is). A route reaches data only through [`Caller::require`], which checks the route's
//! [`Need`] and hands back a [`Scoped`] handle.

use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter};

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::need::Need;
use super::scope::{Place, Scope};
use super::scoped::Scoped;
use crate::AppState;
use crate::auth::{Grants, Known, Session};
use crate::entity::{department, user};
use crate::error::AppError;

/// A logged-in caller with their permissions and data scope.
pub struct Caller {
    session: Session,
    /// The scope of their roles, narrowed to the site they chose for this request.
    scope: Scope,
    db: DatabaseConnection,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let session = Session::from_request_parts(parts, state).await?;
        let scope = match session.site_id {
            Some(site) => session.known.scope.within_site(site),
            None => session.known.scope.clone(),
        };
        Ok(Self {
            session,
            scope,
            db: state.db.clone(),
        })
    }
}

impl Caller {
    /// The person a chat token opened, as a caller of the routes' own code: the functions an
    /// assistant calls run as the asker, through the same needs, scope and masking as their
    /// screens, narrowed to `site`, the city site the socket was opened for (its `siteId`, checked
    /// to be one of theirs), as a `siteId` header narrows an HTTP call.
    pub fn for_chat(
        db: DatabaseConnection,
        known: std::sync::Arc<Known>,
        site: Option<i64>,
    ) -> Self {
        let scope = match site {
            Some(site) => known.scope.within_site(site),
            None => known.scope.clone(),
        };
        Self {
            session: Session {
                user: known.user.clone(),
                // The chat socket holds the chat token, never the session's.
                token: String::new(),
                token_id: known.token_id,
                site_id: site,
                known,
            },
            scope,
            db,
        }
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
        self.known().super_admin
            || need.codes().is_empty()
            || need
                .codes()
                .iter()
                .any(|code| self.known().permissions.contains(*code))
    }

    pub fn user(&self) -> &user::Model {
        &self.session.user
    }

    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    pub fn is_super_admin(&self) -> bool {
        self.known().super_admin
    }

    /// Menu and action ids the caller may grant to a role.
    pub fn grantable(&self) -> &Grants {
        &self.known().grantable
    }

    /// Everything the caller's token opens (profile, sites, menu).
    pub fn known(&self) -> &Known {
        &self.session.known
    }

    /// The session the request carried (token, chosen site).
    pub fn session(&self) -> &Session {
        &self.session
    }
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

/// A department and every department below it.
pub async fn department_and_below(db: &impl ConnectionTrait, root: i64) -> Result<Vec<i64>, DbErr> {
    let Some(top) = department::Entity::find_by_id(root).one(db).await? else {
        return Ok(Vec::new());
    };
    let all: Vec<(i64, Option<i64>)> = department::Entity::find()
        .filter(department::Column::OrganisationId.eq(top.organisation_id))
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.id, d.parent_id))
        .collect();
    Ok(below(root, &all))
}

/// `root` and every department below it, from `(id, parent)` pairs.
pub fn below(root: i64, departments: &[(i64, Option<i64>)]) -> Vec<i64> {
    let mut found = vec![root];
    let mut index = 0;
    while index < found.len() {
        let parent = found[index];
        found.extend(
            departments
                .iter()
                .filter(|(id, up)| *up == Some(parent) && !found.contains(id))
                .map(|(id, _)| *id)
                .collect::<Vec<_>>(),
        );
        index += 1;
    }
    found
}
