//! Listings as a caller sees them: names looked up together, the owner's phone as core's
//! masking rule lets this caller see it, and the buttons core's table offers them.

use std::collections::HashMap;

use brokerdesk_core::listing::drop;
use brokerdesk_core::listing::lifecycle::{self, HouseAction, ListingState};
use brokerdesk_core::listing::owner_phone::{self, PhoneAccess};
use brokerdesk_core::listing::trade::Trade;
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter};

use super::dto::{ListingAudit, ListingDetail, ListingRow, RoleMemberView};
use super::{actor_of, needs, state_of, trade_of};
use crate::access::{Caller, Placed, Unscoped};
use crate::entity::{
    building, business_circle, community, dictionary, district, listing, listing_role,
    listing_role_member, room, store, unit, user,
};
use crate::error::AppError;
use crate::history;
use crate::shared::{millis, name_of};

/// How `caller` may see the owner's phone of `row`: 查看电话 is granted per trade.
pub fn phone_access(caller: &Caller, row: &listing::Model) -> PhoneAccess {
    let may_view = Trade::from_code(row.trade.into())
        .is_some_and(|trade| caller.allows(needs(trade).view_phone));
    owner_phone::access(row.maintainer_id == Some(caller.user().id), may_view)
}

fn access_code(access: PhoneAccess) -> &'static str {
    match access {
        PhoneAccess::Full => "full",
        PhoneAccess::Reveal => "reveal",
        PhoneAccess::Masked => "masked",
    }
}

/// Codes of a multi-select as stored (`1,3`).
fn tags_of(text: &str) -> Vec<i16> {
    text.split(',')
        .filter_map(|code| code.trim().parse().ok())
        .collect()
}

/// Names the rows show, looked up at once.
struct Names {
    communities: HashMap<i64, String>,
    districts: HashMap<i64, String>,
    circles: HashMap<i64, String>,
    rooms: HashMap<i64, String>,
    people: HashMap<i64, String>,
    stores: HashMap<i64, String>,
}

async fn names<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    rows: &[listing::Model],
) -> Result<Names, AppError> {
    let mut people: Vec<i64> = rows.iter().filter_map(|r| r.maintainer_id).collect();
    people.extend(rows.iter().filter_map(|r| r.entered_by));
    Ok(Names {
        communities: db
            .names::<community::Entity>(
                community::Column::Id,
                community::Column::Name,
                rows.iter().map(|r| r.community_id),
            )
            .await?,
        districts: db
            .names::<district::Entity>(
                district::Column::Id,
                district::Column::Name,
                rows.iter().filter_map(|r| r.district_id),
            )
            .await?,
        circles: db
            .names::<business_circle::Entity>(
                business_circle::Column::Id,
                business_circle::Column::Name,
                rows.iter().filter_map(|r| r.business_circle_id),
            )
            .await?,
        rooms: room_labels(db, rows.iter().map(|r| r.room_id)).await?,
        people: history::names_of(db, people).await?,
        stores: db
            .names::<store::Entity>(
                store::Column::Id,
                store::Column::Name,
                rows.iter().filter_map(|r| r.store_id),
            )
            .await?,
    })
}

/// `room id → 3幢2单元1502`.
pub async fn room_labels<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    let ids: Vec<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rooms = db
        .all(
            db.find::<room::Entity>()
                .filter(room::Column::Id.is_in(ids)),
        )
        .await?;
    let buildings = db
        .names::<building::Entity>(
            building::Column::Id,
            building::Column::Name,
            rooms.iter().map(|r| r.building_id),
        )
        .await?;
    let units = db
        .names::<unit::Entity>(
            unit::Column::Id,
            unit::Column::Name,
            rooms.iter().map(|r| r.unit_id),
        )
        .await?;
    Ok(rooms
        .into_iter()
        .map(|room| {
            let label = format!(
                "{}{}{}",
                name_of(&buildings, Some(room.building_id)),
                name_of(&units, Some(room.unit_id)),
                room.name
            );
            (room.id, label)
        })
        .collect())
}

fn row_of(names: &Names, caller: &Caller, row: &listing::Model) -> ListingRow {
    let access = phone_access(caller, row);
    ListingRow {
        id: row.id,
        trade: row.trade,
        community_id: row.community_id,
        community_name: name_of(&names.communities, Some(row.community_id)),
        district_name: name_of(&names.districts, row.district_id),
        business_circle_name: name_of(&names.circles, row.business_circle_id),
        room_label: name_of(&names.rooms, Some(row.room_id)),
        area: row.area,
        rooms: row.rooms,
        halls: row.halls,
        baths: row.baths,
        floor: row.floor,
        total_floors: row.total_floors,
        orientation: row.orientation,
        decoration: row.decoration,
        price: row.price,
        unit_price: row.unit_price,
        tags: tags_of(&row.tags),
        rent_type: row.rent_type,
        payment_terms: row.payment_terms,
        status: row.status,
        pool: row.pool,
        maintainer_id: row.maintainer_id,
        maintainer_name: name_of(&names.people, row.maintainer_id),
        store_name: name_of(&names.stores, row.store_id),
        owner_name: row.owner_name.clone(),
        owner_phone: owner_phone::shown(&row.owner_phone, access),
        phone_access: access_code(access).to_owned(),
        created_at: millis(row.created_at),
        last_follow_up_at: row.last_follow_up_at.map(millis),
    }
}

/// The rows of a list page.
pub async fn rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    rows: &[listing::Model],
) -> Result<Vec<ListingRow>, AppError> {
    let names = names(db, rows).await?;
    Ok(rows.iter().map(|row| row_of(&names, caller, row)).collect())
}

/// N of the drop rule for a company: its dictionary's value, else core's default.
pub async fn drop_days<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    organisation_id: i64,
) -> Result<i64, AppError> {
    let entry = db
        .one(
            db.find::<dictionary::Entity>()
                .filter(dictionary::Column::OrganisationId.eq(organisation_id))
                .filter(dictionary::Column::DictKey.eq(drop::DROP_DAYS_KEY)),
        )
        .await?;
    Ok(drop::drop_days(entry.as_ref().map(|e| e.value.as_str())))
}

/// The label a history line shows for a stored `status-pool` code.
pub fn state_label(trade: Trade, code: &str) -> String {
    super::parse_state(trade, code)
        .map(ListingState::label)
        .unwrap_or_else(|| code.to_owned())
}

/// How a history line names an action code, in the trade's words.
fn action_label(trade: Trade) -> fn(&str) -> &'static str {
    fn label(trade: Trade, code: &str) -> &'static str {
        if code == lifecycle::ENTER {
            return lifecycle::ENTER_LABEL;
        }
        HouseAction::from_code(code).map_or("", |action| action.label_in(trade))
    }
    match trade {
        Trade::Sale => |code| label(Trade::Sale, code),
        Trade::Lease => |code| label(Trade::Lease, code),
    }
}

/// One listing as its detail page shows it to `caller`.
pub async fn detail<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    row: listing::Model,
) -> Result<ListingDetail, AppError> {
    let names = names(db, std::slice::from_ref(&row)).await?;
    let members = db
        .all(
            db.find::<listing_role_member::Entity>()
                .filter(listing_role_member::Column::ListingId.eq(row.id)),
        )
        .await?;
    let role_names = db
        .names::<listing_role::Entity>(
            listing_role::Column::Id,
            listing_role::Column::Name,
            members.iter().map(|m| m.listing_role_id),
        )
        .await?;
    let people = db
        .names::<user::Entity>(
            user::Column::Id,
            user::Column::RealName,
            members.iter().map(|m| m.user_id),
        )
        .await?;
    let roles = members
        .iter()
        .map(|m| RoleMemberView {
            role_id: m.listing_role_id,
            role_name: name_of(&role_names, Some(m.listing_role_id)),
            user_id: m.user_id,
            user_name: name_of(&people, Some(m.user_id)),
        })
        .collect();
    let trade = trade_of(&row)?;
    let needs = needs(trade);
    let mut history = history::of(db, trade.kind(), row.id, action_label(trade)).await?;
    for change in &mut history {
        change.from_status = state_label(trade, &change.from_status);
        change.to_status = state_label(trade, &change.to_status);
    }
    let state = state_of(&row)?;
    // Who the caller is to this listing decides what is offered, the drop notice and editing.
    let actor = actor_of(caller, &row);
    let offered = lifecycle::offered_actions(state, actor)
        .into_iter()
        .map(|action| action.code().to_owned())
        .collect();
    let days = drop_days(db, row.organisation_id).await?;
    let drop_notice = drop::drop_notice(
        state,
        millis(row.last_activity_at),
        millis(Utc::now()),
        days,
    )
    .filter(|_| drop::notice_is_for(actor));
    let place = db
        .one(
            db.find::<community::Entity>()
                .filter(community::Column::Id.eq(row.community_id)),
        )
        .await?;
    let (lng, lat) = match place {
        Some(community::Model {
            lng: Some(lng),
            lat: Some(lat),
            ..
        }) => (Some(lng), Some(lat)),
        _ => (None, None),
    };
    let access = phone_access(caller, &row);
    let edit_refusal = if caller.allows(needs.edit) {
        lifecycle::edit_refusal(state, actor)
    } else {
        Some(lifecycle::EDIT_NOT_YOURS.to_owned())
    };
    let may_edit = edit_refusal.is_none();
    Ok(ListingDetail {
        row: row_of(&names, caller, &row),
        room_id: row.room_id,
        site_id: row.site_id,
        lng,
        lat,
        property_term: row.property_term,
        building_type: row.building_type,
        building_structure: row.building_structure,
        heating: row.heating,
        water: row.water,
        electricity: row.electricity,
        description: row.description.clone(),
        facilities: tags_of(&row.facilities),
        viewing_slots: tags_of(&row.viewing_slots),
        available_from: row
            .available_from
            .map(|day| day.format("%Y-%m-%d").to_string()),
        owner_phone2: if row.owner_phone2.is_empty() {
            String::new()
        } else {
            owner_phone::shown(&row.owner_phone2, access)
        },
        entered_by_name: name_of(&names.people, row.entered_by),
        roles,
        offered_actions: offered,
        may_edit,
        edit_refusal,
        may_follow_up: caller.allows(needs.follow_up),
        drop_notice,
        history,
        updated_at: millis(row.updated_at),
    })
}

/// What the audit log keeps of some listings.
pub async fn audit_rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    rows: Vec<listing::Model>,
) -> Result<Vec<ListingAudit>, AppError> {
    let names = names(db, &rows).await?;
    Ok(rows
        .into_iter()
        .map(|row| ListingAudit {
            id: row.id,
            name: format!(
                "{} {}",
                name_of(&names.communities, Some(row.community_id)),
                name_of(&names.rooms, Some(row.room_id))
            ),
            price: row.price,
            area: row.area,
            status: row.status,
            pool: row.pool,
            maintainer_name: name_of(&names.people, row.maintainer_id),
        })
        .collect())
}

/// Where a listing sits, for audit records.
pub fn place(row: &listing::Model) -> crate::access::Place {
    listing::Entity::place(row)
}
