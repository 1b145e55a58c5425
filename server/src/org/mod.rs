//! The organisation: city sites, organisations (brokerage companies, independent brokers,
//! partner organisations), store groups, stores, departments and positions. Every endpoint
//! declares its need and reaches rows through the caller's [`Scoped`] view.

pub mod city_site;
pub mod company;
pub mod department;
pub mod position;
pub mod store;
pub mod store_group;

use brokerdesk_core::org::staff_status::WORKING;
use sea_orm::Select;

use crate::crud::prelude::*;
use crate::entity::{city_site as site_entity, organisation, user, user_site};

router!(city_site, company, store_group, store, department, position);

/// The organisation a new row goes to: the one asked for (which the caller must be able to
/// read), else the caller's own.
pub async fn target_organisation<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    requested: Option<i64>,
) -> Result<organisation::Model, AppError> {
    let id = requested
        .or(scoped.actor().organisation_id)
        .ok_or_else(|| AppError::invalid("organisationId", "请选择所属公司"))?;
    scoped.get::<organisation::Entity>(id).await
}

/// The city site a call is about: the one asked for (readable), else the caller's own, else
/// the first of the sites they may switch to.
pub async fn target_site<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    requested: Option<i64>,
) -> Result<site_entity::Model, AppError> {
    let actor = scoped.actor();
    let fallback = match actor.site_id {
        Some(id) => Some(id),
        None => {
            let door = scoped.unscoped();
            door.one(
                door.find::<user_site::Entity>()
                    .filter(user_site::Column::UserId.eq(actor.id))
                    .order_by_asc(user_site::Column::SiteId),
            )
            .await?
            .map(|row| row.site_id)
        }
    };
    let id = requested
        .or(fallback)
        .ok_or_else(|| AppError::invalid("siteId", "请选择城市站点"))?;
    scoped.get::<site_entity::Entity>(id).await
}

/// Staff at work, neither departed nor waiting for their onboarding: what 员工数 counts.
pub fn current_staff<C: ConnectionTrait>(db: &Unscoped<'_, C>) -> Select<user::Entity> {
    db.find::<user::Entity>()
        .filter(user::Column::WorkingStatus.is_in(WORKING.map(|status| status.code())))
}
