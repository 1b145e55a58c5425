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
use brokerdesk_core::decimal::Decimal;
use brokerdesk_core::enums;
use brokerdesk_core::format::fen_amount;
use brokerdesk_core::listing::trade::Trade;
use chrono::{Datelike, NaiveDate};
use sea_orm::{ColumnTrait, DatabaseConnection, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use axum::extract::State;

use crate::AppState;
use crate::access::{Caller, need};
use crate::auth::Known;
use crate::chat::Functions;
use crate::entity::{customer, deal_contract, district, listing};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::paging::PageQuery;

/// Rows a function gives the model at most.
pub const ROWS: usize = 10;

/// A function an assistant may call.
pub struct Function {
    /// What the model calls it by, and what an assistant stores.
    pub name: &'static str,
    /// What the admin pages show.
    pub title: &'static str,
    /// What the model and the admin read: what it answers, and whose data.
    pub description: &'static str,
    /// Its arguments, as JSON Schema.
    parameters: fn() -> Value,
}

impl Function {
    pub fn parameters(&self) -> Value {
        (self.parameters)()
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
        title: "房源搜索",
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
        title: "客户查询",
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
        title: "成交合同汇总",
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
        title: "业绩汇总",
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
    pub description: String,
    /// Its arguments as JSON Schema, as the model is given them.
    #[schema(value_type = Object)]
    pub parameters: Value,
}

impl From<&Function> for ChatFunction {
    fn from(function: &Function) -> Self {
        Self {
            name: function.name.to_owned(),
            title: function.title.to_owned(),
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
    /// The assistant's functions (`names`, as stored) for the person `known`; none when it may
    /// call none.
    pub fn new(db: DatabaseConnection, known: Arc<Known>, names: &[String]) -> Option<Arc<Self>> {
        let allowed: Vec<&'static Function> = names.iter().filter_map(|n| find(n)).collect();
        if allowed.is_empty() {
            return None;
        }
        Some(Arc::new(Self {
            db,
            known,
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
        Caller::for_chat(self.db.clone(), Arc::clone(&self.known), None)
    }

    async fn run(&self, name: &str, arguments: &str) -> Result<(Value, usize), AppError> {
        let arguments = if arguments.trim().is_empty() {
            "{}"
        } else {
            arguments
        };
        match name {
            LISTING_SEARCH => listing_search(&self.caller(), parse(arguments)?).await,
            CUSTOMER_LOOKUP => customer_lookup(&self.caller(), parse(arguments)?).await,
            DEAL_SUMMARY => deal_summary(&self.caller(), parse(arguments)?).await,
            PERFORMANCE_SUMMARY => performance_summary(self, parse(arguments)?).await,
            _ => Err(AppError::invalid("name", format!("业务函数不存在：{name}"))),
        }
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
            self.run(name, arguments).await
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

fn parse<T: serde::de::DeserializeOwned>(arguments: &str) -> Result<T, AppError> {
    serde_json::from_str(arguments)
        .map_err(|err| AppError::invalid("arguments", format!("函数参数格式不正确：{err}")))
}

fn label(table: &str, value: i64) -> String {
    enums::table(table)
        .and_then(|table| table.label_of(value))
        .map_or_else(|| value.to_string(), str::to_owned)
}

fn area_text(hundredths: i64) -> String {
    format!(
        "{}㎡",
        Decimal::from_hundredths(hundredths)
            .trimmed()
            .to_text(false)
    )
}

fn page(size: usize) -> PageQuery {
    PageQuery {
        page_num: Some(1),
        page_size: i64::try_from(size).ok(),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListingArgs {
    trade: Option<String>,
    district: Option<String>,
    min_price: Option<u32>,
    max_price: Option<u32>,
    rooms: Option<i16>,
    keyword: Option<String>,
}

/// 房源搜索: the trade's list as the asker's list page reads it (its need, scope and view),
/// narrowed by district, price, rooms and keyword.
async fn listing_search(caller: &Caller, args: ListingArgs) -> Result<(Value, usize), AppError> {
    let trade = match args.trade.as_deref().map(str::trim).unwrap_or_default() {
        "" | "sale" | "二手房" => Trade::Sale,
        "rent" | "lease" | "租房" => Trade::Lease,
        _ => {
            return Err(AppError::invalid(
                "trade",
                "房源类型只能是 sale（二手房）或 rent（租房）",
            ));
        }
    };
    let scoped = caller.require(crate::listing::needs(trade).list)?;
    let query = crate::listing::ListingQuery {
        keyword: args.keyword.clone(),
        ..Default::default()
    };
    let mut select = crate::listing::filtered(trade, &scoped, &query).await?;
    if let Some(name) = args
        .district
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        let db = scoped.unscoped();
        let ids: Vec<i64> = db
            .values(
                db.find::<district::Entity>()
                    .filter(district::Column::Name.contains(name)),
                district::Column::Id,
            )
            .await?;
        if ids.is_empty() {
            return Err(AppError::invalid(
                "district",
                format!("没有名为“{name}”的区域"),
            ));
        }
        select = select.filter(listing::Column::DistrictId.is_in(ids));
    }
    if let Some(rooms) = args.rooms {
        select = select.filter(listing::Column::Rooms.eq(rooms));
    }
    // 万 of a sale's total, 元 of a monthly rent, as fen.
    let fen_per_unit: i64 = match trade {
        Trade::Sale => 1_000_000,
        Trade::Lease => 100,
    };
    if let Some(min) = args.min_price {
        select = select.filter(listing::Column::Price.gte(i64::from(min) * fen_per_unit));
    }
    if let Some(max) = args.max_price {
        select = select.filter(listing::Column::Price.lte(i64::from(max) * fen_per_unit));
    }
    let found = scoped
        .page_by_key(
            select
                .order_by_desc(listing::Column::CreatedAt)
                .order_by_desc(listing::Column::Id),
            listing::Column::Id,
            page(ROWS),
        )
        .await?;
    let rows = crate::listing::view::rows(&scoped.unscoped(), caller, &found.list).await?;
    let unit = match trade {
        Trade::Sale => "",
        Trade::Lease => "/月",
    };
    let shown: Vec<Value> = rows
        .iter()
        .map(|row| {
            json!({
                "id": row.id,
                "trade": match trade { Trade::Sale => "二手房", Trade::Lease => "租房" },
                "communityName": row.community_name,
                "districtName": row.district_name,
                "businessCircleName": row.business_circle_name,
                "roomLabel": row.room_label,
                "layout": format!("{}室{}厅{}卫", row.rooms, row.halls, row.baths),
                "area": area_text(row.area),
                "floor": format!("{}/{}层", row.floor, row.total_floors),
                "price": format!("{}元{unit}", fen_amount(row.price)),
                "status": label("houseStatus", i64::from(row.status)),
                "pool": label("housePool", i64::from(row.pool)),
                "maintainerName": row.maintainer_name,
                "storeName": row.store_name,
                "ownerName": row.owner_name,
                "ownerPhone": row.owner_phone,
                "phoneAccess": row.phone_access,
            })
        })
        .collect();
    let count = shown.len();
    Ok((json!({ "total": found.total, "rows": shown }), count))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CustomerArgs {
    name: Option<String>,
    phone_tail: Option<String>,
}

/// 客户查询: the customers the asker's customer list reads, by name or the end of the phone
/// as the asker sees it.
async fn customer_lookup(caller: &Caller, args: CustomerArgs) -> Result<(Value, usize), AppError> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let name = args
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let tail = args
        .phone_tail
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    if name.is_none() && tail.is_none() {
        return Err(AppError::invalid("name", "请给出客户姓名或手机号后几位"));
    }
    let mut select = scoped.read::<customer::Entity>();
    if let Some(name) = name {
        select = select.filter(customer::Column::Name.contains(name));
    }
    if let Some(tail) = tail {
        if !(3..=11).contains(&tail.len()) || !tail.chars().all(|c| c.is_ascii_digit()) {
            return Err(AppError::invalid("phoneTail", "手机号后几位须为3-11位数字"));
        }
        select = select.filter(customer::Column::PhoneKey.ends_with(tail));
    }
    let found = scoped
        .page_by_key(
            select
                .order_by_desc(customer::Column::CreatedAt)
                .order_by_desc(customer::Column::Id),
            customer::Column::Id,
            page(ROWS),
        )
        .await?;
    let mut rows = crate::customer::view::rows(&scoped.unscoped(), caller, &found.list).await?;
    if let Some(tail) = tail {
        // Only what the asker's screen shows may match: a tail inside the masked digits does not.
        rows.retain(|row| {
            let digits: String = row.phone.chars().filter(char::is_ascii_digit).collect();
            digits.ends_with(tail)
        });
    }
    let shown: Vec<Value> = rows
        .iter()
        .map(|row| {
            let rental = i64::from(row.demand) == brokerdesk_core::customer::wish::RENTAL_DEMAND;
            let money = |fen: Option<i64>| {
                fen.map(|fen| format!("{}元{}", fen_amount(fen), if rental { "/月" } else { "" }))
            };
            json!({
                "id": row.id,
                "name": row.name,
                "phone": row.phone,
                "phoneAccess": row.phone_access,
                "level": label("customerLevel", i64::from(row.level)),
                "demand": label("customerDemand", i64::from(row.demand)),
                "budgetMin": money(row.budget_min),
                "budgetMax": money(row.budget_max),
                "areaMin": row.area_min.map(area_text),
                "areaMax": row.area_max.map(area_text),
                "districtNames": row.district_names,
                "rooms": row.rooms,
                "status": label("customerStatus", i64::from(row.status)),
                "pool": label("customerPool", i64::from(row.pool)),
                "ownerName": row.owner_name,
                "storeName": row.store_name,
                "nextFollowUpOn": row.next_follow_up_on,
                "followUpDue": row.follow_up_due,
            })
        })
        .collect();
    let count = shown.len();
    Ok((json!({ "rows": shown }), count))
}

/// `YYYY-MM` (default this month, China time) as its first day and the next month's.
fn month_of(text: Option<&str>) -> Result<(String, NaiveDate, NaiveDate), AppError> {
    let text = text.map(str::trim).unwrap_or_default();
    let first = if text.is_empty() {
        let today = crate::form::today();
        NaiveDate::from_ymd_opt(today.year(), today.month(), 1)
    } else {
        NaiveDate::parse_from_str(&format!("{text}-01"), "%Y-%m-%d").ok()
    }
    .ok_or_else(|| AppError::invalid("month", "月份格式应为 YYYY-MM"))?;
    let next = first
        .checked_add_months(chrono::Months::new(1))
        .ok_or_else(|| AppError::invalid("month", "月份格式应为 YYYY-MM"))?;
    Ok((first.format("%Y-%m").to_string(), first, next))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MonthArgs {
    month: Option<String>,
}

/// 成交合同汇总: contracts signed in the month, of each kind whose list the asker may read,
/// within their scope.
async fn deal_summary(caller: &Caller, args: MonthArgs) -> Result<(Value, usize), AppError> {
    use brokerdesk_core::deal::contract::ContractKind;
    let (month, first, next) = month_of(args.month.as_deref())?;
    let mut kinds = Vec::new();
    let mut given = 0;
    for kind in [ContractKind::Sale, ContractKind::Lease] {
        if !caller.allows(crate::deal::needs_of(kind).read) {
            continue;
        }
        let scoped = caller.require(crate::deal::needs_of(kind).read)?;
        let rows = scoped
            .all(
                scoped
                    .read::<deal_contract::Entity>()
                    .filter(deal_contract::Column::Kind.eq(kind.code()))
                    .filter(deal_contract::Column::SignedOn.gte(first))
                    .filter(deal_contract::Column::SignedOn.lt(next))
                    .order_by_desc(deal_contract::Column::SignedOn)
                    .order_by_desc(deal_contract::Column::Id),
            )
            .await?;
        let db = scoped.unscoped();
        let names =
            crate::history::names_of(&db, rows.iter().take(5).map(|row| row.agent_id)).await?;
        let mut statuses: Vec<(String, usize)> = Vec::new();
        for row in &rows {
            let status = label("contractStatus", i64::from(row.status));
            match statuses.iter_mut().find(|(name, _)| *name == status) {
                Some(entry) => entry.1 += 1,
                None => statuses.push((status, 1)),
            }
        }
        let recent: Vec<Value> = rows
            .iter()
            .take(5)
            .map(|row| {
                json!({
                    "code": row.code,
                    "address": row.address,
                    "agentName": names.get(&row.agent_id).cloned().unwrap_or_default(),
                    "price": format!("{}元", fen_amount(row.price)),
                    "commission": format!("{}元", fen_amount(row.owner_commission + row.customer_commission)),
                    "status": label("contractStatus", i64::from(row.status)),
                    "signedOn": row.signed_on.map(|day| day.to_string()),
                })
            })
            .collect();
        given += recent.len();
        kinds.push(json!({
            "kind": label("contractKind", i64::from(kind.code())),
            "count": rows.len(),
            "byStatus": statuses.into_iter().map(|(status, count)| json!({ "status": status, "count": count })).collect::<Vec<_>>(),
            "totalPrice": format!("{}元", fen_amount(rows.iter().map(|row| row.price).sum())),
            "totalCommission": format!("{}元", fen_amount(rows.iter().map(|row| row.owner_commission + row.customer_commission).sum())),
            "recent": recent,
        }));
    }
    if kinds.is_empty() {
        return Err(AppError::NoPermission);
    }
    Ok((json!({ "month": month, "kinds": kinds }), given))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PerformanceArgs {
    range: Option<String>,
    month: Option<String>,
}

/// The 业绩 page's own summary, grouped by `group`, as the asker reads it.
async fn achievement(
    runner: &Runner,
    month: &str,
    group: &str,
) -> Result<crate::deal::AchievementReport, AppError> {
    let query = crate::deal::AchievementQuery {
        month: month.to_owned(),
        group: group.to_owned(),
    };
    let answer = crate::deal::achievement::summary(runner.caller(), AppJson(query)).await?;
    Ok(answer.0.data)
}

/// 业绩汇总: the asker's own month or their store's, from the 业绩 page's summary (its need and
/// scope).
async fn performance_summary(
    runner: &Runner,
    args: PerformanceArgs,
) -> Result<(Value, usize), AppError> {
    let (month, _, _) = month_of(args.month.as_deref())?;
    let me = &runner.known.user;
    match args.range.as_deref().map(str::trim).unwrap_or_default() {
        "" | "mine" => {
            let report = achievement(runner, &month, "agent").await?;
            let mine = report.rows.iter().find(|row| row.id == me.id);
            Ok((
                json!({
                    "month": report.month,
                    "name": me.real_name,
                    "deals": mine.map_or(0, |row| row.deals),
                    "amount": format!("{}元", fen_amount(mine.map_or(0, |row| row.amount))),
                }),
                1,
            ))
        }
        "store" => {
            let Some(store) = me.store_id else {
                return Err(AppError::invalid("range", "你不属于任何门店，没有门店业绩"));
            };
            let stores = achievement(runner, &month, "store").await?;
            let agents = achievement(runner, &month, "agent").await?;
            let db = crate::access::Unscoped::new(&runner.db);
            let store_name = db
                .names::<crate::entity::store::Entity>(
                    crate::entity::store::Column::Id,
                    crate::entity::store::Column::Name,
                    [store],
                )
                .await?
                .remove(&store)
                .unwrap_or_default();
            let total = stores.rows.iter().find(|row| row.id == store);
            let people: Vec<Value> = agents
                .rows
                .iter()
                .filter(|row| row.store_name == store_name)
                .map(|row| {
                    json!({ "name": row.name, "deals": row.deals, "amount": format!("{}元", fen_amount(row.amount)) })
                })
                .collect();
            let count = people.len() + 1;
            Ok((
                json!({
                    "month": stores.month,
                    "storeName": store_name,
                    "deals": total.map_or(0, |row| row.deals),
                    "amount": format!("{}元", fen_amount(total.map_or(0, |row| row.amount))),
                    "agents": people,
                }),
                count,
            ))
        }
        _ => Err(AppError::invalid(
            "range",
            "range 只能是 mine（我的）或 store（我的门店）",
        )),
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
            assert!(!function.title.is_ascii() && !function.description.is_ascii());
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

    #[test]
    fn months_default_to_this_one_and_refuse_nonsense() {
        let (month, first, next) = month_of(Some("2026-12")).unwrap();
        assert_eq!(month, "2026-12");
        assert_eq!(
            (first.to_string(), next.to_string()),
            ("2026-12-01".into(), "2027-01-01".into())
        );
        assert!(month_of(Some("十二月")).is_err());
        assert_eq!(month_of(None).unwrap().0.len(), 7);
    }
}
