//! 房源图片: one photo of a listing, the stored picture it shows (by its SHA-256), its place in
//! the gallery, whether it is the cover, and what it shows (core `photoCategory`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "listing_photo")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub listing_id: i64,
    /// SHA-256 of the bytes, lower-case hex: the file's name under the data directory.
    pub hash: String,
    /// `jpg` or `png` (core `PhotoKind`).
    pub kind: String,
    pub byte_size: i64,
    pub width: i32,
    pub height: i32,
    pub category: i16,
    pub sort: i32,
    pub cover: bool,
    pub uploaded_by: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
