//! 房源角色: a part a staff member plays on a listing, with its share, per city.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "listing_role")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub name: String,
    /// Share of the listing's performance in hundredths of a percent (1250 = 12.50%).
    pub ratio: i32,
    pub sort: i32,
    pub remark: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
