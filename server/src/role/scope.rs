//! The data scope a role form asks for: who may give which scope, where a new role sits, and
//! the custom set of departments and stores a custom scope names.

use super::RoleForm;
use super::offer::Offer;
use crate::access::{Place, Placed};
use crate::crud::prelude::*;
use crate::entity::{
    department, organisation, role, role_scope_department, role_scope_store, store,
};
use crate::resource::relink;
use crate::shared::same_or_none;
use brokerdesk_core::org::data_scope::{self, DataScope};
use sea_orm::sea_query::ExprTrait;

/// Whether the caller may give a role this data scope: no wider than their own.
pub(crate) fn may_give(caller: &Caller, scope: DataScope) -> bool {
    caller.is_super_admin()
        || caller
            .scope()
            .widest()
            .is_some_and(|widest| widest.may_grant(scope))
}

/// Where a new role sits: in the organisation asked for (or the caller's); a store-scoped
/// caller's role sits in their store; a caller without an organisation makes a city role.
pub(super) async fn place_for_new(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    organisation_id: Option<i64>,
) -> Result<Place, AppError> {
    let actor = scoped.actor();
    let Some(org_id) = organisation_id.or(actor.organisation_id) else {
        let site = actor
            .site_id
            .ok_or_else(|| AppError::invalid("organisationId", "请选择所属公司"))?;
        // A city role; its write checks that the city is the caller's.
        return Ok(Place {
            site: Some(site),
            ..Place::default()
        });
    };
    let org = scoped.get::<organisation::Entity>(org_id).await?;
    let company = Place {
        site: Some(org.site_id),
        organisation: Some(org.id),
        ..Place::default()
    };
    if scoped.scope().covers(&company) {
        return Ok(company);
    }
    let own_store = Place {
        store_group: actor.store_group_id,
        store: actor.store_id,
        ..company
    };
    if actor.organisation_id == Some(org.id)
        && actor.store_id.is_some()
        && scoped.scope().covers(&own_store)
    {
        return Ok(own_store);
    }
    Err(AppError::out_of_scope())
}

/// A checked role form: the role's values and its custom set.
pub(super) struct Checked {
    pub(super) row: role::ActiveModel,
    pub(super) departments: Vec<i64>,
    pub(super) stores: Vec<i64>,
}

pub(super) async fn check(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    form: &RoleForm,
    place: &Place,
    except: Option<i64>,
) -> Result<Checked, AppError> {
    // The fields have passed core's role form; here the scope the caller may grant.
    let (name, remark) = (form.name.clone(), form.remark.clone());
    let scope = data_scope::parse(&form.data_scope)
        .map_err(|message| AppError::invalid("dataScope", message))?;
    if !may_give(scoped.caller(), scope) {
        return Err(AppError::GrantTooWide(data_scope::TOO_WIDE));
    }
    let (mut departments, mut stores) = (Vec::new(), Vec::new());
    if scope == DataScope::Custom {
        if form.custom_department_ids.is_empty() && form.custom_store_ids.is_empty() {
            return Err(AppError::invalid(
                "customDepartmentIds",
                "请选择自定义数据范围的部门或门店",
            ));
        }
        let (ids, field) = (&form.custom_department_ids, "customDepartmentIds");
        departments =
            custom::<department::Entity>(scoped, ids, place, field, "所选部门不属于该公司").await?;
        let (ids, field) = (&form.custom_store_ids, "customStoreIds");
        stores = custom::<store::Entity>(scoped, ids, place, field, "所选门店不属于该公司").await?;
    }
    // Names are unique in the role's store, company (outside its stores) or city.
    let within = match place.organisation {
        Some(org) => role::Column::OrganisationId
            .eq(org)
            .and(same_or_none(role::Column::StoreId, place.store)),
        None => role::Column::OrganisationId
            .is_null()
            .and(same_or_none(role::Column::SiteId, place.site)),
    };
    let same = within.and(role::Column::Name.eq(&name));
    let taken = "该范围内已存在同名角色";
    scoped
        .refuse_same::<role::Entity>("name", same, except, taken)
        .await?;
    let row = role::ActiveModel {
        name: Set(name),
        data_scope: Set(scope.code().to_owned()),
        remark: Set(remark),
        ..Default::default()
    };
    Ok(Checked {
        row,
        departments,
        stores,
    })
}

/// The departments or stores of a custom set, sorted: each one the caller may change (else the
/// scope is wider than theirs), in the role's company (else `elsewhere`, on `field`).
async fn custom<E: Placed>(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    ids: &[i64],
    place: &Place,
    field: &'static str,
    elsewhere: &'static str,
) -> Result<Vec<i64>, AppError> {
    for row in writable::<E>(scoped, ids, data_scope::TOO_WIDE).await? {
        if place.organisation.is_some() && E::place(&row).organisation != place.organisation {
            return Err(AppError::invalid(field, elsewhere));
        }
    }
    let mut set = ids.to_vec();
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// The rows `ids` names, each one the caller may change; else refused (10020004) with `message`.
async fn writable<E: Placed>(
    scoped: &Scoped<'_, impl ConnectionTrait>,
    ids: &[i64],
    message: &'static str,
) -> Result<Vec<E::Model>, AppError> {
    let mut rows = Vec::new();
    for id in ids {
        let row = scoped.get_writable::<E>(*id).await;
        rows.push(row.map_err(|_| AppError::GrantTooWide(message))?);
    }
    Ok(rows)
}

/// Refuses (10020004) a role that reaches further or opens more than the caller: its data
/// scope, its custom set and its menus and actions must all be the caller's to give (what the
/// role's permission tree offers them).
pub(crate) async fn ensure_grantable<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    held: &role::Model,
    message: &'static str,
) -> Result<(), AppError> {
    let caller = scoped.caller();
    if caller.is_super_admin() {
        return Ok(());
    }
    let scope = DataScope::from_code(&held.data_scope);
    if !scope.is_some_and(|scope| may_give(caller, scope)) {
        return Err(AppError::GrantTooWide(message));
    }
    // Its custom set must be the caller's to change.
    let db = scoped.unscoped();
    let departments = db.linked::<role_scope_department::Entity>(held.id);
    writable::<department::Entity>(scoped, &departments.await?, message).await?;
    let stores = db.linked::<role_scope_store::Entity>(held.id);
    writable::<store::Entity>(scoped, &stores.await?, message).await?;
    // What the caller may hand on to this role: their own grants, or, for who administers the
    // role's company from above, the company workspace (else no new company gets a working role).
    let offer = Offer::for_role(&db, caller, held).await?;
    let grants = super::permission_tree::grants_of(&db, held.id).await?;
    if grants.menu_ids.iter().all(|id| offer.menu(*id))
        && grants.action_ids.iter().all(|id| offer.action(*id))
    {
        Ok(())
    } else {
        Err(AppError::GrantTooWide(message))
    }
}

/// Makes a role's custom set what the checked form names.
pub(super) async fn set_custom_set(
    db: &impl ConnectionTrait,
    role_id: i64,
    checked: &Checked,
) -> Result<(), AppError> {
    let departments = checked.departments.iter().copied();
    relink::<role_scope_department::Entity>(db, role_id, departments).await?;
    relink::<role_scope_store::Entity>(db, role_id, checked.stores.iter().copied()).await
}
