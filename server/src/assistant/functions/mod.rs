//! The functions over the brokerage's own data an assistant may call (spec §7
//! `GET /api/v1/chat/function/list`): listing search, customer lookup, the month's contracts and
//! performance. An administrator ticks those an assistant may call; with a chat model that calls
//! functions configured, the model is offered them and each call runs **as the person asking**:
//! a [`Caller`] made from their chat token reaches the data through the same needs, `Scoped`
//! handles and views (owner and customer phones masked as on screen) as their list pages, so an
//! agent never learns from the assistant what their screens would not show them. Without a
//! configured model no function is offered or run.
//!
//! Every call is written down (name, arguments, outcome, rows) on the turn's chat log entry and
//! in the server log. A call that fails (no permission, bad arguments) gives the model an error
//! result to say so, never a failed answer.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use brokerdesk_core::chat::functions as functions_info;
use sea_orm::DatabaseConnection;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use axum::extract::State;

use crate::AppState;
use crate::access::Caller;
use crate::auth::Known;
use crate::chat::Functions;
use crate::error::{ApiResult, AppError, Envelope, ok};

mod data;

/// Rows a function gives the model at most.
pub const ROWS: usize = 10;

/// A function an assistant may call. What people read of it (its title and plain summary) is
/// core's `chat::functions`; what the model is told is here.
pub struct Function {
    /// What the model calls it by, and what an assistant stores.
    pub name: &'static str,
    /// What the model reads: what it answers, whose data, and how its arguments work.
    pub description: &'static str,
    /// Its arguments, as JSON Schema.
    parameters: fn() -> Value,
}

impl Function {
    pub fn parameters(&self) -> Value {
        (self.parameters)()
    }

    /// 房源搜索 (core `assistantFunction`).
    pub fn title(&self) -> &'static str {
        functions_info::info(self.name).map_or(self.name, |info| info.title)
    }

    /// What it answers in plain words (按区域、价格、户型搜索本人可见的二手房和租房).
    pub fn summary(&self) -> &'static str {
        functions_info::info(self.name).map_or("", |info| info.summary)
    }
}

pub const LISTING_SEARCH: &str = "listing_search";
pub const CUSTOMER_LOOKUP: &str = "customer_lookup";
pub const DEAL_SUMMARY: &str = "deal_summary";
pub const PERFORMANCE_SUMMARY: &str = "performance_summary";

fn month_parameter() -> Value {
    json!({ "type": "string", "description": "月份，格式 YYYY-MM（中国时间）；不填为本月", "pattern": "^\\d{4}-\\d{2}$" })
}

/// Every function, in the order the admin pages list them.
pub const FUNCTIONS: [Function; 4] = [
    Function {
        name: LISTING_SEARCH,
        description: "按区域、价格、户型、小区关键词搜索提问人能看到的二手房或租房房源（最多10条，最新录入在前）；业主电话按提问人在房源列表中的权限显示（非本人维护的为隐号）。",
        parameters: || {
            json!({
                "type": "object",
                "properties": {
                    "trade": { "type": "string", "enum": ["sale", "rent"], "description": "sale 二手房（默认），rent 租房" },
                    "district": { "type": "string", "description": "区域名称，如 西湖区" },
                    "minPrice": { "type": "integer", "minimum": 0, "description": "最低价格：二手房为总价（万元），租房为月租金（元）" },
                    "maxPrice": { "type": "integer", "minimum": 0, "description": "最高价格：二手房为总价（万元），租房为月租金（元）" },
                    "rooms": { "type": "integer", "minimum": 1, "maximum": 9, "description": "几室" },
                    "keyword": { "type": "string", "description": "小区名称、拼音首字母或房源编号" }
                },
                "additionalProperties": false
            })
        },
    },
    Function {
        name: CUSTOMER_LOOKUP,
        description: "按姓名或手机号后几位查找提问人能看到的客户（最多10条）：需求、预算、意向区域、状态、跟进计划；手机号按提问人在客户列表中的权限显示，号码被隐去的部分不能用来匹配。",
        parameters: || {
            json!({
                "type": "object",
                "properties": {
                    "name": { "type": "string", "description": "客户姓名或其中几个字" },
                    "phoneTail": { "type": "string", "pattern": "^\\d{3,11}$", "description": "手机号后几位（3-11位数字）" }
                },
                "additionalProperties": false
            })
        },
    },
    Function {
        name: DEAL_SUMMARY,
        description: "汇总某月签约的二手房买卖和租赁合同（提问人能看到的）：份数、各状态份数、成交总额、应收佣金，以及最近的几份合同。",
        parameters: || {
            json!({
                "type": "object",
                "properties": { "month": month_parameter() },
                "additionalProperties": false
            })
        },
    },
    Function {
        name: PERFORMANCE_SUMMARY,
        description: "某月结佣的业绩：range=mine 为提问人本人的业绩，range=store 为提问人所在门店的业绩及门店内每人的业绩。需要提问人有业绩页面的权限。",
        parameters: || {
            json!({
                "type": "object",
                "properties": {
                    "range": { "type": "string", "enum": ["mine", "store"], "description": "mine 我的业绩（默认），store 我所在门店的业绩" },
                    "month": month_parameter()
                },
                "additionalProperties": false
            })
        },
    },
];

/// The function named `name`.
pub fn find(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|function| function.name == name)
}

/// `names` without repeats, in the catalogue's order, when every one names a function; else
/// 业务函数不存在.
pub fn checked(names: &[String]) -> Result<Vec<String>, AppError> {
    if let Some(unknown) = names.iter().find(|name| find(name.trim()).is_none()) {
        return Err(AppError::invalid(
            "sourceIds",
            format!("业务函数不存在：{}", unknown.trim()),
        ));
    }
    Ok(FUNCTIONS
        .iter()
        .filter(|function| names.iter().any(|name| name.trim() == function.name))
        .map(|function| function.name.to_owned())
        .collect())
}

/// A function as `function/list` shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatFunction {
    /// What the model calls and what an assistant stores (`listing_search`).
    pub name: String,
    /// 房源搜索.
    pub title: String,
    /// What it answers, in plain words: what the admin pages show.
    pub summary: String,
    /// What the model is told of it.
    pub description: String,
    /// Its arguments as JSON Schema, as the model is given them.
    #[schema(value_type = Object)]
    pub parameters: Value,
}

impl From<&Function> for ChatFunction {
    fn from(function: &Function) -> Self {
        Self {
            name: function.name.to_owned(),
            title: function.title().to_owned(),
            summary: function.summary().to_owned(),
            description: function.description.to_owned(),
            parameters: function.parameters(),
        }
    }
}

/// The functions, and whether a model that calls them is configured (without one, none is
/// called: the assistant answers from its knowledge bases).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunctionList {
    pub model_configured: bool,
    pub list: Vec<ChatFunction>,
}

/// The functions an assistant may be allowed to call, with their arguments as the model is
/// given them. Any logged-in caller: it names functions, not data.
#[utoipa::path(get, path = "/api/v1/chat/function/list", tag = "assistant",
    security(("token" = [])),
    responses((status = 200, description = "The functions, in the admin pages' order", body = Envelope<FunctionList>)))]
pub async fn list(State(state): State<AppState>, caller: Caller) -> ApiResult<FunctionList> {
    caller.require(crate::access::Need::LOGIN)?;
    ok(FunctionList {
        model_configured: state.answerer.calls_functions(),
        list: FUNCTIONS.iter().map(ChatFunction::from).collect(),
    })
}

/// One call as written down.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CallRecord {
    pub name: String,
    pub arguments: String,
    pub ok: bool,
    /// Rows given to the model.
    pub rows: usize,
    /// Why it failed, as the model was told.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The functions one answer may call, run as its asker.
pub struct Runner {
    db: DatabaseConnection,
    known: Arc<Known>,
    /// The city site the asker chose (the socket's `siteId`): calls see its rows only.
    site: Option<i64>,
    allowed: Vec<&'static Function>,
    records: Mutex<Vec<CallRecord>>,
}

impl std::fmt::Debug for Runner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("user", &self.known.user.id)
            .field(
                "allowed",
                &self.allowed.iter().map(|f| f.name).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl Runner {
    /// The assistant's functions (`names`, as stored) for the person `known` working in
    /// `site`; none when it may call none.
    pub fn new(
        db: DatabaseConnection,
        known: Arc<Known>,
        site: Option<i64>,
        names: &[String],
    ) -> Option<Arc<Self>> {
        let allowed: Vec<&'static Function> = names.iter().filter_map(|n| find(n)).collect();
        if allowed.is_empty() {
            return None;
        }
        Some(Arc::new(Self {
            db,
            known,
            site,
            allowed,
            records: Mutex::new(Vec::new()),
        }))
    }

    /// The calls made so far, in order.
    pub fn records(&self) -> Vec<CallRecord> {
        self.records
            .lock()
            .map(|records| records.clone())
            .unwrap_or_default()
    }

    /// A fresh caller for the asker: the routes' own code takes one by value.
    fn caller(&self) -> Caller {
        Caller::for_chat(self.db.clone(), Arc::clone(&self.known), self.site)
    }
}

#[async_trait]
impl Functions for Runner {
    fn tools(&self) -> Vec<Value> {
        self.allowed
            .iter()
            .map(|function| {
                json!({
                    "type": "function",
                    "function": {
                        "name": function.name,
                        "description": function.description,
                        "parameters": function.parameters(),
                    }
                })
            })
            .collect()
    }

    async fn call(&self, name: &str, arguments: &str) -> String {
        let outcome = if self.allowed.iter().any(|function| function.name == name) {
            data::run(self, name, arguments).await
        } else {
            Err(AppError::invalid(
                "name",
                format!("该助手不能调用业务函数：{name}"),
            ))
        };
        let (text, record) = match outcome {
            Ok((value, rows)) => (
                value.to_string(),
                CallRecord {
                    name: name.to_owned(),
                    arguments: arguments.to_owned(),
                    ok: true,
                    rows,
                    error: None,
                },
            ),
            Err(err) => {
                if let AppError::Internal(detail) = &err {
                    tracing::error!(%detail, function = name, "an assistant function failed");
                }
                let message = err.to_string();
                (
                    json!({ "error": message }).to_string(),
                    CallRecord {
                        name: name.to_owned(),
                        arguments: arguments.to_owned(),
                        ok: false,
                        rows: 0,
                        error: Some(message),
                    },
                )
            }
        };
        tracing::info!(
            user = self.known.user.id,
            function = name,
            ok = record.ok,
            rows = record.rows,
            "assistant function called"
        );
        if let Ok(mut records) = self.records.lock() {
            records.push(record);
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_function_has_an_object_schema_and_chinese_words() {
        for function in &FUNCTIONS {
            let parameters = function.parameters();
            assert_eq!(parameters["type"], "object", "{}", function.name);
            assert!(parameters["properties"].is_object(), "{}", function.name);
            assert!(!function.title().is_ascii() && !function.description.is_ascii());
            assert!(!function.summary().is_empty(), "{}", function.name);
        }
    }

    #[test]
    fn names_are_checked_and_put_in_catalogue_order() {
        assert_eq!(
            checked(&[
                "performance_summary".into(),
                " listing_search".into(),
                "listing_search".into()
            ])
            .unwrap(),
            vec![
                "listing_search".to_owned(),
                "performance_summary".to_owned()
            ]
        );
        let refused = checked(&["drop_tables".into()]).unwrap_err();
        assert_eq!(refused.to_string(), "业务函数不存在：drop_tables");
    }
}
