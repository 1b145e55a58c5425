//! One node of the menu tree (spec §2): directory or page, with its route and view.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "menu")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub parent_id: Option<i64>,
    pub menu_name: String,
    pub menu_icon: String,
    pub menu_type: i16,
    pub status: i16,
    pub menu_page: String,
    /// Permission code (`work:store:staff:list`), the page's identity for the server's routes.
    pub perms: String,
    pub component_path: String,
    pub sort: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
