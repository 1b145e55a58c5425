//! What the lead routes take and answer.

use brokerdesk_core::forms::{self, Form};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::customer::CustomerForm;
use crate::form::CoreForm;
use crate::history::StatusChange;
use crate::paging::{PageQuery, lenient_number};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// A name, or digits of a phone.
    pub keyword: Option<String>,
    /// Core `clueStatus`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub status: Option<i64>,
    /// Core `clueSource`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub source: Option<i64>,
    /// Core `customerDemand`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub demand: Option<i64>,
    /// Only the leads the caller follows (我的线索).
    #[serde(default)]
    pub mine: bool,
    /// Only the leads of one batch import.
    #[serde(default, deserialize_with = "lenient_number")]
    pub import_id: Option<i64>,
    /// Only the leads one colleague follows (跟进人).
    #[serde(default, deserialize_with = "lenient_number")]
    pub owner_id: Option<i64>,
    /// Entered from this day, `YYYY-MM-DD` (China time), included.
    pub start_date: Option<String>,
    /// Entered up to this day, `YYYY-MM-DD`, included.
    pub end_date: Option<String>,
}

/// A lead as the pool shows it. The phone is whole for its agent, masked for the rest (the
/// pool's leads until claimed, and a manager's view), as customers' phones are.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadRow {
    pub id: i64,
    pub name: String,
    pub phone: String,
    /// Core `sex`.
    pub sex: Option<i16>,
    /// Core `customerDemand`.
    pub demand: Option<i16>,
    pub area: String,
    /// Fen: the budget stated, or a range's upper bound.
    pub budget: Option<i64>,
    /// Fen: a range's lower bound; none when one figure was stated.
    pub budget_min: Option<i64>,
    pub remark: String,
    /// Core `clueSource`.
    pub source: i16,
    pub channel: String,
    /// Core `clueStatus`.
    pub status: i16,
    /// Core `invalidReason`.
    pub invalid_reason: Option<i16>,
    pub owner_id: Option<i64>,
    pub owner_name: String,
    pub store_name: String,
    pub customer_id: Option<i64>,
    pub import_id: Option<i64>,
    /// Core `clueAction` codes this caller is offered, in table order.
    pub offered_actions: Vec<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One lead with its history.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadDetail {
    #[serde(flatten)]
    pub row: LeadRow,
    pub entered_by_name: String,
    /// Status changes, newest first (core `clueStatus` codes).
    pub history: Vec<StatusChange>,
}

/// The lead form's fields (core form `clue`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sex: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub demand: Option<i64>,
    #[serde(default)]
    pub area: String,
    /// 万, up to two decimals.
    #[serde(default, deserialize_with = "crate::listing::lenient_text")]
    pub budget: String,
    #[serde(default)]
    pub remark: String,
}

impl CoreForm for LeadForm {
    const FORM: &'static Form = &forms::CLUE;
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadTransition {
    pub id: i64,
    /// Core `clueAction` code.
    pub action: String,
    /// 分配: the agent who follows it from now.
    #[serde(default, deserialize_with = "lenient_number")]
    pub user_id: Option<i64>,
    /// 标记无效: a code of `invalidReason`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub reason: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

/// 批量认领 / 批量分配: the chosen leads and the move.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadBatchTransition {
    #[serde(default)]
    pub ids: Vec<i64>,
    /// Core `clueAction` code: `claim` or `assign`.
    pub action: String,
    /// 分配: the agent who follows them from now.
    #[serde(default, deserialize_with = "lenient_number")]
    pub user_id: Option<i64>,
}

/// What became of one lead of a batch move.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadMoveResult {
    pub id: i64,
    /// Empty for a lead the caller cannot read.
    pub name: String,
    pub moved: bool,
    /// Why not, when not moved.
    pub message: String,
}

/// 转为客户: the lead and the customer it becomes, as the customer form sends it (core form
/// `customer`, pre-filled from the lead).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadConvert {
    pub id: i64,
    #[serde(flatten)]
    pub form: CustomerForm,
}

impl CoreForm for LeadConvert {
    const FORM: &'static Form = &forms::CUSTOMER;
}

/// A lead a customer came from, with its history, as the customer's detail shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadOrigin {
    pub id: i64,
    pub name: String,
    /// Core `clueSource`.
    pub source: i16,
    pub channel: String,
    pub remark: String,
    pub created_at: i64,
    /// Status changes, newest first (core `clueStatus` codes).
    pub history: Vec<StatusChange>,
}

/// Someone a lead may be assigned to.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Assignee {
    pub id: i64,
    pub name: String,
    pub store_name: String,
}

crate::staff::pick::from_pick!(Assignee);

/// What the audit log keeps of a lead: no phone.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadAudit {
    pub id: i64,
    pub name: String,
    pub status: i16,
    pub source: i16,
    pub owner_name: String,
}
