//! 新房楼盘: a new-home project, placed in a city site and sold by the companies and stores it is
//! distributed to.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "new_home_project")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub name: String,
    /// saleStatus of spec §3.
    pub sale_status: i16,
    /// propertyTypeMap of spec §3.
    pub property_type: i16,
    pub district_id: i64,
    pub circle_id: Option<i64>,
    pub address: String,
    pub developer: String,
    pub opening_date: Option<Date>,
    /// 均价 in fen per square metre.
    pub average_price_fen: Option<i64>,
    /// 产权年限 in years (40, 50 or 70).
    pub property_term: Option<i16>,
    pub selling_points: String,
    /// 经度, 纬度 (like a community's), for the map.
    pub lng: Option<f64>,
    pub lat: Option<f64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
