//! 新房报备: a customer an agent reported to a distributed new-home project, at the agent's seat.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "new_home_report")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    pub reporter_id: i64,
    pub project_id: i64,
    pub customer_name: String,
    pub customer_sex: Option<i16>,
    /// Whole or 前三后四 as the project's rule took it.
    pub customer_phone: String,
    /// 前三后四, what duplicates are found by.
    pub phone_key: String,
    pub visit_date: Date,
    /// core `timeOfDay`.
    pub visit_slot: i16,
    pub remark: String,
    /// core `report::ReportStatus`.
    pub status: i16,
    /// Why it failed review or was found invalid.
    pub reason: String,
    pub reported_at: DateTimeUtc,
    /// The end of the protection period.
    pub protected_until: DateTimeUtc,
    pub approved_at: Option<DateTimeUtc>,
    /// The last moment a visit may be confirmed (set on approval).
    pub visit_deadline: Option<DateTimeUtc>,
    pub visited_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
