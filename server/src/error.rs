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

use axum::Json;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use brokerdesk_core::org::fields::FieldError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;

use brokerdesk_core::error_code::{self as catalogue, ErrorCode};

mod database;

pub use database::USED_BY_SOMETHING;

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
    #[error("{}", catalogue::PAYLOAD_TOO_LARGE.message)]
    PayloadTooLarge,
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
    /// The catalogue entry this error answers with: its code and HTTP status.
    pub fn entry(&self) -> &'static ErrorCode {
        match self {
            Self::MalformedJson(_) => &catalogue::MALFORMED_JSON,
            Self::WrongField(_) => &catalogue::WRONG_FIELD,
            Self::NotJson => &catalogue::NOT_JSON,
            Self::Invalid { .. } | Self::Fields(_) => &catalogue::INVALID,
            Self::Forbidden(_) => &catalogue::FORBIDDEN_SITE,
            Self::RouteNotFound => &catalogue::ROUTE_NOT_FOUND,
            Self::MethodNotAllowed => &catalogue::METHOD_NOT_ALLOWED,
            Self::Duplicate | Self::Conflict(_) | Self::Taken(_) => &catalogue::DUPLICATE,
            Self::PayloadTooLarge => &catalogue::PAYLOAD_TOO_LARGE,
            Self::Internal(_) => &catalogue::INTERNAL,
            Self::BadCredentials => &catalogue::BAD_CREDENTIALS,
            Self::LoginRequired | Self::SessionEnded(_) => &catalogue::LOGIN_REQUIRED,
            Self::Throttled { .. } => &catalogue::THROTTLED,
            Self::AccountLocked => &catalogue::ACCOUNT_LOCKED,
            Self::AccountLeft => &catalogue::ACCOUNT_LEFT,
            Self::CodeInvalid => &catalogue::CODE_INVALID,
            Self::CodeTooFrequent { .. } => &catalogue::CODE_TOO_FREQUENT,
            Self::MobileTaken => &catalogue::MOBILE_TAKEN,
            Self::CodeAttemptsExceeded => &catalogue::CODE_ATTEMPTS_EXCEEDED,
            Self::NoMobile => &catalogue::NO_MOBILE,
            Self::SmsFailed => &catalogue::SMS_FAILED,
            Self::AccountPending => &catalogue::ACCOUNT_PENDING,
            Self::SmsNotConfigured => &catalogue::SMS_NOT_CONFIGURED,
            Self::VerifyCodeRequired => &catalogue::VERIFY_CODE_REQUIRED,
            Self::NoPermission => &catalogue::NO_PERMISSION,
            Self::OutOfScope(_) => &catalogue::OUT_OF_SCOPE,
            Self::NotFound => &catalogue::NOT_FOUND,
            Self::GrantTooWide(_) => &catalogue::GRANT_TOO_WIDE,
            Self::TransitionRefused(_) => &catalogue::TRANSITION_REFUSED,
            Self::InUse(_) => &catalogue::IN_USE,
            Self::GlobalOnly => &catalogue::GLOBAL_ONLY,
            Self::StatusUnknown(_) => &catalogue::STATUS_UNKNOWN,
        }
    }

    pub fn code(&self) -> u32 {
        self.entry().code
    }

    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.entry().http).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

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

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let Self::Internal(detail) | Self::StatusUnknown(detail) = &self {
            // Logged inside the request's trace span, so the log line carries method and path.
            tracing::error!(%detail, "request failed");
        }
        let mut body = json!({ "code": self.code(), "message": self.to_string() });
        match &self {
            Self::Invalid { field, message } => body["errors"] = json!({ *field: [message] }),
            Self::Fields(errors) | Self::Taken(errors) => {
                let mut fields = serde_json::Map::new();
                for error in errors {
                    let messages = fields.entry(error.field).or_insert_with(|| json!([]));
                    if let Some(messages) = messages.as_array_mut() {
                        messages.push(json!(error.message));
                    }
                }
                body["errors"] = fields.into();
            }
            _ => {}
        }
        (self.status(), Json(body)).into_response()
    }
}

/// A JSON body whose every failure (not JSON, malformed, wrong shape, too large) is an
/// [`AppError`] in the envelope, with a message that names the field at fault.
pub struct AppJson<T>(pub T);

impl<S, T> FromRequest<S> for AppJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let declared_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|value| value.to_str().unwrap_or_default().contains("json"));
        if declared_json == Some(false) {
            return Err(AppError::NotJson);
        }
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|rejection| match rejection {
                BytesRejection::FailedToBufferBody(inner)
                    if inner.status() == StatusCode::PAYLOAD_TOO_LARGE =>
                {
                    AppError::PayloadTooLarge
                }
                other => AppError::MalformedJson(format!("无法读取请求体：{}", other.body_text())),
            })?;
        parse_json(&bytes).map(AppJson)
    }
}

/// Parses a request body, which must be a JSON object, turning serde's English into a Chinese
/// message that names the field at fault.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(AppError::MalformedJson("请求体不能为空".into()));
    }
    let value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|_| AppError::MalformedJson("请求体不是合法的JSON".into()))?;
    // Checked here because a derived struct would also accept an array of its fields.
    if !value.is_object() {
        return Err(AppError::MalformedJson("请求体应为JSON对象".into()));
    }
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        describe_data_error(&path, &err.into_inner().to_string())
    })
}

fn describe_data_error(path: &str, message: &str) -> AppError {
    if let Some(rest) = message.strip_prefix("missing field `") {
        let field = rest.trim_end_matches('`');
        let full = if path == "." {
            field.to_owned()
        } else {
            format!("{path}.{field}")
        };
        return AppError::WrongField(format!("缺少必填字段：{full}"));
    }
    let expected = message
        .strip_prefix("invalid type: ")
        .and_then(|rest| rest.split(", expected ").nth(1))
        .and_then(expected_in_chinese);
    match expected {
        Some(expected) => AppError::WrongField(format!("字段 {path} 类型错误，应为{expected}")),
        None => AppError::WrongField(format!("字段 {path} 的值不合法")),
    }
}

fn expected_in_chinese(expected: &str) -> Option<&'static str> {
    let expected = expected.trim();
    if expected.contains("string") {
        Some("字符串")
    } else if expected.contains("bool") {
        Some("布尔值")
    } else if [
        "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "integer",
    ]
    .iter()
    .any(|name| expected.contains(name))
    {
        Some("整数")
    } else if expected.contains("f32") || expected.contains("f64") {
        Some("数字")
    } else if expected.contains("sequence") {
        Some("数组")
    } else if expected.contains("struct") || expected.contains("map") {
        Some("对象")
    } else {
        None
    }
}

/// Query parameters whose failures are envelope errors like every other input.
pub struct AppQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for AppQuery<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        serde_urlencoded::from_str(query)
            .map(AppQuery)
            .map_err(|_| AppError::WrongField("查询参数格式错误".into()))
    }
}

/// Any answer the router itself produces for a path that no route serves.
pub async fn route_not_found() -> AppError {
    AppError::RouteNotFound
}

pub async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}

/// Turns a panic inside a handler into the generic 500 envelope (the panic is logged).
pub fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default();
    AppError::internal(format!("panic: {detail}")).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Login {
        username: String,
        password: String,
        remember: Option<bool>,
        count: Option<u32>,
    }

    fn message(body: &str) -> (u32, String) {
        let err = parse_json::<Login>(body.as_bytes()).unwrap_err();
        (err.code(), err.to_string())
    }

    #[test]
    fn a_good_body_parses_and_extra_fields_are_ignored() {
        let login: Login = parse_json(
            br#"{"username":"admin","password":"x","remember":true,"count":3,"token":""}"#,
        )
        .unwrap();
        assert_eq!(
            (login.username.as_str(), login.password.as_str()),
            ("admin", "x")
        );
        assert_eq!((login.remember, login.count), (Some(true), Some(3)));
    }

    #[test]
    fn syntax_errors_say_the_body_is_not_json() {
        assert_eq!(
            message("{\"username\":"),
            (10000001, "请求体不是合法的JSON".into())
        );
        assert_eq!(message("  "), (10000001, "请求体不能为空".into()));
        assert_eq!(message("[1,2]"), (10000001, "请求体应为JSON对象".into()));
    }

    #[test]
    fn missing_fields_are_named() {
        assert_eq!(
            message(r#"{"username":"admin"}"#),
            (10000002, "缺少必填字段：password".into())
        );
    }

    #[test]
    fn wrong_types_name_the_field_and_the_expected_type() {
        assert_eq!(
            message(r#"{"username":5,"password":"x"}"#),
            (10000002, "字段 username 类型错误，应为字符串".into())
        );
        assert_eq!(
            message(r#"{"username":"a","password":"x","remember":"yes"}"#),
            (10000002, "字段 remember 类型错误，应为布尔值".into())
        );
        assert_eq!(
            message(r#"{"username":"a","password":"x","count":-1}"#),
            (10000002, "字段 count 的值不合法".into())
        );
    }

    #[tokio::test]
    async fn a_panic_answers_the_generic_500_envelope() {
        let response = panic_response(Box::new("index out of bounds"));
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(
            body,
            json!({ "code": 10000500, "message": "服务器内部错误，请稍后再试" })
        );
    }

    #[test]
    fn the_readme_table_is_the_catalogue() {
        let readme = include_str!("../README.md");
        let table = catalogue::markdown_table();
        assert!(
            readme.contains(&table),
            "server/README.md's error-code table differs from core's catalogue; it should read:\n{table}"
        );
    }

    #[test]
    fn statuses_and_messages_come_from_the_catalogue() {
        assert_eq!(
            AppError::NotJson.status(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        assert_eq!(AppError::NotFound.status(), StatusCode::OK);
        assert_eq!(AppError::LoginRequired.code(), 10010003);
        assert_eq!(
            AppError::Throttled { minutes: 15 }.to_string(),
            "登录失败次数过多，请15分钟后再试"
        );
        assert_eq!(
            AppError::CodeTooFrequent { seconds: 60 }.to_string(),
            "验证码发送过于频繁，请60秒后再试"
        );
    }
}
