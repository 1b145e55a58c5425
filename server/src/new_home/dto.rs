//! What the new-home routes take and give. Amounts cross the API as the SPA shows them in forms
//! (元, ㎡, 万元, % as decimal text) and leave it in stored units (fen, hundredths of ㎡, basis
//! points) beside the text, so a page formats with core and a form refills from the text.

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::paging::{PageQuery, lenient_number};

/// A value given as text or as a number (an empty string or null: absent), kept as text for
/// core's form check.
pub fn lenient_text<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(serde_json::Number),
        Text(String),
    }
    Ok(match Option::<Raw>::deserialize(deserializer)? {
        None => None,
        Some(Raw::Number(n)) => Some(n.to_string()),
        Some(Raw::Text(text)) if text.trim().is_empty() => None,
        Some(Raw::Text(text)) => Some(text),
    })
}

/// A project form: the project, its house types and commission rules, saved together.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewHomeForm {
    #[serde(default)]
    pub name: String,
    #[serde(default, deserialize_with = "lenient_text")]
    pub sale_status: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub property_type: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub district_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub circle_id: Option<String>,
    #[serde(default)]
    pub address: String,
    /// 经度 and 纬度 in degrees, up to six decimals; both or neither.
    #[serde(default, deserialize_with = "lenient_text")]
    pub lng: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub lat: Option<String>,
    #[serde(default)]
    pub developer: String,
    /// `YYYY-MM-DD`.
    #[serde(default, deserialize_with = "lenient_text")]
    pub opening_date: Option<String>,
    /// 元 per ㎡, up to two decimals.
    #[serde(default, deserialize_with = "lenient_text")]
    pub average_price: Option<String>,
    /// 40, 50 or 70.
    #[serde(default, deserialize_with = "lenient_text")]
    pub property_term: Option<String>,
    #[serde(default)]
    pub selling_points: String,
    #[serde(default)]
    pub house_types: Vec<HouseTypeForm>,
    #[serde(default)]
    pub commission_rules: Vec<CommissionRuleForm>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseTypeForm {
    #[serde(default)]
    pub name: String,
    #[serde(default, deserialize_with = "lenient_text")]
    pub rooms: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub halls: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub baths: Option<String>,
    /// ㎡, up to two decimals.
    #[serde(default, deserialize_with = "lenient_text")]
    pub area_min: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub area_max: Option<String>,
    /// 万元, up to two decimals.
    #[serde(default, deserialize_with = "lenient_text")]
    pub price_min: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub price_max: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub sale_status: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommissionRuleForm {
    /// commissionKind: 1 share of the deal price, 2 fixed per unit.
    #[serde(default, deserialize_with = "lenient_text")]
    pub kind: Option<String>,
    /// Percent, up to two decimals (kind 1).
    #[serde(default, deserialize_with = "lenient_text")]
    pub rate: Option<String>,
    /// 元 per unit, up to two decimals (kind 2).
    #[serde(default, deserialize_with = "lenient_text")]
    pub amount: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub valid_from: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub valid_to: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewHomeAdd {
    /// Default: the caller's city site (the super administrator names one).
    #[serde(default, deserialize_with = "lenient_number")]
    pub site_id: Option<i64>,
    #[serde(flatten)]
    pub form: NewHomeForm,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewHomeEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: NewHomeForm,
}

/// The list's filters: the §9 ranges by their position in core's tables.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewHomeQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Name, address or developer contains it.
    #[serde(default)]
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub sale_status: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub property_type: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub district_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub circle_id: Option<i64>,
    /// Position in `openingDate` of core's ranges.
    #[serde(default, deserialize_with = "lenient_number")]
    pub opening_date: Option<i64>,
    /// Position in `averagePrice`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub average_price: Option<i64>,
    /// Position in `propertyTerm`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub property_term: Option<i64>,
    /// Position in `commission` (a percentage rule in force today); needs 查看佣金.
    #[serde(default, deserialize_with = "lenient_number")]
    pub commission: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseType {
    pub id: i64,
    pub name: String,
    pub rooms: i16,
    pub halls: i16,
    pub baths: i16,
    /// Hundredths of ㎡, and the form's text (㎡).
    pub area_min: i64,
    pub area_max: i64,
    pub area_min_text: String,
    pub area_max_text: String,
    pub price_min_fen: Option<i64>,
    pub price_max_fen: Option<i64>,
    /// 万元 as the form shows it.
    pub price_min_text: String,
    pub price_max_text: String,
    pub sale_status: i16,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommissionRule {
    pub id: i64,
    pub kind: i16,
    pub rate_bp: Option<i64>,
    pub amount_fen: Option<i64>,
    /// Percent or 元 as the form shows it.
    pub rate_text: String,
    pub amount_text: String,
    pub valid_from: String,
    pub valid_to: Option<String>,
    /// Whether it applies today.
    pub current: bool,
}

/// A project as lists and the audit log show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewHome {
    pub id: i64,
    pub site_id: i64,
    pub name: String,
    pub sale_status: i16,
    pub property_type: i16,
    pub district_id: i64,
    pub district_name: String,
    pub circle_id: Option<i64>,
    pub circle_name: String,
    pub address: String,
    /// Where it is (经度, 纬度), for the map; absent when not entered.
    pub lng: Option<f64>,
    pub lat: Option<f64>,
    pub developer: String,
    pub opening_date: Option<String>,
    /// Fen per ㎡, and 元 as the form shows it.
    pub average_price_fen: Option<i64>,
    pub average_price_text: String,
    pub property_term: Option<i16>,
    pub selling_points: String,
    /// Room counts of its house types, smallest first (主力户型 2/3/4室).
    pub rooms: Vec<i16>,
    /// Building area across its house types, hundredths of ㎡.
    pub area_min: Option<i64>,
    pub area_max: Option<i64>,
    pub updated_at: i64,
}

/// A project with everything its detail page shows to this caller.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewHomeDetail {
    #[serde(flatten)]
    pub project: NewHome,
    pub house_types: Vec<HouseType>,
    /// Absent for a caller without 查看佣金.
    pub commission_rules: Option<Vec<CommissionRule>>,
    /// Where it is distributed; absent for a caller who cannot distribute it.
    pub distribution: Option<Vec<Distributed>>,
}

/// One company a project is distributed to: as a whole, or some of its stores.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Distributed {
    pub organisation_id: i64,
    pub organisation_name: String,
    /// Every store of the company.
    pub whole: bool,
    pub stores: Vec<Named>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Named {
    pub id: i64,
    pub name: String,
}

/// A company of the project's city with its stores, and whether each is chosen.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributionTarget {
    pub id: i64,
    pub name: String,
    pub chosen: bool,
    pub stores: Vec<DistributionStore>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributionStore {
    pub id: i64,
    pub name: String,
    pub chosen: bool,
}

/// Who a project goes to: whole companies, and single stores of other companies.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributeRequest {
    pub id: i64,
    #[serde(default)]
    pub organisation_ids: Vec<i64>,
    #[serde(default)]
    pub store_ids: Vec<i64>,
}
