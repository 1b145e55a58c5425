//! Customers as a caller sees them: names looked up together, the phone as core's masking rule
//! lets this caller see it, and the buttons the pool table offers them.

use std::collections::HashMap;

use brokerdesk_core::customer::pool::{self, Actor, CustomerAction, CustomerStatus};
use brokerdesk_core::listing::owner_phone::{self, PhoneAccess};
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter};

use super::dto::{CustomerAudit, CustomerDetail, CustomerRow};
use super::{KIND, actor_of, parse_state, state_of};
use crate::access::{Caller, Placed, Unscoped, need};
use crate::entity::{business_circle, customer, dictionary, district, store};
use crate::error::AppError;
use crate::form;
use crate::history;
use crate::shared::{millis, name_of};

/// How `caller` may see the phones of `row`: whole for its owner agent.
pub fn phone_access(caller: &Caller, row: &customer::Model) -> PhoneAccess {
    owner_phone::access(
        row.owner_id == Some(caller.user().id),
        caller.allows(need::CUSTOMER_VIEW_PHONE),
    )
}

fn access_code(access: PhoneAccess) -> &'static str {
    match access {
        PhoneAccess::Full => "full",
        PhoneAccess::Reveal => "reveal",
        PhoneAccess::Masked => "masked",
    }
}

/// Ids kept comma-separated.
pub fn ids_of<T: std::str::FromStr>(text: &str) -> Vec<T> {
    text.split(',')
        .filter_map(|code| code.trim().parse().ok())
        .collect()
}

struct Names {
    districts: HashMap<i64, String>,
    circles: HashMap<i64, String>,
    people: HashMap<i64, String>,
    stores: HashMap<i64, String>,
}

async fn names<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    rows: &[customer::Model],
) -> Result<Names, AppError> {
    let mut people: Vec<i64> = rows.iter().filter_map(|r| r.owner_id).collect();
    people.extend(rows.iter().filter_map(|r| r.entered_by));
    Ok(Names {
        districts: db
            .names::<district::Entity>(
                district::Column::Id,
                district::Column::Name,
                rows.iter().flat_map(|r| ids_of::<i64>(&r.district_ids)),
            )
            .await?,
        circles: db
            .names::<business_circle::Entity>(
                business_circle::Column::Id,
                business_circle::Column::Name,
                rows.iter().flat_map(|r| ids_of::<i64>(&r.circle_ids)),
            )
            .await?,
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

fn named(names: &HashMap<i64, String>, ids: &str) -> Vec<String> {
    ids_of::<i64>(ids)
        .into_iter()
        .map(|id| name_of(names, Some(id)))
        .filter(|name| !name.is_empty())
        .collect()
}

/// The core `customerAction` codes `caller` is offered on `row`, in table order.
fn offered(caller: &Caller, row: &customer::Model) -> Vec<String> {
    state_of(row).map_or_else(
        |_| Vec::new(),
        |state| {
            pool::offered_actions(state, actor_of(caller, row))
                .into_iter()
                .map(|action| action.code().to_owned())
                .collect()
        },
    )
}

fn row_of(names: &Names, caller: &Caller, row: &customer::Model) -> CustomerRow {
    let access = phone_access(caller, row);
    let next_on = row.next_follow_up_on.map(|day| day.to_string());
    CustomerRow {
        id: row.id,
        name: row.name.clone(),
        sex: row.sex,
        phone: owner_phone::shown(&row.phone, access),
        phone_access: access_code(access).to_owned(),
        level: row.level,
        demand: row.demand,
        budget_min: row.budget_min,
        budget_max: row.budget_max,
        area_min: row.area_min,
        area_max: row.area_max,
        district_names: named(&names.districts, &row.district_ids),
        circle_names: named(&names.circles, &row.circle_ids),
        rooms: row.rooms,
        source: row.source,
        status: row.status,
        pool: row.pool,
        tags: ids_of(&row.tags),
        owner_id: row.owner_id,
        owner_name: name_of(&names.people, row.owner_id),
        store_name: name_of(&names.stores, row.store_id),
        last_follow_up_at: row.last_follow_up_at.map(millis),
        follow_up_due: pool::follow_up_due(next_on.as_deref(), &form::today().to_string()),
        next_follow_up_on: next_on,
        created_at: millis(row.created_at),
        offered_actions: offered(caller, row),
    }
}

pub async fn rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    rows: &[customer::Model],
) -> Result<Vec<CustomerRow>, AppError> {
    let names = names(db, rows).await?;
    Ok(rows.iter().map(|row| row_of(&names, caller, row)).collect())
}

/// A company's dictionary value for `key`, if set.
pub async fn setting<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    organisation_id: i64,
    key: &str,
) -> Result<Option<String>, AppError> {
    Ok(db
        .one(
            db.find::<dictionary::Entity>()
                .filter(dictionary::Column::OrganisationId.eq(organisation_id))
                .filter(dictionary::Column::DictKey.eq(key)),
        )
        .await?
        .map(|entry| entry.value))
}

pub fn state_label(code: &str) -> String {
    parse_state(code).map_or_else(|| code.to_owned(), |state| state.label())
}

fn action_label(code: &str) -> &'static str {
    CustomerAction::from_code(code).map_or("", CustomerAction::label)
}

pub async fn detail<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    row: customer::Model,
) -> Result<CustomerDetail, AppError> {
    let names = names(db, std::slice::from_ref(&row)).await?;
    let mut history = history::of(db, KIND, row.id, action_label).await?;
    for change in &mut history {
        change.from_status = state_label(&change.from_status);
        change.to_status = state_label(&change.to_status);
    }
    let state = state_of(&row)?;
    let actor = actor_of(caller, &row);
    let days = pool::drop_days(
        setting(db, row.organisation_id, pool::DROP_DAYS_KEY)
            .await?
            .as_deref(),
    );
    let drop_notice = pool::drop_notice(
        state,
        millis(row.last_activity_at),
        millis(Utc::now()),
        days,
    );
    let access = phone_access(caller, &row);
    let may_edit = caller.allows(need::CUSTOMER_EDIT)
        && state.status != CustomerStatus::Dealt
        && matches!(actor, Actor::Person { owner, manager, .. } if owner || manager);
    Ok(CustomerDetail {
        row: row_of(&names, caller, &row),
        phone2: if row.phone2.is_empty() {
            String::new()
        } else {
            owner_phone::shown(&row.phone2, access)
        },
        district_ids: ids_of(&row.district_ids),
        circle_ids: ids_of(&row.circle_ids),
        remark: row.remark.clone(),
        entered_by_name: name_of(&names.people, row.entered_by),
        may_edit,
        may_follow_up: caller.allows(need::CUSTOMER_FOLLOW_UP),
        drop_notice,
        history,
        clues: crate::lead::origins(db, row.id).await?,
        updated_at: millis(row.updated_at),
    })
}

pub async fn audit_rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    rows: Vec<customer::Model>,
) -> Result<Vec<CustomerAudit>, AppError> {
    let names = names(db, &rows).await?;
    Ok(rows
        .into_iter()
        .map(|row| CustomerAudit {
            id: row.id,
            owner_name: name_of(&names.people, row.owner_id),
            name: row.name,
            level: row.level,
            demand: row.demand,
            status: row.status,
            pool: row.pool,
        })
        .collect())
}

pub fn place(row: &customer::Model) -> crate::access::Place {
    customer::Entity::place(row)
}
