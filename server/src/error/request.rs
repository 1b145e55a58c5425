//! Reading what a caller sends: JSON bodies and query strings whose every failure (not JSON,
//! malformed, wrong shape, too large) is an [`AppError`] in the envelope, with a Chinese message
//! that names the field at fault.

use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use serde::de::DeserializeOwned;

use super::AppError;

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
        let limit = super::BodyLimit::of(req.extensions());
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|rejection| match rejection {
                BytesRejection::FailedToBufferBody(inner)
                    if inner.status() == StatusCode::PAYLOAD_TOO_LARGE =>
                {
                    AppError::PayloadTooLarge(brokerdesk_core::error_code::payload_too_large(limit))
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
}
