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
