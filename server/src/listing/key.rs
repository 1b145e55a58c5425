//! 钥匙: a listing's key and its loans. The key is registered (type, number, remark) by whoever
//! may change the listing, and kept by them at their store: they become the listing's 钥匙人. A
//! key kept in the store is lent to one colleague at a time and comes back by 归还; core's key
//! table (`listing::key`) decides what may happen, and the status column moves by
//! `UPDATE … WHERE status = from`, so of two people lending one key at once exactly one gets it.
//! Whoever reads the listing reads its key and log; another store reaches neither, and once the
//! listing is 公盘 another store reads the key but neither lends nor takes it back: that is the
//! holding store's (core `key::by_holding_store`).

use brokerdesk_core::deal::split::DealRole;
use brokerdesk_core::enums::{KEY_STATUS, KEY_TYPE};
use brokerdesk_core::forms::{self, Form};
use brokerdesk_core::listing::key::{self, KeyAction, KeyState, KeyStatus, KeyType, NO_STORE};
use brokerdesk_core::listing::lifecycle::Actor;
use brokerdesk_core::listing::trade::Trade;
use chrono::{NaiveDate, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::flow::changeable;
use super::roles::city_role;
use super::{actor_of, get_in, needs, state_of, view};
use crate::access::{Caller, Place, Placed, Scoped, Unscoped};
use crate::audit::{self, Change};
use crate::entity::{listing, listing_key, listing_key_loan, listing_role_member, store};
use crate::error::AppError;
use crate::form::{self, CoreForm};
use crate::history;
use crate::shared::millis;

/// The entity name of a key in the audit log.
pub const KIND: &str = "listingKey";
/// Loans a key's log shows, newest first.
const LOG_MAX: u64 = 50;

/// A listing's key as the detail page shows it, with its log and what the caller may do.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingKey {
    pub listing_id: i64,
    /// Whether a key has been registered at all.
    pub registered: bool,
    /// Core `keyType`.
    pub key_type: Option<i16>,
    pub key_type_name: String,
    pub key_no: String,
    pub remark: String,
    pub store_id: Option<i64>,
    pub store_name: String,
    /// The person keeping it: the listing's 钥匙人.
    pub holder_id: Option<i64>,
    pub holder_name: String,
    /// Core `keyStatus`.
    pub status: Option<i16>,
    pub status_name: String,
    pub updated_at: Option<i64>,
    /// Core `keyAction` codes offered to the caller by the key table.
    pub actions: Vec<String>,
    /// Its loans, newest first.
    pub loans: Vec<KeyLoan>,
}

/// One loan of a key.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyLoan {
    pub id: i64,
    pub borrower_id: Option<i64>,
    pub borrower_name: String,
    pub purpose: String,
    pub customer_name: String,
    /// `YYYY-MM-DD`.
    pub expected_return: String,
    pub lent_at: i64,
    pub returned_at: Option<i64>,
    pub returned_by_name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyQuery {
    pub listing_id: i64,
}

/// 登记钥匙 (core form `keyRegister`).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyRegister {
    pub listing_id: i64,
    /// Core `keyType`.
    #[serde(default)]
    pub key_type: Option<i16>,
    #[serde(default)]
    pub key_no: String,
    #[serde(default)]
    pub remark: String,
}

impl CoreForm for KeyRegister {
    const FORM: &'static Form = &forms::KEY_REGISTER;
}

/// 借出 (core form `keyLend`): the caller takes the key.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyLend {
    pub listing_id: i64,
    #[serde(default)]
    pub purpose: String,
    #[serde(default)]
    pub customer_name: String,
    /// `YYYY-MM-DD`, today or later.
    #[serde(default)]
    pub expected_return: String,
}

impl CoreForm for KeyLend {
    const FORM: &'static Form = &forms::KEY_LEND;
}

/// A key as the audit log keeps it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct KeyAudit {
    key_type: String,
    key_no: String,
    remark: String,
    store_id: Option<i64>,
    holder_id: Option<i64>,
    status: String,
    borrower_id: Option<i64>,
}

fn audit_of(row: &listing_key::Model, borrower_id: Option<i64>) -> KeyAudit {
    KeyAudit {
        key_type: label(KEY_TYPE.label_of(row.key_type.into())),
        key_no: row.key_no.clone(),
        remark: row.remark.clone(),
        store_id: row.store_id,
        holder_id: row.holder_id,
        status: label(KEY_STATUS.label_of(row.status.into())),
        borrower_id,
    }
}

fn label(text: Option<&str>) -> String {
    text.unwrap_or_default().to_owned()
}

/// The key as core's table reads it; a stored code core does not know is refused.
fn state(row: Option<&listing_key::Model>) -> Result<KeyState, AppError> {
    let Some(row) = row else {
        return Ok(KeyState::Unregistered);
    };
    match (
        KeyType::from_code(row.key_type.into()),
        KeyStatus::from_code(row.status.into()),
    ) {
        (Some(key_type), Some(status)) => Ok(KeyState::Registered(key_type, status)),
        _ => Err(AppError::StatusUnknown(format!(
            "钥匙状态「{}-{}」无法识别，请联系管理员",
            row.key_type, row.status
        ))),
    }
}

fn refused(message: &str) -> AppError {
    AppError::TransitionRefused(message.to_owned())
}

async fn key_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    listing_id: i64,
) -> Result<Option<listing_key::Model>, AppError> {
    db.one(
        db.find::<listing_key::Entity>()
            .filter(listing_key::Column::ListingId.eq(listing_id)),
    )
    .await
}

/// Where a key is kept, as the caller's data scope is held against it (its store, and its
/// 钥匙人 for a scope of one's own rows), with the store's name.
async fn holding<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    key: &listing_key::Model,
) -> Result<(Place, String), AppError> {
    let store = match key.store_id {
        Some(id) => {
            db.one(db.find::<store::Entity>().filter(store::Column::Id.eq(id)))
                .await?
        }
        None => None,
    };
    let mut place = store.as_ref().map(store::Entity::place).unwrap_or_default();
    place.owner = key.holder_id;
    Ok((place, store.map(|store| store.name).unwrap_or_default()))
}

/// Whether the caller is of the key's holding store within their data scope: its 钥匙人, or
/// someone whose scope covers the store (its manager, the company's general manager).
fn holds(caller: &Caller, key: &listing_key::Model, place: &Place) -> bool {
    key.holder_id == Some(caller.user().id) || caller.scope().covers(place)
}

/// May the caller register (or change) the key of `row`: the detail page's 编辑 rule.
fn may_register(trade: Trade, caller: &Caller, row: &listing::Model) -> bool {
    caller.allows(needs(trade).edit)
        && state_of(row).is_ok_and(|state| state.status.is_active())
        && matches!(actor_of(caller, row), Actor::Person { maintainer, manager, .. } if maintainer || manager)
}

async fn describe<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    trade: Trade,
    caller: &Caller,
    row: &listing::Model,
) -> Result<ListingKey, AppError> {
    let key = key_of(db, row.id).await?;
    let loans = db
        .all(
            db.find::<listing_key_loan::Entity>()
                .filter(listing_key_loan::Column::ListingId.eq(row.id))
                .order_by_desc(listing_key_loan::Column::LentAt)
                .order_by_desc(listing_key_loan::Column::Id),
        )
        .await?;
    // Collected before the awaits: a handler's future must not hold borrowing iterators.
    let person_ids: Vec<i64> = loans
        .iter()
        .flat_map(|loan| [loan.borrower_id, loan.returned_by])
        .chain([key.as_ref().and_then(|k| k.holder_id)])
        .flatten()
        .collect();
    let people = history::names_of(db, person_ids).await?;
    let (place, store_name) = match &key {
        Some(key) => holding(db, key).await?,
        None => (Place::default(), String::new()),
    };
    let name = |id: Option<i64>| {
        id.and_then(|id| people.get(&id).cloned())
            .unwrap_or_default()
    };
    let may_lend = caller.allows(needs(trade).edit)
        && key.as_ref().is_some_and(|key| holds(caller, key, &place));
    let may_change = may_register(trade, caller, row);
    let actions = key::offered(state(key.as_ref())?)
        .into_iter()
        .filter(|action| match action {
            _ if key::by_holding_store(*action) => may_lend,
            _ => may_change,
        })
        .map(|action| action.code().to_owned())
        .collect();
    Ok(ListingKey {
        listing_id: row.id,
        registered: key.is_some(),
        key_type: key.as_ref().map(|k| k.key_type),
        key_type_name: label(
            key.as_ref()
                .and_then(|k| KEY_TYPE.label_of(k.key_type.into())),
        ),
        key_no: key.as_ref().map(|k| k.key_no.clone()).unwrap_or_default(),
        remark: key.as_ref().map(|k| k.remark.clone()).unwrap_or_default(),
        store_id: key.as_ref().and_then(|k| k.store_id),
        store_name,
        holder_id: key.as_ref().and_then(|k| k.holder_id),
        holder_name: name(key.as_ref().and_then(|k| k.holder_id)),
        status: key.as_ref().map(|k| k.status),
        status_name: label(
            key.as_ref()
                .and_then(|k| KEY_STATUS.label_of(k.status.into())),
        ),
        updated_at: key.as_ref().map(|k| millis(k.updated_at)),
        actions,
        loans: loans
            .iter()
            .take(usize::try_from(LOG_MAX).unwrap_or(usize::MAX))
            .map(|loan| KeyLoan {
                id: loan.id,
                borrower_id: loan.borrower_id,
                borrower_name: name(loan.borrower_id),
                purpose: loan.purpose.clone(),
                customer_name: loan.customer_name.clone(),
                expected_return: loan.expected_return.format("%Y-%m-%d").to_string(),
                lent_at: millis(loan.lent_at),
                returned_at: loan.returned_at.map(millis),
                returned_by_name: name(loan.returned_by),
            })
            .collect(),
    })
}

/// The answer after a write, read inside its transaction (SQLite's one connection is the
/// transaction's until it ends), which it then commits.
async fn answer(
    trade: Trade,
    scoped: &Scoped<'_>,
    txn: DatabaseTransaction,
    row: &listing::Model,
) -> Result<ListingKey, AppError> {
    let on = scoped.on(&txn);
    let key = describe(&on.unscoped(), trade, scoped.caller(), row).await?;
    txn.commit().await?;
    Ok(key)
}

/// A listing's key and its log. Needs the list or the detail page and a listing the caller
/// reads.
pub async fn get_in_trade(
    trade: Trade,
    caller: &Caller,
    query: KeyQuery,
) -> Result<ListingKey, AppError> {
    let scoped = caller.require(needs(trade).read)?;
    let row = get_in(&scoped, trade, query.listing_id).await?;
    describe(&scoped.unscoped(), trade, caller, &row).await
}

/// 登记钥匙: registers the key or changes its registration (not while it is lent out). The
/// registering person keeps it, at their store (or the listing's); the first to register a key
/// of a listing whose 钥匙 role is empty becomes its 钥匙人 (the share commission splits read). Needs 编辑 of a listing the caller keeps or manages.
pub async fn register_in(
    trade: Trade,
    caller: &Caller,
    form: KeyRegister,
) -> Result<ListingKey, AppError> {
    let scoped = caller.require(needs(trade).edit)?;
    let form = form::checked(&form)?;
    let row = changeable(trade, &scoped, form.listing_id).await?;
    let key_type = form
        .key_type
        .and_then(|code| KeyType::from_code(code.into()))
        .ok_or_else(|| AppError::invalid("keyType", "请选择钥匙类型"))?;
    let db = scoped.unscoped();
    let before = key_of(&db, row.id).await?;
    key::next(state(before.as_ref())?, KeyAction::Register).map_err(refused)?;
    let me = scoped.actor();
    let store_id = me.store_id.or(row.store_id);
    if key_type == KeyType::InStore && store_id.is_none() {
        return Err(AppError::invalid("keyType", NO_STORE));
    }
    let role = city_role(&db, row.site_id, DealRole::Key).await?;
    let now = Utc::now();
    let txn = scoped.begin().await?;
    let saved = match &before {
        None => {
            insert_key(
                &txn,
                listing_key::ActiveModel {
                    listing_id: Set(row.id),
                    key_type: Set(key_type.code()),
                    key_no: Set(form.key_no.clone()),
                    remark: Set(form.remark.clone()),
                    store_id: Set(store_id),
                    holder_id: Set(Some(me.id)),
                    status: Set(KeyStatus::Kept.code()),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                },
            )
            .await?
        }
        Some(old) => {
            let changes = listing_key::ActiveModel {
                key_type: Set(key_type.code()),
                key_no: Set(form.key_no.clone()),
                remark: Set(form.remark.clone()),
                store_id: Set(store_id),
                holder_id: Set(Some(me.id)),
                updated_at: Set(now),
                ..Default::default()
            };
            guarded_key(&txn, old.id, KeyStatus::Kept, changes, key::LENT_NO_CHANGE).await?;
            let on = scoped.on(&txn);
            key_of(&on.unscoped(), row.id)
                .await?
                .ok_or(AppError::NotFound)?
        }
    };
    if let Some(role) = role {
        let on = scoped.on(&txn);
        let inside = on.unscoped();
        let filled = inside
            .exists(
                inside
                    .find::<listing_role_member::Entity>()
                    .filter(listing_role_member::Column::ListingId.eq(row.id))
                    .filter(listing_role_member::Column::ListingRoleId.eq(role)),
            )
            .await?;
        if !filled {
            insert_member(&txn, row.id, role, me.id).await?;
        }
    }
    let change = match &before {
        None => Change::created(KIND, saved.id, &audit_of(&saved, None), view::place(&row)),
        Some(old) => Change::updated(
            KIND,
            saved.id,
            &audit_of(old, None),
            &audit_of(&saved, None),
            view::place(&row),
        ),
    };
    audit::record(&txn, me, change).await?;
    answer(trade, &scoped, txn, &row).await
}

/// 借出: the caller takes the key kept in the store; of two at once exactly one gets it. Needs
/// 编辑, a listing the caller reads and to be of the key's holding store.
pub async fn lend_in(trade: Trade, caller: &Caller, form: KeyLend) -> Result<ListingKey, AppError> {
    let scoped = caller.require(needs(trade).edit)?;
    let form = form::checked(&form)?;
    let expected = NaiveDate::parse_from_str(&form.expected_return, "%Y-%m-%d")
        .map_err(|_| AppError::invalid("expectedReturn", "请输入正确的日期"))?;
    key::check_expected_return(
        &form.expected_return,
        &form::today().format("%Y-%m-%d").to_string(),
    )
    .map_err(|message| AppError::invalid("expectedReturn", message))?;
    let (row, old) = registered(&scoped, trade, form.listing_id, KeyAction::Lend).await?;
    let txn = scoped.begin().await?;
    let moves = (KeyStatus::Kept, KeyStatus::Lent);
    let lent = move_key(&scoped, &txn, &row, &old, moves, key::ALREADY_LENT).await?;
    insert_loan(
        &txn,
        listing_key_loan::ActiveModel {
            key_id: Set(old.id),
            listing_id: Set(row.id),
            borrower_id: Set(Some(scoped.actor().id)),
            purpose: Set(form.purpose.clone()),
            customer_name: Set(form.customer_name.clone()),
            expected_return: Set(expected),
            lent_at: Set(lent.updated_at),
            ..Default::default()
        },
    )
    .await?;
    answer(trade, &scoped, txn, &row).await
}

/// 归还: the key is back where it is kept; the open loan is closed with who took it back. Needs
/// 编辑, a listing the caller reads and to be of the key's holding store.
pub async fn return_in(
    trade: Trade,
    caller: &Caller,
    query: KeyQuery,
) -> Result<ListingKey, AppError> {
    let scoped = caller.require(needs(trade).edit)?;
    let (row, old) = registered(&scoped, trade, query.listing_id, KeyAction::Return).await?;
    let txn = scoped.begin().await?;
    let moves = (KeyStatus::Lent, KeyStatus::Kept);
    let kept = move_key(&scoped, &txn, &row, &old, moves, key::NOT_LENT).await?;
    close_loans(&txn, old.id, scoped.actor().id, kept.updated_at).await?;
    answer(trade, &scoped, txn, &row).await
}

/// The listing the caller reads and its registered key, when core's key table allows `action`
/// and, for a lend or a return, the caller is of the key's holding store (the state first: it
/// is what changed under a stale page).
async fn registered(
    scoped: &Scoped<'_>,
    trade: Trade,
    listing_id: i64,
    action: KeyAction,
) -> Result<(listing::Model, listing_key::Model), AppError> {
    let row = get_in(scoped, trade, listing_id).await?;
    let before = key_of(&scoped.unscoped(), row.id).await?;
    key::next(state(before.as_ref())?, action).map_err(refused)?;
    let key = before.ok_or_else(|| refused(key::NOT_REGISTERED))?;
    if key::by_holding_store(action) {
        let (place, store) = holding(&scoped.unscoped(), &key).await?;
        if !holds(scoped.caller(), &key, &place) {
            return Err(refused(&key::held_elsewhere(&store, action)));
        }
    }
    Ok((row, key))
}

/// Moves a key that is still `from` to `to` ([`guarded_key`]) and records it in the audit log,
/// with the caller as the borrower of a lent key; answers the key as written. Make it the
/// transaction's first write, so the row lock is taken before anything else is.
async fn move_key(
    scoped: &Scoped<'_>,
    txn: &DatabaseTransaction,
    row: &listing::Model,
    old: &listing_key::Model,
    (from, to): (KeyStatus, KeyStatus),
    message: &str,
) -> Result<listing_key::Model, AppError> {
    let me = scoped.actor();
    let now = Utc::now();
    let changes = listing_key::ActiveModel {
        status: Set(to.code()),
        updated_at: Set(now),
        ..Default::default()
    };
    guarded_key(txn, old.id, from, changes, message).await?;
    let after = listing_key::Model {
        status: to.code(),
        updated_at: now,
        ..old.clone()
    };
    let borrower = (to == KeyStatus::Lent).then_some(me.id);
    let change = Change::updated(
        KIND,
        old.id,
        &audit_of(old, None),
        &audit_of(&after, borrower),
        view::place(row),
    );
    audit::record(txn, me, change).await?;
    Ok(after)
}

/// Moves a key that is still `from` (`… WHERE id = ? AND status = from`): a lost race is told `message`.
// The one writer of the key's status: its listing was checked in the caller's reach.
#[allow(clippy::disallowed_methods)]
async fn guarded_key(
    txn: &DatabaseTransaction,
    key_id: i64,
    from: KeyStatus,
    changes: listing_key::ActiveModel,
    message: &str,
) -> Result<(), AppError> {
    let moved = listing_key::Entity::update_many()
        .set(changes)
        .filter(listing_key::Column::Id.eq(key_id))
        .filter(listing_key::Column::Status.eq(from.code()))
        .exec(txn)
        .await?;
    if moved.rows_affected != 1 {
        return Err(refused(message));
    }
    Ok(())
}

/// A key of a listing already checked changeable.
#[allow(clippy::disallowed_methods)]
async fn insert_key(
    txn: &DatabaseTransaction,
    row: listing_key::ActiveModel,
) -> Result<listing_key::Model, AppError> {
    Ok(row.insert(txn).await?)
}

/// A loan of a key whose status this transaction moved.
#[allow(clippy::disallowed_methods)]
async fn insert_loan(
    txn: &DatabaseTransaction,
    row: listing_key_loan::ActiveModel,
) -> Result<(), AppError> {
    row.insert(txn).await?;
    Ok(())
}

/// The open loans of a key whose status this transaction moved back.
#[allow(clippy::disallowed_methods)]
async fn close_loans(
    txn: &DatabaseTransaction,
    key_id: i64,
    by: i64,
    at: chrono::DateTime<Utc>,
) -> Result<(), AppError> {
    listing_key_loan::Entity::update_many()
        .col_expr(listing_key_loan::Column::ReturnedAt, Expr::value(Some(at)))
        .col_expr(listing_key_loan::Column::ReturnedBy, Expr::value(Some(by)))
        .filter(listing_key_loan::Column::KeyId.eq(key_id))
        .filter(listing_key_loan::Column::ReturnedAt.is_null())
        .exec(txn)
        .await?;
    Ok(())
}

/// The registering person in the 钥匙 role of a listing already checked changeable.
#[allow(clippy::disallowed_methods)]
async fn insert_member(
    txn: &DatabaseTransaction,
    listing_id: i64,
    role_id: i64,
    user_id: i64,
) -> Result<(), AppError> {
    listing_role_member::ActiveModel {
        listing_id: Set(listing_id),
        listing_role_id: Set(role_id),
        user_id: Set(user_id),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}
