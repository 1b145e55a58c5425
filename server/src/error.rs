//! The one error type of the server and the envelope every answer wears.
//!
//! Success is `{"code":0,"data":...}`; failure is `{"code":N,"message":"中文说明"}`, with
//! `"errors":{field:[message]}` added when one input field is at fault. Business errors answer
//! HTTP 200 (the client decides by `code`); protocol errors keep their HTTP status and still
//! carry the envelope, so no caller ever sees an HTML page or an empty body.
//!
//! | code | HTTP | message |
//! | --- | --- | --- |
//! | 0 | 200 | (success) |
//! | 10000001 | 400 | 请求体不是合法的JSON / 请求体不能为空 / 请求体应为JSON对象 |
//! | 10000002 | 400 | 缺少必填字段：x / 字段 x 类型错误，应为… / 字段 x 的值不合法 |
//! | 10000003 | 415 | 请求体必须为JSON（Content-Type: application/json） |
//! | 10000004 | 200 | a field failed validation; the message is the validator's (e.g. 仅支持中国大陆手机号码) |
//! | 10000403 | 200 | 无权访问该城市站点 |
//! | 10000404 | 404 | 接口不存在 |
//! | 10000405 | 405 | 请求方法不支持 |
//! | 10000409 | 200 | 数据已存在，请勿重复提交, or what exactly is taken (用户名已存在, ...) |
//! | 10000413 | 413 | 请求体过大，不能超过1MB |
//! | 10000500 | 500 | 服务器内部错误，请稍后再试 |
//! | 10010001 | 200 | 用户名或密码错误 |
//! | 10010003 | 200 | 登录已过期，请重新登录 (no, forged, expired or revoked token) |
//! | 10010004 | 200 | 密码错误次数过多，账号已锁定，请N分钟后再试 |
//! | 10010005 | 200 | 账号已被锁定，请联系管理员 |
//! | 10010006 | 200 | 账号已离职，无法登录 |
//! | 10010007 | 200 | 验证码错误或已过期 |
//! | 10010008 | 200 | 验证码发送过于频繁，请N秒后再试 |
//! | 10010009 | 200 | 该手机号已被其他账号使用 |
//! | 10010010 | 200 | 验证码错误次数过多，请重新获取 |
//! | 10010011 | 200 | 当前账号未绑定手机号 |
//! | 10010012 | 200 | 短信发送失败，请稍后再试 |
//! | 10010013 | 200 | 账号尚未入职，无法登录 |
//! | 10020001 | 200 | 无权限执行该操作 (the caller's roles lack the page or action the route needs) |
//! | 10020002 | 200 | 无权限访问该数据 (outside the caller's data scope) |
//! | 10020003 | 200 | 数据不存在或已被删除 |
//! | 10020004 | 200 | 不能授予超出自身范围的数据权限 (and the other anti-escalation refusals) |
//! | 10020005 | 200 | 当前状态为「X」，不能执行「Y」 (a status action the transition table refuses) |
//! | 10020006 | 200 | what still uses the record (该部门下还有下级部门或员工，无法删除, ...) |
//! | 10020007 | 200 | 全局数据仅超级管理员可修改 |

use axum::Json;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use sea_orm::{DbErr, SqlErr};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;

/// The body size every route accepts; the router installs it as the default limit.
pub const BODY_LIMIT_BYTES: usize = 1024 * 1024;

/// The message of a row outside the caller's data scope.
pub const OUT_OF_SCOPE: &str = "无权限访问该数据";

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
    #[error("请求体必须为JSON（Content-Type: application/json）")]
    NotJson,
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("接口不存在")]
    RouteNotFound,
    #[error("请求方法不支持")]
    MethodNotAllowed,
    #[error("数据已存在，请勿重复提交")]
    Duplicate,
    /// A duplicate, saying what is taken.
    #[error("{0}")]
    Conflict(String),
    #[error("请求体过大，不能超过1MB")]
    PayloadTooLarge,
    #[error("服务器内部错误，请稍后再试")]
    Internal(String),
    #[error("用户名或密码错误")]
    BadCredentials,
    /// The client's expiry flow keys on this code (spec §8); the text is core's.
    #[error("{}", brokerdesk_core::messages::LOGIN_EXPIRED)]
    LoginRequired,
    #[error("密码错误次数过多，账号已锁定，请{minutes}分钟后再试")]
    Throttled { minutes: i64 },
    #[error("账号已被锁定，请联系管理员")]
    AccountLocked,
    #[error("账号已离职，无法登录")]
    AccountLeft,
    #[error("验证码错误或已过期")]
    CodeInvalid,
    #[error("验证码发送过于频繁，请{seconds}秒后再试")]
    CodeTooFrequent { seconds: i64 },
    #[error("该手机号已被其他账号使用")]
    MobileTaken,
    #[error("验证码错误次数过多，请重新获取")]
    CodeAttemptsExceeded,
    #[error("当前账号未绑定手机号")]
    NoMobile,
    #[error("短信发送失败，请稍后再试")]
    SmsFailed,
    #[error("账号尚未入职，无法登录")]
    AccountPending,
    #[error("无权限执行该操作")]
    NoPermission,
    #[error("{0}")]
    OutOfScope(&'static str),
    #[error("数据不存在或已被删除")]
    NotFound,
    #[error("{0}")]
    GrantTooWide(&'static str),
    #[error("{0}")]
    TransitionRefused(String),
    #[error("{0}")]
    InUse(String),
    #[error("全局数据仅超级管理员可修改")]
    GlobalOnly,
}

impl AppError {
    pub fn code(&self) -> u32 {
        match self {
            Self::MalformedJson(_) => 10000001,
            Self::WrongField(_) => 10000002,
            Self::NotJson => 10000003,
            Self::Invalid { .. } => 10000004,
            Self::Forbidden(_) => 10000403,
            Self::RouteNotFound => 10000404,
            Self::MethodNotAllowed => 10000405,
            Self::Duplicate | Self::Conflict(_) => 10000409,
            Self::PayloadTooLarge => 10000413,
            Self::Internal(_) => 10000500,
            Self::BadCredentials => 10010001,
            Self::LoginRequired => 10010003,
            Self::Throttled { .. } => 10010004,
            Self::AccountLocked => 10010005,
            Self::AccountLeft => 10010006,
            Self::CodeInvalid => 10010007,
            Self::CodeTooFrequent { .. } => 10010008,
            Self::MobileTaken => 10010009,
            Self::CodeAttemptsExceeded => 10010010,
            Self::NoMobile => 10010011,
            Self::SmsFailed => 10010012,
            Self::AccountPending => 10010013,
            Self::NoPermission => 10020001,
            Self::OutOfScope(_) => 10020002,
            Self::NotFound => 10020003,
            Self::GrantTooWide(_) => 10020004,
            Self::TransitionRefused(_) => 10020005,
            Self::InUse(_) => 10020006,
            Self::GlobalOnly => 10020007,
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::MalformedJson(_) | Self::WrongField(_) => StatusCode::BAD_REQUEST,
            Self::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::RouteNotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::OK,
        }
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

impl From<brokerdesk_core::org::fields::FieldError> for AppError {
    fn from(err: brokerdesk_core::org::fields::FieldError) -> Self {
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

impl From<DbErr> for AppError {
    fn from(err: DbErr) -> Self {
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => Self::Duplicate,
            _ => Self::internal(err),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let Self::Internal(detail) = &self {
            // Logged inside the request's trace span, so the log line carries method and path.
            tracing::error!(%detail, "request failed");
        }
        let mut body = json!({ "code": self.code(), "message": self.to_string() });
        if let Self::Invalid { field, message } = &self {
            body["errors"] = json!({ *field: [message] });
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
    fn other_database_errors_are_internal_and_say_nothing_of_it() {
        let err = AppError::from(DbErr::Custom("boom".into()));
        assert_eq!(err.code(), 10000500);
        assert_eq!(err.to_string(), "服务器内部错误，请稍后再试");
    }
}
