//! Writing listings: entering one on a room (one on the market per room and company), editing
//! it, moving it through core's lifecycle table (claims from the public pool included), its
//! follow-ups, and revealing its owner's phone.

use std::collections::HashSet;

use brokerdesk_core::forms::{self, RoleMember};
use brokerdesk_core::listing::lifecycle::{self, HouseAction, ListingState};
use brokerdesk_core::listing::owner_phone;
use brokerdesk_core::listing::price;
use brokerdesk_core::listing::trade::Trade;
use brokerdesk_core::org::fields::FieldError;
use brokerdesk_core::org::staff_status::WORKING;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait,
    QueryFilter, QueryOrder, Set,
};

use super::dto::*;
use super::roles;
use super::{actor_of, get_in, needs, state_code, state_of, view};
use crate::access::{Caller, Scoped, Unscoped};
use crate::audit::{self, Action, Change, snapshot};
use crate::community::parts::{Room, mark_in_company};
use crate::entity::{
    community, listing, listing_follow_up, listing_role, listing_role_member, room, store, user,
};
use crate::error::AppError;
use crate::form;
use crate::history::{self, StatusMove};
use crate::paging::Page;
use crate::shared::{millis, name_of};
use crate::transition::{self, Reach};

pub const ROLE_OF_OTHER_CITY: &str = "请选择本城市的房源角色";
pub const ROLE_PERSON_OUTSIDE: &str = "房源角色只能选择本门店或您管辖范围内在职的同事";
pub const CLAIMED: &str = "该房源已被他人认领，请刷新后重试";

/// Refuses 重盘: a listing of `company` and the trade still on the room numbered `room_id`,
/// other than the one being moved (both callers hold the number: no room is looked up for it).
/// Said as the room's tag says it: the room in full, the listing's number and, when the caller
/// may read that listing, who keeps it.
async fn refuse_duplicate<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    trade: Trade,
    room_id: i64,
    company: i64,
) -> Result<(), AppError> {
    let mut view = Room {
        id: room_id,
        ..Room::default()
    };
    mark_in_company(scoped, trade, company, vec![&mut view]).await?;
    match view.listing_id {
        Some(id) => Err(AppError::Taken(vec![FieldError::new(
            "roomId",
            trade.room_taken_message(&view.label, id, &view.listing_keeper),
        )])),
        None => Ok(()),
    }
}

/// Codes of a multi-select as stored: sorted, once each, comma-separated.
fn codes_text(codes: &[i64]) -> String {
    let mut codes = codes.to_vec();
    codes.sort_unstable();
    codes.dedup();
    codes
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The form's values as columns (everything but the room and the placement); the price is
/// the trade's: a total typed in 万, or a monthly rent typed in 元.
fn columns_of(trade: Trade, form: &ListingForm, row: &mut listing::ActiveModel) {
    let small = |value: Option<i64>| value.and_then(|v| i16::try_from(v).ok());
    // The form's check has passed: these read.
    let area = price::hundredths(&form.area).unwrap_or_default();
    let fen = match trade {
        Trade::Sale => price::wan_to_fen(&form.price),
        Trade::Lease => price::hundredths(&form.rent),
    }
    .unwrap_or_default();
    row.area = Set(area);
    row.price = Set(fen);
    row.unit_price = Set(price::unit_price_fen(fen, area).unwrap_or_default());
    row.rooms = Set(small(form.rooms).unwrap_or_default());
    row.halls = Set(small(form.halls).unwrap_or_default());
    row.baths = Set(small(form.baths).unwrap_or_default());
    row.floor = Set(small(form.floor).unwrap_or_default());
    row.total_floors = Set(small(form.total_floors).unwrap_or_default());
    row.orientation = Set(small(form.orientation).unwrap_or_default());
    row.decoration = Set(small(form.decoration).unwrap_or_default());
    row.property_term = Set(small(form.property_term));
    row.building_type = Set(small(form.building_type));
    row.building_structure = Set(small(form.building_structure));
    row.heating = Set(small(form.heating));
    row.water = Set(small(form.water));
    row.electricity = Set(small(form.electricity));
    row.rent_type = Set(small(form.rent_type));
    row.payment_terms = Set(small(form.payment_terms));
    row.facilities = Set(codes_text(&form.facilities));
    row.available_from =
        Set(chrono::NaiveDate::parse_from_str(form.available_from.trim(), "%Y-%m-%d").ok());
    row.tags = Set(codes_text(&form.tags));
    row.viewing_slots = Set(codes_text(&form.viewing_slots));
    row.description = Set(form.description.trim().to_owned());
    row.owner_name = Set(form.owner_name.clone());
    row.owner_phone = Set(form.owner_phone.trim().to_owned());
    row.owner_phone2 = Set(form.owner_phone2.trim().to_owned());
}

/// Who may be put in a listing's roles: working colleagues of the listing's company, in the
/// caller's own store or within their data scope — the people the form's picker offers.
fn role_people<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    organisation_id: i64,
) -> sea_orm::Select<user::Entity> {
    let me = scoped.actor();
    let mut near = Condition::any().add(scoped.scope().readable::<user::Entity>());
    if let Some(store) = me.store_id {
        near = near.add(user::Column::StoreId.eq(store));
    }
    scoped
        .unscoped()
        .find::<user::Entity>()
        .filter(user::Column::OrganisationId.eq(organisation_id))
        .filter(near)
        .filter(user::Column::WorkingStatus.is_in(WORKING.map(|status| status.code())))
        .filter(user::Column::Locked.eq(false))
}

/// The city's listing roles (/coc/config/role), in their order.
async fn city_roles<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    site_id: i64,
) -> Result<Vec<listing_role::Model>, AppError> {
    db.all(
        db.find::<listing_role::Entity>()
            .filter(listing_role::Column::SiteId.eq(site_id))
            .order_by_asc(listing_role::Column::Sort)
            .order_by_asc(listing_role::Column::Id),
    )
    .await
}

/// Checks the listing roles: filled as core says, roles of the listing's city, and people the
/// caller may put there ([`role_people`]); someone already in a role of the listing (`held`)
/// may stay there even when the caller could not pick them now.
async fn check_roles<C: ConnectionTrait>(
    scoped: &Scoped<'_, C>,
    members: &[RoleMember],
    site_id: i64,
    organisation_id: i64,
    held: &HashSet<i64>,
) -> Result<(), AppError> {
    forms::check_role_members(members)?;
    let db = scoped.unscoped();
    let role_ids: HashSet<i64> = members.iter().map(|m| m.role_id).collect();
    let user_ids: HashSet<i64> = members
        .iter()
        .map(|m| m.user_id)
        .filter(|id| !held.contains(id))
        .collect();
    if !role_ids.is_empty() {
        let found = db
            .all(
                db.find::<listing_role::Entity>()
                    .filter(listing_role::Column::Id.is_in(role_ids.iter().copied()))
                    .filter(listing_role::Column::SiteId.eq(site_id)),
            )
            .await?;
        if found.len() != role_ids.len() {
            return Err(AppError::invalid("roles", ROLE_OF_OTHER_CITY));
        }
    }
    if !user_ids.is_empty() {
        let found = scoped
            .all(
                role_people(scoped, organisation_id)
                    .filter(user::Column::Id.is_in(user_ids.iter().copied())),
            )
            .await?;
        if found.len() != user_ids.len() {
            return Err(AppError::invalid("roles", ROLE_PERSON_OUTSIDE));
        }
    }
    Ok(())
}

/// The people who may stay in `row`'s roles whoever edits it: those holding one now, its
/// enterer and its maintainer (录入 and 维护 start with them).
async fn role_holders<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    row: &listing::Model,
) -> Result<HashSet<i64>, AppError> {
    let mut held: HashSet<i64> = db
        .values::<listing_role_member::Entity, i64>(
            db.find::<listing_role_member::Entity>()
                .filter(listing_role_member::Column::ListingId.eq(row.id)),
            listing_role_member::Column::UserId,
        )
        .await?
        .into_iter()
        .collect();
    held.extend(row.entered_by.iter().chain(row.maintainer_id.iter()));
    Ok(held)
}

/// What the listing form's 房源角色 offers the caller: the roles of the listing's city (of the
/// caller's city for a new one), the colleagues they may put in them, and who 录入 and 维护
/// start with. For a listing (`id`), only someone who may edit it asks; for a new one, someone
/// who may enter one.
pub async fn role_choices_in(
    trade: Trade,
    caller: &Caller,
    query: RoleChoicesQuery,
) -> Result<RoleChoices, AppError> {
    let (scoped, site_id, organisation_id, enterer_id, maintainer_id, held) = match query.id {
        Some(id) => {
            let scoped = caller.require(needs(trade).edit)?;
            let row = changeable(trade, &scoped, id).await?;
            let held = role_holders(&scoped.unscoped(), &row).await?;
            let enterer = row.entered_by.unwrap_or(scoped.actor().id);
            (
                scoped,
                row.site_id,
                row.organisation_id,
                enterer,
                row.maintainer_id,
                held,
            )
        }
        None => {
            let scoped = caller.require(needs(trade).add)?;
            let me = scoped.actor();
            let (Some(site_id), Some(organisation_id)) = (me.site_id, me.organisation_id) else {
                return Err(AppError::NoPermission);
            };
            let me = me.id;
            (
                scoped,
                site_id,
                organisation_id,
                me,
                Some(me),
                HashSet::new(),
            )
        }
    };
    let db = scoped.unscoped();
    let roles = city_roles(&db, site_id).await?;
    let mut people = scoped
        .all(
            role_people(&scoped, organisation_id)
                .order_by_asc(user::Column::StoreId)
                .order_by_asc(user::Column::Id),
        )
        .await?;
    // Those in a role now stay choosable, wherever they work.
    let missing: Vec<i64> = held
        .iter()
        .copied()
        .filter(|id| !people.iter().any(|p| p.id == *id))
        .collect();
    if !missing.is_empty() {
        people.extend(
            db.all(
                db.find::<user::Entity>()
                    .filter(user::Column::Id.is_in(missing))
                    .order_by_asc(user::Column::Id),
            )
            .await?,
        );
    }
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            people.iter().filter_map(|p| p.store_id),
        )
        .await?;
    Ok(RoleChoices {
        roles: roles
            .into_iter()
            .map(|role| ListingRoleRef {
                id: role.id,
                name: role.name,
            })
            .collect(),
        colleagues: people
            .into_iter()
            .map(|p| RoleColleague {
                id: p.id,
                store_name: name_of(&stores, p.store_id),
                name: p.real_name,
            })
            .collect(),
        enterer_id,
        maintainer_id,
    })
}

/// Replaces the people in a listing's roles: rows of a listing already checked.
#[allow(clippy::disallowed_methods)]
async fn write_roles(
    txn: &DatabaseTransaction,
    listing_id: i64,
    members: &[RoleMember],
) -> Result<(), AppError> {
    listing_role_member::Entity::delete_many()
        .filter(listing_role_member::Column::ListingId.eq(listing_id))
        .exec(txn)
        .await?;
    if members.is_empty() {
        return Ok(());
    }
    listing_role_member::Entity::insert_many(members.iter().map(|m| {
        listing_role_member::ActiveModel {
            listing_id: Set(listing_id),
            listing_role_id: Set(m.role_id),
            user_id: Set(m.user_id),
            ..Default::default()
        }
    }))
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// A listing's status move in its history.
async fn record_move(
    on: &Scoped<'_, DatabaseTransaction>,
    row: &listing::Model,
    action: HouseAction,
    from: ListingState,
    to: ListingState,
    reason: &str,
) -> Result<(), AppError> {
    let (from_code, to_code) = (state_code(from), state_code(to));
    let kind = from.trade.kind();
    history::record(
        on.transaction(),
        StatusMove {
            entity: kind,
            entity_id: row.id,
            action: action.code(),
            from: &from_code,
            to: &to_code,
            reason,
            actor_id: Some(on.actor().id),
        },
    )
    .await?;
    audit::record(
        on.transaction(),
        on.actor(),
        Change::new(
            kind,
            row.id,
            Action::Status,
            snapshot(&from.label()),
            snapshot(&to.label()),
            view::place(row),
        ),
    )
    .await
}

/// Enter a listing of `trade` on a room of the dictionary; the caller becomes its maintainer
/// and it sits in their store's private pool. A room already on the market in the company for
/// the trade is refused (重盘) naming that listing.
pub async fn add_in(
    trade: Trade,
    caller: &Caller,
    form: ListingAdd,
) -> Result<ListingDetail, AppError> {
    let scoped = caller.require(needs(trade).add)?;
    let form = form::checked_with(trade.forms().0, &form)?;
    let me = scoped.actor().clone();
    let organisation_id = me.organisation_id.ok_or(AppError::NoPermission)?;
    let room_id = form.room_id.unwrap_or_default();
    let room = scoped
        .get::<room::Entity>(room_id)
        .await
        .map_err(|error| match error {
            AppError::NotFound => AppError::invalid("roomId", "房号不存在，请重新选择"),
            other => other,
        })?;
    let db = scoped.unscoped();
    let community = db
        .one(
            db.find::<community::Entity>()
                .filter(community::Column::Id.eq(room.community_id)),
        )
        .await?
        .ok_or(AppError::NotFound)?;
    refuse_duplicate(&scoped, trade, room.id, organisation_id).await?;
    check_roles(
        &scoped,
        &form.form.roles,
        room.site_id,
        organisation_id,
        &HashSet::new(),
    )
    .await?;
    let now = Utc::now();
    let start = lifecycle::entered(trade);
    let mut row = listing::ActiveModel {
        trade: Set(trade.code()),
        site_id: Set(room.site_id),
        organisation_id: Set(organisation_id),
        store_group_id: Set(me.store_group_id),
        store_id: Set(me.store_id),
        department_id: Set(me.department_id),
        maintainer_id: Set(Some(me.id)),
        room_id: Set(room.id),
        community_id: Set(community.id),
        district_id: Set(Some(community.district_id)),
        business_circle_id: Set(community.business_circle_id),
        status: Set(start.status.code()),
        pool: Set(start.pool.code()),
        entered_by: Set(Some(me.id)),
        last_activity_at: Set(now),
        last_follow_up_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    columns_of(trade, &form.form, &mut row);
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let saved = on.insert::<listing::Entity>(row).await?;
    write_roles(&txn, saved.id, &form.form.roles).await?;
    on.record_created::<listing::Entity>(&saved).await?;
    history::record(
        &txn,
        StatusMove {
            entity: trade.kind(),
            entity_id: saved.id,
            action: lifecycle::ENTER,
            from: "",
            to: &state_code(start),
            reason: "",
            actor_id: Some(me.id),
        },
    )
    .await?;
    txn.commit().await?;
    view::detail(&scoped.unscoped(), caller, saved).await
}

/// The listing of `trade` numbered `id` as the caller may change it (its details, roles,
/// photos): writable in their scope, theirs to keep or theirs to manage, still on the market.
pub(super) async fn changeable(
    trade: Trade,
    scoped: &Scoped<'_>,
    id: i64,
) -> Result<listing::Model, AppError> {
    let row = get_in(scoped, trade, id).await?;
    let row = scoped.get_writable::<listing::Entity>(row.id).await?;
    if let Some(refusal) = lifecycle::edit_refusal(state_of(&row)?, actor_of(scoped.caller(), &row))
    {
        return Err(AppError::TransitionRefused(refusal));
    }
    Ok(row)
}

/// Edit a listing's details, owner and roles (not its room or trade). Its maintainer or a
/// manager who can write it; a listing off the market (sold, let) stays as it was.
pub async fn edit_in(
    trade: Trade,
    caller: &Caller,
    form: ListingEdit,
) -> Result<ListingDetail, AppError> {
    let scoped = caller.require(needs(trade).edit)?;
    let mut form = form::checked_with(trade.forms().1, &form)?;
    let before = changeable(trade, &scoped, form.id).await?;
    // A phone the form showed masked and that came back as shown is the stored one: the edit
    // form never carries an owner's number to a caller who sees it masked.
    form.form.owner_phone = owner_phone::kept(&form.form.owner_phone, &before.owner_phone)
        .map_err(|message| AppError::invalid("ownerPhone", message))?;
    form.form.owner_phone2 = owner_phone::kept(&form.form.owner_phone2, &before.owner_phone2)
        .map_err(|message| AppError::invalid("ownerPhone2", message))?;
    let held = role_holders(&scoped.unscoped(), &before).await?;
    check_roles(
        &scoped,
        &form.form.roles,
        before.site_id,
        before.organisation_id,
        &held,
    )
    .await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old = on.view::<listing::Entity>(before.clone()).await?;
    let mut row: listing::ActiveModel = before.clone().into();
    columns_of(trade, &form.form, &mut row);
    row.updated_at = Set(Utc::now());
    let saved = on.update::<listing::Entity>(row).await?;
    write_roles(&txn, saved.id, &form.form.roles).await?;
    on.record_changed::<listing::Entity>(&old, &saved).await?;
    txn.commit().await?;
    view::detail(&scoped.unscoped(), caller, saved).await
}

/// Why a claim cannot read its listing: a colleague of the company claimed it first (it left
/// the public pool for their store), or it was never the caller's company's.
async fn claimed_or_out_of_scope<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    trade: Trade,
    caller: &Caller,
    id: i64,
) -> Result<AppError, AppError> {
    let row = db
        .one(
            db.find::<listing::Entity>()
                .filter(listing::Column::Id.eq(id)),
        )
        .await?;
    Ok(match row {
        Some(row)
            if Some(row.organisation_id) == caller.user().organisation_id
                && row.trade == trade.code() =>
        {
            AppError::TransitionRefused(CLAIMED.to_owned())
        }
        _ => AppError::out_of_scope(),
    })
}

/// Moves a listing of `trade` by `action` for `caller`; answers the listing as written.
async fn take(
    trade: Trade,
    caller: &Caller,
    id: i64,
    action: HouseAction,
    reason: Option<i64>,
    remark: &str,
) -> Result<ListingDetail, AppError> {
    let scoped = caller.require(needs(trade).read)?;
    let row = match get_in(&scoped, trade, id).await {
        Err(AppError::OutOfScope(_)) if action == HouseAction::Claim => {
            return Err(claimed_or_out_of_scope(&scoped.unscoped(), trade, caller, id).await?);
        }
        other => other?,
    };
    let from = state_of(&row)?;
    let to = lifecycle::next(action, from, actor_of(caller, &row))?;
    // A reason missing or unexplained is the reason dialog's fault, shown on its field.
    let remark = lifecycle::check_reason(trade, action, reason, remark).map_err(|error| {
        let field = if error.message == lifecycle::CHOOSE_REASON {
            "reason"
        } else {
            "remark"
        };
        AppError::invalid(field, error.message)
    })?;
    if !from.status.is_active() && to.status.is_active() {
        // Back on the market (重新上架, 恢复有效 after 他司成交): the room must be free of
        // another listing of the trade, which may have been entered meanwhile.
        refuse_duplicate(&scoped, trade, row.room_id, row.organisation_id).await?;
    }
    let reason_text = match reason.and_then(|code| lifecycle::reason_label(trade, action, code)) {
        Some(label) if remark.is_empty() => label.to_owned(),
        Some(label) => format!("{label}：{remark}"),
        None => remark,
    };
    let now = Utc::now();
    let mut changes = listing::ActiveModel {
        status: Set(to.status.code()),
        pool: Set(to.pool.code()),
        updated_at: Set(now),
        ..Default::default()
    };
    let (before_reach, after_reach) = match action {
        // Into the public pool: only the company is kept.
        HouseAction::Release => {
            changes.store_group_id = Set(None);
            changes.store_id = Set(None);
            changes.department_id = Set(None);
            changes.maintainer_id = Set(None);
            (Reach::Write, Reach::Read)
        }
        // Out of it, to the claimer's seat; the drop rule's clock starts again.
        HouseAction::Claim => {
            let me = caller.user();
            if me.organisation_id != Some(row.organisation_id) {
                return Err(AppError::out_of_scope());
            }
            changes.store_group_id = Set(me.store_group_id);
            changes.store_id = Set(me.store_id);
            changes.department_id = Set(me.department_id);
            changes.maintainer_id = Set(Some(me.id));
            changes.last_activity_at = Set(now);
            (Reach::Read, Reach::Write)
        }
        // Back on offer: the drop rule's clock starts again, so a listing lifted after a long
        // pause does not drop the minute it is on the market.
        HouseAction::Unseal | HouseAction::Resume => {
            changes.last_activity_at = Set(now);
            (Reach::Write, Reach::Write)
        }
        _ => (Reach::Write, Reach::Write),
    };
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let saved = transition::guarded_reach(&on, &row, changes, before_reach, after_reach).await?;
    if matches!(action, HouseAction::Release | HouseAction::Claim) {
        // The 维护 role is the keeper's: it leaves with a release and comes with a claim.
        roles::hand_maintain(&txn, saved.id, saved.site_id, saved.maintainer_id).await?;
    }
    record_move(&on, &saved, action, from, to, &reason_text).await?;
    txn.commit().await?;
    view::detail(&scoped.unscoped(), caller, saved).await
}

/// Move a listing of `trade` through core's lifecycle table: refused unless the table allows
/// it from the listing's state to this caller; of two people acting at once one wins and the
/// other is told the listing changed.
pub async fn transition_in(
    trade: Trade,
    caller: &Caller,
    request: ListingTransition,
) -> Result<ListingDetail, AppError> {
    caller.require(needs(trade).read)?;
    let action = HouseAction::from_code(&request.action)
        .ok_or_else(|| AppError::invalid("action", "未知的房源操作"))?;
    take(
        trade,
        caller,
        request.id,
        action,
        request.reason,
        &request.remark,
    )
    .await
}

/// Claim a listing of `trade` from the public pool: it becomes the caller's, in their store's
/// private pool. Of two claims at once exactly one wins.
pub async fn claim_in(trade: Trade, caller: &Caller, id: i64) -> Result<ListingDetail, AppError> {
    caller.require(needs(trade).claim)?;
    take(trade, caller, id, HouseAction::Claim, None, "").await
}

/// Write a follow-up on a listing of `trade` the caller reads. The maintainer's own follow-up
/// restarts the drop rule's clock.
pub async fn follow_up_add_in(
    trade: Trade,
    caller: &Caller,
    form: FollowUpAdd,
) -> Result<FollowUp, AppError> {
    let scoped = caller.require(needs(trade).follow_up)?;
    let form = form::checked(&form)?;
    let row = get_in(&scoped, trade, form.listing_id).await?;
    let me = scoped.actor().clone();
    let now = Utc::now();
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    if row.maintainer_id == Some(me.id) {
        on.update::<listing::Entity>(listing::ActiveModel {
            id: Set(row.id),
            last_activity_at: Set(now),
            last_follow_up_at: Set(Some(now)),
            ..Default::default()
        })
        .await?;
    }
    let saved = insert_follow_up(&txn, row.id, me.id, form.content.trim(), now).await?;
    txn.commit().await?;
    Ok(FollowUp {
        id: saved.id,
        listing_id: saved.listing_id,
        user_id: saved.user_id,
        user_name: me.real_name,
        content: saved.content,
        at: millis(saved.at),
    })
}

/// A follow-up of a listing already checked readable.
#[allow(clippy::disallowed_methods)]
async fn insert_follow_up(
    txn: &DatabaseTransaction,
    listing_id: i64,
    user_id: i64,
    content: &str,
    at: chrono::DateTime<Utc>,
) -> Result<listing_follow_up::Model, AppError> {
    Ok(listing_follow_up::ActiveModel {
        listing_id: Set(listing_id),
        user_id: Set(Some(user_id)),
        content: Set(content.to_owned()),
        at: Set(at),
        ..Default::default()
    }
    .insert(txn)
    .await?)
}

/// A listing's follow-ups, newest first.
pub async fn follow_up_list_in(
    trade: Trade,
    caller: &Caller,
    query: FollowUpQuery,
) -> Result<Page<FollowUp>, AppError> {
    let scoped = caller.require(needs(trade).read)?;
    let row = get_in(&scoped, trade, query.listing_id).await?;
    let db = scoped.unscoped();
    let page = db
        .page(
            db.find::<listing_follow_up::Entity>()
                .filter(listing_follow_up::Column::ListingId.eq(row.id))
                .order_by_desc(listing_follow_up::Column::At)
                .order_by_desc(listing_follow_up::Column::Id),
            query.page,
        )
        .await?;
    let names = history::names_of(&db, page.list.iter().filter_map(|f| f.user_id)).await?;
    Ok(page.map(|f| FollowUp {
        id: f.id,
        listing_id: f.listing_id,
        user_name: f
            .user_id
            .and_then(|id| names.get(&id).cloned())
            .unwrap_or_default(),
        user_id: f.user_id,
        content: f.content,
        at: millis(f.at),
    }))
}

/// The owner's phones whole, for a caller granted 查看电话 of the trade (or the maintainer);
/// each reveal is recorded in the audit log.
pub async fn reveal_in(trade: Trade, caller: &Caller, id: i64) -> Result<RevealedPhone, AppError> {
    let scoped = caller.require(needs(trade).read)?;
    let row = get_in(&scoped, trade, id).await?;
    let access = view::phone_access(caller, &row);
    let phone =
        owner_phone::reveal(&row.owner_phone, access).map_err(|_| AppError::NoPermission)?;
    let phone2 = if row.owner_phone2.is_empty() {
        String::new()
    } else {
        owner_phone::reveal(&row.owner_phone2, access).map_err(|_| AppError::NoPermission)?
    };
    scoped.reveal::<listing::Entity>(&row).await?;
    Ok(RevealedPhone {
        owner_phone: phone,
        owner_phone2: phone2,
    })
}
