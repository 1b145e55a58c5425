//! What a user's roles open: menu entries and page actions (the union over all their roles).

use std::collections::HashSet;

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};

use crate::entity::{role_action, role_menu, user_role};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Grants {
    pub menu_ids: HashSet<i64>,
    pub action_ids: HashSet<i64>,
}

impl Grants {
    pub async fn of_user(db: &impl ConnectionTrait, user_id: i64) -> Result<Self, DbErr> {
        let role_ids: Vec<i64> = user_role::Entity::find()
            .select_only()
            .column(user_role::Column::RoleId)
            .filter(user_role::Column::UserId.eq(user_id))
            .into_tuple()
            .all(db)
            .await?;
        if role_ids.is_empty() {
            return Ok(Self::default());
        }
        let menu_ids: Vec<i64> = role_menu::Entity::find()
            .select_only()
            .column(role_menu::Column::MenuId)
            .filter(role_menu::Column::RoleId.is_in(role_ids.clone()))
            .into_tuple()
            .all(db)
            .await?;
        let action_ids: Vec<i64> = role_action::Entity::find()
            .select_only()
            .column(role_action::Column::MenuActionId)
            .filter(role_action::Column::RoleId.is_in(role_ids))
            .into_tuple()
            .all(db)
            .await?;
        Ok(Self {
            menu_ids: menu_ids.into_iter().collect(),
            action_ids: action_ids.into_iter().collect(),
        })
    }
}
