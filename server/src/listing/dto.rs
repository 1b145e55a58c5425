//! What the listing routes of both trades (二手房, 租房) take and answer.

use brokerdesk_core::forms::{self, Form, RoleMember};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::form::CoreForm;
use crate::history::StatusChange;
use crate::paging::{PageQuery, lenient_number};

/// A decimal given as text or as a JSON number (总价, 面积); absent or null is empty.
pub fn lenient_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
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

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Matches the community's name, pinyin or initials (xhjy finds 西湖家园), or a listing id.
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub district_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub business_circle_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub community_id: Option<i64>,
    /// The store keeping it (私盘): a scope over several stores (the boss, a store group's
    /// manager) narrows to one; 公盘 listings keep no store.
    #[serde(default, deserialize_with = "lenient_number")]
    pub store_id: Option<i64>,
    /// Core `houseStatus`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub status: Option<i64>,
    /// Core `housePool`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub pool: Option<i64>,
    /// Core `roomCount`.
    #[serde(default, deserialize_with = "lenient_number")]
    pub rooms: Option<i64>,
    /// Core `rentType` (rentals).
    #[serde(default, deserialize_with = "lenient_number")]
    pub rent_type: Option<i64>,
    /// Index into core's §9 `price` ranges (万; sales).
    #[serde(default, deserialize_with = "lenient_number")]
    pub price_range: Option<i64>,
    /// The lowest price typed, in the unit of the list's price ranges (总价 in 万, 租金 in 元 a
    /// month), kept in the list; beside or instead of `priceRange`/`rentRange`.
    #[serde(default)]
    pub price_min: Option<String>,
    /// The highest price typed, as `priceMin`; kept in the list.
    #[serde(default)]
    pub price_max: Option<String>,
    /// Index into core's `rent` ranges (元 a month; rentals).
    #[serde(default, deserialize_with = "lenient_number")]
    pub rent_range: Option<i64>,
    /// Index into core's `area` ranges (㎡).
    #[serde(default, deserialize_with = "lenient_number")]
    pub area_range: Option<i64>,
    /// Index into core's `floor` ranges.
    #[serde(default, deserialize_with = "lenient_number")]
    pub floor_range: Option<i64>,
    /// Index into core's `averagePrice` ranges (元/㎡).
    #[serde(default, deserialize_with = "lenient_number")]
    pub average_price_range: Option<i64>,
    /// Index into core's `propertyTerm` ranges.
    #[serde(default, deserialize_with = "lenient_number")]
    pub property_term_range: Option<i64>,
    /// Only the caller's own listings (我维护的).
    #[serde(default)]
    pub mine: bool,
}

/// A listing as lists show it. The owner's phone is as the caller may see it (core
/// `listing::owner_phone`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRow {
    pub id: i64,
    /// Core `houseTrade`: 1 for sale, 2 for rent.
    pub trade: i16,
    pub community_id: i64,
    pub community_name: String,
    pub district_name: String,
    pub business_circle_name: String,
    /// 3幢2单元1502.
    pub room_label: String,
    /// Hundredths of a ㎡.
    pub area: i64,
    pub rooms: i16,
    pub halls: i16,
    pub baths: i16,
    pub floor: i16,
    pub total_floors: i16,
    pub orientation: i16,
    pub decoration: i16,
    /// Fen: the total of a sale, the monthly rent of a lease.
    pub price: i64,
    /// Fen per ㎡ (a month, for a lease).
    pub unit_price: i64,
    /// Core `houseTag` (sale) or `rentalTag` (lease) codes.
    pub tags: Vec<i16>,
    /// A lease's core `rentType` and `rentPayment`.
    pub rent_type: Option<i16>,
    pub payment_terms: Option<i16>,
    /// Core `houseStatus`.
    pub status: i16,
    /// Core `housePool`.
    pub pool: i16,
    pub maintainer_id: Option<i64>,
    pub maintainer_name: String,
    pub store_name: String,
    pub owner_name: String,
    pub owner_phone: String,
    /// `full`, `reveal` (masked, 查看 offered) or `masked`.
    pub phone_access: String,
    pub created_at: i64,
    pub last_follow_up_at: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleMemberView {
    pub role_id: i64,
    pub role_name: String,
    pub user_id: i64,
    pub user_name: String,
}

/// One listing with everything its detail page shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingDetail {
    #[serde(flatten)]
    pub row: ListingRow,
    pub room_id: i64,
    pub site_id: i64,
    /// Where its community is (经度, 纬度), for the map; absent when the dictionary has none.
    pub lng: Option<f64>,
    pub lat: Option<f64>,
    pub property_term: Option<i16>,
    pub building_type: Option<i16>,
    pub building_structure: Option<i16>,
    pub heating: Option<i16>,
    pub water: Option<i16>,
    pub electricity: Option<i16>,
    pub description: String,
    /// A lease's core `rentalFacility` codes and the day it can be moved into (`YYYY-MM-DD`).
    pub facilities: Vec<i16>,
    pub available_from: Option<String>,
    /// 看房时间: core `viewingSlot` codes, sorted (11 周一上午 … 73 周日晚上).
    pub viewing_slots: Vec<i16>,
    pub owner_phone2: String,
    pub entered_by_name: String,
    pub roles: Vec<RoleMemberView>,
    /// Core lifecycle action codes this caller is offered, in table order.
    pub offered_actions: Vec<String>,
    /// The caller may edit it (编辑 shown): its maintainer or a manager, while it is on the market
    /// (a manager only while it is sealed or deferred).
    pub may_edit: bool,
    /// Why the caller may not edit it (core's words), when they may not.
    pub edit_refusal: Option<String>,
    /// The caller may write follow-ups on it (写跟进).
    pub may_follow_up: bool,
    /// What the drop rule says about this listing (12天后未跟进将掉入公盘), when it applies.
    pub drop_notice: Option<String>,
    /// Status changes, newest first; a status reads `status-pool` (`1-2`: 有效, 公盘).
    pub history: Vec<StatusChange>,
    pub updated_at: i64,
}

/// The listing's own fields, as the add and edit forms of either trade send them (core forms
/// `secondHand`/`rental`): a sale's fields are empty on a rental and the other way round.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingForm {
    /// ㎡, up to two decimals.
    #[serde(default, deserialize_with = "lenient_text")]
    pub area: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub rooms: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub halls: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub baths: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub total_floors: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub floor: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub orientation: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub decoration: Option<i64>,
    /// 总价 in 万, up to two decimals (sales).
    #[serde(default, deserialize_with = "lenient_text")]
    pub price: String,
    /// 月租金 in 元, up to two decimals (rentals).
    #[serde(default, deserialize_with = "lenient_text")]
    pub rent: String,
    #[serde(default, deserialize_with = "lenient_number")]
    pub rent_type: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub payment_terms: Option<i64>,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    pub available_from: String,
    /// Core `rentalFacility` codes.
    #[serde(default)]
    pub facilities: Vec<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub property_term: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub building_type: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub building_structure: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub heating: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub water: Option<i64>,
    #[serde(default, deserialize_with = "lenient_number")]
    pub electricity: Option<i64>,
    /// Core `houseTag` (sale) or `rentalTag` (lease) codes.
    #[serde(default)]
    pub tags: Vec<i64>,
    /// 看房时间: core `viewingSlot` codes (weekday × 10 + time of day: 11 周一上午, 73 周日晚上).
    #[serde(default)]
    pub viewing_slots: Vec<i64>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub owner_name: String,
    #[serde(default)]
    pub owner_phone: String,
    #[serde(default)]
    pub owner_phone2: String,
    /// People in the city's listing roles.
    #[serde(default)]
    #[schema(value_type = Vec<RoleMemberBody>)]
    pub roles: Vec<RoleMember>,
}

/// One person in one listing role.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleMemberBody {
    pub role_id: i64,
    pub user_id: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingAdd {
    /// A room of the community dictionary.
    #[serde(default, deserialize_with = "lenient_number")]
    pub room_id: Option<i64>,
    #[serde(flatten)]
    pub form: ListingForm,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingEdit {
    pub id: i64,
    #[serde(flatten)]
    pub form: ListingForm,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingTransition {
    pub id: i64,
    /// Core lifecycle action code (`houseAction`, `rentalAction`).
    pub action: String,
    /// A code of the action's reason table in the listing's trade (封盘: `houseSealReason`,
    /// `rentalSealReason`; 解封: `houseUnsealReason`, `rentalUnsealReason`; 暂缓:
    /// `houseInvalidReason`, `rentalInvalidReason`; 转公盘: `houseReleaseReason`).
    #[serde(default, deserialize_with = "lenient_number")]
    pub reason: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowUpAdd {
    pub listing_id: i64,
    #[serde(default)]
    pub content: String,
}

impl CoreForm for FollowUpAdd {
    const FORM: &'static Form = &forms::FOLLOW_UP;
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowUpQuery {
    pub listing_id: i64,
    #[serde(flatten)]
    pub page: PageQuery,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowUp {
    pub id: i64,
    pub listing_id: i64,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub content: String,
    pub at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealedPhone {
    pub owner_phone: String,
    pub owner_phone2: String,
}

/// What the audit log keeps of a listing: no owner phone.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingAudit {
    pub id: i64,
    /// 西湖家园 3幢2单元1502.
    pub name: String,
    pub price: i64,
    pub area: i64,
    pub status: i16,
    pub pool: i16,
    pub maintainer_name: String,
}

/// What the listing form's 房源角色 is asked for: a listing being edited (`id`), or none for a
/// new one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleChoicesQuery {
    #[serde(default, deserialize_with = "lenient_number")]
    pub id: Option<i64>,
}

/// A city's listing role (/coc/config/role: 录入人, 维护人, 实勘人, 钥匙人, 委托人 …).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingRoleRef {
    pub id: i64,
    pub name: String,
}

/// A colleague the caller may put in a listing role.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleColleague {
    pub id: i64,
    pub name: String,
    pub store_name: String,
}

/// What the listing form's 房源角色 offers: the city's roles, the colleagues who may fill them
/// (working, of the listing's company, in the caller's store or data scope, and anyone in a
/// role of the listing now), and who 录入 and 维护 start with (core
/// `forms::default_role_members`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleChoices {
    pub roles: Vec<ListingRoleRef>,
    pub colleagues: Vec<RoleColleague>,
    /// The caller: who enters (录入) a new listing.
    pub enterer_id: i64,
    /// The listing's maintainer (the caller for a new one); none in the public pool.
    pub maintainer_id: Option<i64>,
}
