//! One failed login or one sent code, by client address: what login-abuse limits count.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "client_attempt")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `loginFailure` or `codeSent`.
    pub kind: String,
    /// The client's IP address.
    pub address: String,
    /// The username tried (failed logins only), trimmed as typed.
    pub username: Option<String>,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
