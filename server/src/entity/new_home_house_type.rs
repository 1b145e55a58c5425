//! 户型: a house type of a new-home project.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "new_home_house_type")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The project's, so the scope filter needs no join.
    pub site_id: i64,
    pub project_id: i64,
    pub name: String,
    pub rooms: i16,
    pub halls: i16,
    pub baths: i16,
    /// Building area bounds in hundredths of a square metre.
    pub area_min: i64,
    pub area_max: i64,
    pub price_min_fen: Option<i64>,
    pub price_max_fen: Option<i64>,
    pub sale_status: i16,
    pub sort: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
