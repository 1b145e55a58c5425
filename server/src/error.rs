//! The one error type of the server and the envelope every answer wears.
//!
//! Success is `{"code":0,"data":...}`; failure is `{"code":N,"message":"中文说明"}`, with
//! `"errors":{field:[message]}` added when one input field is at fault. Business errors answer
//! HTTP 200 (the client decides by `code`); protocol errors keep their HTTP status and still
//! carry the envelope, so no caller ever sees an HTML page or an empty body.
//!
//! Every code, its HTTP status and its message come from core's catalogue
//! (`brokerdesk_core::error_code`), which the client classifies by; `server/README.md`'s table is
//! tested equal to it.
//!
//! Here the type and its envelopes; `answer` maps an error to its catalogue entry and body,
//! `request` reads bodies and query strings into errors, `database` translates what the
//! database refuses.

use axum::Json;
use brokerdesk_core::org::fields::FieldError;
use serde::Serialize;

use brokerdesk_core::error_code as catalogue;

mod answer;
mod database;
mod limit;
mod request;

pub use answer::{method_not_allowed, panic_response, route_not_found};
pub use database::USED_BY_SOMETHING;
pub use limit::{BodyLimit, LimitBody};
pub use request::{AppJson, AppQuery, parse_json};

/// The body size every route accepts; the router installs it as the default limit.
pub const BODY_LIMIT_BYTES: usize = 1024 * 1024;

/// The message of a row outside the caller's data scope.
pub const OUT_OF_SCOPE: &str = catalogue::OUT_OF_SCOPE.message;

pub type ApiResult<T> = Result<Json<Envelope<T>>, AppError>;

/// A successful answer: `{"code":0,"data":...}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Envelope<T> {
    /// Always 0 on success.
    pub code: u32,
    pub data: T,
}

/// Wraps `data` in the success envelope.
pub fn ok<T: Serialize>(data: T) -> ApiResult<T> {
    Ok(Json(Envelope { code: 0, data }))
}

/// The `data` of a call that has nothing to return: `{}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Empty {}

/// A failed answer, as documented in the OpenAPI document.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A stable non-zero code from the code table.
    pub code: u32,
    /// What went wrong, in Chinese, fit to show to the user.
    pub message: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    MalformedJson(String),
    #[error("{0}")]
    WrongField(String),
    #[error("{}", catalogue::NOT_JSON.message)]
    NotJson,
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// Every field of a form at fault at once (core's form check); the message is the first's.
    #[error("{}", first_message(.0))]
    Fields(Vec<FieldError>),
    /// Values someone else already holds (用户名已存在, ...), each on its field.
    #[error("{}", first_message(.0))]
    Taken(Vec<FieldError>),
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("{}", catalogue::ROUTE_NOT_FOUND.message)]
    RouteNotFound,
    #[error("{}", catalogue::METHOD_NOT_ALLOWED.message)]
    MethodNotAllowed,
    #[error("{}", catalogue::DUPLICATE.message)]
    Duplicate,
    /// A duplicate, saying what is taken.
    #[error("{0}")]
    Conflict(String),
    /// Core's refusal naming the route's limit.
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{}", catalogue::INTERNAL.message)]
    Internal(String),
    #[error("{}", catalogue::BAD_CREDENTIALS.message)]
    BadCredentials,
    /// The client's expiry flow keys on this code (spec §8).
    #[error("{}", catalogue::LOGIN_REQUIRED.message)]
    LoginRequired,
    #[error("{}", catalogue::THROTTLED.with_n(*.minutes))]
    Throttled { minutes: i64 },
    #[error("{}", catalogue::ACCOUNT_LOCKED.message)]
    AccountLocked,
    #[error("{}", catalogue::ACCOUNT_LEFT.message)]
    AccountLeft,
    /// An open session ended by a lock or a departure: the expiry code, so the client's expiry
    /// flow runs, with the reason as its text.
    #[error("{0}")]
    SessionEnded(SessionEnd),
    #[error("{}", catalogue::CODE_INVALID.message)]
    CodeInvalid,
    #[error("{}", catalogue::CODE_TOO_FREQUENT.with_n(*.seconds))]
    CodeTooFrequent { seconds: i64 },
    #[error("{}", catalogue::MOBILE_TAKEN.message)]
    MobileTaken,
    #[error("{}", catalogue::CODE_ATTEMPTS_EXCEEDED.message)]
    CodeAttemptsExceeded,
    #[error("{}", catalogue::NO_MOBILE.message)]
    NoMobile,
    #[error("{}", catalogue::SMS_FAILED.message)]
    SmsFailed,
    #[error("{}", catalogue::ACCOUNT_PENDING.message)]
    AccountPending,
    #[error("{}", catalogue::SMS_NOT_CONFIGURED.message)]
    SmsNotConfigured,
    #[error("{}", catalogue::VERIFY_CODE_REQUIRED.message)]
    VerifyCodeRequired,
    #[error("{}", catalogue::NO_PERMISSION.message)]
    NoPermission,
    #[error("{0}")]
    OutOfScope(&'static str),
    #[error("{}", catalogue::NOT_FOUND.message)]
    NotFound,
    #[error("{0}")]
    GrantTooWide(&'static str),
    #[error("{0}")]
    TransitionRefused(String),
    #[error("{0}")]
    InUse(String),
    #[error("{}", catalogue::GLOBAL_ONLY.message)]
    GlobalOnly,
    /// A stored status core's vocabulary does not know, naming the column and the code.
    #[error("{0}")]
    StatusUnknown(String),
}

/// Why a session ended before its time: told with the expiry code, in the words of the login
/// form's refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SessionEnd {
    #[error("{}", catalogue::ACCOUNT_LOCKED.message)]
    Locked,
    #[error("{}", catalogue::ACCOUNT_LEFT.message)]
    Left,
}

impl AppError {
    /// A validation failure of one input field, with the validator's Chinese message.
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        Self::Invalid {
            field,
            message: message.into(),
        }
    }

    /// The usual out-of-scope refusal.
    pub fn out_of_scope() -> Self {
        Self::OutOfScope(OUT_OF_SCOPE)
    }

    /// A failure that is the server's fault; the detail goes to the log, not to the caller.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        Self::Internal(detail.to_string())
    }
}

fn first_message(errors: &[FieldError]) -> &str {
    errors.first().map_or("", |error| error.message.as_str())
}

impl From<FieldError> for AppError {
    fn from(err: FieldError) -> Self {
        Self::Invalid {
            field: err.field,
            message: err.message,
        }
    }
}

impl From<brokerdesk_core::org::TransitionError> for AppError {
    fn from(err: brokerdesk_core::org::TransitionError) -> Self {
        Self::TransitionRefused(err.message)
    }
}
