//! Writing customers: entering one (refused when its phone is already held within the
//! company's de-duplication scope, saying by whom), editing it, moving it through core's pool
//! table (claims within the limit, a manager's transfers), its follow-ups, and revealing its
//! phones.

use brokerdesk_core::customer::phone::{self, DedupScope, Holder};
use brokerdesk_core::customer::pool::{
    self, CustomerAction, CustomerPool, CustomerState, CustomerStatus,
};
use brokerdesk_core::customer::wish::BudgetUnit;
use brokerdesk_core::forms;
use brokerdesk_core::listing::owner_phone;
use brokerdesk_core::listing::price;
use brokerdesk_core::org::fields::FieldError;
use chrono::{NaiveDate, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, QueryFilter,
    QueryOrder, Set,
};

use super::dto::*;
use super::{KIND, actor_of, state_code, state_of, view};
use crate::access::{Caller, Placed, Scoped, Unscoped, need};
use crate::audit::{self, Action, Change, snapshot};
use crate::entity::{business_circle, customer, customer_follow_up, district, store, user};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::history::{self, StatusMove};
use crate::paging::Page;
use crate::shared::{IdRequest, millis, name_of};
use crate::transition::{self, Reach};

pub const EDIT_NOT_YOURS: &str = "只有客户的经纪人或店长可以编辑客户";
pub const DEALT: &str = "已成交的客户不能编辑";
pub const CLAIMED: &str = "该客户已被他人认领，请刷新后重试";
pub const MANAGED_AGENT: &str = "请选择您管理的经纪人";

fn joined(ids: &[i64]) -> String {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// The form's values as columns (everything but the placement and the pool).
fn columns_of(form: &CustomerForm, row: &mut customer::ActiveModel) {
    let small = |value: Option<i64>| value.and_then(|v| i16::try_from(v).ok());
    // The form's check has passed: these read. A budget is typed in the demand's unit (万 for a
    // purchase, 元 a month for a rental).
    let unit = BudgetUnit::of_demand(form.demand.unwrap_or_default());
    let fen = |text: &str| unit.to_fen(text);
    let area = |text: &str| price::hundredths(text);
    row.name = Set(form.name.clone());
    row.sex = Set(small(form.sex).unwrap_or_default());
    row.phone = Set(form.phone.clone());
    row.phone_key = Set(phone::normalise(&form.phone));
    row.phone2 = Set(form.phone2.clone());
    row.phone2_key = Set(phone::normalise(&form.phone2));
    row.level = Set(small(form.level).unwrap_or_default());
    row.demand = Set(small(form.demand).unwrap_or_default());
    row.budget_min = Set(fen(&form.budget_min));
    row.budget_max = Set(fen(&form.budget_max));
    row.area_min = Set(area(&form.area_min));
    row.area_max = Set(area(&form.area_max));
    row.district_ids = Set(joined(&form.district_ids));
    row.circle_ids = Set(joined(&form.circle_ids));
    row.rooms = Set(small(form.rooms));
    row.source = Set(small(form.source).unwrap_or_default());
    row.tags = Set(joined(&form.tags));
    row.remark = Set(form.remark.clone());
}

/// The districts and circles chosen are the customer's city's, and each circle lies in a
/// chosen district when districts are chosen.
async fn check_places<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    form: &CustomerForm,
    site_id: i64,
) -> Result<(), AppError> {
    let districts: Vec<i64> = joined(&form.district_ids)
        .split(',')
        .filter_map(|id| id.parse().ok())
        .collect();
    if !districts.is_empty() {
        let found = db
            .all(
                db.find::<district::Entity>()
                    .filter(district::Column::Id.is_in(districts.clone()))
                    .filter(district::Column::SiteId.eq(site_id)),
            )
            .await?;
        if found.len() != districts.len() {
            return Err(AppError::invalid("districtIds", "请选择本城市的区域"));
        }
    }
    let circles: Vec<i64> = joined(&form.circle_ids)
        .split(',')
        .filter_map(|id| id.parse().ok())
        .collect();
    if !circles.is_empty() {
        let found = db
            .all(
                db.find::<business_circle::Entity>()
                    .filter(business_circle::Column::Id.is_in(circles.clone()))
                    .filter(business_circle::Column::SiteId.eq(site_id)),
            )
            .await?;
        let outside = found
            .iter()
            .any(|circle| !districts.is_empty() && !districts.contains(&circle.district_id));
        if found.len() != circles.len() || outside {
            return Err(AppError::invalid("circleIds", "请选择所选区域内的商圈"));
        }
    }
    Ok(())
}

/// The company's de-duplication scope (dictionary `customer.phoneScope`, core's default).
pub async fn phone_scope<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    organisation_id: i64,
) -> Result<DedupScope, AppError> {
    let setting = view::setting(db, organisation_id, phone::SCOPE_KEY).await?;
    Ok(DedupScope::from_setting(setting.as_deref()))
}

/// The customers of a company among which a phone `seat` holds (or is to hold) must be unique:
/// the public pool always, and the seat's own private customers (个人), its store's (门店) or the
/// whole company's (公司).
pub fn dedup_within(scope: DedupScope, seat: &user::Model) -> Condition {
    let public = customer::Column::Pool.eq(CustomerPool::Public.code());
    match scope {
        DedupScope::Person => Condition::any()
            .add(public)
            .add(customer::Column::OwnerId.eq(seat.id)),
        DedupScope::Store => Condition::any().add(public).add(match seat.store_id {
            Some(store) => customer::Column::StoreId.eq(store),
            None => customer::Column::OwnerId.eq(seat.id),
        }),
        DedupScope::Company => Condition::all(),
    }
}

/// Who holds `existing` as far as `caller` may know (core [`Holder`]): the public pool, the
/// caller's own, or a colleague named with the customer's number only when the caller reads it.
pub async fn holder_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    existing: &customer::Model,
) -> Result<Holder, AppError> {
    Ok(if existing.pool == CustomerPool::Public.code() {
        Holder::Public { id: existing.id }
    } else if existing.owner_id == Some(caller.user().id) {
        Holder::Mine { id: existing.id }
    } else {
        let people = history::names_of(db, existing.owner_id).await?;
        let stores = db
            .names::<store::Entity>(store::Column::Id, store::Column::Name, existing.store_id)
            .await?;
        Holder::Colleague {
            agent: name_of(&people, existing.owner_id),
            store: name_of(&stores, existing.store_id),
            id: caller
                .scope()
                .covers(&customer::Entity::place(existing))
                .then_some(existing.id),
        }
    })
}

/// Refuses a phone already held within the company's de-duplication scope around `seat` (the
/// agent the customer is to belong to), saying by whom as far as the caller may know (core
/// `customer::phone`). `except` is the customer being edited.
async fn refuse_duplicate<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    seat: &user::Model,
    form: &CustomerForm,
    organisation_id: i64,
    except: Option<i64>,
) -> Result<(), AppError> {
    let scope = phone_scope(db, organisation_id).await?;
    for (field, typed) in [("phone", &form.phone), ("phone2", &form.phone2)] {
        let key = phone::normalise(typed);
        if key.is_empty() {
            continue;
        }
        let mut select = db
            .find::<customer::Entity>()
            .filter(customer::Column::OrganisationId.eq(organisation_id))
            .filter(
                Condition::any()
                    .add(customer::Column::PhoneKey.eq(key.as_str()))
                    .add(customer::Column::Phone2Key.eq(key.as_str())),
            )
            .filter(dedup_within(scope, seat));
        if let Some(id) = except {
            select = select.filter(customer::Column::Id.ne(id));
        }
        let Some(existing) = db.one(select.order_by_asc(customer::Column::Id)).await? else {
            continue;
        };
        let holder = holder_of(db, caller, &existing).await?;
        return Err(AppError::Taken(vec![FieldError::new(
            field,
            phone::duplicate_message(&holder),
        )]));
    }
    Ok(())
}

/// Checks a new customer of `owner` (core's form already passed): its places lie in the
/// owner's city and its phones are held by nobody within the company's de-duplication scope.
pub async fn check_new<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    owner: &user::Model,
    form: &CustomerForm,
) -> Result<(), AppError> {
    let (Some(organisation_id), Some(site_id)) = (owner.organisation_id, owner.site_id) else {
        return Err(AppError::NoPermission);
    };
    check_places(db, form, site_id).await?;
    refuse_duplicate(db, caller, owner, form, organisation_id, None).await
}

/// Writes a checked new customer as `owner`'s private customer (at their seat), entered by the
/// caller, with its audit record, inside the caller's transaction.
pub async fn insert_new(
    on: &Scoped<'_, DatabaseTransaction>,
    owner: &user::Model,
    form: &CustomerForm,
) -> Result<customer::Model, AppError> {
    let (Some(organisation_id), Some(site_id)) = (owner.organisation_id, owner.site_id) else {
        return Err(AppError::NoPermission);
    };
    let now = Utc::now();
    let mut row = customer::ActiveModel {
        site_id: Set(site_id),
        organisation_id: Set(organisation_id),
        status: Set(CustomerStatus::Valid.code()),
        pool: Set(CustomerPool::Private.code()),
        entered_by: Set(Some(on.actor().id)),
        last_activity_at: Set(now),
        last_follow_up_at: Set(None),
        next_follow_up_on: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    seated(&mut row, Some(owner));
    columns_of(form, &mut row);
    let saved = on.insert::<customer::Entity>(row).await?;
    on.record_created::<customer::Entity>(&saved).await?;
    Ok(saved)
}

/// Enter a customer: the caller becomes its agent and it is their private customer. A phone
/// already held within the company's de-duplication scope is refused, naming who holds it.
/// Needs 新增 on `/work/crm/customer`.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/add", tag = "crm",
    request_body = CustomerForm, security(("token" = [])),
    responses((status = 200, description = "The new customer", body = Envelope<CustomerDetail>)))]
pub async fn add(
    caller: Caller,
    AppJson(form): AppJson<CustomerForm>,
) -> ApiResult<CustomerDetail> {
    let scoped = caller.require(need::CUSTOMER_ADD)?;
    let form = form::checked(&form)?;
    let me = scoped.actor().clone();
    let db = scoped.unscoped();
    check_new(&db, &caller, &me, &form).await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let saved = insert_new(&on, &me, &form).await?;
    txn.commit().await?;
    ok(view::detail(&scoped.unscoped(), &caller, saved).await?)
}

/// Edit a customer's fields. Its agent or a manager who can write it; a dealt customer stays as
/// it was. Needs 编辑.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/edit", tag = "crm",
    request_body = CustomerEdit, security(("token" = [])),
    responses((status = 200, description = "The customer as saved", body = Envelope<CustomerDetail>)))]
pub async fn edit(
    caller: Caller,
    AppJson(form): AppJson<CustomerEdit>,
) -> ApiResult<CustomerDetail> {
    let scoped = caller.require(need::CUSTOMER_EDIT)?;
    let form = form::checked(&form)?;
    let before = scoped.get_writable::<customer::Entity>(form.id).await?;
    let is_owner = before.owner_id == Some(scoped.actor().id);
    if !is_owner && !caller.allows(need::CUSTOMER_TRANSFER) {
        return Err(AppError::TransitionRefused(EDIT_NOT_YOURS.to_owned()));
    }
    if state_of(&before)?.status == CustomerStatus::Dealt {
        return Err(AppError::TransitionRefused(DEALT.to_owned()));
    }
    let db = scoped.unscoped();
    check_places(&db, &form.form, before.site_id).await?;
    refuse_duplicate(
        &db,
        &caller,
        scoped.actor(),
        &form.form,
        before.organisation_id,
        Some(before.id),
    )
    .await?;
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let old = on.view::<customer::Entity>(before.clone()).await?;
    let mut row: customer::ActiveModel = before.clone().into();
    columns_of(&form.form, &mut row);
    row.updated_at = Set(Utc::now());
    let saved = on.update::<customer::Entity>(row).await?;
    on.record_changed::<customer::Entity>(&old, &saved).await?;
    txn.commit().await?;
    ok(view::detail(&scoped.unscoped(), &caller, saved).await?)
}

/// A customer's move in its history and the audit log.
async fn record_move(
    on: &Scoped<'_, DatabaseTransaction>,
    row: &customer::Model,
    action: CustomerAction,
    (from, to): (CustomerState, CustomerState),
    reason: &str,
) -> Result<(), AppError> {
    let (from_code, to_code) = (state_code(from), state_code(to));
    history::record(
        on.transaction(),
        StatusMove {
            entity: KIND,
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
            KIND,
            row.id,
            Action::Status,
            snapshot(&from.label()),
            snapshot(&to.label()),
            view::place(row),
        ),
    )
    .await
}

/// Why a claim cannot read its customer: a colleague claimed it first, or it was never the
/// caller's company's.
async fn claimed_or_out_of_scope<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    caller: &Caller,
    id: i64,
) -> Result<AppError, AppError> {
    let row = db
        .one(
            db.find::<customer::Entity>()
                .filter(customer::Column::Id.eq(id)),
        )
        .await?;
    Ok(match row {
        Some(row) if Some(row.organisation_id) == caller.user().organisation_id => {
            AppError::TransitionRefused(CLAIMED.to_owned())
        }
        _ => AppError::out_of_scope(),
    })
}

/// The seat a customer goes to: `to`'s (claim, transfer) or the company's alone (release).
pub fn seated(changes: &mut customer::ActiveModel, to: Option<&user::Model>) {
    changes.store_group_id = Set(to.and_then(|u| u.store_group_id));
    changes.store_id = Set(to.and_then(|u| u.store_id));
    changes.department_id = Set(to.and_then(|u| u.department_id));
    changes.owner_id = Set(to.map(|u| u.id));
}

/// Moves a customer by `action` for `caller` (to `target` for a transfer); answers it as
/// written.
async fn take(
    caller: &Caller,
    id: i64,
    action: CustomerAction,
    target: Option<&user::Model>,
    remark: &str,
) -> Result<CustomerDetail, AppError> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let row = match scoped.get::<customer::Entity>(id).await {
        Err(AppError::OutOfScope(_)) if action == CustomerAction::Claim => {
            return Err(claimed_or_out_of_scope(&scoped.unscoped(), caller, id).await?);
        }
        other => other?,
    };
    let from = state_of(&row)?;
    let to = pool::next(action, from, actor_of(caller, &row))?;
    let remark = remark.trim();
    if remark.chars().count() > 200 {
        return Err(AppError::invalid("remark", "原因说明不能超过200个字符"));
    }
    let now = Utc::now();
    let mut changes = customer::ActiveModel {
        status: Set(to.status.code()),
        pool: Set(to.pool.code()),
        updated_at: Set(now),
        ..Default::default()
    };
    let mut reason = remark.to_owned();
    let reach = match action {
        CustomerAction::Release => {
            seated(&mut changes, None);
            (Reach::Write, Reach::Read)
        }
        CustomerAction::Claim => {
            let me = caller.user();
            if me.organisation_id != Some(row.organisation_id) {
                return Err(AppError::out_of_scope());
            }
            let db = scoped.unscoped();
            let limit = pool::claim_limit(
                view::setting(&db, row.organisation_id, pool::CLAIM_LIMIT_KEY)
                    .await?
                    .as_deref(),
            );
            let held = db
                .count(
                    db.find::<customer::Entity>()
                        .filter(customer::Column::OwnerId.eq(me.id))
                        .filter(customer::Column::Pool.eq(CustomerPool::Private.code()))
                        .filter(customer::Column::Status.eq(CustomerStatus::Valid.code())),
                )
                .await?;
            pool::check_claim_limit(held, limit)?;
            seated(&mut changes, Some(me));
            changes.last_activity_at = Set(now);
            (Reach::Read, Reach::Write)
        }
        CustomerAction::Transfer => {
            // Only to a colleague of the customer's company.
            let target = target
                .filter(|target| target.organisation_id == Some(row.organisation_id))
                .ok_or_else(|| AppError::invalid("userId", MANAGED_AGENT))?;
            if row.owner_id == Some(target.id) {
                return Err(AppError::invalid("userId", "该客户已是此经纪人的客户"));
            }
            let names = history::names_of(&scoped.unscoped(), row.owner_id).await?;
            let from_name = name_of(&names, row.owner_id);
            reason = if from_name.is_empty() {
                format!("转移给{}", target.real_name)
            } else {
                format!("由{from_name}转移给{}", target.real_name)
            };
            seated(&mut changes, Some(target));
            changes.last_activity_at = Set(now);
            (Reach::Write, Reach::Read)
        }
        _ => (Reach::Write, Reach::Write),
    };
    // Nobody follows up a customer gone to the pool, dealt or invalid: no 待跟进 reminder stays.
    if matches!(
        action,
        CustomerAction::Release | CustomerAction::Deal | CustomerAction::Invalidate
    ) {
        changes.next_follow_up_on = Set(None);
    }
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    let saved = transition::guarded_reach(&on, &row, changes, reach.0, reach.1).await?;
    record_move(&on, &saved, action, (from, to), &reason).await?;
    txn.commit().await?;
    view::detail(&scoped.unscoped(), caller, saved).await
}

/// Move a customer through core's pool table (转公客, 成交, 设为无效, 恢复有效): refused unless the
/// table allows it from the customer's state to this caller. Needs `/work/crm/customer`.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/transition", tag = "crm",
    request_body = CustomerTransition, security(("token" = [])),
    responses((status = 200, description = "The customer after the move", body = Envelope<CustomerDetail>)))]
pub async fn transition(
    caller: Caller,
    AppJson(request): AppJson<CustomerTransition>,
) -> ApiResult<CustomerDetail> {
    caller.require(need::CUSTOMER_LIST)?;
    let action = CustomerAction::from_code(&request.action)
        .filter(|action| {
            !matches!(
                action,
                CustomerAction::Claim | CustomerAction::Transfer | CustomerAction::Drop
            )
        })
        .ok_or_else(|| AppError::invalid("action", "未知的客户操作"))?;
    if let Some(reason_form) = action.reason_form() {
        let mut values = serde_json::Map::new();
        values.insert("remark".to_owned(), request.remark.clone().into());
        form::fields_ok(forms::check(reason_form, &mut values, form::today()))?;
    }
    ok(take(&caller, request.id, action, None, &request.remark).await?)
}

/// Claim a customer of the public pool: it becomes the caller's private customer, unless they
/// already hold the company's limit. Of two claims at once exactly one wins. Needs 认领.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/claim", tag = "crm",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The customer, now the caller's", body = Envelope<CustomerDetail>)))]
pub async fn claim(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<CustomerDetail> {
    caller.require(need::CUSTOMER_CLAIM)?;
    ok(take(&caller, request.id, CustomerAction::Claim, None, "").await?)
}

/// Transfer a customer to another agent the caller manages; the history says from whom to whom.
/// Needs 转移.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/transfer", tag = "crm",
    request_body = CustomerTransfer, security(("token" = [])),
    responses((status = 200, description = "The customer, now the agent's", body = Envelope<CustomerDetail>)))]
pub async fn transfer(
    caller: Caller,
    AppJson(request): AppJson<CustomerTransfer>,
) -> ApiResult<CustomerDetail> {
    let scoped = caller.require(need::CUSTOMER_TRANSFER)?;
    let target = scoped
        .get_writable::<user::Entity>(request.user_id)
        .await
        .map_err(|error| match error {
            AppError::NotFound | AppError::OutOfScope(_) => {
                AppError::invalid("userId", MANAGED_AGENT)
            }
            other => other,
        })?;
    if target.locked {
        return Err(AppError::invalid("userId", MANAGED_AGENT));
    }
    ok(take(
        &caller,
        request.id,
        CustomerAction::Transfer,
        Some(&target),
        "",
    )
    .await?)
}

/// A follow-up of a customer already checked readable.
#[allow(clippy::disallowed_methods)]
async fn insert_follow_up(
    txn: &DatabaseTransaction,
    row: customer_follow_up::ActiveModel,
) -> Result<customer_follow_up::Model, AppError> {
    Ok(row.insert(txn).await?)
}

/// Write a follow-up (电话, 到访, 面谈, 微信) on a customer the caller reads. The agent's own
/// follow-up restarts the drop rule's clock and sets the next follow-up reminded on the home
/// page. Needs 写跟进.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/followUp/add", tag = "crm",
    request_body = CustomerFollowUpAdd, security(("token" = [])),
    responses((status = 200, description = "The follow-up", body = Envelope<CustomerFollowUp>)))]
pub async fn follow_up_add(
    caller: Caller,
    AppJson(form): AppJson<CustomerFollowUpAdd>,
) -> ApiResult<CustomerFollowUp> {
    let scoped = caller.require(need::CUSTOMER_FOLLOW_UP)?;
    let form = form::checked(&form)?;
    let row = scoped.get::<customer::Entity>(form.customer_id).await?;
    // Core's form has refused a day before today.
    let next_on = NaiveDate::parse_from_str(form.next_at.trim(), "%Y-%m-%d").ok();
    let me = scoped.actor().clone();
    let now = Utc::now();
    let txn = scoped.begin().await?;
    let on = scoped.on(&txn);
    if row.owner_id == Some(me.id) {
        on.update::<customer::Entity>(customer::ActiveModel {
            id: Set(row.id),
            last_activity_at: Set(now),
            last_follow_up_at: Set(Some(now)),
            next_follow_up_on: Set(next_on),
            ..Default::default()
        })
        .await?;
    }
    let saved = insert_follow_up(
        &txn,
        customer_follow_up::ActiveModel {
            customer_id: Set(row.id),
            user_id: Set(Some(me.id)),
            way: Set(form
                .way
                .and_then(|way| i16::try_from(way).ok())
                .unwrap_or_default()),
            content: Set(form.content.trim().to_owned()),
            next_on: Set(next_on),
            at: Set(now),
            ..Default::default()
        },
    )
    .await?;
    txn.commit().await?;
    ok(CustomerFollowUp {
        id: saved.id,
        customer_id: saved.customer_id,
        way: saved.way,
        user_id: saved.user_id,
        user_name: me.real_name,
        content: saved.content,
        next_on: saved.next_on.map(|day| day.to_string()),
        at: millis(saved.at),
    })
}

/// A customer's follow-ups, newest first. Needs `/work/crm/customer`.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/followUp/list", tag = "crm",
    request_body = CustomerFollowUpQuery, security(("token" = [])),
    responses((status = 200, description = "One page of follow-ups", body = Envelope<Page<CustomerFollowUp>>)))]
pub async fn follow_up_list(
    caller: Caller,
    AppJson(query): AppJson<CustomerFollowUpQuery>,
) -> ApiResult<Page<CustomerFollowUp>> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let row = scoped.get::<customer::Entity>(query.customer_id).await?;
    let db = scoped.unscoped();
    let page = db
        .page(
            db.find::<customer_follow_up::Entity>()
                .filter(customer_follow_up::Column::CustomerId.eq(row.id))
                .order_by_desc(customer_follow_up::Column::At)
                .order_by_desc(customer_follow_up::Column::Id),
            query.page,
        )
        .await?;
    let names = history::names_of(&db, page.list.iter().filter_map(|f| f.user_id)).await?;
    ok(page.map(|f| CustomerFollowUp {
        id: f.id,
        customer_id: f.customer_id,
        way: f.way,
        user_name: name_of(&names, f.user_id),
        user_id: f.user_id,
        content: f.content,
        next_on: f.next_on.map(|day| day.to_string()),
        at: millis(f.at),
    }))
}

/// The customer's phones whole, for its agent or a caller granted 查看电话; each reveal is
/// recorded in the audit log. Needs `/work/crm/customer`.
#[utoipa::path(post, path = "/api/v1/fm/crm/customer/revealPhone", tag = "crm",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The customer's phones", body = Envelope<RevealedCustomerPhone>)))]
pub async fn reveal_phone(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<RevealedCustomerPhone> {
    let scoped = caller.require(need::CUSTOMER_LIST)?;
    let row = scoped.get::<customer::Entity>(request.id).await?;
    let access = view::phone_access(&caller, &row);
    let reveal = |phone: &str| {
        if phone.is_empty() {
            Ok(String::new())
        } else {
            owner_phone::reveal(phone, access).map_err(|_| AppError::NoPermission)
        }
    };
    let phone = reveal(&row.phone)?;
    let phone2 = reveal(&row.phone2)?;
    scoped.reveal::<customer::Entity>(&row).await?;
    ok(RevealedCustomerPhone { phone, phone2 })
}
