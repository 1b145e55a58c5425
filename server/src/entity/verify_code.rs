//! An SMS verification code: only its SHA-256 is stored; single use, short-lived, limited tries.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "verify_code")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub mobile: String,
    pub code_hash: String,
    /// What the code was sent for; the public send call issues `sms`.
    pub purpose: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
    pub attempts: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
