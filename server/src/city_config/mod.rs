//! A city's reference data, kept by city operations (/coc/config): listing roles, districts
//! with their business circles, and building types. Everyone in the city reads them (the houses
//! capability will); writes need the page action and a scope covering the city.

pub mod area;
pub mod building_type;
pub mod listing_role;

use sea_orm::ConnectionTrait;
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::access::{Place, Scoped};
use crate::error::AppError;
use crate::org::target_site;

pub fn router() -> OpenApiRouter<AppState> {
    listing_role::router()
        .merge(area::router())
        .merge(building_type::router())
}

/// The city a new row goes to, which the caller must reach.
async fn writable_site<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    requested: Option<i64>,
) -> Result<i64, AppError> {
    let site = target_site(scoped, requested).await?;
    scoped.ensure_covers(&site_place(site.id))?;
    Ok(site.id)
}

fn site_place(site: i64) -> Place {
    Place {
        site: Some(site),
        ..Place::default()
    }
}
