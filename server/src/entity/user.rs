//! A member of staff who can log in.

use sea_orm::entity::prelude::*;

use super::status::WorkingState;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "user")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub username: String,
    pub password_hash: String,
    pub real_name: String,
    #[sea_orm(unique)]
    pub user_code: String,
    #[sea_orm(unique)]
    pub mobile: Option<String>,
    pub position_id: Option<i64>,
    pub store_id: Option<i64>,
    pub store_group_id: Option<i64>,
    pub organisation_id: Option<i64>,
    pub site_id: Option<i64>,
    pub working_status: WorkingState,
    pub locked: bool,
    /// Wrong passwords in a row since the last success or throttle.
    pub failed_logins: i32,
    /// Set when too many wrong passwords throttle the account.
    pub locked_until: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub department_id: Option<i64>,
    /// 18-character resident ID number, upper-case check character.
    #[sea_orm(unique)]
    pub id_number: Option<String>,
    /// Digits only; shown grouped in fours.
    pub bank_card: Option<String>,
    /// Core `education` 1-9.
    pub education: Option<i16>,
    /// Core `maritalStatus` 1-4.
    pub marital_status: Option<i16>,
    /// Core `sex`: 0 unknown, 1 male, 2 female.
    pub sex: i16,
    pub entry_date: Option<Date>,
    pub address: String,
    pub emergency_contact: String,
    pub emergency_mobile: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
