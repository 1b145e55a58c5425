//! An organisation in a city: brokerage company (scope 2), independent broker (3) or partner
//! organisation (4).

use sea_orm::entity::prelude::*;

pub const SCOPE_BROKERAGE: i16 = 2;
pub const SCOPE_INDEPENDENT: i16 = 3;
pub const SCOPE_PARTNER: i16 = 4;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "organisation")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub name: String,
    pub scope: i16,
    pub contact_name: String,
    pub contact_mobile: Option<String>,
    pub address: String,
    pub enabled: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
