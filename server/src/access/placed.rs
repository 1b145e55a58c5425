//! Where the rows of each organisation table sit, for the scope filter.

use sea_orm::ActiveValue;

use super::scope::{Columns, Inherit, Place, Placed};
use crate::entity::{
    app, app_enablement, audit_log, building_type, business_circle, city_site, department,
    dictionary, district, enrollment, listing_role, menu, organisation, position, role, store,
    store_group, user,
};

/// Implements [`Placed`]: the id column, then `level => Column` pairs, then how a model's place
/// reads (`level: expression` over `m`).
macro_rules! placed {
    ($entity:ident, $inherit:expr, { $($level:ident => $column:ident),* $(,)? },
     |$m:ident| { $($field:ident: $value:expr),* $(,)? }) => {
        impl Placed for $entity::Entity {
            const INHERIT: Inherit = $inherit;

            fn id_column() -> Self::Column {
                $entity::Column::Id
            }

            fn id_of(model: &Self::Model) -> i64 {
                model.id
            }

            fn active_id(row: &Self::ActiveModel) -> Option<i64> {
                match &row.id {
                    ActiveValue::Set(id) | ActiveValue::Unchanged(id) => Some(*id),
                    ActiveValue::NotSet => None,
                }
            }

            // Tables that fill every level leave the defaults unused.
            #[allow(clippy::needless_update)]
            fn columns() -> Columns<Self::Column> {
                Columns {
                    $($level: Some($entity::Column::$column),)*
                    ..Columns::default()
                }
            }

            #[allow(clippy::needless_update)]
            fn place($m: &Self::Model) -> Place {
                Place {
                    $($field: $value,)*
                    ..Place::default()
                }
            }
        }
    };
}

// The app catalogue and the menu tree belong to no one: only a caller reaching everything
// changes them.
placed!(app, Inherit::Nothing, {}, |_m| {});
placed!(menu, Inherit::Nothing, {}, |_m| {});

placed!(city_site, Inherit::FromSite, { site => Id }, |m| { site: Some(m.id) });

placed!(organisation, Inherit::FromOrganisation,
    { site => SiteId, organisation => Id },
    |m| { site: Some(m.site_id), organisation: Some(m.id) });

placed!(store_group, Inherit::FromOrganisation,
    { site => SiteId, organisation => OrganisationId, store_group => Id },
    |m| { site: m.site_id, organisation: Some(m.organisation_id), store_group: Some(m.id) });

placed!(store, Inherit::FromOrganisation,
{ site => SiteId, organisation => OrganisationId, store_group => StoreGroupId, store => Id },
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: Some(m.id),
});

placed!(department, Inherit::FromOrganisation,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => Id,
},
// A department is within its parent's reach (a sub-department of a DEPT_AND_BELOW caller's
// department is theirs to add), a top-level one within its store's or company's.
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.parent_id,
});

placed!(position, Inherit::FromOrganisation,
    { site => SiteId, organisation => OrganisationId },
    |m| { site: m.site_id, organisation: m.organisation_id });

placed!(role, Inherit::FromOrganisation,
    { site => SiteId, organisation => OrganisationId, store => StoreId },
    |m| { site: m.site_id, organisation: m.organisation_id, store: m.store_id });

placed!(user, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => Id,
},
|m| {
    site: m.site_id,
    organisation: m.organisation_id,
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: Some(m.id),
});

placed!(dictionary, Inherit::FromOrganisation,
    { site => SiteId, organisation => OrganisationId },
    |m| { site: Some(m.site_id), organisation: Some(m.organisation_id) });

placed!(app_enablement, Inherit::FromSite,
    { site => SiteId, organisation => OrganisationId },
    |m| { site: Some(m.site_id), organisation: m.organisation_id });

placed!(listing_role, Inherit::FromSite, { site => SiteId }, |m| { site: Some(m.site_id) });
placed!(district, Inherit::FromSite, { site => SiteId }, |m| { site: Some(m.site_id) });
placed!(business_circle, Inherit::FromSite, { site => SiteId }, |m| { site: Some(m.site_id) });
placed!(building_type, Inherit::FromSite, { site => SiteId }, |m| { site: Some(m.site_id) });

placed!(audit_log, Inherit::Nothing,
    { site => SiteId, organisation => OrganisationId, store => StoreId },
    |m| { site: m.site_id, organisation: m.organisation_id, store: m.store_id });

placed!(enrollment, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => UserId,
},
|m| {
    site: m.site_id,
    organisation: m.organisation_id,
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: Some(m.user_id),
});

/// A table whose rows other rows show by name.
pub trait Named: Placed {
    fn name_column() -> Self::Column;
}

macro_rules! named {
    ($($entity:ident),*) => {
        $(impl Named for $entity::Entity {
            fn name_column() -> Self::Column {
                $entity::Column::Name
            }
        })*
    };
}

named!(
    app,
    city_site,
    organisation,
    store_group,
    store,
    department,
    position,
    role
);
