//! The `#[wasm_bindgen]` facade: one thin layer that moves plain data between JavaScript and the
//! pure modules. Objects cross with serde-wasm-bindgen in JSON-compatible mode (maps become
//! plain objects, `None` becomes null); their TypeScript types are in `types.d.ts`. Malformed
//! input throws an `Error` with a Chinese message; nothing panics.
//!
//! Every object goes through `serde_json::Value` on its way: serde-wasm-bindgen is then
//! instantiated for that one type instead of for each of ours, which keeps the module about a
//! third smaller.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

mod chat;
mod customer;
mod deal;
mod display;
mod forms;
mod lead;
mod listing;
mod new_home_deal;
mod org;
mod vocab;

use crate::request::{RequestContext, RequestSpec};
use crate::{
    constants, guard, menu, messages, permission, query_crypto, request, routes, tabs, validate,
};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "MenuEntry[]")]
    pub type MenuEntryList;
    #[wasm_bindgen(typescript_type = "RouteTable")]
    pub type RouteTableJs;
    #[wasm_bindgen(typescript_type = "RouteRecord | undefined")]
    pub type RouteRecordOrUndefined;
    #[wasm_bindgen(typescript_type = "GuardInput")]
    pub type GuardInputJs;
    #[wasm_bindgen(typescript_type = "GuardDecision")]
    pub type GuardDecisionJs;
    #[wasm_bindgen(typescript_type = "Record<string, string>")]
    pub type StringRecord;
    #[wasm_bindgen(typescript_type = "Record<string, number>")]
    pub type NumberRecord;
    #[wasm_bindgen(typescript_type = "QueryDecryptResult")]
    pub type QueryDecryptResultJs;
    #[wasm_bindgen(typescript_type = "RouteMeta | null")]
    pub type RouteMetaOrNull;
    #[wasm_bindgen(typescript_type = "VisitedView")]
    pub type VisitedViewJs;
    #[wasm_bindgen(typescript_type = "VisitedView[]")]
    pub type VisitedViewList;
    #[wasm_bindgen(typescript_type = "AddVisitedViewResult")]
    pub type AddVisitedViewResultJs;
    #[wasm_bindgen(typescript_type = "RemoveVisitedViewResult")]
    pub type RemoveVisitedViewResultJs;
    #[wasm_bindgen(typescript_type = "PermissionDirectiveInput")]
    pub type PermissionDirectiveInputJs;
    #[wasm_bindgen(typescript_type = "FeatureInput")]
    pub type FeatureInputJs;
    #[wasm_bindgen(typescript_type = "number[]")]
    pub type NumberList;
    #[wasm_bindgen(typescript_type = "RequestSpec")]
    pub type RequestSpecJs;
    #[wasm_bindgen(typescript_type = "RequestContext")]
    pub type RequestContextJs;
    #[wasm_bindgen(typescript_type = "ShapedRequest")]
    pub type ShapedRequestJs;
    #[wasm_bindgen(typescript_type = "ResponseOutcome")]
    pub type ResponseOutcomeJs;
    #[wasm_bindgen(typescript_type = "BlobWarning | undefined")]
    pub type BlobWarningOrUndefined;
    #[wasm_bindgen(typescript_type = "unknown")]
    pub type Unknown;
    #[wasm_bindgen(typescript_type = "GrantNode[]")]
    pub type GrantNodeList;
    #[wasm_bindgen(typescript_type = "Grants")]
    pub type GrantsJs;
}

#[wasm_bindgen(start)]
fn start() {
    // A backstop only: no code path here is meant to panic.
    console_error_panic_hook::set_once();
}

pub(crate) fn to_js<T: Serialize + ?Sized, J: JsCast>(value: &T) -> Result<J, JsError> {
    let failed = |error: &dyn std::fmt::Display| JsError::new(&format!("数据转换失败：{error}"));
    serde_json::to_value(value)
        .map_err(|error| failed(&error))?
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map(JsCast::unchecked_into)
        .map_err(|error| failed(&error))
}

/// A plain object from key-value pairs (without sorting them first, which costs code size).
pub(crate) fn record<K: Into<String>, V: Into<Value>>(
    pairs: impl IntoIterator<Item = (K, V)>,
) -> Value {
    let mut object = serde_json::Map::new();
    for (key, value) in pairs {
        object.insert(key.into(), value.into());
    }
    Value::Object(object)
}

pub(crate) fn from_js<T: DeserializeOwned>(
    value: impl Into<JsValue>,
    what: &str,
) -> Result<T, JsError> {
    let failed = |error: &dyn std::fmt::Display| JsError::new(&format!("{what}格式错误：{error}"));
    let mut json: Value =
        serde_wasm_bindgen::from_value(value.into()).map_err(|error| failed(&error))?;
    // An optional TypeScript property set to `undefined` means "not given", as if absent.
    if let Value::Object(fields) = &mut json {
        fields.retain(|_, field| !field.is_null());
    }
    serde_json::from_value(json).map_err(|error| failed(&error))
}

// ---- menu & routes ----

#[wasm_bindgen(js_name = defaultMenuTree)]
pub fn default_menu_tree() -> Result<MenuEntryList, JsError> {
    to_js(&menu::default_menu_tree())
}

#[wasm_bindgen(js_name = buildRouteTable)]
pub fn build_route_table(menus: MenuEntryList) -> Result<RouteTableJs, JsError> {
    let menus: Vec<menu::MenuEntry> = from_js(menus, "菜单")?;
    to_js(&routes::build_route_table(&menus))
}

/// The grants a permission tree's ticks imply: an action grants its page, anything granted
/// grants every menu above it.
#[wasm_bindgen(js_name = closeGrants)]
pub fn close_grants(tree: GrantNodeList, ticked: GrantsJs) -> Result<GrantsJs, JsError> {
    let tree: Vec<menu::GrantNode> = from_js(tree, "权限树")?;
    let ticked: menu::Grants = from_js(ticked, "权限")?;
    to_js(&menu::close_grants(&tree, &ticked))
}

/// Reads only the route paths; the matching record goes back as it came.
#[wasm_bindgen(js_name = findRoute)]
pub fn find_route(table: RouteTableJs, pathname: &str) -> Result<RouteRecordOrUndefined, JsError> {
    let table: Value = from_js(table, "路由表")?;
    let routes = table["routes"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let paths = routes
        .iter()
        .map(|route| route["path"].as_str().unwrap_or_default());
    match routes::match_route(paths, pathname) {
        Some(index) => to_js(&routes[index]),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

#[wasm_bindgen(js_name = isLocalOrInternalHost)]
pub fn is_local_or_internal_host(hostname: &str) -> bool {
    permission::is_local_or_internal_host(hostname)
}

#[wasm_bindgen(js_name = useLocalMenu)]
pub fn use_local_menu(hostname: &str, local_menu_flag: bool) -> bool {
    permission::use_local_menu(hostname, local_menu_flag)
}

#[wasm_bindgen(js_name = logoutNotifiesServer)]
pub fn logout_notifies_server(hostname: &str) -> bool {
    permission::logout_notifies_server(hostname)
}

// ---- navigation guard and query protection ----

#[wasm_bindgen(js_name = guardDecision)]
pub fn guard_decision(input: GuardInputJs) -> Result<GuardDecisionJs, JsError> {
    let input: guard::GuardInput = from_js(input, "导航参数")?;
    to_js(&guard::guard_decision(&input))
}

#[wasm_bindgen(js_name = decryptQuery)]
pub fn decrypt_query(
    query: StringRecord,
    key: &str,
    iv: &str,
) -> Result<QueryDecryptResultJs, JsError> {
    let query: BTreeMap<String, String> = from_js(query, "url参数")?;
    to_js(&query_crypto::decrypt_query(&query, key, iv))
}

#[wasm_bindgen(js_name = encryptQueryValue)]
pub fn encrypt_query_value(value: &str, key: &str, iv: &str) -> String {
    query_crypto::encrypt_value_or_raw(value, key, iv)
}

#[wasm_bindgen(js_name = decryptQueryValue)]
pub fn decrypt_query_value(hex: &str, key: &str, iv: &str) -> String {
    query_crypto::decrypt_value_or_raw(hex, key, iv)
}

#[wasm_bindgen(js_name = withCachedParam)]
pub fn with_cached_param(query: StringRecord, now_ms: f64) -> Result<StringRecord, JsError> {
    let query: BTreeMap<String, String> = from_js(query, "url参数")?;
    to_js(&query_crypto::with_cached_param(query, now_ms))
}

#[wasm_bindgen(js_name = sanitizeQueryValue)]
pub fn sanitize_query_value(value: &str) -> String {
    query_crypto::sanitize_query_value(value)
}

// ---- tabs ----

/// A tab whose route meta passes through untouched.
type Tab = tabs::VisitedView<Value>;

#[wasm_bindgen(js_name = tabCap)]
pub fn tab_cap(page_width: Option<f64>) -> usize {
    tabs::tab_cap(page_width)
}

#[wasm_bindgen(js_name = makeVisitedView)]
pub fn make_visited_view(
    path: &str,
    full_path: &str,
    query: StringRecord,
    name: &str,
    meta: RouteMetaOrNull,
) -> Result<VisitedViewJs, JsError> {
    let query = from_js(query, "url参数")?;
    let meta: Option<Value> = from_js(meta, "路由信息")?;
    to_js(&tabs::make_visited_view(path, full_path, query, name, meta))
}

#[wasm_bindgen(js_name = addVisitedView)]
pub fn add_visited_view(
    views: VisitedViewList,
    view: VisitedViewJs,
    page_width: Option<f64>,
) -> Result<AddVisitedViewResultJs, JsError> {
    let views: Vec<Tab> = from_js(views, "标签页")?;
    let view: Tab = from_js(view, "标签页")?;
    to_js(&tabs::add_visited_view(views, view, page_width))
}

#[wasm_bindgen(js_name = removeVisitedView)]
pub fn remove_visited_view(
    views: VisitedViewList,
    path: &str,
) -> Result<RemoveVisitedViewResultJs, JsError> {
    let views: Vec<Tab> = from_js(views, "标签页")?;
    to_js(&tabs::remove_visited_view(views, path))
}

#[wasm_bindgen(js_name = nameVisitedView)]
pub fn name_visited_view(
    views: VisitedViewList,
    path: &str,
    subject: &str,
) -> Result<VisitedViewList, JsError> {
    let views: Vec<Tab> = from_js(views, "标签页")?;
    to_js(&tabs::name_visited_view(views, path, subject))
}

/// Each tab takes its route's current name and meta from the route table.
#[wasm_bindgen(js_name = refreshVisitedViews)]
pub fn refresh_visited_views(
    views: VisitedViewList,
    table: RouteTableJs,
) -> Result<VisitedViewList, JsError> {
    let views: Vec<Tab> = from_js(views, "标签页")?;
    let table: Value = from_js(table, "路由表")?;
    let routes = table["routes"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let paths = routes
        .iter()
        .map(|route| route["path"].as_str().unwrap_or_default());
    let refreshed = tabs::refresh_visited_views(views, |path| {
        let route = &routes[routes::match_route(paths.clone(), path)?];
        Some((route["name"].as_str()?.to_string(), route["meta"].clone()))
    });
    to_js(&refreshed)
}

// ---- permissions and session ----

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PermissionDirectiveInput {
    action: String,
    #[serde(default)]
    allowed_actions: Vec<String>,
    #[serde(default)]
    hostname: String,
    #[serde(default)]
    position_name: String,
}

#[wasm_bindgen(js_name = permissionDirectiveKeeps)]
pub fn permission_directive_keeps(input: PermissionDirectiveInputJs) -> Result<bool, JsError> {
    let input: PermissionDirectiveInput = from_js(input, "权限参数")?;
    Ok(permission::permission_directive_keeps(
        &input.action,
        &input.allowed_actions,
        &input.hostname,
        &input.position_name,
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FeatureInput {
    code: String,
    #[serde(default)]
    permissions: Vec<String>,
    #[serde(default)]
    position_name: String,
    #[serde(default)]
    hostname: String,
    #[serde(default)]
    local_menu_flag: bool,
}

#[wasm_bindgen(js_name = hasFeature)]
pub fn has_feature(input: FeatureInputJs) -> Result<bool, JsError> {
    let input: FeatureInput = from_js(input, "权限参数")?;
    Ok(permission::has_feature(
        &input.code,
        &input.permissions,
        &input.position_name,
        &input.hostname,
        input.local_menu_flag,
    ))
}

#[wasm_bindgen(js_name = superAdminPosition)]
pub fn super_admin_position() -> String {
    permission::SUPER_ADMIN_POSITION.into()
}

#[wasm_bindgen(js_name = pickSite)]
pub fn pick_site(saved_site_id: Option<f64>, site_ids: NumberList) -> Result<f64, JsError> {
    let site_ids: Vec<i64> = from_js(site_ids, "站点列表")?;
    let saved = saved_site_id
        .filter(|id| id.fract() == 0.0)
        .map(|id| id as i64);
    Ok(permission::pick_site(saved, &site_ids) as f64)
}

// ---- request shaping ----

/// A multipart body is the caller's own `data` object, so its `File`s reach the FormData intact.
#[wasm_bindgen(js_name = shapeRequest)]
pub fn shape_request(
    spec: RequestSpecJs,
    ctx: RequestContextJs,
) -> Result<ShapedRequestJs, JsError> {
    let data =
        js_sys::Reflect::get(&spec, &JsValue::from_str("data")).unwrap_or(JsValue::UNDEFINED);
    let spec: RequestSpec = from_js(spec, "请求参数")?;
    let ctx: RequestContext = from_js(ctx, "会话参数")?;
    let shaped = request::shape_request(&spec, &ctx);
    let js: ShapedRequestJs = to_js(&shaped)?;
    if shaped.multipart && !data.is_undefined() && !data.is_null() {
        js_sys::Reflect::set(&js, &JsValue::from_str("body"), &data)
            .map_err(|_| JsError::new("请求参数格式错误"))?;
    }
    Ok(js)
}

#[wasm_bindgen(js_name = classifyResponse)]
pub fn classify_response(
    body: Unknown,
    show_error_message: bool,
) -> Result<ResponseOutcomeJs, JsError> {
    let body: Value = from_js(body, "响应")?;
    to_js(&request::classify_response(&body, show_error_message))
}

#[wasm_bindgen(js_name = classifyBlobText)]
pub fn classify_blob_text(text: &str) -> Result<BlobWarningOrUndefined, JsError> {
    match request::classify_blob_text(text) {
        Some(warning) => to_js(&warning),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

// ---- texts and numbers ----

#[wasm_bindgen]
pub fn messages() -> Result<StringRecord, JsError> {
    to_js(&record(messages::all()))
}

#[wasm_bindgen]
pub fn constants() -> Result<NumberRecord, JsError> {
    to_js(&record(constants::numeric()))
}

/// §9 texts and the chat socket's text frames.
#[wasm_bindgen(js_name = textConstants)]
pub fn text_constants() -> Result<StringRecord, JsError> {
    let frames = [
        ("chatConnect", crate::chat::CONNECT),
        ("chatDisconnect", crate::chat::DISCONNECT),
        ("chatPing", crate::chat::PING),
        ("chatPong", crate::chat::PONG),
    ];
    to_js(&record(constants::textual().into_iter().chain(frames)))
}

// ---- validation ----

/// The message of the first broken rule, or undefined when the value passes.
#[wasm_bindgen]
pub fn validate(rule: &str, value: &str, required: bool) -> Option<String> {
    validate::check_named(rule, value, required)
        .err()
        .map(|error| error.message.to_string())
}

#[wasm_bindgen(js_name = ruleNames)]
pub fn rule_names() -> Vec<String> {
    validate::Rule::ALL
        .iter()
        .map(|rule| rule.name().to_string())
        .collect()
}
