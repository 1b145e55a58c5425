//! What the report routes take and answer.

use brokerdesk_core::forms::{self, Form};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::form::CoreForm;
use crate::history::StatusChange;
use crate::paging::PageQuery;

/// 报备 a customer to a project distributed to the caller's company or store.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportAdd {
    #[serde(default)]
    pub project_id: Option<i64>,
    #[serde(default)]
    pub customer_name: String,
    /// §3 sex.
    #[serde(default)]
    pub customer_sex: Option<i64>,
    /// Whole (全号报备) or 前三后四 (隐号报备, `138****5678`), as the project's rule says.
    #[serde(default)]
    pub customer_phone: String,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    pub visit_date: String,
    /// core `timeOfDay`.
    #[serde(default)]
    pub visit_slot: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

impl CoreForm for ReportAdd {
    const FORM: &'static Form = &forms::REPORT;
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportQuery {
    /// core `reportStatus`.
    #[serde(default)]
    pub status: Option<i64>,
    /// Any of these core `reportStatus` codes (empty: every status); 报备审核 opens on core's
    /// `AWAITING_PROJECT_SIDE`.
    #[serde(default)]
    pub statuses: Option<Vec<i64>>,
    #[serde(default)]
    pub project_id: Option<i64>,
    /// Customer name, phone digits or report number.
    #[serde(default)]
    pub keyword: Option<String>,
    /// Only the caller's own reports.
    #[serde(default)]
    pub mine: bool,
    #[serde(flatten)]
    pub page: PageQuery,
}

/// A move of core's report table: `approve`, `reject`, `visit`, `invalidate` or `close`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportTransition {
    pub id: i64,
    pub action: String,
    /// Required for `reject` and `invalidate`.
    #[serde(default)]
    pub reason: String,
}

/// A project the caller may report to, with its reporting rule.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportProject {
    pub id: i64,
    pub name: String,
    /// core `reportPhoneMode`: 1 全号报备, 2 隐号报备.
    pub phone_mode: i16,
    pub protection_days: i32,
    pub visit_days: i32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRow {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub customer_name: String,
    pub customer_sex: Option<i16>,
    pub customer_phone: String,
    pub visit_date: String,
    pub visit_slot: i16,
    pub remark: String,
    pub status: i16,
    pub status_label: String,
    pub reason: String,
    pub reporter_id: i64,
    pub reporter_name: String,
    pub store_id: Option<i64>,
    pub store_name: String,
    /// Epoch milliseconds.
    pub reported_at: i64,
    pub protected_until: i64,
    pub approved_at: Option<i64>,
    pub visit_deadline: Option<i64>,
    pub visited_at: Option<i64>,
    /// The deal declared on it, if any.
    pub deal_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDetail {
    #[serde(flatten)]
    pub row: ReportRow,
    /// core `reportAction` codes this caller may take now.
    pub actions: Vec<String>,
    /// Whether this caller may declare a deal on it now.
    pub may_declare: bool,
    pub history: Vec<StatusChange>,
}

/// One line of a performance split as the declaration sends it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealShareBody {
    /// §3 performance type: 1 客户成交人, 2 客户合作人, 3 项目方分成.
    pub kind: i64,
    /// The colleague credited; none for the project side's share.
    #[serde(default)]
    pub user_id: Option<i64>,
    /// Basis points (12.5% = 1250); the lines total 10,000.
    pub bp: i64,
}

/// What a declaration sets: the unit, its area (㎡) and total price (元) as typed, the deal
/// day, and the split.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealForm {
    #[serde(default)]
    pub unit: String,
    #[serde(default)]
    pub area: String,
    #[serde(default)]
    pub price: String,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    pub deal_date: String,
    #[serde(default)]
    pub shares: Vec<DealShareBody>,
}

/// 申报成交 on a visited report.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealAdd {
    #[serde(default)]
    pub report_id: Option<i64>,
    #[serde(flatten)]
    pub form: DealForm,
}

impl CoreForm for DealAdd {
    const FORM: &'static Form = &forms::NEW_HOME_DEAL;
}

/// A declaration changed while its split waits for review.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: DealForm,
}

impl CoreForm for DealEdit {
    const FORM: &'static Form = &forms::NEW_HOME_DEAL;
}

/// What the declaration page needs: the report, and (once a price and day are typed) the
/// commission the project's rule gives.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealPrepare {
    pub report_id: i64,
    /// 成交总价 in 元 as typed.
    #[serde(default)]
    pub price: String,
    /// `YYYY-MM-DD`; today when empty.
    #[serde(default)]
    pub deal_date: String,
}

/// A colleague a split line may credit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Colleague {
    pub id: i64,
    pub name: String,
    pub store_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealPrepared {
    pub report: ReportRow,
    /// People of the reporting store (its company's for a report made outside a store), for the
    /// split lines.
    pub colleagues: Vec<Colleague>,
    /// Fen, from the project's rule on the deal day; `None` until a price is typed or when no
    /// rule applies (then `commissionMessage` says so).
    pub commission: Option<i64>,
    pub commission_message: String,
    /// The rule applied, as people read it (`成交价的3.5%`, `每套20000元`).
    pub rule_text: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealQuery {
    /// core `dealStatus`.
    #[serde(default)]
    pub status: Option<i64>,
    /// Unit, customer name or deal number.
    #[serde(default)]
    pub keyword: Option<String>,
    /// Only deals the caller declared.
    #[serde(default)]
    pub mine: bool,
    #[serde(flatten)]
    pub page: PageQuery,
}

/// A new-home deal as lists show it. Money in fen, area in hundredths of ㎡.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealRow {
    pub id: i64,
    pub report_id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub customer_name: String,
    pub customer_phone: String,
    pub unit: String,
    pub area: i64,
    pub price: i64,
    pub commission: i64,
    /// `YYYY-MM-DD`.
    pub deal_date: String,
    /// core `dealStatus`.
    pub status: i16,
    pub status_label: String,
    pub declarer_id: i64,
    pub declarer_name: String,
    pub store_name: String,
    /// Its commission order, once the split is approved.
    pub order_id: Option<i64>,
    /// core `orderStatus` of that order.
    pub order_status: Option<i16>,
    pub paid: i64,
    pub created_at: i64,
}

/// One line of a deal's split with its part of the commission.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealShareView {
    pub kind: i16,
    pub kind_label: String,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub store_name: String,
    pub bp: i64,
    /// Fen; the lines sum to the commission exactly.
    pub amount: i64,
    /// When it started counting as performance (its order settled).
    pub settled_at: Option<i64>,
}

/// A commission order of the deal, as its page lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealOrderView {
    pub id: i64,
    pub code: String,
    pub receivable: i64,
    pub paid: i64,
    /// core `orderStatus`.
    pub status: i16,
    pub reason: String,
    pub settled_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealDetail {
    #[serde(flatten)]
    pub row: DealRow,
    pub shares: Vec<DealShareView>,
    /// core `dealAction` codes this caller may take now.
    pub offered_actions: Vec<String>,
    /// 修改申报 shown: the caller may change it and its split still waits for review.
    pub may_edit: bool,
    pub orders: Vec<DealOrderView>,
    pub history: Vec<StatusChange>,
}

/// A move of core's deal table by a person: `approve` (业绩审核通过) or `close`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealTransition {
    pub id: i64,
    pub action: String,
    #[serde(default)]
    pub reason: String,
}

/// What the audit log keeps of a deal.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealAudit {
    pub id: i64,
    pub name: String,
    pub unit: String,
    pub area: i64,
    pub price: i64,
    pub commission: i64,
    pub status: i16,
    pub shares: Vec<String>,
}
