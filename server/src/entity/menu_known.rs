//! A permission code the database has been given once (see migration m0018): the start adds
//! only the default tree's entries whose codes are not here.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "menu_known")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub perms: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
