//! Writing leads: entering one by hand (the caller follows it), moving it through core's lead
//! table (分配, 认领, 退回线索池, 标记无效, 恢复), and who a lead may be assigned to.

use std::collections::HashMap;

use brokerdesk_core::customer::phone::{self, DedupScope};
use brokerdesk_core::customer::wish::lead_budget_fen;
use brokerdesk_core::lead::states::{self, LeadAction, LeadStatus};
use brokerdesk_core::org::fields::FieldError;
use chrono::Utc;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, QueryFilter, QueryOrder, Set,
};

use super::dto::*;
use super::{KIND, actor_of, detail_of, pooled, status_of};
use crate::access::{Caller, Need, Scoped, Unscoped, need};
use crate::audit::{self, Action, Change, snapshot};
use crate::customer::flow as customer_flow;
use crate::entity::{customer, lead, user};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::history::{self, StatusMove};
use crate::shared::{among, name_of};
use crate::staff::{self, Among};
use crate::transition::{self, Reach};

/// 手工录入 in core's `clueSource`.
pub const SOURCE_MANUAL: i16 = 1;
pub const CLAIMED: &str = "该线索已被他人认领，请刷新后重试";
pub const CHOOSE_ASSIGNEE: &str = "请选择跟进人";
pub const ASSIGNEE_OUT_OF_REACH: &str = "只能分配给您管理范围内在职的同事";
pub const NO_AGENT: &str = "该线索没有跟进人，请先分配或认领后再转为客户";

/// What a phone is already held by, for a lead entered or imported by `seat`: a customer of
/// the company within its de-duplication scope (`customer.phoneScope`: the public pool and the
/// seat's own, store's or company's private customers), else a lead within the same scope (the
/// pool's and the seat's own, store's or company's; invalid leads do not count: their number
/// was wrong or the person uninterested, and may come back). Answers, by phone key (core
/// `customer::phone::normalise`), what a duplicate is told.
pub async fn phone_holders<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    seat: &user::Model,
    organisation_id: i64,
    keys: &[String],
) -> Result<HashMap<String, String>, AppError> {
    let scope = customer_flow::phone_scope(db, organisation_id).await?;
    let mut held = HashMap::new();
    let mut keys: Vec<String> = keys.iter().filter(|k| !k.is_empty()).cloned().collect();
    keys.sort_unstable();
    keys.dedup();
    let mut leads = Vec::new();
    for chunk in keys.chunks(500) {
        let customers = db
            .all(
                db.find::<customer::Entity>()
                    .filter(customer::Column::OrganisationId.eq(organisation_id))
                    .filter(
                        Condition::any()
                            .add(customer::Column::PhoneKey.is_in(chunk.iter().cloned()))
                            .add(customer::Column::Phone2Key.is_in(chunk.iter().cloned())),
                    )
                    .filter(customer_flow::dedup_within(scope, seat))
                    .order_by_asc(customer::Column::Id),
            )
            .await?;
        for existing in customers {
            for key in [&existing.phone_key, &existing.phone2_key] {
                if chunk.binary_search(key).is_ok() && !held.contains_key(key) {
                    let holder = customer_flow::holder_of(db, caller, &existing).await?;
                    held.insert(key.clone(), phone::duplicate_message(&holder));
                }
            }
        }
        leads.extend(
            db.all(
                db.find::<lead::Entity>()
                    .filter(lead::Column::OrganisationId.eq(organisation_id))
                    .filter(among(lead::Column::PhoneKey, chunk.iter().cloned()))
                    .filter(lead::Column::Status.ne(LeadStatus::Invalid.code()))
                    .filter(leads_within(scope, seat))
                    .order_by_asc(lead::Column::Id),
            )
            .await?,
        );
    }
    let owners = history::names_of(db, leads.iter().filter_map(|l| l.owner_id)).await?;
    for holder in leads {
        if !held.contains_key(&holder.phone_key) {
            let message = duplicate_message(&holder, &name_of(&owners, holder.owner_id));
            held.insert(holder.phone_key.clone(), message);
        }
    }
    Ok(held)
}

/// The leads among which a phone must be unique for `seat`: the pool always, and the seat's
/// own (个人), its store's (门店) or the whole company's (公司) followed leads.
fn leads_within(scope: DedupScope, seat: &user::Model) -> Condition {
    let pooled = lead::Column::OwnerId.is_null();
    match scope {
        DedupScope::Person => Condition::any()
            .add(pooled)
            .add(lead::Column::OwnerId.eq(seat.id)),
        DedupScope::Store => Condition::any().add(pooled).add(match seat.store_id {
            Some(store) => lead::Column::StoreId.eq(store),
            None => lead::Column::OwnerId.eq(seat.id),
        }),
        DedupScope::Company => Condition::all(),
    }
}

/// What a duplicate is told: the lead holding the phone, by its number and who follows it
/// (nothing more: the caller may not read it).
pub fn duplicate_message(holder: &lead::Model, owner: &str) -> String {
    let who = if owner.is_empty() {
        "在线索池中".to_owned()
    } else {
        format!("{owner}跟进中")
    };
    format!("该电话已有线索（编号{}，{who}）", holder.id)
}

/// The form's values as columns.
pub fn columns_of(form: &LeadForm, row: &mut lead::ActiveModel) {
    let small = |value: Option<i64>| value.and_then(|v| i16::try_from(v).ok());
    row.name = Set(form.name.clone());
    row.phone = Set(form.phone.clone());
    row.phone_key = Set(phone::normalise(&form.phone));
    row.sex = Set(small(form.sex));
    row.demand = Set(small(form.demand));
    row.area = Set(form.area.clone());
    // A rental's budget is its monthly rent in 元, a purchase's the price in 万 (core).
    // One figure or a range (`200-300`): the upper bound in `budget`, the lower in `budget_min`.
    let (min, max) = lead_budget_fen(form.demand.unwrap_or_default(), &form.budget);
    row.budget = Set(max);
    row.budget_min = Set(min);
    row.remark = Set(form.remark.clone());
}

/// Enter a lead by hand: the caller follows it (跟进中, at their seat). A phone already held
/// within the company's de-duplication scope (a customer, or a lead) is refused naming who
/// holds it. Needs 新增 on `/work/crm/clue`.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/add", tag = "crm",
    request_body = LeadForm, security(("token" = [])),
    responses((status = 200, description = "The new lead", body = Envelope<LeadDetail>)))]
pub async fn add(caller: Caller, AppJson(form): AppJson<LeadForm>) -> ApiResult<LeadDetail> {
    let scoped = caller.require(need::CLUE_ADD)?;
    let form = form::checked(&form)?;
    let me = scoped.actor().clone();
    let (Some(organisation_id), Some(site_id)) = (me.organisation_id, me.site_id) else {
        return Err(AppError::NoPermission);
    };
    let db = scoped.unscoped();
    let key = phone::normalise(&form.phone);
    if let Some(message) = phone_holders(
        &db,
        &caller,
        &me,
        organisation_id,
        std::slice::from_ref(&key),
    )
    .await?
    .remove(&key)
    {
        return Err(AppError::Taken(vec![FieldError::new("phone", message)]));
    }
    let now = Utc::now();
    let mut row = lead::ActiveModel {
        site_id: Set(site_id),
        organisation_id: Set(organisation_id),
        store_group_id: Set(me.store_group_id),
        store_id: Set(me.store_id),
        department_id: Set(me.department_id),
        owner_id: Set(Some(me.id)),
        source: Set(SOURCE_MANUAL),
        channel: Set(String::new()),
        status: Set(LeadStatus::Following.code()),
        invalid_reason: Set(None),
        customer_id: Set(None),
        import_id: Set(None),
        row_key: Set(None),
        entered_by: Set(Some(me.id)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    columns_of(&form, &mut row);
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let saved = on.insert::<lead::Entity>(row).await?;
    on.record_created::<lead::Entity>(&saved).await?;
    txn.commit().await?;
    ok(detail_of(&scoped.unscoped(), &caller, saved).await?)
}

/// The permission an action needs besides the list.
fn need_of(action: LeadAction) -> Need {
    match action {
        LeadAction::Assign | LeadAction::Restore => need::CLUE_ASSIGN,
        LeadAction::Claim => need::CLUE_CLAIM,
        LeadAction::Invalidate => need::CLUE_INVALIDATE,
        LeadAction::Convert => need::CLUE_CONVERT,
        LeadAction::Release => need::CLUE_LIST,
    }
}

/// A lead's move in its history and the audit log.
pub async fn record_move(
    on: &Scoped<'_, DatabaseTransaction>,
    row: &lead::Model,
    action: LeadAction,
    from: LeadStatus,
    to: LeadStatus,
    reason: &str,
) -> Result<(), AppError> {
    history::record(
        on.transaction(),
        StatusMove {
            entity: KIND,
            entity_id: row.id,
            action: action.code(),
            from: &from.code().to_string(),
            to: &to.code().to_string(),
            reason,
            actor_id: Some(on.actor().id),
        },
    )
    .await?;
    audit::record(
        on.transaction(),
        on.actor(),
        Change::new(
            KIND,
            row.id,
            Action::Status,
            snapshot(&from.label()),
            snapshot(&to.label()),
            <lead::Entity as crate::access::Placed>::place(row),
        ),
    )
    .await
}

/// Why a lead cannot be read for a move: a colleague of the company took it first (it left the
/// pool for their seat), or it was never the caller's company's.
async fn taken_or_out_of_scope<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    id: i64,
) -> Result<AppError, AppError> {
    let row = db
        .one(db.find::<lead::Entity>().filter(lead::Column::Id.eq(id)))
        .await?;
    Ok(match row {
        Some(row) if Some(row.organisation_id) == caller.user().organisation_id => {
            AppError::TransitionRefused(CLAIMED.to_owned())
        }
        _ => AppError::out_of_scope(),
    })
}

/// Sets the lead's seat to `person`'s, or clears it (the pool) when `None`.
fn seat(changes: &mut lead::ActiveModel, person: Option<&user::Model>) {
    changes.store_group_id = Set(person.and_then(|p| p.store_group_id));
    changes.store_id = Set(person.and_then(|p| p.store_id));
    changes.department_id = Set(person.and_then(|p| p.department_id));
    changes.owner_id = Set(person.map(|p| p.id));
}

/// The colleague `id` if they are at work in the lead's company.
async fn assignee<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    id: Option<i64>,
    organisation_id: i64,
) -> Result<user::Model, AppError> {
    let id = id.ok_or_else(|| AppError::invalid("userId", CHOOSE_ASSIGNEE))?;
    db.one(
        db.find::<user::Entity>()
            .filter(user::Column::Id.eq(id))
            .filter(user::Column::OrganisationId.eq(organisation_id))
            .filter(staff::at_work()),
    )
    .await?
    .ok_or_else(|| AppError::invalid("userId", ASSIGNEE_OUT_OF_REACH))
}

/// A move of the lead table as the caller asks it: the action, and for 分配 the assignee, for
/// 标记无效 the reason.
pub struct Move {
    pub action: LeadAction,
    pub user_id: Option<i64>,
    pub reason: Option<i64>,
    pub remark: String,
}

/// The move `action` names, if the caller holds its permission (转为客户 has its own route).
fn move_of(caller: &Caller, action: &str) -> Result<LeadAction, AppError> {
    let action = LeadAction::from_code(action)
        .filter(|action| *action != LeadAction::Convert)
        .ok_or_else(|| AppError::invalid("action", "未知的线索操作"))?;
    if !caller.allows(need_of(action)) {
        return Err(AppError::NoPermission);
    }
    Ok(action)
}

/// Moves one lead by core's table in its own transaction, recording the move: refused unless the
/// table allows it from the lead's status to this caller; of two people acting at once one wins
/// and the other is told the lead changed.
async fn move_lead(
    caller: &Caller,
    scoped: &Scoped<'_>,
    id: i64,
    asked: &Move,
) -> Result<lead::Model, AppError> {
    let action = asked.action;
    let row = match scoped.get::<lead::Entity>(id).await {
        Err(AppError::OutOfScope(_)) if action == LeadAction::Claim => {
            return Err(taken_or_out_of_scope(&scoped.unscoped(), caller, id).await?);
        }
        other => other?,
    };
    let from = status_of(&row)?;
    let to = states::next(action, from, actor_of(caller, &row))?;
    let remark = states::check_reason(action, asked.reason, &asked.remark)
        .map_err(|fault| AppError::Fields(vec![fault]))?;
    let reason = states::reason_text(action, asked.reason, &remark);
    let mut changes = lead::ActiveModel {
        status: Set(to.code()),
        updated_at: Set(Utc::now()),
        ..Default::default()
    };
    let before = if pooled(&row) {
        Reach::Read
    } else {
        Reach::Write
    };
    let after = match action {
        LeadAction::Assign => {
            let person = assignee(&scoped.unscoped(), asked.user_id, row.organisation_id).await?;
            seat(&mut changes, Some(&person));
            Reach::Write
        }
        LeadAction::Claim => {
            if caller.user().organisation_id != Some(row.organisation_id) {
                return Err(AppError::out_of_scope());
            }
            seat(&mut changes, Some(caller.user()));
            Reach::Write
        }
        LeadAction::Release | LeadAction::Restore => {
            seat(&mut changes, None);
            changes.invalid_reason = Set(None);
            Reach::Read
        }
        LeadAction::Invalidate => {
            changes.invalid_reason = Set(asked.reason.and_then(|r| i16::try_from(r).ok()));
            before
        }
        LeadAction::Convert => before,
    };
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let saved = match transition::guarded_reach(&on, &row, changes, before, after).await {
        // The assignee's seat lies outside the caller's reach.
        Err(AppError::OutOfScope(_)) if action == LeadAction::Assign => {
            return Err(AppError::invalid("userId", ASSIGNEE_OUT_OF_REACH));
        }
        other => other?,
    };
    record_move(&on, &saved, action, from, to, &reason).await?;
    txn.commit().await?;
    Ok(saved)
}

/// Move a lead through core's lead table: 分配 (a manager, to a colleague within their reach),
/// 认领 (from the pool), 退回线索池, 标记无效 (with an `invalidReason`), 恢复 (an invalid lead back to
/// the pool). Refused unless the table allows it from the lead's status to this caller; of two
/// people acting at once one wins and the other is told the lead changed. Needs `/work/crm/clue`
/// and the action's own permission.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/transition", tag = "crm",
    request_body = LeadTransition, security(("token" = [])),
    responses((status = 200, description = "The lead after the move", body = Envelope<LeadDetail>)))]
pub async fn transition(
    caller: Caller,
    AppJson(request): AppJson<LeadTransition>,
) -> ApiResult<LeadDetail> {
    let scoped = caller.require(need::CLUE_LIST)?;
    let asked = Move {
        action: move_of(&caller, &request.action)?,
        user_id: request.user_id,
        reason: request.reason,
        remark: request.remark,
    };
    let saved = move_lead(&caller, &scoped, request.id, &asked).await?;
    ok(detail_of(&scoped.unscoped(), &caller, saved).await?)
}

/// The most leads one batch move takes (the pool's largest page).
pub const BATCH_MAX: usize = 100;
pub const BATCH_ACTIONS: &str = "批量操作仅支持认领和分配";
pub const CHOOSE_LEADS: &str = "请选择线索";

/// 批量认领 and 批量分配 on 线索池: each chosen lead moved on its own by core's table, as one move
/// would be (its own transaction and history), and answered per lead: moved, or why not (a
/// lead already followed cannot be claimed, one out of reach cannot be assigned). At most 100
/// leads. Needs `/work/crm/clue` and 认领 or 分配.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/batchTransition", tag = "crm",
    request_body = LeadBatchTransition, security(("token" = [])),
    responses((status = 200, description = "What became of each lead", body = Envelope<Vec<LeadMoveResult>>)))]
pub async fn batch_transition(
    caller: Caller,
    AppJson(request): AppJson<LeadBatchTransition>,
) -> ApiResult<Vec<LeadMoveResult>> {
    let scoped = caller.require(need::CLUE_LIST)?;
    let action = move_of(&caller, &request.action)?;
    if !matches!(action, LeadAction::Claim | LeadAction::Assign) {
        return Err(AppError::invalid("action", BATCH_ACTIONS));
    }
    let mut ids = request.ids;
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    if ids.is_empty() {
        return Err(AppError::invalid("ids", CHOOSE_LEADS));
    }
    if ids.len() > BATCH_MAX {
        return Err(AppError::invalid(
            "ids",
            format!("一次最多操作{BATCH_MAX}条线索"),
        ));
    }
    if action == LeadAction::Assign && request.user_id.is_none() {
        return Err(AppError::invalid("userId", CHOOSE_ASSIGNEE));
    }
    let asked = Move {
        action,
        user_id: request.user_id,
        reason: None,
        remark: String::new(),
    };
    // Names of the leads the caller reads; one they do not is answered by its number alone.
    let names: HashMap<i64, String> = scoped
        .all(
            scoped
                .read::<lead::Entity>()
                .filter(lead::Column::Id.is_in(ids.clone())),
        )
        .await?
        .into_iter()
        .map(|row| (row.id, row.name))
        .collect();
    let mut results = Vec::with_capacity(ids.len());
    for id in ids {
        let outcome = match move_lead(&caller, &scoped, id, &asked).await {
            Ok(_) => Ok(()),
            Err(error @ AppError::Internal(_)) => return Err(error),
            Err(refused) => Err(refused.to_string()),
        };
        results.push(LeadMoveResult {
            id,
            name: names.get(&id).cloned().unwrap_or_default(),
            moved: outcome.is_ok(),
            message: outcome.err().unwrap_or_default(),
        });
    }
    ok(results)
}

/// Colleagues at work the caller may assign leads to: the staff within their data scope (a store
/// manager's store, a general manager's company). Needs 分配.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/assignees", tag = "crm",
    security(("token" = [])),
    responses((status = 200, description = "Who leads may be assigned to", body = Envelope<Vec<Assignee>>)))]
pub async fn assignees(caller: Caller) -> ApiResult<Vec<Assignee>> {
    let scoped = caller.require(need::CLUE_ASSIGN)?;
    ok(staff::pickable(&scoped, Among::Writable, staff::at_work()).await?)
}

/// 转为客户: the lead becomes a customer of its agent (their private customer), created by the
/// customer module's own path (core's customer form, the company's phone de-duplication scope,
/// a duplicate naming who holds it), and the lead moves to 已转客户 by core's table and a guarded
/// transition in the same transaction, keeping the customer's number; the customer's detail
/// shows the lead and its history. Its agent or a manager; needs 转为客户.
#[utoipa::path(post, path = "/api/v1/fm/crm/clue/convert", tag = "crm",
    request_body = LeadConvert, security(("token" = [])),
    responses((status = 200, description = "The lead, converted, with its customer's id", body = Envelope<LeadDetail>)))]
pub async fn convert(
    caller: Caller,
    AppJson(mut request): AppJson<LeadConvert>,
) -> ApiResult<LeadDetail> {
    let scoped = caller.require(need::CLUE_LIST)?;
    if !caller.allows(need::CLUE_CONVERT) {
        return Err(AppError::NoPermission);
    }
    let row = scoped.get::<lead::Entity>(request.id).await?;
    let from = status_of(&row)?;
    let to = states::next(LeadAction::Convert, from, actor_of(&caller, &row))?;
    // A converter who sees the phone masked (a manager converting an agent's lead) keeps the
    // lead's own.
    if request.form.phone.contains('*') {
        request.form.phone = row.phone.clone();
    }
    let request = form::checked(&request)?;
    let db = scoped.unscoped();
    // A followed lead has its agent: the customer becomes theirs.
    let owner = match row.owner_id {
        Some(id) => {
            db.one(db.find::<user::Entity>().filter(user::Column::Id.eq(id)))
                .await?
        }
        None => None,
    }
    .ok_or_else(|| AppError::TransitionRefused(NO_AGENT.to_owned()))?;
    customer_flow::check_new(&db, &caller, &owner, &request.form).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let made = customer_flow::insert_new(&on, &owner, &request.form).await?;
    let changes = lead::ActiveModel {
        status: Set(to.code()),
        customer_id: Set(Some(made.id)),
        updated_at: Set(Utc::now()),
        ..Default::default()
    };
    let saved = transition::guarded(&on, &row, changes).await?;
    let reason = format!("转为客户（客户编号{}）", made.id);
    record_move(&on, &saved, LeadAction::Convert, from, to, &reason).await?;
    txn.commit().await?;
    ok(detail_of(&scoped.unscoped(), &caller, saved).await?)
}
