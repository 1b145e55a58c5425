//! What the deal routes take and answer. Money crosses in fen; forms send 元 (成交价 万) as text.

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::history::StatusChange;
use crate::paging::{PageQuery, lenient_number};

/// A decimal given as text or as a JSON number; absent or null is empty.
fn lenient_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(serde_json::Number),
        Text(String),
    }
    Ok(match Option::<Raw>::deserialize(deserializer)? {
        None => String::new(),
        Some(Raw::Number(number)) => number.to_string(),
        Some(Raw::Text(text)) => text,
    })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Core `contractKind`: 1 买卖, 2 租赁.
    #[serde(default, deserialize_with = "lenient_number")]
    pub kind: Option<i64>,
    /// Core `contractStatus`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub status: Option<i64>,
    /// Matches the contract number, address, owner or customer.
    pub keyword: Option<String>,
}

/// A contract as lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractRow {
    pub id: i64,
    pub kind: i16,
    pub code: String,
    /// Core `contractStatus`.
    pub status: i16,
    pub listing_id: Option<i64>,
    pub address: String,
    pub owner_name: String,
    pub customer_name: String,
    /// Fen: 成交价 (买卖) or monthly rent (租赁).
    pub price: i64,
    pub owner_commission: i64,
    pub customer_commission: i64,
    /// The commission receivable: both sides together.
    pub commission: i64,
    pub agent_id: i64,
    pub agent_name: String,
    pub store_name: String,
    pub order_id: Option<i64>,
    /// Core `orderStatus` of its commission order, once signed.
    pub order_status: Option<i16>,
    pub paid: i64,
    /// `YYYY-MM-DD`.
    pub signed_on: Option<String>,
    pub created_at: i64,
}

/// One person's part of the commission.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SplitView {
    /// Core `dealRole`.
    pub role: i16,
    pub role_label: String,
    pub user_id: i64,
    pub user_name: String,
    pub store_name: String,
    /// Basis points (100 = 1%).
    pub share_bp: i64,
    /// Fen.
    pub amount: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractDetail {
    #[serde(flatten)]
    pub row: ContractRow,
    pub owner_phone: String,
    pub customer_phone: String,
    pub customer_id: Option<i64>,
    pub customer_source_id: i64,
    pub customer_source_name: String,
    pub lease_months: Option<i16>,
    pub deposit: i64,
    pub payment_schedule: String,
    pub attachments: String,
    pub remark: String,
    pub splits: Vec<SplitView>,
    /// Core `contractAction` codes offered to this caller.
    pub offered_actions: Vec<String>,
    /// 编辑 shown: the caller may edit it and core's rule allows it now.
    pub may_edit: bool,
    pub history: Vec<StatusChange>,
}

/// One line of a split as the form sends it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SplitBody {
    pub role: i64,
    pub user_id: i64,
    pub share_bp: i64,
}

/// A contract's own fields, as the add and edit forms send them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractForm {
    #[serde(default)]
    pub code: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub listing_id: Option<i64>,
    /// 租赁 without a listing; a 买卖 contract takes its listing's.
    #[serde(default)]
    pub address: String,
    #[serde(default)]
    pub owner_name: String,
    #[serde(default)]
    pub owner_phone: String,
    #[serde(default)]
    pub customer_name: String,
    #[serde(default)]
    pub customer_phone: String,
    /// The 客户 the contract is linked to, one the caller reads; none for a customer not in the
    /// system (the names and phones above are the contract's either way). Its owner agent is the
    /// 客源人 when none is named.
    #[serde(default, deserialize_with = "lenient_number")]
    pub customer_id: Option<i64>,
    /// 买卖: 成交价 in 万; 租赁: monthly rent in 元.
    #[serde(default, deserialize_with = "lenient_text")]
    pub price: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub lease_months: Option<i64>,
    /// 元.
    #[serde(default, deserialize_with = "lenient_text")]
    pub deposit: String,
    /// 元.
    #[serde(default, deserialize_with = "lenient_text")]
    pub owner_commission: String,
    /// 元.
    #[serde(default, deserialize_with = "lenient_text")]
    pub customer_commission: String,
    /// 成交人; default the caller.
    #[serde(default, deserialize_with = "lenient_number")]
    pub agent_id: Option<i64>,
    /// 客源人; default the 成交人.
    #[serde(default, deserialize_with = "lenient_number")]
    pub customer_source_id: Option<i64>,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    pub signed_on: String,
    #[serde(default)]
    pub payment_schedule: String,
    #[serde(default)]
    pub attachments: String,
    #[serde(default)]
    pub remark: String,
    /// The split; empty: filled from the company's template and the listing's role holders.
    #[serde(default)]
    pub splits: Vec<SplitBody>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractAdd {
    /// Core `contractKind`.
    pub kind: i64,
    #[serde(flatten)]
    pub form: ContractForm,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: ContractForm,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractTransition {
    pub id: i64,
    /// Core `contractAction` code: `sign` or `cancel`.
    pub action: String,
}

/// What the audit log keeps of a contract: no phones.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractAudit {
    pub id: i64,
    /// `MM2026110001 西湖家园 3幢2单元1502`.
    pub name: String,
    pub kind: i16,
    pub code: String,
    pub status: i16,
    pub address: String,
    pub price: i64,
    pub owner_commission: i64,
    pub customer_commission: i64,
    pub agent_name: String,
    /// `录入 李晓峰 10.00% 1,000.00`.
    pub splits: Vec<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Core `orderStatus`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub status: Option<i64>,
    /// Core `contractKind`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub kind: Option<i64>,
    /// Matches the order or contract number.
    pub keyword: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRow {
    pub id: i64,
    pub code: String,
    /// The contract it collects; `None` for a new-home deal's order.
    pub contract_id: Option<i64>,
    pub contract_code: String,
    /// 1 买卖, 2 租赁; 0 for a new-home deal's order.
    pub contract_kind: i16,
    /// The new-home deal it collects (`/work/business/newHouse/dealDetail/{id}`), if it is one's.
    pub new_home_deal_id: Option<i64>,
    pub address: String,
    pub customer_name: String,
    pub agent_id: i64,
    pub agent_name: String,
    pub store_name: String,
    /// Fen.
    pub receivable: i64,
    pub paid: i64,
    /// Core `orderStatus`.
    pub status: i16,
    pub reason: String,
    pub settled_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptView {
    pub id: i64,
    /// §3 payWay.
    pub pay_way: i16,
    pub amount: i64,
    pub remark: String,
    pub confirmed_by_name: String,
    pub received_at: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    #[serde(flatten)]
    pub row: OrderRow,
    pub receipts: Vec<ReceiptView>,
    /// Core `orderAction` codes offered to this caller.
    pub offered_actions: Vec<String>,
    pub history: Vec<StatusChange>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTransition {
    pub id: i64,
    /// Core `orderAction` code other than `pay`.
    pub action: String,
    /// Why (a rejection needs one).
    #[serde(default)]
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPay {
    pub id: i64,
    #[serde(default, deserialize_with = "lenient_number")]
    pub pay_way: Option<i64>,
    /// 元 with up to two decimals.
    #[serde(default, deserialize_with = "lenient_text")]
    pub amount: String,
    #[serde(default)]
    pub remark: String,
}

impl crate::form::CoreForm for OrderPay {
    const FORM: &'static brokerdesk_core::forms::Form = &brokerdesk_core::forms::RECEIPT;
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderAudit {
    pub id: i64,
    /// Its number.
    pub name: String,
    pub code: String,
    pub receivable: i64,
    pub paid: i64,
    pub status: i16,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateShare {
    /// Core `dealRole`.
    pub role: i64,
    pub share_bp: i64,
}

/// A company's split template.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SplitTemplate {
    pub organisation_id: i64,
    /// Every role, in core's order.
    pub shares: Vec<TemplateShare>,
    /// The company has not set its own: core's default.
    pub is_default: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateSave {
    pub shares: Vec<TemplateShare>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AchievementQuery {
    /// `YYYY-MM` (China time); default the current month.
    #[serde(default)]
    pub month: String,
    /// `agent`, `store` or `company`.
    #[serde(default)]
    pub group: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AchievementRow {
    /// The agent, store or company.
    pub id: i64,
    pub name: String,
    /// The agent's store, on agent rows.
    pub store_name: String,
    /// Contracts with a part in it.
    pub deals: i64,
    /// Fen.
    pub amount: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AchievementReport {
    pub month: String,
    pub group: String,
    pub rows: Vec<AchievementRow>,
    /// Every part the caller reads, in fen.
    pub total: i64,
    /// What the orders the caller reads that settled in the month received: equal to `total`
    /// when the caller reads a whole company.
    pub settled_orders: i64,
}

/// No filter: the caller's own company.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TemplateQuery {}

/// A colleague a contract form may name as 成交人, 客源人 or on a split line.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealPerson {
    pub id: i64,
    pub name: String,
    pub store_name: String,
}

crate::staff::pick::from_pick!(DealPerson);

/// What a contract's split would be: the form's kind, listing, closer, customer source and
/// commission (元) as typed so far.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SplitPreview {
    /// Core `contractKind`.
    pub kind: i64,
    #[serde(default, deserialize_with = "lenient_number")]
    pub listing_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub agent_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub customer_source_id: Option<i64>,
    /// The linked 客户: their owner agent is the 客源人 when none is named.
    #[serde(default, deserialize_with = "lenient_number")]
    pub customer_id: Option<i64>,
    /// 元.
    #[serde(default, deserialize_with = "lenient_text")]
    pub owner_commission: String,
    /// 元.
    #[serde(default, deserialize_with = "lenient_text")]
    pub customer_commission: String,
}
