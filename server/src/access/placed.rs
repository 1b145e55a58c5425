//! Where the rows of each organisation table sit, for the scope filter.

use brokerdesk_core::customer::pool::CustomerPool;
use sea_orm::sea_query::{Query, SelectStatement};
use sea_orm::{ActiveValue, ColumnTrait, Condition};

use super::scope::{Columns, Inherit, Place, Placed, Scope};
use crate::entity::{
    app, app_enablement, assistant, audit_log, building, building_type, business_circle, city_site,
    commission_order, commission_order_count, community, community_alias, customer, deal_contract,
    deal_split, department, dictionary, district, enrollment, knowledge, knowledge_data_set,
    knowledge_import, knowledge_import_file, knowledge_point, knowledge_search, lead, lead_import,
    listing, listing_key, listing_role, listing_role_member, menu, new_home_commission_rule,
    new_home_deal, new_home_deal_share, new_home_distribution, new_home_house_type,
    new_home_project, new_home_report, new_home_report_rule, organisation, performance_month,
    position, role, room, settled_order_month, split_template, store, store_group, unit, user,
};

/// Implements [`Placed`]: the id column, then `level => Column` pairs, then how a model's place
/// reads (`level: expression` over `m`).
macro_rules! placed {
    ($entity:ident, $inherit:expr, { $($level:ident => $column:ident),* $(,)? },
     |$m:ident| { $($field:ident: $value:expr),* $(,)? }) => {
        placed!($entity, $inherit, { $($level => $column),* }, |$m| { $($field: $value),* },
            shared: |_scope| None);
    };
    ($entity:ident, $inherit:expr, { $($level:ident => $column:ident),* $(,)? },
     |$m:ident| { $($field:ident: $value:expr),* $(,)? },
     shared: |$scope:ident| $shared:expr) => {
        impl Placed for $entity::Entity {
            const INHERIT: Inherit = $inherit;

            fn shared($scope: &Scope) -> Option<Condition> {
                $shared
            }

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
// The AI helper's knowledge bases are global configuration too.
placed!(knowledge, Inherit::Nothing, {}, |_m| {});
placed!(knowledge_data_set, Inherit::Nothing, {}, |_m| {});
placed!(knowledge_point, Inherit::Nothing, {}, |_m| {});
placed!(knowledge_search, Inherit::Nothing, {}, |_m| {});
placed!(knowledge_import, Inherit::Nothing, {}, |_m| {});
placed!(knowledge_import_file, Inherit::Nothing, {}, |_m| {});
// Assistants serve every company: only a caller reaching everything manages them.
placed!(assistant, Inherit::Nothing, {}, |_m| {});

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

// The community dictionary: the city's, kept by everyone working in it.
placed!(community, Inherit::KeptBySite, { site => SiteId }, |m| { site: Some(m.site_id) });
placed!(community_alias, Inherit::KeptBySite, { site => SiteId }, |m| { site: Some(m.site_id) });
placed!(building, Inherit::KeptBySite, { site => SiteId }, |m| { site: Some(m.site_id) });
placed!(unit, Inherit::KeptBySite, { site => SiteId }, |m| { site: Some(m.site_id) });
placed!(room, Inherit::KeptBySite, { site => SiteId }, |m| { site: Some(m.site_id) });

// A private listing sits at its maintainer's seat; a public one at its company alone, which
// every colleague of the company inherits (reads) and only company-wide callers write. Whoever
// holds one of its roles (录入, 维护, 实勘, 钥匙, 委托) or its key reads it wherever it is kept
// (as 贝壳's ACN roles work): a claim by another store does not lock its 录入人 out.
placed!(listing, Inherit::FromOrganisation,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => MaintainerId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: m.maintainer_id,
},
shared: |scope| scope.home().owner.map(|me| Condition::any()
    .add(listing::Column::Id.in_subquery(Query::select()
        .column(listing_role_member::Column::ListingId)
        .from(listing_role_member::Entity)
        .and_where(listing_role_member::Column::UserId.eq(me))
        .to_owned()))
    .add(listing::Column::Id.in_subquery(Query::select()
        .column(listing_key::Column::ListingId)
        .from(listing_key::Entity)
        .and_where(listing_key::Column::HolderId.eq(me))
        .to_owned()))));

// A private customer sits at its owner agent's seat; a public one at its company alone. Unlike a
// listing (a store's 私盘), a private customer is its agent's alone: nothing is inherited from
// the seat, and the company's public pool (公客) is open to every colleague of the company.
placed!(customer, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => OwnerId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: m.owner_id,
},
shared: |scope| scope.home().organisation.map(|organisation| Condition::all()
    .add(customer::Column::OrganisationId.eq(organisation))
    .add(customer::Column::Pool.eq(CustomerPool::Public.code()))));

// Deals (docs/deals.md): a contract and its order sit at the closer's seat (成交人); a split line
// at its person's, so a store reads its own people's performance; a company's split template at
// the company, read by all its people and written by company-wide callers.
placed!(deal_contract, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => AgentId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: Some(m.agent_id),
});
placed!(commission_order, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => AgentId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: Some(m.agent_id),
});
// The count of orders at a placement sits where those orders sit (0 where a level is absent,
// which no scope holds), so a scope sums the cells of the orders it reads.
placed!(commission_order_count, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => AgentId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: Some(m.store_group_id).filter(|id| *id != 0),
    store: Some(m.store_id).filter(|id| *id != 0),
    department: Some(m.department_id).filter(|id| *id != 0),
    owner: Some(m.agent_id),
});
placed!(deal_split, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => UserId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: Some(m.user_id),
});
// A month's kept performance sits where its lines sit (0 where a level is absent, which no scope
// holds): a person's cell at their seat, a store's at its store, a company's at the company.
placed!(performance_month, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => UserId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: Some(m.store_group_id).filter(|id| *id != 0),
    store: Some(m.store_id).filter(|id| *id != 0),
    department: Some(m.department_id).filter(|id| *id != 0),
    owner: Some(m.user_id).filter(|id| *id != 0),
});
// What a month's settled orders received sits where those orders sit (0 where a level is absent,
// which no scope holds), so a scope sums the cells of the orders it reads.
placed!(settled_order_month, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => AgentId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: Some(m.store_group_id).filter(|id| *id != 0),
    store: Some(m.store_id).filter(|id| *id != 0),
    department: Some(m.department_id).filter(|id| *id != 0),
    owner: Some(m.agent_id),
});
placed!(split_template, Inherit::FromOrganisation,
    { site => SiteId, organisation => OrganisationId },
    |m| { site: Some(m.site_id), organisation: Some(m.organisation_id) });

// A lead in the pool sits at its company alone, and every colleague of the company reads it; a
// followed one sits at its agent's seat and is read within the scope only (an agent sees their
// own, not their store's). A batch import sits at its importer's seat.
placed!(lead, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => OwnerId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: m.owner_id,
},
shared: |scope| scope.home().organisation.map(|organisation| Condition::all()
    .add(lead::Column::OrganisationId.eq(organisation))
    .add(lead::Column::StoreId.is_null())
    .add(lead::Column::OwnerId.is_null())));
placed!(lead_import, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => OwnerId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: m.owner_id,
});

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

// New homes: a project is placed in its city site and written by city operations only; a
// company or store reads it when one of its distributions is readable to them (to their company
// as a whole or to their own store, or anything under their company for a company-wide scope).
// Its house types and commission rules follow the project.
placed!(new_home_distribution, Inherit::FromOrganisation,
    { site => SiteId, organisation => OrganisationId, store => StoreId },
    |m| { site: Some(m.site_id), organisation: Some(m.organisation_id), store: m.store_id });

/// Projects with a distribution the caller reads.
fn distributed_projects(scope: &Scope) -> SelectStatement {
    Query::select()
        .column(new_home_distribution::Column::ProjectId)
        .from(new_home_distribution::Entity)
        .cond_where(scope.readable::<new_home_distribution::Entity>())
        .to_owned()
}

placed!(new_home_project, Inherit::Nothing, { site => SiteId }, |m| { site: Some(m.site_id) },
shared: |scope| Some(Condition::all().add(
    new_home_project::Column::Id.in_subquery(distributed_projects(scope)),
)));
placed!(new_home_house_type, Inherit::Nothing, { site => SiteId }, |m| { site: Some(m.site_id) },
shared: |scope| Some(Condition::all().add(
    new_home_house_type::Column::ProjectId.in_subquery(distributed_projects(scope)),
)));
placed!(new_home_commission_rule, Inherit::Nothing, { site => SiteId },
|m| { site: Some(m.site_id) },
shared: |scope| Some(Condition::all().add(
    new_home_commission_rule::Column::ProjectId.in_subquery(distributed_projects(scope)),
)));

// A project's reporting rule follows the project.
placed!(new_home_report_rule, Inherit::Nothing, { site => SiteId }, |m| { site: Some(m.site_id) },
shared: |scope| Some(Condition::all().add(
    new_home_report_rule::Column::ProjectId.in_subquery(distributed_projects(scope)),
)));

// A report sits at its agent's seat: the agent, their managers up to the company, and the city
// operations of its city (the project side, whose scope is the site) reach it.
placed!(new_home_report, Inherit::FromOrganisation,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => ReporterId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: Some(m.reporter_id),
});

// A deal sits at its declarer's seat, as its report does.
placed!(new_home_deal, Inherit::FromOrganisation,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => DeclarerId,
},
|m| {
    site: Some(m.site_id),
    organisation: Some(m.organisation_id),
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: Some(m.declarer_id),
});

// A split line sits at the seat of the person it credits (the deal's own for the project
// side's share), as a contract's split line does: a store reads its own people's performance
// even on another store's deal. The deal's page shows its lines with the deal.
placed!(new_home_deal_share, Inherit::Nothing,
{
    site => SiteId, organisation => OrganisationId, store_group => StoreGroupId,
    store => StoreId, department => DepartmentId, owner => UserId,
},
|m| {
    site: Some(m.site_id),
    organisation: m.organisation_id,
    store_group: m.store_group_id,
    store: m.store_id,
    department: m.department_id,
    owner: m.user_id,
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
