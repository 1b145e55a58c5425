//! Where a person sits (organisation, store, department, position) and which roles they may be
//! given: checked against each other and against the caller's reach before anything is written.

use brokerdesk_core::org::placement::{self, Choice, Spot};

use crate::access::Place;
use crate::crud::prelude::*;
use crate::entity::{department, position, role, store, user};
use crate::org::target_organisation;
use crate::role::scope::ensure_grantable;

/// A person's seat, every id checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    pub site: i64,
    pub organisation: i64,
    pub store_group: Option<i64>,
    pub store: Option<i64>,
    pub department: Option<i64>,
    pub position: Option<i64>,
}

impl Seat {
    /// A person's row changes that seat them here.
    pub fn row(&self) -> user::ActiveModel {
        user::ActiveModel {
            organisation_id: Set(Some(self.organisation)),
            site_id: Set(Some(self.site)),
            store_group_id: Set(self.store_group),
            store_id: Set(self.store),
            department_id: Set(self.department),
            position_id: Set(self.position),
            ..Default::default()
        }
    }

    pub fn place(&self) -> Place {
        Place {
            site: Some(self.site),
            organisation: Some(self.organisation),
            store_group: self.store_group,
            store: self.store,
            department: self.department,
            owner: None,
        }
    }
}

/// What the form asked for.
#[derive(Debug, Clone, Copy, Default)]
pub struct SeatRequest {
    pub organisation: Option<i64>,
    pub store: Option<i64>,
    pub department: Option<i64>,
    pub position: Option<i64>,
    /// The position the person holds now, which may stay even if the caller could not give it.
    pub held_position: Option<i64>,
}

/// Resolves and checks a seat: the store decides the organisation; a department must be in
/// the same organisation and the same store (none for company staff); so must the position. The result must
/// lie in the caller's scope.
pub async fn resolve<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    request: SeatRequest,
) -> Result<Seat, AppError> {
    let shop = scoped.get_some::<store::Entity>(request.store).await?;
    let dept = scoped
        .get_some::<department::Entity>(request.department)
        .await?;
    // The store's organisation, else the department's, else the one asked for.
    let own = shop.as_ref().map(|s| s.organisation_id);
    let own = own.or(dept.as_ref().map(|d| d.organisation_id));
    let organisation = target_organisation(scoped, own.or(request.organisation)).await?;
    if request.organisation.is_some_and(|id| id != organisation.id) {
        return Err(AppError::invalid("storeId", "所选门店不属于该公司"));
    }
    let mut store_id = shop.as_ref().map(|s| s.id);
    let mut store_group = shop.as_ref().and_then(|s| s.store_group_id);
    if let Some(dept) = &dept {
        if dept.organisation_id != organisation.id {
            return Err(AppError::invalid("departmentId", "所选部门不属于该公司"));
        }
        // A store's people sit in that store's departments; company departments hold
        // company staff.
        match (store_id, dept.store_id) {
            (None, Some(own)) => {
                store_id = Some(own);
                store_group = dept.store_group_id;
            }
            (chosen, own) if chosen != own => {
                return Err(AppError::invalid("departmentId", "所选部门不属于该门店"));
            }
            _ => {}
        }
    }
    if let Some(id) = request.position {
        let held = scoped.get::<position::Entity>(id).await?;
        if !placement::fits(
            Choice::Position,
            Spot {
                organisation: held.organisation_id,
                store: None,
            },
            company(organisation.id),
        ) {
            return Err(AppError::invalid("positionId", "所选岗位不属于该公司"));
        }
        if request.held_position != Some(id)
            && !may_give_position(position_rank(scoped).await?, &held)
        {
            return Err(AppError::GrantTooWide(POSITION_TOO_HIGH));
        }
    }
    let seat = Seat {
        site: organisation.site_id,
        organisation: organisation.id,
        store_group,
        store: store_id,
        department: dept.map(|d| d.id),
        position: request.position,
    };
    // The caller reaches only stores: the person must sit in one of them. (Whether the seat is
    // the caller's to fill at all is the person's write's check, from the row as stored.)
    if seat.store.is_none() && !scoped.scope().covers(&seat.place()) {
        return Err(AppError::invalid("storeId", "请选择所属门店"));
    }
    Ok(seat)
}

/// A person placed in `organisation`, store not considered.
fn company(organisation: i64) -> Spot {
    Spot {
        organisation: Some(organisation),
        store: None,
    }
}

pub const POSITION_TOO_HIGH: &str = "不能分配高于自身岗位的岗位";

/// The caller's own position in their company, as `(company, 排序)`: a company's positions rank
/// by their 排序 (a smaller number is the higher post, as the seed orders 总经理, 店长, 经纪人),
/// and nobody gives a post above their own. Callers above companies (city operations, the super
/// administrator) rank nothing.
pub async fn position_rank<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
) -> Result<Option<(i64, i32)>, AppError> {
    let actor = scoped.actor();
    let (Some(organisation), Some(id)) = (actor.organisation_id, actor.position_id) else {
        return Ok(None);
    };
    if scoped.caller().is_super_admin() {
        return Ok(None);
    }
    let db = scoped.unscoped();
    Ok(db
        .row::<position::Entity>(id)
        .await?
        .filter(|own| own.organisation_id == Some(organisation))
        .map(|own| (organisation, own.sort)))
}

/// Whether a caller of that rank may give `offered`: anything outside their company, in it
/// their own post or one below.
pub fn may_give_position(rank: Option<(i64, i32)>, offered: &position::Model) -> bool {
    rank.is_none_or(|(organisation, sort)| {
        offered.organisation_id != Some(organisation) || offered.sort >= sort
    })
}

pub const ROLE_TOO_WIDE: &str = "不能分配超出自身权限的角色";

/// Checks the roles a person is to hold: each fitting the person's organisation (core's
/// placement rule); each new one also readable and grantable by the caller. Roles the person
/// already holds may stay (an editor need not be able to grant everything they keep).
pub async fn check_roles<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    role_ids: &[i64],
    organisation: i64,
    already_held: &[i64],
) -> Result<Vec<role::Model>, AppError> {
    let mut roles = Vec::new();
    for id in role_ids {
        let kept = already_held.contains(id);
        let held = if kept {
            let db = scoped.unscoped();
            db.row::<role::Entity>(*id)
                .await?
                .ok_or(AppError::NotFound)?
        } else {
            scoped.get::<role::Entity>(*id).await?
        };
        let at = Spot {
            organisation: held.organisation_id,
            store: held.store_id,
        };
        if !placement::fits(Choice::Role, at, company(organisation)) {
            return Err(AppError::invalid("roleIds", "所选角色不属于该公司"));
        }
        if !kept {
            ensure_grantable(scoped, &held, ROLE_TOO_WIDE).await?;
        }
        if !roles.iter().any(|r: &role::Model| r.id == held.id) {
            roles.push(held);
        }
    }
    Ok(roles)
}
