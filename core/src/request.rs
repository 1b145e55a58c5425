//! Request shaping and response classification (spec §7, §8): the one request client's rules,
//! as data in and data out. The SPA performs the fetch; core decides headers, query, body and
//! what a response means.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error_code::{ACCOUNT_LEFT, ACCOUNT_LOCKED};
use crate::messages::{LOGIN_AGAIN, LOGIN_EXPIRED, NETWORK_ERROR, REQUEST_FAILED};

/// §8: the server code for an expired or missing login (the catalogue's).
pub const LOGIN_EXPIRED_CODE: i64 = crate::error_code::LOGIN_REQUIRED.code as i64;
pub const DEFAULT_METHOD: &str = "POST";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum DataType {
    #[default]
    Json,
    FormData,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestSpec {
    #[serde(default)]
    pub method: Option<String>,
    pub url: String,
    #[serde(default)]
    pub data: Option<Value>,
    #[serde(default)]
    pub params: Option<Map<String, Value>>,
    #[serde(default)]
    pub data_type: DataType,
    /// Chat/AI requests carry the chat token and application id instead.
    #[serde(default)]
    pub chat: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestContext {
    #[serde(default)]
    pub token: Option<String>,
    #[serde(default)]
    pub user_id: Option<String>,
    #[serde(default)]
    pub site_id: Option<String>,
    #[serde(default)]
    pub chat_token: Option<String>,
    #[serde(default)]
    pub chat_app_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShapedRequest {
    pub method: String,
    /// The URL with its query string.
    pub url: String,
    pub headers: BTreeMap<String, String>,
    /// JSON body, the fields of a multipart body, or null for GET.
    pub body: Value,
    pub multipart: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ResponseOutcome {
    Success { data: Value },
    LoginExpired { message: String },
    Error { message: String, toast: bool },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlobWarning {
    pub message: String,
}

/// Shapes one request. GET sends data and params as the query (arrays repeated); other methods
/// send params as the query (arrays joined by commas) and data as the body, with the session
/// values merged in unless it is form data. siteId is always in the query; null, undefined and
/// '' are dropped, 0 and false kept.
pub fn shape_request(spec: &RequestSpec, ctx: &RequestContext) -> ShapedRequest {
    let method = spec
        .method
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .unwrap_or(DEFAULT_METHOD)
        .to_ascii_uppercase();
    let is_get = method == "GET";
    let site_id = present(&ctx.site_id).unwrap_or("0").to_string();
    let headers = session_headers(spec.chat, ctx, &site_id);

    let mut query: Vec<(String, Value)> = Vec::new();
    if let (true, Some(Value::Object(data))) = (is_get, &spec.data) {
        query.extend(data.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    if let Some(params) = &spec.params {
        query.extend(params.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    if !query.iter().any(|(k, _)| k == "siteId") {
        query.push(("siteId".into(), Value::String(site_id)));
    }
    let url = append_query(&spec.url, &encode_query(&query, is_get));

    let multipart = !is_get && spec.data_type == DataType::FormData;
    let body = if is_get {
        Value::Null
    } else if multipart {
        spec.data
            .clone()
            .unwrap_or_else(|| Value::Object(Map::new()))
    } else {
        merge_session(spec.data.clone(), &headers)
    };
    ShapedRequest {
        method,
        url,
        headers,
        body,
        multipart,
    }
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().filter(|v| !v.is_empty())
}

fn session_headers(chat: bool, ctx: &RequestContext, site_id: &str) -> BTreeMap<String, String> {
    let mut headers = BTreeMap::new();
    let pairs = if chat {
        [
            ("token", present(&ctx.chat_token)),
            ("thirdApplicationId", present(&ctx.chat_app_id)),
        ]
    } else {
        [
            ("token", present(&ctx.token)),
            ("userId", present(&ctx.user_id)),
        ]
    };
    for (name, value) in pairs {
        if let Some(value) = value {
            headers.insert(name.to_string(), value.to_string());
        }
    }
    if !chat {
        headers.insert("siteId".into(), site_id.into());
    }
    headers
}

/// The caller's own fields win over the merged session values.
fn merge_session(data: Option<Value>, headers: &BTreeMap<String, String>) -> Value {
    match data {
        None | Some(Value::Null) => merge_session(Some(Value::Object(Map::new())), headers),
        Some(Value::Object(mut fields)) => {
            for (name, value) in headers {
                fields
                    .entry(name.clone())
                    .or_insert_with(|| Value::String(value.clone()));
            }
            Value::Object(fields)
        }
        Some(other) => other,
    }
}

fn is_empty_value(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.is_empty(),
        Value::Array(items) => items.iter().all(is_empty_value),
        _ => false,
    }
}

/// A number as JavaScript prints it for the usual cases: whole numbers without a point,
/// others in their shortest form; not-a-number as ''.
pub(crate) fn number_text(number: f64) -> String {
    if number.fract() == 0.0 && number.abs() < 1e15 {
        (number as i64).to_string()
    } else {
        serde_json::Number::from_f64(number).map_or_else(String::new, |n| n.to_string())
    }
}

/// A scalar as JavaScript would print it; objects as JSON.
fn query_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Number(number) if number.is_f64() => {
            number.as_f64().map_or_else(String::new, number_text)
        }
        other => other.to_string(),
    }
}

fn encode_query(pairs: &[(String, Value)], repeat_arrays: bool) -> String {
    let mut parts = Vec::new();
    for (name, value) in pairs {
        if is_empty_value(value) {
            continue;
        }
        let name = encode_component(name);
        match value {
            Value::Array(items) => {
                let texts: Vec<String> = items
                    .iter()
                    .filter(|item| !is_empty_value(item))
                    .map(query_text)
                    .collect();
                if repeat_arrays {
                    parts.extend(
                        texts
                            .iter()
                            .map(|t| format!("{name}={}", encode_component(t))),
                    );
                } else {
                    parts.push(format!("{name}={}", encode_component(&texts.join(","))));
                }
            }
            scalar => parts.push(format!("{name}={}", encode_component(&query_text(scalar)))),
        }
    }
    parts.join("&")
}

fn append_query(url: &str, query: &str) -> String {
    if query.is_empty() {
        url.to_string()
    } else if url.contains('?') {
        let sep = if url.ends_with('?') || url.ends_with('&') {
            ""
        } else {
            "&"
        };
        format!("{url}{sep}{query}")
    } else {
        format!("{url}?{query}")
    }
}

/// Percent-encoding as the usual browser request client does: encodeURIComponent, but with
/// `: $ , [ ]` kept readable and spaces as `+`.
pub(crate) fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => out.push(byte as char),
            b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')' => out.push(byte as char),
            b':' | b'$' | b',' | b'[' | b']' => out.push(byte as char),
            b' ' => out.push('+'),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

fn response_code(body: &Value) -> Option<i64> {
    match body.get("code")? {
        Value::Number(n) => n.as_i64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

fn text_field<'a>(body: &'a Value, name: &str) -> Option<&'a str> {
    body.get(name)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

fn error_message(body: &Value) -> String {
    text_field(body, "message")
        .or_else(|| text_field(body, "errorMessage"))
        .unwrap_or(REQUEST_FAILED)
        .to_string()
}

/// What a response envelope means: code 0 is success (data, or {} when absent); code 10010003
/// or the message '请重新登录' is an expired login (told as 登录已过期, or as the account's lock
/// or departure when the server says that ended it); anything else is an error, toasted unless
/// the caller turned error messages off. A body that is not an envelope is a network error.
pub fn classify_response(body: &Value, show_error_message: bool) -> ResponseOutcome {
    let Some(code) = response_code(body) else {
        return ResponseOutcome::Error {
            message: NETWORK_ERROR.into(),
            toast: show_error_message,
        };
    };
    if code == 0 {
        let data = match body.get("data") {
            None | Some(Value::Null) => Value::Object(Map::new()),
            Some(data) => data.clone(),
        };
        return ResponseOutcome::Success { data };
    }
    if code == LOGIN_EXPIRED_CODE || text_field(body, "message") == Some(LOGIN_AGAIN) {
        let why = text_field(body, "message")
            .filter(|message| [ACCOUNT_LOCKED.message, ACCOUNT_LEFT.message].contains(message))
            .unwrap_or(LOGIN_EXPIRED);
        return ResponseOutcome::LoginExpired {
            message: why.into(),
        };
    }
    ResponseOutcome::Error {
        message: error_message(body),
        toast: show_error_message,
    }
}

/// A downloaded blob that is really a JSON error envelope: its message, shown as a warning.
pub fn classify_blob_text(text: &str) -> Option<BlobWarning> {
    let body: Value = serde_json::from_str(text.trim()).ok()?;
    match response_code(&body) {
        Some(code) if code != 0 => Some(BlobWarning {
            message: error_message(&body),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ctx() -> RequestContext {
        RequestContext {
            token: Some("t0k".into()),
            user_id: Some("7".into()),
            site_id: Some("3".into()),
            chat_token: Some("chat-t".into()),
            chat_app_id: Some("app-9".into()),
        }
    }

    fn spec(method: Option<&str>, data: Value, params: Value) -> RequestSpec {
        RequestSpec {
            method: method.map(String::from),
            url: "/api/v1/x".into(),
            data: Some(data),
            params: params.as_object().cloned(),
            ..RequestSpec::default()
        }
    }

    #[test]
    fn post_is_the_default_and_merges_session_values_into_the_body() {
        let shaped = shape_request(
            &spec(None, json!({"name": "滨江", "userId": "mine"}), json!({})),
            &ctx(),
        );
        assert_eq!(shaped.method, "POST");
        assert_eq!(shaped.url, "/api/v1/x?siteId=3");
        assert_eq!(shaped.headers["token"], "t0k");
        assert_eq!(shaped.headers["userId"], "7");
        assert_eq!(shaped.headers["siteId"], "3");
        assert_eq!(
            shaped.body,
            json!({"name": "滨江", "token": "t0k", "userId": "mine", "siteId": "3"})
        );
        assert!(!shaped.multipart);
    }

    #[test]
    fn post_params_join_arrays_with_commas_and_drop_empty_values() {
        let params = json!({"ids": [1, 2, 3], "zero": 0, "no": false, "gone": null, "blank": "", "q": "a b"});
        let shaped = shape_request(&spec(Some("post"), json!({}), params), &ctx());
        assert_eq!(
            shaped.url,
            "/api/v1/x?ids=1,2,3&no=false&q=a+b&zero=0&siteId=3"
        );
    }

    #[test]
    fn get_sends_data_as_query_with_repeated_arrays() {
        let shaped = shape_request(
            &spec(
                Some("GET"),
                json!({"a": [1, 2], "b": 0.5, "c": 2.0, "d": ""}),
                json!({"p": "中"}),
            ),
            &ctx(),
        );
        assert_eq!(
            shaped.url,
            "/api/v1/x?a=1&a=2&b=0.5&c=2&p=%E4%B8%AD&siteId=3"
        );
        assert_eq!(shaped.body, Value::Null);
    }

    #[test]
    fn numbers_print_as_javascript_prints_them() {
        assert_eq!(number_text(2.0), "2");
        assert_eq!(number_text(-0.0), "0");
        assert_eq!(number_text(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(number_text(f64::NAN), "");
    }

    #[test]
    fn form_data_is_multipart_and_not_merged() {
        let mut request = spec(Some("POST"), json!({"file": "x"}), json!({}));
        request.data_type = DataType::FormData;
        let shaped = shape_request(&request, &ctx());
        assert!(shaped.multipart);
        assert_eq!(shaped.body, json!({"file": "x"}));
    }

    #[test]
    fn chat_requests_use_the_chat_token_and_application_id() {
        let mut request = spec(Some("GET"), json!({}), json!({}));
        request.chat = true;
        let shaped = shape_request(&request, &ctx());
        assert_eq!(shaped.headers.len(), 2);
        assert_eq!(shaped.headers["token"], "chat-t");
        assert_eq!(shaped.headers["thirdApplicationId"], "app-9");
    }

    #[test]
    fn a_missing_site_is_zero_and_an_existing_query_is_extended() {
        let mut request = spec(Some("DELETE"), Value::Null, json!({}));
        request.url = "/api/v1/fm/login/getLoginUserInfo?chatLoginInfo=1".into();
        let shaped = shape_request(&request, &RequestContext::default());
        assert_eq!(
            shaped.url,
            "/api/v1/fm/login/getLoginUserInfo?chatLoginInfo=1&siteId=0"
        );
        assert_eq!(shaped.headers.get("token"), None);
        assert_eq!(shaped.body, json!({"siteId": "0"}));
    }

    #[test]
    fn classifies_responses_per_the_error_catalogue() {
        assert_eq!(
            classify_response(&json!({"code": 0, "data": [1]}), true),
            ResponseOutcome::Success { data: json!([1]) }
        );
        assert_eq!(
            classify_response(&json!({"code": 0}), true),
            ResponseOutcome::Success { data: json!({}) }
        );
        let expired = ResponseOutcome::LoginExpired {
            message: "登录已过期，请重新登录".into(),
        };
        assert_eq!(
            classify_response(&json!({"code": 10010003, "message": "x"}), true),
            expired
        );
        assert_eq!(
            classify_response(&json!({"code": 500, "message": "请重新登录"}), true),
            expired
        );
        // A lock or departure that ended the session is told as such.
        assert_eq!(
            classify_response(
                &json!({"code": 10010003, "message": "账号已被锁定，请联系管理员"}),
                true
            ),
            ResponseOutcome::LoginExpired {
                message: "账号已被锁定，请联系管理员".into()
            }
        );
        assert_eq!(
            classify_response(
                &json!({"code": 40001, "errorMessage": "手机号已存在"}),
                false
            ),
            ResponseOutcome::Error {
                message: "手机号已存在".into(),
                toast: false
            }
        );
        assert_eq!(
            classify_response(
                &json!({"code": "40001", "message": "名称重复", "errorMessage": "x"}),
                true
            ),
            ResponseOutcome::Error {
                message: "名称重复".into(),
                toast: true
            }
        );
        assert_eq!(
            classify_response(&json!("<html>"), true),
            ResponseOutcome::Error {
                message: "网络响应错误".into(),
                toast: true
            }
        );
    }

    #[test]
    fn a_blob_that_is_a_json_error_is_a_warning() {
        assert_eq!(
            classify_blob_text(r#"{"code":40004,"message":"导出数据过多"}"#),
            Some(BlobWarning {
                message: "导出数据过多".into()
            })
        );
        assert_eq!(classify_blob_text(r#"{"code":0}"#), None);
        assert_eq!(classify_blob_text("PK\u{3}\u{4}binary"), None);
    }
}
