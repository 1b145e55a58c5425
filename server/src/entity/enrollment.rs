//! 办理入职: the onboarding of one new hire, whose PENDING staff record it completes.

use sea_orm::entity::prelude::*;

use super::status::{OnboardingState, WorkingState};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "enrollment")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub site_id: Option<i64>,
    pub organisation_id: Option<i64>,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    pub status: OnboardingState,
    /// The working status the hire gets on approval.
    pub target_status: Option<WorkingState>,
    pub reject_reason: String,
    pub started_by: Option<i64>,
    pub decided_by: Option<i64>,
    pub submitted_at: Option<DateTimeUtc>,
    pub decided_at: Option<DateTimeUtc>,
    /// The hire's roles at approval, as JSON `[{"id", "name"}]`; none before.
    pub hired_roles: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
