//! 线索: a person who may become a customer. In the pool (待分配) only the city and company are
//! kept, so every colleague of the company reads it; followed (跟进中 and after) it sits at its
//! agent's seat (their store, group, department and themselves).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "lead")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: Option<i64>,
    pub store_id: Option<i64>,
    pub department_id: Option<i64>,
    /// The agent following it (跟进人).
    pub owner_id: Option<i64>,
    pub name: String,
    pub phone: String,
    /// The phone as duplicates are found by.
    pub phone_key: String,
    /// Core `sex`.
    pub sex: Option<i16>,
    /// Core `customerDemand`.
    pub demand: Option<i16>,
    pub area: String,
    /// Fen: the budget stated, or a range's upper bound.
    pub budget: Option<i64>,
    /// Fen: a range's lower bound; none when one figure was stated.
    pub budget_min: Option<i64>,
    pub remark: String,
    /// Core `clueSource`.
    pub source: i16,
    /// The portal or person it came through (安居客, 58同城).
    pub channel: String,
    /// Core `clueStatus`.
    pub status: i16,
    /// Core `invalidReason`, while invalid.
    pub invalid_reason: Option<i16>,
    /// The customer it became.
    pub customer_id: Option<i64>,
    /// The batch import that added it.
    pub import_id: Option<i64>,
    /// SHA-256 of the cleaned import row (core `lead::import::identity`), unique per company.
    pub row_key: Option<String>,
    pub entered_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
