//! A listing's roles (房源角色) that follow who holds it: the city's /coc/config/role rows stand
//! for ACN roles by name (core `DealRole::of_listing_role`), and the 维护 one is the listing's
//! keeper, so commission splits read whoever keeps it now, not whoever kept it before 公盘.

use brokerdesk_core::deal::split::DealRole;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set};

use crate::access::Unscoped;
use crate::entity::{listing_role, listing_role_member};
use crate::error::AppError;

/// The city's listing role that stands for `role` (钥匙人 for 钥匙), if it keeps one.
pub(super) async fn city_role<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    site_id: i64,
    role: DealRole,
) -> Result<Option<i64>, AppError> {
    let roles = db
        .all(
            db.find::<listing_role::Entity>()
                .filter(listing_role::Column::SiteId.eq(site_id)),
        )
        .await?;
    Ok(roles
        .into_iter()
        .find(|row| DealRole::of_listing_role(&row.name) == Some(role))
        .map(|row| row.id))
}

/// Hands a listing's 维护 role to `keeper` (a claim) or empties it (`None`: into 公盘), inside
/// the move's transaction, on a listing the move has already checked.
#[allow(clippy::disallowed_methods)]
pub(crate) async fn hand_maintain(
    txn: &DatabaseTransaction,
    listing_id: i64,
    site_id: i64,
    keeper: Option<i64>,
) -> Result<(), AppError> {
    let Some(role) = city_role(&Unscoped::new(txn), site_id, DealRole::Maintain).await? else {
        return Ok(());
    };
    listing_role_member::Entity::delete_many()
        .filter(listing_role_member::Column::ListingId.eq(listing_id))
        .filter(listing_role_member::Column::ListingRoleId.eq(role))
        .exec(txn)
        .await?;
    if let Some(user_id) = keeper {
        listing_role_member::Entity::insert(listing_role_member::ActiveModel {
            listing_id: Set(listing_id),
            listing_role_id: Set(role),
            user_id: Set(user_id),
            ..Default::default()
        })
        .exec_without_returning(txn)
        .await?;
    }
    Ok(())
}
