//! SMS verification codes: send, check, and the two logged-in uses (change the bound mobile,
//! confirm the current one); login asks for one after a few failures. A code is 6 digits, lives
//! 5 minutes, is used once, survives 5 wrong guesses; a number gets at most one code a minute and
//! a client address a few per quarter hour.

use axum::extract::State;
use brokerdesk_core::forms;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
    TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use brokerdesk_core::validate;

use super::abuse::{self, ClientAddress};
use crate::AppState;
use crate::auth::Session;
use crate::auth::token::{code_digest, new_code};
use crate::entity::{user, verify_code};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::sms::SmsError;

pub const CODE_TTL_SECONDS: i64 = 300;
pub const RESEND_AFTER_SECONDS: i64 = 60;
pub const MAX_CODE_ATTEMPTS: i32 = 5;
/// `purpose` of codes the public send call issues.
const PURPOSE_SMS: &str = "sms";

#[derive(Debug, Deserialize, ToSchema)]
pub struct SendCodeRequest {
    #[schema(example = "13800000009")]
    pub cellphone: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendCodeData {
    pub expires_in_seconds: i64,
    pub resend_after_seconds: i64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CheckCodeRequest {
    pub cellphone: String,
    #[schema(example = "123456")]
    pub code: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OwnCodeRequest {
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VerifiedData {
    pub verified: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CellphoneData {
    /// The newly bound number, masked.
    pub mobile: String,
}

fn valid_mobile(cellphone: &str) -> Result<&str, AppError> {
    let cellphone = cellphone.trim();
    validate::tel(cellphone).map_err(|err| AppError::invalid("cellphone", err.message))?;
    Ok(cellphone)
}

pub(super) fn valid_code(code: &str) -> Result<&str, AppError> {
    let code = code.trim();
    validate::sms_code(code).map_err(|err| AppError::invalid("code", err.message))?;
    Ok(code)
}

/// Send a verification code to a mainland mobile number.
#[utoipa::path(
    post,
    path = "/api/v2/fm/login/public/verifyCode",
    tag = "session",
    request_body = SendCodeRequest,
    responses((status = 200, description = "Sent; code 10000004 invalid number, 10010008 too frequent (this number, or this client address), 10010012 SMS failure, 10010014 no SMS gateway configured", body = Envelope<SendCodeData>))
)]
pub async fn send_verify_code(
    State(state): State<AppState>,
    address: ClientAddress,
    AppJson(request): AppJson<SendCodeRequest>,
) -> ApiResult<SendCodeData> {
    let mobile = valid_mobile(&request.cellphone)?;
    let now = Utc::now();
    if let Some(seconds) = abuse::code_throttle(&state.db, address, now).await? {
        return Err(AppError::CodeTooFrequent { seconds });
    }
    if let Some(latest) = latest_code(&state.db, mobile).await? {
        let wait = RESEND_AFTER_SECONDS - (now - latest.created_at).num_seconds();
        if wait > 0 {
            return Err(AppError::CodeTooFrequent { seconds: wait });
        }
    }
    let code = new_code();
    let row = verify_code::ActiveModel {
        mobile: Set(mobile.to_owned()),
        code_hash: Set(code_digest(mobile, &code)),
        purpose: Set(PURPOSE_SMS.to_owned()),
        created_at: Set(now),
        expires_at: Set(now + Duration::seconds(CODE_TTL_SECONDS)),
        used_at: Set(None),
        attempts: Set(0),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    if let Err(err) = state.sms.send_code(mobile, &code).await {
        tracing::error!(%err, "verification code not delivered");
        // An undelivered code must not block the next try for a minute.
        verify_code::Entity::delete_by_id(row.id)
            .exec(&state.db)
            .await?;
        return Err(match err {
            SmsError::NotConfigured => AppError::SmsNotConfigured,
            SmsError::Failed(_) => AppError::SmsFailed,
        });
    }
    abuse::record_code_sent(&state.db, address, now).await?;
    ok(SendCodeData {
        expires_in_seconds: CODE_TTL_SECONDS,
        resend_after_seconds: RESEND_AFTER_SECONDS,
    })
}

/// Check a code sent to a number (used up when right).
#[utoipa::path(
    post,
    path = "/api/v2/fm/login/public/check/code",
    tag = "session",
    request_body = CheckCodeRequest,
    responses((status = 200, description = "Verified; code 10010007 wrong or expired, 10010010 too many tries", body = Envelope<VerifiedData>))
)]
pub async fn check_code(
    State(state): State<AppState>,
    AppJson(request): AppJson<CheckCodeRequest>,
) -> ApiResult<VerifiedData> {
    let mobile = valid_mobile(&request.cellphone)?;
    let code = valid_code(&request.code)?;
    consume_code(&state.db, mobile, code, Utc::now()).await?;
    ok(VerifiedData { verified: true })
}

/// Bind a new mobile number to the caller, proven by a code sent to it.
#[utoipa::path(
    post,
    path = "/api/v1/fm/login/editCellphone",
    tag = "session",
    request_body = CheckCodeRequest,
    security(("token" = [])),
    responses((status = 200, description = "Changed; code 10010009 number taken, 10010007 wrong code", body = Envelope<CellphoneData>))
)]
pub async fn edit_cellphone(
    State(state): State<AppState>,
    session: Session,
    AppJson(request): AppJson<CheckCodeRequest>,
) -> ApiResult<CellphoneData> {
    let request = form::checked_with(&forms::CHANGE_MOBILE, &request)?;
    let (mobile, code) = (request.cellphone.as_str(), request.code.as_str());
    let taken = user::Entity::find()
        .filter(user::Column::Mobile.eq(mobile))
        .filter(user::Column::Id.ne(session.user.id))
        .one(&state.db)
        .await?
        .is_some();
    if taken {
        return Err(AppError::MobileTaken);
    }
    let now = Utc::now();
    // The code is spent only if the number is really bound.
    let txn = state.db.begin().await?;
    if let Err(refusal) = consume_code(&txn, mobile, code, now).await {
        // Kept: a wrong guess must count against the code.
        txn.commit().await?;
        return Err(refusal);
    }
    let mut account: user::ActiveModel = session.user.into();
    account.mobile = Set(Some(mobile.to_owned()));
    account.updated_at = Set(now);
    account
        .update(&txn)
        .await
        .map_err(|err| match AppError::from(err) {
            AppError::Duplicate => AppError::MobileTaken,
            other => other,
        })?;
    txn.commit().await?;
    // The profile the caller cache serves shows the number.
    crate::auth::cache::changed();
    ok(CellphoneData {
        mobile: brokerdesk_core::org::mask::mobile(mobile),
    })
}

/// Confirm a code sent to the caller's current mobile number.
#[utoipa::path(
    post,
    path = "/api/v1/fm/login/checkVerifyCode",
    tag = "session",
    request_body = OwnCodeRequest,
    security(("token" = [])),
    responses((status = 200, description = "Verified; code 10010011 no number bound, 10010007 wrong code", body = Envelope<VerifiedData>))
)]
pub async fn check_verify_code(
    State(state): State<AppState>,
    session: Session,
    AppJson(request): AppJson<OwnCodeRequest>,
) -> ApiResult<VerifiedData> {
    let code = valid_code(&request.code)?;
    let mobile = session.user.mobile.as_deref().ok_or(AppError::NoMobile)?;
    consume_code(&state.db, mobile, code, Utc::now()).await?;
    ok(VerifiedData { verified: true })
}

async fn latest_code(
    db: &impl ConnectionTrait,
    mobile: &str,
) -> Result<Option<verify_code::Model>, AppError> {
    Ok(verify_code::Entity::find()
        .filter(verify_code::Column::Mobile.eq(mobile))
        .order_by_desc(verify_code::Column::Id)
        .one(db)
        .await?)
}

/// Spends the number's latest code if `code` is it; a wrong guess counts against the code.
pub(super) async fn consume_code(
    db: &impl ConnectionTrait,
    mobile: &str,
    code: &str,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    let latest = latest_code(db, mobile)
        .await?
        .filter(|row| row.used_at.is_none() && row.expires_at > now)
        .ok_or(AppError::CodeInvalid)?;
    if latest.attempts >= MAX_CODE_ATTEMPTS {
        return Err(AppError::CodeAttemptsExceeded);
    }
    if latest.code_hash != code_digest(mobile, code) {
        verify_code::Entity::update_many()
            .col_expr(
                verify_code::Column::Attempts,
                Expr::col(verify_code::Column::Attempts).add(1),
            )
            .filter(verify_code::Column::Id.eq(latest.id))
            .exec(db)
            .await?;
        return Err(if latest.attempts + 1 >= MAX_CODE_ATTEMPTS {
            AppError::CodeAttemptsExceeded
        } else {
            AppError::CodeInvalid
        });
    }
    // Conditional on still being unused, so two requests cannot both spend one code.
    let spent = verify_code::Entity::update_many()
        .col_expr(verify_code::Column::UsedAt, Expr::value(now))
        .filter(verify_code::Column::Id.eq(latest.id))
        .filter(verify_code::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    if spent.rows_affected == 1 {
        Ok(())
    } else {
        Err(AppError::CodeInvalid)
    }
}
