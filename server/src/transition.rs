//! Guarded status changes. A status column moves by `UPDATE … WHERE id = ? AND status = from`
//! inside the caller's transaction: of two people acting on one row at once, exactly one moves
//! it and the other is told the status changed under them, instead of both succeeding on what
//! they read before. Every status table (staff, onboarding, and the business state machines to
//! come) declares once what "still as read" means and moves only through [`guarded`]; a move
//! a person makes is written down by [`recorded`]: the history line and the audit entry.

use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, QueryFilter};
use serde_json::Value;

use crate::access::{Place, Placed, Scoped};
use crate::audit::{self, Action, Change};
use crate::entity::{
    assistant, commission_order, customer, deal_contract, enrollment, lead, listing, new_home_deal,
    new_home_report, user,
};
use crate::error::AppError;
use crate::history::{self, StatusMove};

/// What someone who lost the race is told.
pub const CHANGED_MEANWHILE: &str = "该记录的状态已被他人修改，请刷新后重试";

/// A table whose status moves only through [`guarded`].
pub trait Guarded: Placed {
    fn id(model: &Self::Model) -> i64;
    /// The row `model` came from, still in the status it was read in.
    fn as_read(model: &Self::Model) -> Condition;
}

/// How far the caller must reach a row for a move: write it, or only read it (a listing in the
/// company's public pool, which a colleague claims into their own reach, or which its maintainer
/// releases out of theirs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Read,
    Write,
}

/// Writes `changes` (only the columns set in it) to the row `before` was read from, if its
/// status has not moved since and it is still the caller's to change; answers the row as
/// written. Make it the transaction's first write, so the row lock is taken before anything
/// else is.
pub async fn guarded<E, A>(
    on: &Scoped<'_, DatabaseTransaction>,
    before: &E::Model,
    changes: A,
) -> Result<E::Model, AppError>
where
    E: Guarded,
    A: ActiveModelTrait<Entity = E>,
{
    guarded_reach(on, before, changes, Reach::Write, Reach::Write).await
}

/// [`guarded`] for a move that takes a row into or out of the caller's reach: the row must be
/// within `before` reach as read, and within `after` reach as written.
// The one writer of status columns (clippy.toml): the scope's condition is in the UPDATE.
#[allow(clippy::disallowed_methods)]
pub async fn guarded_reach<E, A>(
    on: &Scoped<'_, DatabaseTransaction>,
    before: &E::Model,
    changes: A,
    reach_before: Reach,
    reach_after: Reach,
) -> Result<E::Model, AppError>
where
    E: Guarded,
    A: ActiveModelTrait<Entity = E>,
{
    let scope = match reach_before {
        Reach::Read => on.scope().readable::<E>(),
        Reach::Write => on.scope().writable::<E>(),
    };
    let moved = E::update_many()
        .set(changes)
        .filter(E::as_read(before))
        .filter(scope)
        .exec(on.transaction())
        .await?;
    if moved.rows_affected != 1 {
        return Err(AppError::TransitionRefused(CHANGED_MEANWHILE.to_owned()));
    }
    match reach_after {
        Reach::Read => on.get::<E>(E::id(before)).await,
        Reach::Write => on.get_writable::<E>(E::id(before)).await,
    }
}

/// One move a person makes, as it is written down: the record's kind (in the history and the
/// audit log alike), the action, the status codes the history shows, and what the audit log
/// keeps before and after.
pub struct Move<'a> {
    pub kind: &'static str,
    pub action: &'static str,
    pub from: &'a str,
    pub to: &'a str,
    pub reason: &'a str,
    pub audit: (Option<Value>, Option<Value>),
    /// False for a step that leaves the status where it is (an onboarding's save): it has no
    /// history line and is an update in the audit log.
    pub moves: bool,
}

impl<'a> Move<'a> {
    /// A step from one status code to another, as the audit log keeps it: the codes. It moves
    /// when the codes differ.
    pub fn between(
        kind: &'static str,
        action: &'static str,
        from: &'a str,
        to: &'a str,
        reason: &'a str,
    ) -> Self {
        let audit = (audit::snapshot(&from), audit::snapshot(&to));
        let moves = from != to;
        Self {
            kind,
            action,
            from,
            to,
            reason,
            audit,
            moves,
        }
    }
}

/// [`guarded`], then the move written down ([`record`]); answers the row as written.
pub async fn recorded<E, A>(
    on: &Scoped<'_, DatabaseTransaction>,
    before: &E::Model,
    changes: A,
    step: Move<'_>,
) -> Result<E::Model, AppError>
where
    E: Guarded,
    A: ActiveModelTrait<Entity = E>,
{
    let place = E::place(before);
    let saved = guarded(on, before, changes).await?;
    record(on, E::id(&saved), place, step).await?;
    Ok(saved)
}

/// Writes down a move of the row `id` (kept at `place`) in the caller's transaction: its history
/// line and its audit entry.
pub async fn record(
    on: &Scoped<'_, DatabaseTransaction>,
    id: i64,
    place: Place,
    step: Move<'_>,
) -> Result<(), AppError> {
    let (db, actor) = (on.transaction(), on.actor());
    if step.moves {
        let line = StatusMove {
            entity: step.kind,
            entity_id: id,
            action: step.action,
            from: step.from,
            to: step.to,
            reason: step.reason,
            actor_id: Some(actor.id),
        };
        history::record(db, line).await?;
    }
    let action = if step.moves {
        Action::Status
    } else {
        Action::Update
    };
    let (before, after) = step.audit;
    let change = Change::new(step.kind, id, action, before, after, place);
    audit::record(db, actor, change).await
}

/// A person's working status and lock flag move together.
impl Guarded for user::Entity {
    fn id(model: &user::Model) -> i64 {
        model.id
    }

    fn as_read(model: &user::Model) -> Condition {
        Condition::all()
            .add(user::Column::Id.eq(model.id))
            .add(user::Column::WorkingStatus.eq(model.working_status))
            .add(user::Column::Locked.eq(model.locked))
    }
}

impl Guarded for enrollment::Entity {
    fn id(model: &enrollment::Model) -> i64 {
        model.id
    }

    fn as_read(model: &enrollment::Model) -> Condition {
        Condition::all()
            .add(enrollment::Column::Id.eq(model.id))
            .add(enrollment::Column::Status.eq(model.status))
    }
}

/// A listing's status and pool move together; of two claims on one public listing the first
/// to write takes it and the other reads a private listing.
impl Guarded for listing::Entity {
    fn id(model: &listing::Model) -> i64 {
        model.id
    }

    fn as_read(model: &listing::Model) -> Condition {
        Condition::all()
            .add(listing::Column::Id.eq(model.id))
            .add(listing::Column::Status.eq(model.status))
            .add(listing::Column::Pool.eq(model.pool))
    }
}

/// A customer's status, pool and owner move together: of two claims on one public customer the
/// first to write takes it, and a transfer or drop never lands on a customer claimed meanwhile.
impl Guarded for customer::Entity {
    fn id(model: &customer::Model) -> i64 {
        model.id
    }

    fn as_read(model: &customer::Model) -> Condition {
        let owner = match model.owner_id {
            Some(owner) => customer::Column::OwnerId.eq(owner),
            None => customer::Column::OwnerId.is_null(),
        };
        Condition::all()
            .add(customer::Column::Id.eq(model.id))
            .add(customer::Column::Status.eq(model.status))
            .add(customer::Column::Pool.eq(model.pool))
            .add(owner)
    }
}

/// A knowledge base's batch import: stopped by a person, or finished by the server, once.
impl Guarded for crate::entity::knowledge_import::Entity {
    fn id(model: &crate::entity::knowledge_import::Model) -> i64 {
        model.id
    }

    fn as_read(model: &crate::entity::knowledge_import::Model) -> Condition {
        use crate::entity::knowledge_import::Column;
        Condition::all()
            .add(Column::Id.eq(model.id))
            .add(Column::Status.eq(model.status))
    }
}

/// Publishing: an assistant is published or taken back from the state it was read in.
impl Guarded for assistant::Entity {
    fn id(model: &assistant::Model) -> i64 {
        model.id
    }

    fn as_read(model: &assistant::Model) -> Condition {
        Condition::all()
            .add(assistant::Column::Id.eq(model.id))
            .add(assistant::Column::Published.eq(model.published))
    }
}

/// A new-home report: of two reviewers approving at once, one moves it.
impl Guarded for new_home_report::Entity {
    fn id(model: &new_home_report::Model) -> i64 {
        model.id
    }

    fn as_read(model: &new_home_report::Model) -> Condition {
        Condition::all()
            .add(new_home_report::Column::Id.eq(model.id))
            .add(new_home_report::Column::Status.eq(model.status))
    }
}

impl Guarded for new_home_deal::Entity {
    fn id(model: &new_home_deal::Model) -> i64 {
        model.id
    }

    fn as_read(model: &new_home_deal::Model) -> Condition {
        Condition::all()
            .add(new_home_deal::Column::Id.eq(model.id))
            .add(new_home_deal::Column::Status.eq(model.status))
    }
}

/// A contract's status.
impl Guarded for deal_contract::Entity {
    fn id(model: &deal_contract::Model) -> i64 {
        model.id
    }

    fn as_read(model: &deal_contract::Model) -> Condition {
        Condition::all()
            .add(deal_contract::Column::Id.eq(model.id))
            .add(deal_contract::Column::Status.eq(model.status))
    }
}

/// An order's status and what it has received move together: of two receipts confirmed at once
/// on one order, the second is told it changed rather than both adding to what they read.
impl Guarded for commission_order::Entity {
    fn id(model: &commission_order::Model) -> i64 {
        model.id
    }

    fn as_read(model: &commission_order::Model) -> Condition {
        Condition::all()
            .add(commission_order::Column::Id.eq(model.id))
            .add(commission_order::Column::Status.eq(model.status))
            .add(commission_order::Column::Paid.eq(model.paid))
    }
}

/// A lead moves from the status and agent it was read with; of two claims on one pooled lead
/// the first to write takes it, and of two managers reassigning one lead the second is told.
impl Guarded for lead::Entity {
    fn id(model: &lead::Model) -> i64 {
        model.id
    }

    fn as_read(model: &lead::Model) -> Condition {
        let owner = match model.owner_id {
            Some(owner) => lead::Column::OwnerId.eq(owner),
            None => lead::Column::OwnerId.is_null(),
        };
        Condition::all()
            .add(lead::Column::Id.eq(model.id))
            .add(lead::Column::Status.eq(model.status))
            .add(owner)
    }
}
