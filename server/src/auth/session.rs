//! The `Session` extractor: the caller behind the `token` header, or error 10010003.
//!
//! Also honours the spec's `userId` and `siteId` headers: a `userId` naming someone other than
//! the token's owner is refused as a forged session, and a `siteId` must be one of the caller's
//! city sites. What the token opens comes from the [`CallerCache`](super::CallerCache).

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use brokerdesk_core::org::staff_status::WorkingStatus;

use super::known::{Known, Token};
use crate::AppState;
use crate::entity::user;
use crate::error::{AppError, SessionEnd};

/// The chat service identifies this product by this name (`thirdApplicationId`).
pub const CHAT_APPLICATION_IDENTITY: &str = "brokerdesk";

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
    /// Everything the token opens.
    pub known: Arc<Known>,
}

impl FromRequestParts<AppState> for Session {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let token = header_text(&parts.headers, "token").ok_or(AppError::LoginRequired)?;
        // Chat calls carry the chat token with the application id instead of the session's
        // token (spec §7); the chat token opens the chat paths and nothing else.
        let chat = is_chat_path(parts.uri.path())
            && header_text(&parts.headers, "thirdApplicationId") == Some(CHAT_APPLICATION_IDENTITY);
        let found = if chat {
            state.callers.chat_token(&state.db, token).await?
        } else {
            state.callers.token(&state.db, token).await?
        };
        let known = match found {
            Token::Open(known) => known,
            // Locking and departure revoke every session: say so rather than "expired".
            Token::Closed(user) => return Err(ended(&user).unwrap_or(AppError::LoginRequired)),
            Token::Unknown => return Err(AppError::LoginRequired),
        };
        let user = &known.user;
        // A lock or departure ends every open session at once; a hire whose onboarding is not
        // approved has none.
        if let Some(refusal) = ended(user) {
            return Err(refusal);
        }
        if !may_log_in(user) {
            return Err(AppError::LoginRequired);
        }
        if header_id(&parts.headers, "userId").is_some_and(|claimed| claimed != user.id) {
            return Err(AppError::LoginRequired);
        }
        let site_id = header_id(&parts.headers, "siteId");
        if site_id.is_some_and(|site| !known.has_site(site)) {
            return Err(AppError::Forbidden("无权访问该城市站点"));
        }
        Ok(Self {
            user: user.clone(),
            token: token.to_owned(),
            token_id: known.token_id,
            site_id,
            known,
        })
    }
}

/// The chat service's paths (spec §7 "AI service"), which a chat token may call.
pub fn is_chat_path(path: &str) -> bool {
    path.starts_with("/api/v1/chat/") || path.starts_with("/api/v1/public/chat/")
}

/// Why a person's sessions ended, if a lock or a departure ended them.
fn ended(user: &user::Model) -> Option<AppError> {
    if user.locked {
        Some(AppError::SessionEnded(SessionEnd::Locked))
    } else if user.working_status.0 == WorkingStatus::Leave {
        Some(AppError::SessionEnded(SessionEnd::Left))
    } else {
        None
    }
}

/// Why a person may not work now (locked, departed, not yet onboarded), if they may not.
pub fn refusal(user: &user::Model) -> Option<AppError> {
    ended(user).or_else(|| (!may_log_in(user)).then_some(AppError::LoginRequired))
}

/// Whether the person's working status lets them in (PENDING and LEAVE do not).
pub fn may_log_in(user: &user::Model) -> bool {
    user.working_status.0.may_log_in()
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
