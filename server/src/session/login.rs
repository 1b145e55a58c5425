//! Login, prelogin and logout. Five wrong passwords in a row throttle the account for five
//! minutes; locked and departed staff cannot log in.

use axum::extract::State;
use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::org::staff_status::WorkingStatus;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::auth::Session;
use crate::auth::password::{verify_against_nothing, verify_password};
use crate::auth::session::may_log_in;
use crate::auth::token::{digest, new_token};
use crate::entity::{session_token, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ErrorBody, ok};
use crate::form::{self, CoreForm};

/// Wrong passwords in a row that throttle an account.
pub const MAX_FAILED_LOGINS: i32 = 5;
/// How long a throttled account refuses logins.
pub const THROTTLE_MINUTES: i64 = 5;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[schema(example = "manager")]
    pub username: String,
    #[schema(example = "Demo@2026")]
    pub password: String,
}

impl CoreForm for LoginRequest {
    const FORM: &'static Form = &forms::LOGIN;
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginData {
    /// Send it back in the `token` header of every logged-in call.
    pub token: String,
    pub user_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PreloginRequest {
    pub username: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreloginData {
    /// Always false: logins need no SMS code.
    pub need_verify_code: bool,
    /// True while wrong passwords keep this username from logging in.
    pub throttled: bool,
    /// Seconds until a throttled username may try again; 0 when not throttled.
    pub retry_after_seconds: i64,
}

/// Log in with username and password.
#[utoipa::path(
    post,
    path = "/api/v2/fm/login/public/login/web",
    tag = "session",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Token and user id; or code 10010001 用户名或密码错误, 10010004 throttled, 10010005 locked, 10010006 left, 10010013 onboarding not approved", body = Envelope<LoginData>),
        (status = 400, description = "Malformed body", body = ErrorBody)
    )
)]
pub async fn login(
    State(state): State<AppState>,
    AppJson(request): AppJson<LoginRequest>,
) -> ApiResult<LoginData> {
    let request = form::checked(&request)?;
    let username = request.username.as_str();
    let now = Utc::now();
    let Some(account) = user::Entity::find()
        .filter(user::Column::Username.eq(username))
        .one(&state.db)
        .await?
    else {
        verify_against_nothing(&request.password).await?;
        return Err(AppError::BadCredentials);
    };
    if let Some(minutes) = throttled_minutes(account.locked_until, now) {
        return Err(AppError::Throttled { minutes });
    }
    if !verify_password(&request.password, &account.password_hash).await? {
        return Err(record_failure(&state, &account, now).await?);
    }
    // Status is told only to someone who knows the password.
    if account.locked {
        return Err(AppError::AccountLocked);
    }
    if account.working_status.0 == WorkingStatus::Leave {
        return Err(AppError::AccountLeft);
    }
    if !may_log_in(&account) {
        return Err(AppError::AccountPending);
    }
    let user_id = account.id;
    let mut account: user::ActiveModel = account.into();
    account.failed_logins = Set(0);
    account.locked_until = Set(None);
    account.update(&state.db).await?;

    let token = new_token();
    let ttl = Duration::from_std(state.token_ttl).map_err(AppError::internal)?;
    session_token::ActiveModel {
        token_hash: Set(digest(&token)),
        user_id: Set(user_id),
        created_at: Set(now),
        expires_at: Set(now + ttl),
        revoked_at: Set(None),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    ok(LoginData { token, user_id })
}

/// Counts a wrong password and says what to tell the caller.
async fn record_failure(
    state: &AppState,
    account: &user::Model,
    now: DateTime<Utc>,
) -> Result<AppError, AppError> {
    // Incremented in SQL so concurrent wrong attempts are all counted.
    user::Entity::update_many()
        .col_expr(
            user::Column::FailedLogins,
            Expr::col(user::Column::FailedLogins).add(1),
        )
        .filter(user::Column::Id.eq(account.id))
        .exec(&state.db)
        .await?;
    let failures = user::Entity::find_by_id(account.id)
        .one(&state.db)
        .await?
        .map_or(MAX_FAILED_LOGINS, |fresh| fresh.failed_logins);
    if failures < MAX_FAILED_LOGINS {
        return Ok(AppError::BadCredentials);
    }
    user::Entity::update_many()
        .col_expr(user::Column::FailedLogins, Expr::value(0))
        .col_expr(
            user::Column::LockedUntil,
            Expr::value(now + Duration::minutes(THROTTLE_MINUTES)),
        )
        .filter(user::Column::Id.eq(account.id))
        .exec(&state.db)
        .await?;
    Ok(AppError::Throttled {
        minutes: THROTTLE_MINUTES,
    })
}

/// Whole minutes (rounded up) a throttle still has to run, if any.
fn throttled_minutes(locked_until: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Option<i64> {
    let remaining = locked_until? - now;
    (remaining > Duration::zero()).then(|| (remaining.num_seconds() + 59) / 60)
}

/// Before the login form is sent: whether an SMS code is needed and whether the username is
/// throttled. Answers the same for unknown and quiet usernames, so it reveals no account.
#[utoipa::path(
    post,
    path = "/api/v2/fm/login/public/prelogin/web",
    tag = "session",
    request_body = PreloginRequest,
    responses((status = 200, description = "Login hints", body = Envelope<PreloginData>))
)]
pub async fn prelogin(
    State(state): State<AppState>,
    AppJson(request): AppJson<PreloginRequest>,
) -> ApiResult<PreloginData> {
    let username = request.username.trim();
    if username.is_empty() {
        return Err(AppError::invalid("username", "请输入用户名"));
    }
    let now = Utc::now();
    let locked_until = user::Entity::find()
        .filter(user::Column::Username.eq(username))
        .one(&state.db)
        .await?
        .and_then(|account| account.locked_until);
    let retry_after_seconds = locked_until
        .map(|until| (until - now).num_seconds())
        .filter(|seconds| *seconds > 0)
        .unwrap_or(0);
    ok(PreloginData {
        need_verify_code: false,
        throttled: retry_after_seconds > 0,
        retry_after_seconds,
    })
}

/// Log out: the token of this request stops working at once.
#[utoipa::path(
    post,
    path = "/api/v1/fm/login/logout",
    tag = "session",
    security(("token" = [])),
    responses((status = 200, description = "Empty object; code 10010003 when not logged in", body = Envelope<Empty>))
)]
pub async fn logout(State(state): State<AppState>, session: Session) -> ApiResult<Empty> {
    session_token::Entity::update_many()
        .col_expr(session_token::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(session_token::Column::Id.eq(session.token_id))
        .exec(&state.db)
        .await?;
    crate::auth::cache::changed();
    ok(Empty {})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throttle_minutes_round_up_and_end() {
        let now = Utc::now();
        assert_eq!(throttled_minutes(None, now), None);
        assert_eq!(
            throttled_minutes(Some(now - Duration::seconds(1)), now),
            None
        );
        assert_eq!(
            throttled_minutes(Some(now + Duration::seconds(1)), now),
            Some(1)
        );
        assert_eq!(
            throttled_minutes(Some(now + Duration::minutes(5)), now),
            Some(5)
        );
        assert_eq!(
            throttled_minutes(Some(now + Duration::seconds(61)), now),
            Some(2)
        );
    }
}
