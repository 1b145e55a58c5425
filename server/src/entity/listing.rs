//! 房源: a listing of one room, for sale (二手房) or for rent (租房) by its `trade`. While private it sits at its maintainer's seat
//! (their store, group, department and themselves); in the public pool (公盘) only the company
//! and city are kept, so every colleague of the company reads it and none but the company's
//! managers write it until someone claims it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "listing")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Core `houseTrade`: 1 for sale, 2 for rent.
    pub trade: i16,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    pub maintainer_id: Option<i64>,
    pub room_id: i64,
    /// Copies of the room's community and its district and circle, so filters need no join.
    pub community_id: i64,
    pub district_id: Option<i64>,
    pub business_circle_id: Option<i64>,
    /// Core `houseStatus`.
    pub status: i16,
    /// Core `housePool`.
    pub pool: i16,
    /// Hundredths of a ㎡.
    pub area: i64,
    pub rooms: i16,
    pub halls: i16,
    pub baths: i16,
    pub floor: i16,
    pub total_floors: i16,
    pub orientation: i16,
    pub decoration: i16,
    /// Fen: the total for a sale, the monthly rent for a lease.
    pub price: i64,
    /// Fen per ㎡ (a month, for a lease), derived from price and area.
    pub unit_price: i64,
    pub property_term: Option<i16>,
    pub building_type: Option<i16>,
    pub building_structure: Option<i16>,
    pub heating: Option<i16>,
    pub water: Option<i16>,
    pub electricity: Option<i16>,
    /// Core `houseTag` codes, comma-separated.
    pub tags: String,
    pub description: String,
    pub owner_name: String,
    pub owner_phone: String,
    pub owner_phone2: String,
    /// A lease's core `rentType`, `rentPayment`, `rentalFacility` codes (comma-separated) and
    /// the day it can be moved into.
    pub rent_type: Option<i16>,
    pub payment_terms: Option<i16>,
    pub facilities: String,
    pub available_from: Option<Date>,
    /// 看房时间: core `viewingSlot` codes (weekday × 10 + time of day), sorted, comma-separated.
    pub viewing_slots: String,
    pub entered_by: Option<i64>,
    /// When the maintainer last followed it up, got it (entered or claimed): the drop rule's clock.
    pub last_activity_at: DateTimeUtc,
    pub last_follow_up_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
