//! 小区: a community of a city's community dictionary. `pinyin` and `initials` spell its name
//! for search (core `community::spell`), written with the name.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "community")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub district_id: i64,
    pub business_circle_id: Option<i64>,
    pub name: String,
    pub pinyin: String,
    pub initials: String,
    pub address: String,
    /// Core `propertyTypeMap`.
    pub property_type: i16,
    pub build_year: Option<i32>,
    pub developer: String,
    pub property_company: String,
    /// Fen per m² per month.
    pub property_fee: Option<i64>,
    /// Hundredths (2.50 is 250).
    pub plot_ratio: Option<i32>,
    /// Hundredths of a percent (35% is 3500).
    pub green_ratio: Option<i32>,
    pub lng: Option<f64>,
    pub lat: Option<f64>,
    /// Core `communityOfferStatus`.
    pub offer_status: i16,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
