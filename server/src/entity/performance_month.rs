//! 业绩 kept per month (China time): what the settled split lines of contracts (`kind` 1) and of
//! new-home deals (`kind` 2) add up to, at three levels (`level`): 1 a person at one seat (every
//! placement column and the person), 2 a store (site, company, store group, store), 3 a company
//! (site, company). `amount` is the fen of the lines, `deals` how many contracts or deals have a
//! line there. Kept by `deal::performance` in the transaction that settles (or replaces) lines;
//! an absent placement is 0, so one unique key holds each cell.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "performance_month")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub level: i16,
    pub kind: i16,
    /// `YYYY-MM` in China time.
    pub month: String,
    pub site_id: i64,
    pub organisation_id: i64,
    pub store_group_id: i64,
    pub store_id: i64,
    pub department_id: i64,
    pub user_id: i64,
    pub amount: i64,
    pub deals: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
