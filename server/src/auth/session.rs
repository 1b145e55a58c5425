//! The `Session` extractor: the caller behind the `token` header, or error 10010003.
//!
//! Also honours the spec's `userId` and `siteId` headers: a `userId` naming someone other than
//! the token's owner is refused as a forged session, and a `siteId` must be one of the caller's
//! city sites.

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use brokerdesk_core::org::staff_status::WorkingStatus;
use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::token::digest;
use crate::AppState;
use crate::entity::{session_token, user, user_site};
use crate::error::AppError;

/// A logged-in caller.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: user::Model,
    /// The token this request carried, as the client holds it.
    pub token: String,
    /// Its row (logout revokes it).
    pub token_id: i64,
    /// The city site the caller is working in, when they chose one (`siteId` header).
    pub site_id: Option<i64>,
}

impl FromRequestParts<AppState> for Session {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let token = header_text(&parts.headers, "token").ok_or(AppError::LoginRequired)?;
        let row = session_token::Entity::find()
            .filter(session_token::Column::TokenHash.eq(digest(token)))
            .one(&state.db)
            .await?
            .ok_or(AppError::LoginRequired)?;
        if row.revoked_at.is_some() || row.expires_at <= Utc::now() {
            return Err(AppError::LoginRequired);
        }
        let user = user::Entity::find_by_id(row.user_id)
            .one(&state.db)
            .await?
            .ok_or(AppError::LoginRequired)?;
        // Locking or a departure ends every open session at once; a hire whose onboarding is
        // not approved has none.
        if user.locked || !may_log_in(&user) {
            return Err(AppError::LoginRequired);
        }
        if header_id(&parts.headers, "userId").is_some_and(|claimed| claimed != user.id) {
            return Err(AppError::LoginRequired);
        }
        let site_id = header_id(&parts.headers, "siteId");
        if let Some(site_id) = site_id {
            let allowed = user_site::Entity::find_by_id((user.id, site_id))
                .one(&state.db)
                .await?
                .is_some();
            if !allowed {
                return Err(AppError::Forbidden("无权访问该城市站点"));
            }
        }
        Ok(Self {
            user,
            token: token.to_owned(),
            token_id: row.id,
            site_id,
        })
    }
}

/// Whether the person's working status lets them in (PENDING and LEAVE do not).
pub fn may_log_in(user: &user::Model) -> bool {
    WorkingStatus::from_code(&user.working_status).is_some_and(WorkingStatus::may_log_in)
}

fn header_text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .map(str::trim)
        .filter(|value| !value.is_empty())
}

/// A numeric id header; absent, empty, `0` (the spec's "no site") or non-numeric means none.
fn header_id(headers: &HeaderMap, name: &str) -> Option<i64> {
    header_text(headers, name)
        .and_then(|value| value.parse::<i64>().ok())
        .filter(|id| *id != 0)
}
