//! Login, prelogin and logout. Wrong passwords are limited per client address and make the
//! username need an SMS code (see `abuse`); locked, departed and not yet onboarded staff cannot
//! log in. Every refusal is in the audit log.

use axum::extract::State;
use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::org::staff_status::WorkingStatus;
use chrono::{Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::abuse::{self, ClientAddress, FailureReason};
use super::verify_code::consume_code;
use crate::AppState;
use crate::auth::Session;
use crate::auth::password::{verify_against_nothing, verify_password};
use crate::auth::session::may_log_in;
use crate::auth::token::{digest, new_token};
use crate::entity::{session_token, user};
use crate::error::{ApiResult, AppError, AppJson, Empty, Envelope, ErrorBody, ok};
use crate::form::{self, CoreForm};

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[schema(example = "manager")]
    pub username: String,
    #[schema(example = "Demo@2026")]
    pub password: String,
    /// The account's bound mobile, when prelogin says a code is needed.
    #[serde(default)]
    #[schema(example = "13800000003")]
    pub cellphone: Option<String>,
    /// The SMS code sent to `cellphone` (`/api/v2/fm/login/public/verifyCode`).
    #[serde(default)]
    #[schema(example = "123456")]
    pub code: Option<String>,
}

impl CoreForm for LoginRequest {
    const FORM: &'static Form = &forms::LOGIN;
}

/// The SMS step of a login (core's `loginCode` form), asked for after a few failures.
#[derive(Debug, Serialize, Deserialize)]
struct CodeStep {
    cellphone: String,
    code: String,
}

impl CoreForm for CodeStep {
    const FORM: &'static Form = &forms::LOGIN_CODE;
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
    /// True after a few failed logins of this username: login then needs `cellphone` and `code`.
    pub need_verify_code: bool,
    /// True while failed logins from this client address keep it from logging in.
    pub throttled: bool,
    /// Seconds until a throttled client may try again; 0 when not throttled.
    pub retry_after_seconds: i64,
}

/// Log in with username and password (and an SMS code when prelogin asks for one).
#[utoipa::path(
    post,
    path = "/api/v2/fm/login/public/login/web",
    tag = "session",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Token and user id; or code 10010001 用户名或密码错误, 10010004 too many failures from this address, 10010015 SMS code needed, 10010007 wrong code, 10010005 locked, 10010006 left, 10010013 onboarding not approved", body = Envelope<LoginData>),
        (status = 400, description = "Malformed body", body = ErrorBody)
    )
)]
pub async fn login(
    State(state): State<AppState>,
    address: ClientAddress,
    AppJson(request): AppJson<LoginRequest>,
) -> ApiResult<LoginData> {
    let request = form::checked(&request)?;
    let username = request.username.as_str();
    let db = &state.db;
    let now = Utc::now();
    // Writes the refusal down (limits and audit log) and gives it back to answer with.
    let refuse =
        async |account: Option<&user::Model>, reason, error: AppError| match abuse::record_failure(
            db, address, username, account, reason, now,
        )
        .await
        {
            Ok(()) => error,
            Err(not_recorded) => not_recorded,
        };
    if let Some(seconds) = abuse::address_throttle(db, address, now).await? {
        let minutes = abuse::minutes(seconds);
        let throttled = AppError::Throttled { minutes };
        return Err(refuse(None, FailureReason::AddressThrottled, throttled).await);
    }
    let account = user::Entity::find()
        .filter(user::Column::Username.eq(username))
        .one(db)
        .await?;
    if abuse::needs_code(db, username, now).await? {
        let code = request.code.as_deref().map(str::trim).unwrap_or_default();
        if code.is_empty() {
            let missing = AppError::VerifyCodeRequired;
            return Err(refuse(account.as_ref(), FailureReason::CodeMissing, missing).await);
        }
        let step = form::checked(&CodeStep {
            cellphone: request.cellphone.clone().unwrap_or_default(),
            code: code.to_owned(),
        })?;
        // Only the account's own number proves anything; the answer is the same either way.
        let proven = match &account {
            Some(a) if a.mobile.as_deref() == Some(step.cellphone.as_str()) => {
                consume_code(db, &step.cellphone, &step.code, now).await
            }
            _ => Err(AppError::CodeInvalid),
        };
        if let Err(wrong) = proven {
            return Err(refuse(account.as_ref(), FailureReason::CodeWrong, wrong).await);
        }
    }
    let Some(account) = account else {
        verify_against_nothing(&request.password).await?;
        let unknown = AppError::BadCredentials;
        return Err(refuse(None, FailureReason::UnknownUser, unknown).await);
    };
    if !verify_password(&request.password, &account.password_hash).await? {
        let wrong = AppError::BadCredentials;
        return Err(refuse(Some(&account), FailureReason::WrongPassword, wrong).await);
    }
    // Status is told only to someone who knows the password.
    let refused_status = if account.locked {
        Some((FailureReason::Locked, AppError::AccountLocked))
    } else if account.working_status.0 == WorkingStatus::Leave {
        Some((FailureReason::Left, AppError::AccountLeft))
    } else if !may_log_in(&account) {
        Some((FailureReason::Pending, AppError::AccountPending))
    } else {
        None
    };
    if let Some((reason, error)) = refused_status {
        return Err(refuse(Some(&account), reason, error).await);
    }
    abuse::clear_failures(db, username).await?;

    let token = new_token();
    let ttl = Duration::from_std(state.token_ttl).map_err(AppError::internal)?;
    session_token::ActiveModel {
        token_hash: Set(digest(&token)),
        user_id: Set(account.id),
        created_at: Set(now),
        expires_at: Set(now + ttl),
        revoked_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    ok(LoginData {
        token,
        user_id: account.id,
    })
}

/// Before the login form is sent: whether this username needs an SMS code and whether this
/// client address is throttled. Unknown and known usernames get the same answers, so it reveals
/// no account.
#[utoipa::path(
    post,
    path = "/api/v2/fm/login/public/prelogin/web",
    tag = "session",
    request_body = PreloginRequest,
    responses((status = 200, description = "Login hints", body = Envelope<PreloginData>))
)]
pub async fn prelogin(
    State(state): State<AppState>,
    address: ClientAddress,
    AppJson(request): AppJson<PreloginRequest>,
) -> ApiResult<PreloginData> {
    let username = request.username.trim();
    if username.is_empty() {
        return Err(AppError::invalid("username", "请输入用户名"));
    }
    let now = Utc::now();
    let retry_after_seconds = abuse::address_throttle(&state.db, address, now)
        .await?
        .unwrap_or(0);
    ok(PreloginData {
        need_verify_code: abuse::needs_code(&state.db, username, now).await?,
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
