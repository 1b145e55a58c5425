//! The colleague pickers of other pages (转移's agents, a lead's assignees, a viewing's
//! companions, a contract's people): people of the caller's company, by store, each with their
//! store's name. Each page keeps its own answer type (its own schema), all of this one shape.

use brokerdesk_core::org::staff_status::WORKING;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, QueryFilter, QueryOrder, Select};

use crate::access::Scoped;
use crate::entity::{store, user};
use crate::error::AppError;
use crate::shared::name_of;

/// Whom of their company a picker offers the caller.
#[derive(Debug, Clone, Copy)]
pub enum Among {
    /// Those whose seat the caller may write: whom rows may be handed to.
    Writable,
    /// Those the caller's scope reads, and their own store's even under a SELF scope: the
    /// colleagues they work beside (a store never learns another store's people).
    Near,
}

/// A colleague as a picker shows them.
#[derive(Debug, Clone)]
pub struct Pick {
    pub id: i64,
    pub name: String,
    pub store_name: String,
}

/// The caller's company's people `among` offers; none when the caller has no company.
pub fn colleagues<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    among: Among,
) -> Option<Select<user::Entity>> {
    let me = scoped.actor();
    let organisation_id = me.organisation_id?;
    let select = match among {
        Among::Writable => scoped.write::<user::Entity>(),
        Among::Near => {
            let mut near = Condition::any().add(scoped.scope().readable::<user::Entity>());
            if let Some(store) = me.store_id {
                near = near.add(user::Column::StoreId.eq(store));
            }
            scoped.unscoped().find::<user::Entity>().filter(near)
        }
    };
    Some(select.filter(user::Column::OrganisationId.eq(organisation_id)))
}

/// People at work (在职, 试用, 待离职) and not locked.
pub fn at_work() -> Condition {
    Condition::all()
        .add(user::Column::WorkingStatus.is_in(WORKING.map(|status| status.code())))
        .add(user::Column::Locked.eq(false))
}

/// What a picker offers: the [`colleagues`] `among` who meet `filter`, by store.
pub async fn pickable<C: ConnectionTrait, T: From<Pick>>(
    scoped: &Scoped<'_, C>,
    among: Among,
    filter: Condition,
) -> Result<Vec<T>, AppError> {
    let Some(select) = colleagues(scoped, among) else {
        return Ok(Vec::new());
    };
    let select = select
        .filter(filter)
        .order_by_asc(user::Column::StoreId)
        .order_by_asc(user::Column::Id);
    let people = scoped.all(select).await?;
    let stores = scoped
        .unscoped()
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            people.iter().filter_map(|p| p.store_id),
        )
        .await?;
    Ok(people
        .into_iter()
        .map(|p| {
            T::from(Pick {
                id: p.id,
                store_name: name_of(&stores, p.store_id),
                name: p.real_name,
            })
        })
        .collect())
}

/// `From<Pick>` for a picker's answer (its fields `id`, `name`, `store_name`).
macro_rules! from_pick {
    ($answer:ty) => {
        impl From<$crate::staff::pick::Pick> for $answer {
            fn from(pick: $crate::staff::pick::Pick) -> Self {
                Self {
                    id: pick.id,
                    name: pick.name,
                    store_name: pick.store_name,
                }
            }
        }
    };
}

pub(crate) use from_pick;
