//! 钥匙: a listing's key, its type (core `keyType`), the store and person keeping it, its number
//! and remark, and whether it is lent out (core `keyStatus`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "listing_key")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub listing_id: i64,
    pub key_type: i16,
    pub key_no: String,
    pub remark: String,
    pub store_id: Option<i64>,
    /// The person keeping it: the listing's 钥匙人.
    pub holder_id: Option<i64>,
    pub status: i16,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
