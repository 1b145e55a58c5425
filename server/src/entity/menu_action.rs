//! An action (button) a page offers, e.g. `add`, `edit`, `delete`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "menu_action")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub menu_id: i64,
    pub code: String,
    pub name: String,
    /// Permission code (`work:store:staff:add`), the action's identity for the server's routes.
    pub perms: String,
    pub sort: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
