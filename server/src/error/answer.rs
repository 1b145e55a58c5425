//! How an error answers: the catalogue entry it stands for (code and HTTP status), the envelope
//! body with its field errors, and the answers the router gives by itself (no route, wrong
//! method, a panic).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use brokerdesk_core::error_code::{self as catalogue, ErrorCode};

use super::AppError;

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
            Self::PayloadTooLarge(_) => &catalogue::PAYLOAD_TOO_LARGE,
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
        let readme = include_str!("../../README.md");
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
