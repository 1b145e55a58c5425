//! What the customer routes take and answer.

use brokerdesk_core::forms::{self, Form};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::form::CoreForm;
use crate::history::StatusChange;
use crate::listing::lenient_text;
use crate::paging::{PageQuery, lenient_number};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Matches the name, the whole phone (however written) or a customer id.
    pub keyword: Option<String>,
    /// Core `customerPool`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub pool: Option<i64>,
    /// Core `customerStatus`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub status: Option<i64>,
    /// Core `customerLevel`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub level: Option<i64>,
    /// Core `customerDemand`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub demand: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub district_id: Option<i64>,
    /// A business circle the customer wants.
    #[serde(default, deserialize_with = "lenient_number")]
    pub circle_id: Option<i64>,
    /// Index into core's §9 budget ranges of the demand (`price` in 万, for rental customers
    /// `rent` in 元 a month; core `BudgetUnit::ranges`): customers whose budget meets it.
    #[serde(default, deserialize_with = "lenient_number")]
    pub budget_range: Option<i64>,
    /// Index into core's `area` ranges (㎡).
    #[serde(default, deserialize_with = "lenient_number")]
    pub area_range: Option<i64>,
    /// Only the caller's own customers (我的私客).
    #[serde(default)]
    pub mine: bool,
    /// Only customers whose next follow-up date is today or past (待跟进).
    #[serde(default)]
    pub due: bool,
}

/// A customer as lists show it; the phone as the caller may see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerRow {
    pub id: i64,
    pub name: String,
    /// Core `customerSex`.
    pub sex: i16,
    pub phone: String,
    /// `full`, `reveal` (masked, 查看 offered) or `masked`.
    pub phone_access: String,
    /// Core `customerLevel`.
    pub level: i16,
    pub demand: i16,
    /// Fen.
    pub budget_min: Option<i64>,
    pub budget_max: Option<i64>,
    /// Hundredths of a ㎡.
    pub area_min: Option<i64>,
    pub area_max: Option<i64>,
    pub district_names: Vec<String>,
    pub circle_names: Vec<String>,
    pub rooms: Option<i16>,
    pub source: i16,
    pub status: i16,
    pub pool: i16,
    pub tags: Vec<i16>,
    pub owner_id: Option<i64>,
    pub owner_name: String,
    pub store_name: String,
    pub last_follow_up_at: Option<i64>,
    /// `YYYY-MM-DD`.
    pub next_follow_up_on: Option<String>,
    /// The next follow-up date is today or past (待跟进).
    pub follow_up_due: bool,
    pub created_at: i64,
    /// Core `customerAction` codes this caller is offered, in table order.
    pub offered_actions: Vec<String>,
}

/// One customer with everything its detail shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerDetail {
    #[serde(flatten)]
    pub row: CustomerRow,
    pub phone2: String,
    pub district_ids: Vec<i64>,
    pub circle_ids: Vec<i64>,
    pub remark: String,
    pub entered_by_name: String,
    /// The caller may edit it: its owner or a manager, until it is dealt.
    pub may_edit: bool,
    pub may_follow_up: bool,
    /// What the drop rule says (12天后未跟进将转入公客池), when it applies.
    pub drop_notice: Option<String>,
    /// Status changes, newest first; a status reads `status-pool`.
    pub history: Vec<StatusChange>,
    /// The leads it was converted from (线索), each with its history.
    pub clues: Vec<crate::lead::LeadOrigin>,
    pub updated_at: i64,
}

/// The customer's own fields, as the add and edit forms send them.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerForm {
    #[serde(default)]
    pub name: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sex: Option<i64>,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub phone2: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub level: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub demand: Option<i64>,
    /// 万, up to two decimals.
    #[serde(default, deserialize_with = "lenient_text")]
    pub budget_min: String,
    #[serde(default, deserialize_with = "lenient_text")]
    pub budget_max: String,
    /// ㎡, up to two decimals.
    #[serde(default, deserialize_with = "lenient_text")]
    pub area_min: String,
    #[serde(default, deserialize_with = "lenient_text")]
    pub area_max: String,
    /// Districts of the caller's city.
    #[serde(default)]
    pub district_ids: Vec<i64>,
    /// Business circles of those districts.
    #[serde(default)]
    pub circle_ids: Vec<i64>,
    /// Core `roomCount`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub rooms: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub source: Option<i64>,
    /// Core `customerTag` codes.
    #[serde(default)]
    pub tags: Vec<i64>,
    #[serde(default)]
    pub remark: String,
}

impl CoreForm for CustomerForm {
    const FORM: &'static Form = &forms::CUSTOMER;
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: CustomerForm,
}

impl CoreForm for CustomerEdit {
    const FORM: &'static Form = &forms::CUSTOMER;
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerTransition {
    pub id: i64,
    /// Core `customerAction` code (转公客, 成交, 设为无效, 恢复有效).
    pub action: String,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerTransfer {
    pub id: i64,
    /// The agent who gets the customer.
    pub user_id: i64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFollowUpAdd {
    pub customer_id: i64,
    /// Core `followUpWay`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub way: Option<i64>,
    #[serde(default)]
    pub content: String,
    /// `YYYY-MM-DD`: the next follow-up, reminded on the home page.
    #[serde(default)]
    pub next_at: String,
}

impl CoreForm for CustomerFollowUpAdd {
    const FORM: &'static Form = &forms::CUSTOMER_FOLLOW_UP;
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFollowUpQuery {
    pub customer_id: i64,
    #[serde(flatten)]
    pub page: PageQuery,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFollowUp {
    pub id: i64,
    pub customer_id: i64,
    pub way: i16,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub content: String,
    pub next_on: Option<String>,
    pub at: i64,
}

/// An agent a manager may hand customers to (转移).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerAgent {
    pub id: i64,
    pub name: String,
    pub store_name: String,
}

crate::staff::pick::from_pick!(CustomerAgent);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealedCustomerPhone {
    pub phone: String,
    pub phone2: String,
}

/// What the audit log keeps of a customer: no phone.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerAudit {
    pub id: i64,
    pub name: String,
    pub level: i16,
    pub demand: i16,
    pub status: i16,
    pub pool: i16,
    pub owner_name: String,
}
