//! 客户: a customer of one company. While private (私客) it sits at its owner agent's seat
//! (their store, group, department and themselves); in the public pool (公客) only the company
//! and city are kept, so every colleague of the company reads it and none but the company's
//! managers write it until someone claims it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "customer")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    /// The agent whose private customer it is; none in the public pool.
    pub owner_id: Option<i64>,
    pub name: String,
    /// Core `customerSex`: 1 先生, 2 女士.
    pub sex: i16,
    pub phone: String,
    /// The phone as core's `customer::phone::normalise` keys it, for de-duplication.
    pub phone_key: String,
    pub phone2: String,
    pub phone2_key: String,
    /// Core `customerLevel` (2-4, one to three stars).
    pub level: i16,
    /// Core `customerDemand`.
    pub demand: i16,
    /// Fen.
    pub budget_min: Option<i64>,
    pub budget_max: Option<i64>,
    /// Hundredths of a ㎡.
    pub area_min: Option<i64>,
    pub area_max: Option<i64>,
    /// District and business-circle ids, comma-separated.
    pub district_ids: String,
    pub circle_ids: String,
    /// Core `roomCount`.
    pub rooms: Option<i16>,
    /// Core `customerSource`.
    pub source: i16,
    /// Core `customerStatus`.
    pub status: i16,
    /// Core `customerPool`.
    pub pool: i16,
    /// Core `customerTag` codes, comma-separated.
    pub tags: String,
    pub remark: String,
    pub entered_by: Option<i64>,
    /// When the owner last followed it up or got it (entered, claimed, transferred): the drop
    /// rule's clock.
    pub last_activity_at: DateTimeUtc,
    pub last_follow_up_at: Option<DateTimeUtc>,
    /// The next follow-up the owner planned (the home page's reminder).
    pub next_follow_up_on: Option<Date>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
