//! Contracts: their list and detail, writing one (its split filled from the company's template
//! and the listing's role holders, or as the form gives it), and moving it by core's table:
//! 签约 moves its listing to 我司成交 and opens its commission order as a draft; 解约 closes the
//! order while nothing was received.

use std::collections::HashMap;

use brokerdesk_core::deal::contract::{self, ContractAction, ContractKind, ContractStatus};
use brokerdesk_core::deal::order::OrderStatus;
use brokerdesk_core::deal::split::{self, DealRole, SplitLine};
use brokerdesk_core::forms;
use brokerdesk_core::listing::lifecycle::{self, HouseAction, HouseStatus};
use brokerdesk_core::listing::price;
use brokerdesk_core::org::staff_status::WorkingStatus;
use chrono::{NaiveDate, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseTransaction, QueryFilter, QueryOrder, Set};

use super::dto::*;
use super::split_writer;
use super::template::template_of;
use super::{
    CONTRACT, ORDER, contract_status, holds_contract_duty, kind_of, needs_of, order_status,
};
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{
    commission_order, customer, deal_contract, deal_split, listing, listing_role,
    listing_role_member, store, user,
};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::history::{self, StatusMove};
use crate::listing as listings;
use crate::paging::{Page, filter_text};
use crate::shared::{IdRequest, millis, name_of};
use crate::staff::{self, Among};
use crate::transition::{self, Reach};

pub const CODE_TAKEN: &str = "合同编号已存在";
pub const CUSTOMER_GONE: &str = "客户不存在或不在您的范围内，请重新选择";
pub const PERSON_NOT_OURS: &str = "只能选择本公司的员工";
pub const SALE_NEEDS_SECOND_HAND: &str = "买卖合同只能选择二手房源";
pub const LEASE_NEEDS_RENTAL: &str = "租赁合同只能选择租房房源";

/// The order of each contract, by contract id.
async fn orders_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, commission_order::Model>, AppError> {
    Ok(db
        .all(
            db.find::<commission_order::Entity>()
                .filter(commission_order::Column::ContractId.is_in(ids)),
        )
        .await?
        .into_iter()
        .filter_map(|o| o.contract_id.map(|c| (c, o)))
        .collect())
}

async fn rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    contracts: &[deal_contract::Model],
) -> Result<Vec<ContractRow>, AppError> {
    let orders = orders_of(db, contracts.iter().map(|c| c.id)).await?;
    let people = history::names_of(db, contracts.iter().map(|c| c.agent_id)).await?;
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            contracts.iter().filter_map(|c| c.store_id),
        )
        .await?;
    Ok(contracts
        .iter()
        .map(|c| {
            let order = orders.get(&c.id);
            ContractRow {
                id: c.id,
                kind: c.kind,
                code: c.code.clone(),
                status: c.status,
                listing_id: c.listing_id,
                address: c.address.clone(),
                owner_name: c.owner_name.clone(),
                customer_name: c.customer_name.clone(),
                price: c.price,
                owner_commission: c.owner_commission,
                customer_commission: c.customer_commission,
                commission: c.owner_commission + c.customer_commission,
                agent_id: c.agent_id,
                agent_name: name_of(&people, Some(c.agent_id)),
                store_name: name_of(&stores, c.store_id),
                order_id: order.map(|o| o.id),
                order_status: order.map(|o| o.status),
                paid: order.map_or(0, |o| o.paid),
                signed_on: c.signed_on.map(|d| d.format("%Y-%m-%d").to_string()),
                created_at: millis(c.created_at),
            }
        })
        .collect())
}

pub(super) async fn splits_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    contract_id: i64,
) -> Result<Vec<SplitView>, AppError> {
    let lines = db
        .all(
            db.find::<deal_split::Entity>()
                .filter(deal_split::Column::ContractId.eq(contract_id))
                .order_by_asc(deal_split::Column::Role)
                .order_by_asc(deal_split::Column::Id),
        )
        .await?;
    let people = history::names_of(db, lines.iter().map(|l| l.user_id)).await?;
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            lines.iter().filter_map(|l| l.store_id),
        )
        .await?;
    Ok(lines
        .into_iter()
        .map(|l| SplitView {
            role: l.role,
            role_label: DealRole::from_code(l.role.into())
                .map(DealRole::label)
                .unwrap_or_default()
                .to_owned(),
            user_id: l.user_id,
            user_name: name_of(&people, Some(l.user_id)),
            store_name: name_of(&stores, l.store_id),
            share_bp: l.share_bp,
            amount: l.amount,
        })
        .collect())
}

fn action_label(code: &str) -> &'static str {
    ContractAction::from_code(code)
        .map(ContractAction::label)
        .unwrap_or_default()
}

async fn detail_of(
    scoped: &Scoped<'_>,
    caller: &Caller,
    row: deal_contract::Model,
) -> Result<ContractDetail, AppError> {
    let db = scoped.unscoped();
    let kind = kind_of(row.kind.into())?;
    let status = contract_status(&row)?;
    let order = orders_of(&db, [row.id]).await?.remove(&row.id);
    let order_state = order.as_ref().map(order_status).transpose()?;
    let writable = scoped
        .one(
            scoped
                .write::<deal_contract::Entity>()
                .filter(deal_contract::Column::Id.eq(row.id)),
        )
        .await?
        .is_some();
    let offered = if writable {
        contract::offered_actions(status, |duty| holds_contract_duty(caller, kind, duty))
            .into_iter()
            .map(|a| a.code().to_owned())
            .collect()
    } else {
        Vec::new()
    };
    let may_edit = writable
        && caller.allows(needs_of(kind).edit)
        && contract::editable(status, order_state).is_ok();
    let source = history::names_of(&db, [row.customer_source_id]).await?;
    let history = history::of(&db, CONTRACT, row.id, action_label).await?;
    let splits = splits_of(&db, row.id).await?;
    let mut listed = rows(&db, std::slice::from_ref(&row)).await?;
    Ok(ContractDetail {
        row: listed.remove(0),
        owner_phone: row.owner_phone,
        customer_phone: row.customer_phone,
        customer_id: row.customer_id,
        customer_source_name: name_of(&source, Some(row.customer_source_id)),
        customer_source_id: row.customer_source_id,
        lease_months: row.lease_months,
        deposit: row.deposit,
        payment_schedule: row.payment_schedule,
        attachments: row.attachments,
        remark: row.remark,
        splits,
        offered_actions: offered,
        may_edit,
        history,
    })
}

/// Contracts of one kind the caller reads, newest first, by status and keyword. Needs the
/// kind's list page.
#[utoipa::path(post, path = "/api/v1/fm/business/contract/list", tag = "business",
    request_body = ContractQuery, security(("token" = [])),
    responses((status = 200, description = "One page of contracts", body = Envelope<Page<ContractRow>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<ContractQuery>,
) -> ApiResult<Page<ContractRow>> {
    let kind = kind_of(query.kind.unwrap_or(1))?;
    let scoped = caller.require(needs_of(kind).read)?;
    let mut select = scoped
        .read::<deal_contract::Entity>()
        .filter(deal_contract::Column::Kind.eq(kind.code()));
    if let Some(status) = query.status {
        select = select.filter(deal_contract::Column::Status.eq(status));
    }
    if let Some(keyword) = filter_text(&query.keyword) {
        select = select.filter(
            sea_orm::Condition::any()
                .add(deal_contract::Column::Code.contains(keyword))
                .add(deal_contract::Column::Address.contains(keyword))
                .add(deal_contract::Column::OwnerName.contains(keyword))
                .add(deal_contract::Column::CustomerName.contains(keyword)),
        );
    }
    let page = scoped
        .page(
            select
                .order_by_desc(deal_contract::Column::CreatedAt)
                .order_by_desc(deal_contract::Column::Id),
            query.page,
        )
        .await?;
    let list = rows(&scoped.unscoped(), &page.list).await?;
    ok(Page {
        list,
        total: page.total,
    })
}

/// One contract the caller reads, with its split, history and the actions offered. Needs its
/// kind's list or detail page.
#[utoipa::path(post, path = "/api/v1/fm/business/contract/detail", tag = "business",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The contract", body = Envelope<ContractDetail>)))]
pub async fn detail(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<ContractDetail> {
    let scoped = readable(&caller, request.id).await?;
    let row = scoped.get::<deal_contract::Entity>(request.id).await?;
    ok(detail_of(&scoped, &caller, row).await?)
}

/// The caller's handle for a contract of whichever kind `id` is, by that kind's read need.
async fn readable(caller: &Caller, id: i64) -> Result<Scoped<'_>, AppError> {
    let kind = kind_by_id(caller, id).await?;
    caller.require(needs_of(kind).read)
}

/// A contract's kind: which pages open it. An unknown id is 数据不存在.
async fn kind_by_id(caller: &Caller, id: i64) -> Result<ContractKind, AppError> {
    let scoped = caller.require(crate::access::Need::LOGIN)?;
    let db = scoped.unscoped();
    let row = db
        .one(
            db.find::<deal_contract::Entity>()
                .filter(deal_contract::Column::Id.eq(id)),
        )
        .await?
        .ok_or(AppError::NotFound)?;
    kind_of(row.kind.into())
}

/// Money typed in 元 as fen (empty is 0); the form's check has passed.
fn fen(text: &str) -> i64 {
    price::hundredths(text).unwrap_or_default()
}

/// What a checked form sets, apart from the placement, status and split.
struct Values {
    listing: Option<listing::Model>,
    customer_id: Option<i64>,
    address: String,
    agent: user::Model,
    source: user::Model,
    price: i64,
    deposit: i64,
    owner_commission: i64,
    customer_commission: i64,
    signed_on: Option<NaiveDate>,
}

/// A person of `organisation_id`, for 成交人, 客源人 and split lines.
async fn colleague<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    id: i64,
    organisation_id: i64,
    field: &'static str,
) -> Result<user::Model, AppError> {
    db.one(
        db.find::<user::Entity>()
            .filter(user::Column::Id.eq(id))
            .filter(user::Column::OrganisationId.eq(organisation_id)),
    )
    .await?
    .ok_or_else(|| AppError::invalid(field, PERSON_NOT_OURS))
}

async fn values_of(
    scoped: &Scoped<'_>,
    kind: ContractKind,
    form: &ContractForm,
    organisation_id: i64,
    except: Option<i64>,
) -> Result<Values, AppError> {
    let db = scoped.unscoped();
    let mut taken = db
        .find::<deal_contract::Entity>()
        .filter(deal_contract::Column::OrganisationId.eq(organisation_id))
        .filter(deal_contract::Column::Code.eq(form.code.trim()));
    if let Some(id) = except {
        taken = taken.filter(deal_contract::Column::Id.ne(id));
    }
    if db.exists(taken).await? {
        return Err(AppError::Taken(vec![forms::FieldError::new(
            "code", CODE_TAKEN,
        )]));
    }
    let listing = match form.listing_id {
        Some(id) => {
            let row = scoped
                .get::<listing::Entity>(id)
                .await
                .map_err(|error| match error {
                    AppError::NotFound => AppError::invalid("listingId", "房源不存在，请重新选择"),
                    other => other,
                })?;
            if row.organisation_id != organisation_id {
                return Err(AppError::invalid("listingId", "只能选择本公司的房源"));
            }
            if row.trade != kind.trade().code() {
                return Err(AppError::invalid(
                    "listingId",
                    match kind {
                        ContractKind::Sale => SALE_NEEDS_SECOND_HAND,
                        ContractKind::Lease => LEASE_NEEDS_RENTAL,
                    },
                ));
            }
            Some(row)
        }
        None => None,
    };
    let address = match &listing {
        Some(row) => listings::view::audit_rows(&db, vec![row.clone()])
            .await?
            .pop()
            .map(|a| a.name)
            .unwrap_or_default(),
        None => form.address.trim().to_owned(),
    };
    let customer = match form.customer_id {
        Some(id) => {
            let row = scoped
                .get::<customer::Entity>(id)
                .await
                .map_err(|error| match error {
                    AppError::NotFound | AppError::OutOfScope(_) => {
                        AppError::invalid("customerId", CUSTOMER_GONE)
                    }
                    other => other,
                })?;
            if row.organisation_id != organisation_id {
                return Err(AppError::invalid("customerId", CUSTOMER_GONE));
            }
            Some(row)
        }
        None => None,
    };
    let me = scoped.actor();
    let agent = match form.agent_id {
        Some(id) => colleague(&db, id, organisation_id, "agentId").await?,
        None => me.clone(),
    };
    // 客源人: as named, else the linked customer's owner agent (贝壳 ACN's 客源 role), else the
    // closer.
    let source = match (
        form.customer_source_id,
        customer.as_ref().and_then(|c| c.owner_id),
    ) {
        (Some(id), _) => colleague(&db, id, organisation_id, "customerSourceId").await?,
        (None, Some(owner)) => colleague(&db, owner, organisation_id, "customerId").await?,
        (None, None) => agent.clone(),
    };
    let price = match kind {
        ContractKind::Sale => price::wan_to_fen(&form.price).unwrap_or_default(),
        ContractKind::Lease => fen(&form.price),
    };
    Ok(Values {
        listing,
        customer_id: customer.map(|c| c.id),
        address,
        agent,
        source,
        price,
        deposit: fen(&form.deposit),
        owner_commission: fen(&form.owner_commission),
        customer_commission: fen(&form.customer_commission),
        signed_on: NaiveDate::parse_from_str(form.signed_on.trim(), "%Y-%m-%d").ok(),
    })
}

/// The listing's role holders by ACN role: its city's listing roles named after them (录入人 is
/// 录入), then its enterer and maintainer for 录入 and 维护 where nobody holds those.
async fn holders<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    listing: &listing::Model,
) -> Result<Vec<(DealRole, i64)>, AppError> {
    let members = db
        .all(
            db.find::<listing_role_member::Entity>()
                .filter(listing_role_member::Column::ListingId.eq(listing.id))
                .order_by_asc(listing_role_member::Column::Id),
        )
        .await?;
    let roles: HashMap<i64, String> = db
        .names::<listing_role::Entity>(
            listing_role::Column::Id,
            listing_role::Column::Name,
            members.iter().map(|m| m.listing_role_id),
        )
        .await?;
    let mut found: Vec<(DealRole, i64)> = members
        .iter()
        .filter_map(|m| {
            let role = DealRole::of_listing_role(roles.get(&m.listing_role_id)?)?;
            Some((role, m.user_id))
        })
        .collect();
    for (role, person) in [
        (DealRole::Entry, listing.entered_by),
        (DealRole::Maintain, listing.maintainer_id),
    ] {
        if let Some(person) = person
            && !found.iter().any(|(held, _)| *held == role)
        {
            found.push((role, person));
        }
    }
    Ok(found)
}

/// The split lines, checked, with each line's amount and person.
async fn split_lines(
    scoped: &Scoped<'_>,
    form: &ContractForm,
    values: &Values,
    organisation_id: i64,
) -> Result<Vec<(SplitLine, i64, user::Model)>, AppError> {
    let db = scoped.unscoped();
    let lines: Vec<SplitLine> = if form.splits.is_empty() {
        let template = template_of(&db, organisation_id).await?.0;
        let held = match &values.listing {
            Some(row) => holders(&db, row).await?,
            None => Vec::new(),
        };
        split::fill(&template, &held, values.source.id, values.agent.id)
    } else {
        form.splits
            .iter()
            .map(|line| {
                Ok(SplitLine {
                    role: DealRole::from_code(line.role)
                        .ok_or_else(|| AppError::invalid("splits", split::CHOOSE_ROLE))?,
                    user_id: line.user_id,
                    share_bp: line.share_bp,
                })
            })
            .collect::<Result<_, AppError>>()?
    };
    let total = values.owner_commission + values.customer_commission;
    let amounts = split::amounts(total, &lines)
        .map_err(|error| AppError::invalid("splits", error.message))?;
    let mut people: HashMap<i64, user::Model> = HashMap::new();
    for line in &lines {
        if !people.contains_key(&line.user_id) {
            let person = colleague(&db, line.user_id, organisation_id, "splits").await?;
            people.insert(person.id, person);
        }
    }
    Ok(lines
        .into_iter()
        .zip(amounts)
        .filter_map(|(line, amount)| {
            let person = people.get(&line.user_id)?.clone();
            Some((line, amount, person))
        })
        .collect())
}

/// Replaces a contract's split lines (the one split writer, `deal::split_writer`).
async fn write_splits(
    txn: &DatabaseTransaction,
    contract: &deal_contract::Model,
    lines: &[(SplitLine, i64, user::Model)],
) -> Result<(), AppError> {
    let lines: Vec<split_writer::Line<'_>> = lines
        .iter()
        .map(|(line, amount, person)| split_writer::Line {
            code: line.role.code(),
            bp: line.share_bp,
            amount: *amount,
            person: Some(person),
        })
        .collect();
    split_writer::replace::<deal_split::Entity, _>(txn, &contract.into(), &lines).await
}

fn columns_of(
    form: &ContractForm,
    values: &Values,
    kind: ContractKind,
    row: &mut deal_contract::ActiveModel,
) {
    let agent = &values.agent;
    row.site_id = Set(agent.site_id.unwrap_or_default());
    row.store_group_id = Set(agent.store_group_id);
    row.store_id = Set(agent.store_id);
    row.department_id = Set(agent.department_id);
    row.agent_id = Set(agent.id);
    row.code = Set(form.code.trim().to_owned());
    row.listing_id = Set(values.listing.as_ref().map(|l| l.id));
    row.address = Set(values.address.clone());
    row.owner_name = Set(form.owner_name.trim().to_owned());
    row.owner_phone = Set(form.owner_phone.trim().to_owned());
    row.customer_name = Set(form.customer_name.trim().to_owned());
    row.customer_phone = Set(form.customer_phone.trim().to_owned());
    row.customer_id = Set(values.customer_id);
    row.customer_source_id = Set(values.source.id);
    row.price = Set(values.price);
    row.lease_months = Set(match kind {
        ContractKind::Lease => form.lease_months.and_then(|m| i16::try_from(m).ok()),
        ContractKind::Sale => None,
    });
    row.deposit = Set(match kind {
        ContractKind::Lease => values.deposit,
        ContractKind::Sale => 0,
    });
    row.owner_commission = Set(values.owner_commission);
    row.customer_commission = Set(values.customer_commission);
    row.payment_schedule = Set(form.payment_schedule.trim().to_owned());
    row.attachments = Set(form.attachments.trim().to_owned());
    row.remark = Set(form.remark.trim().to_owned());
    row.signed_on = Set(values.signed_on);
    row.updated_at = Set(Utc::now());
}

/// A new contract (or one moved to another listing) is written only on a listing it can be
/// signed on (core's rule, as 签约 checks it again), refused on the field.
fn signable(listing: &listing::Model) -> Result<(), AppError> {
    contract::listing_signable(listings::state_of(listing)?)
        .map_err(|message| AppError::invalid("listingId", message))
}

fn form_of(kind: ContractKind) -> &'static forms::Form {
    match kind {
        ContractKind::Sale => &forms::SALE_CONTRACT,
        ContractKind::Lease => &forms::LEASE_CONTRACT,
    }
}

/// Write a contract (草签) of either kind: its parties, listing, price, commission from each side
/// and split, at its closer's seat. Needs the kind's 新增.
#[utoipa::path(post, path = "/api/v1/fm/business/contract/add", tag = "business",
    request_body = ContractAdd, security(("token" = [])),
    responses((status = 200, description = "The new contract", body = Envelope<ContractDetail>)))]
pub async fn add(caller: Caller, AppJson(body): AppJson<ContractAdd>) -> ApiResult<ContractDetail> {
    let kind = kind_of(body.kind)?;
    let scoped = caller.require(needs_of(kind).add)?;
    let body = form::checked_with(form_of(kind), &body)?;
    let organisation_id = scoped
        .actor()
        .organisation_id
        .ok_or(AppError::NoPermission)?;
    let values = values_of(&scoped, kind, &body.form, organisation_id, None).await?;
    if let Some(listing) = &values.listing {
        signable(listing)?;
    }
    let lines = split_lines(&scoped, &body.form, &values, organisation_id).await?;
    let now = Utc::now();
    let mut row = deal_contract::ActiveModel {
        organisation_id: Set(organisation_id),
        kind: Set(kind.code()),
        status: Set(ContractStatus::Draft.code()),
        created_by: Set(Some(scoped.actor().id)),
        created_at: Set(now),
        ..Default::default()
    };
    columns_of(&body.form, &values, kind, &mut row);
    let saved = scoped
        .in_transaction(async |on| {
            let saved = on.insert::<deal_contract::Entity>(row).await?;
            write_splits(on.transaction(), &saved, &lines).await?;
            on.record_created::<deal_contract::Entity>(&saved).await?;
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// Edit a contract while core's rule allows (not settled or cancelled, its order's amount not
/// yet reviewed); its split is rebuilt and an open order follows the new commission. Needs the
/// kind's 编辑.
#[utoipa::path(post, path = "/api/v1/fm/business/contract/edit", tag = "business",
    request_body = ContractEdit, security(("token" = [])),
    responses((status = 200, description = "The contract as saved", body = Envelope<ContractDetail>)))]
pub async fn edit(
    caller: Caller,
    AppJson(body): AppJson<ContractEdit>,
) -> ApiResult<ContractDetail> {
    let kind = kind_by_id(&caller, body.id).await?;
    let scoped = caller.require(needs_of(kind).edit)?;
    let body = form::checked_with(form_of(kind), &body)?;
    let before = scoped
        .get_writable::<deal_contract::Entity>(body.id)
        .await?;
    let db = scoped.unscoped();
    let order = orders_of(&db, [before.id]).await?.remove(&before.id);
    let order_state = order.as_ref().map(order_status).transpose()?;
    contract::editable(contract_status(&before)?, order_state)?;
    let values = values_of(
        &scoped,
        kind,
        &body.form,
        before.organisation_id,
        Some(before.id),
    )
    .await?;
    if values.listing.as_ref().map(|l| l.id) != before.listing_id
        && let Some(listing) = &values.listing
    {
        signable(listing)?;
    }
    let lines = split_lines(&scoped, &body.form, &values, before.organisation_id).await?;
    let saved = scoped
        .in_transaction(async |on| {
            let old = on.view::<deal_contract::Entity>(before.clone()).await?;
            let mut row: deal_contract::ActiveModel = before.clone().into();
            columns_of(&body.form, &values, kind, &mut row);
            let saved = on.update::<deal_contract::Entity>(row).await?;
            write_splits(on.transaction(), &saved, &lines).await?;
            on.record_changed::<deal_contract::Entity>(&old, &saved)
                .await?;
            if let Some(order) = &order {
                let receivable = saved.owner_commission + saved.customer_commission;
                if order.receivable != receivable {
                    let old = on.view::<commission_order::Entity>(order.clone()).await?;
                    let after = on
                        .update::<commission_order::Entity>(commission_order::ActiveModel {
                            id: Set(order.id),
                            receivable: Set(receivable),
                            updated_at: Set(Utc::now()),
                            ..Default::default()
                        })
                        .await?;
                    on.record_changed::<commission_order::Entity>(&old, &after)
                        .await?;
                }
            }
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// A contract's status move in its history.
pub(super) async fn record_contract_move(
    on: &Scoped<'_, DatabaseTransaction>,
    id: i64,
    action: ContractAction,
    from: ContractStatus,
    to: ContractStatus,
) -> Result<(), AppError> {
    history::record(
        on.transaction(),
        StatusMove {
            entity: CONTRACT,
            entity_id: id,
            action: action.code(),
            from: &from.code().to_string(),
            to: &to.code().to_string(),
            reason: "",
            actor_id: Some(on.actor().id),
        },
    )
    .await
}

pub(super) async fn record_order_move(
    on: &Scoped<'_, DatabaseTransaction>,
    id: i64,
    action: &'static str,
    from: &str,
    to: OrderStatus,
    reason: &str,
) -> Result<(), AppError> {
    history::record(
        on.transaction(),
        StatusMove {
            entity: ORDER,
            entity_id: id,
            action,
            from,
            to: &to.code().to_string(),
            reason,
            actor_id: Some(on.actor().id),
        },
    )
    .await
}

/// The contract's listing moved by core's listing table, in the listing's history: 我司成交 when
/// the contract is signed, back to 有效 when a signed contract is cancelled (`DealUndone`, the
/// server's move). Refused from a state the table does not allow `action` from, except that a
/// cancelled contract leaves alone a listing no longer at 我司成交 (a lease relisted since).
async fn move_listing(
    on: &Scoped<'_, DatabaseTransaction>,
    contract: &deal_contract::Model,
    action: HouseAction,
) -> Result<(), AppError> {
    let Some(listing_id) = contract.listing_id else {
        return Ok(());
    };
    let db = on.unscoped();
    let row = db
        .one(
            db.find::<listing::Entity>()
                .filter(listing::Column::Id.eq(listing_id)),
        )
        .await?
        .ok_or(AppError::NotFound)?;
    let from = listings::state_of(&row)?;
    let (to, reason) = match action {
        HouseAction::DealUndone => {
            if !lifecycle::can(action, from) {
                return Ok(());
            }
            let to = lifecycle::next(action, from, lifecycle::Actor::System)
                .map_err(|e| AppError::TransitionRefused(e.message))?;
            (to, format!("合同{}解约", contract.code))
        }
        _ => {
            contract::listing_signable(from).map_err(AppError::TransitionRefused)?;
            let to = lifecycle::ListingState {
                status: HouseStatus::OurDeal,
                ..from
            };
            (to, format!("合同{}签约", contract.code))
        }
    };
    // Signing is the deal: whoever may sign (or cancel) moves the listing, wherever it is kept
    // in the company (the closer may be of another store than the maintainer).
    let saved = transition::guarded_reach(
        on,
        &row,
        listing::ActiveModel {
            status: Set(to.status.code()),
            updated_at: Set(Utc::now()),
            ..Default::default()
        },
        Reach::Read,
        Reach::Read,
    )
    .await?;
    let (from_code, to_code) = (listings::state_code(from), listings::state_code(to));
    history::record(
        on.transaction(),
        StatusMove {
            // A rental's history is the rental's.
            entity: from.trade.kind(),
            entity_id: saved.id,
            action: action.code(),
            from: &from_code,
            to: &to_code,
            reason: &reason,
            actor_id: Some(on.actor().id),
        },
    )
    .await
}

/// 签约 inside the transaction: the listing to 我司成交 (from a state core's listing table allows
/// it from), and the commission order opened as a draft.
async fn sign(
    on: &Scoped<'_, DatabaseTransaction>,
    contract: &deal_contract::Model,
) -> Result<(), AppError> {
    move_listing(on, contract, HouseAction::DealOurs).await?;
    let now = Utc::now();
    let order = on
        .insert::<commission_order::Entity>(commission_order::ActiveModel {
            site_id: Set(contract.site_id),
            organisation_id: Set(contract.organisation_id),
            store_group_id: Set(contract.store_group_id),
            store_id: Set(contract.store_id),
            department_id: Set(contract.department_id),
            agent_id: Set(contract.agent_id),
            contract_id: Set(Some(contract.id)),
            code: Set(format!("YJ-{}", contract.code)),
            receivable: Set(contract.owner_commission + contract.customer_commission),
            paid: Set(0),
            status: Set(OrderStatus::Draft.code()),
            reason: Set(String::new()),
            settled_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        })
        .await?;
    on.record_created::<commission_order::Entity>(&order)
        .await?;
    record_order_move(on, order.id, "create", "", OrderStatus::Draft, "").await
}

/// Move a contract by core's table: 签约 (the listing becomes 我司成交, the commission order opens
/// as a draft) or 解约 (refused once money came in; an open order is closed with it). Needs the
/// kind's 签约 or 解约.
#[utoipa::path(post, path = "/api/v1/fm/business/contract/transition", tag = "business",
    request_body = ContractTransition, security(("token" = [])),
    responses((status = 200, description = "The contract after the move", body = Envelope<ContractDetail>)))]
pub async fn transition(
    caller: Caller,
    AppJson(request): AppJson<ContractTransition>,
) -> ApiResult<ContractDetail> {
    let kind = kind_by_id(&caller, request.id).await?;
    let action = ContractAction::from_code(&request.action)
        .filter(|a| *a != ContractAction::Settle)
        .ok_or_else(|| AppError::invalid("action", "未知的合同操作"))?;
    let needs = needs_of(kind);
    let scoped = caller.require(match action {
        ContractAction::Cancel => needs.cancel,
        _ => needs.sign,
    })?;
    let row = scoped
        .get_writable::<deal_contract::Entity>(request.id)
        .await?;
    let from = contract_status(&row)?;
    let order = orders_of(&scoped.unscoped(), [row.id])
        .await?
        .remove(&row.id);
    let to = match action {
        ContractAction::Cancel => {
            contract::cancellable(from, order.as_ref().map_or(0, |o| o.paid))?
        }
        _ => contract::next(action, from)?,
    };
    let saved = scoped
        .in_transaction(async |on| {
            let mut changes = deal_contract::ActiveModel {
                status: Set(to.code()),
                updated_at: Set(Utc::now()),
                ..Default::default()
            };
            if action == ContractAction::Sign && row.signed_on.is_none() {
                changes.signed_on = Set(Some(form::today()));
            }
            let saved = transition::guarded(on, &row, changes).await?;
            record_contract_move(on, saved.id, action, from, to).await?;
            match action {
                ContractAction::Sign => sign(on, &saved).await?,
                _ => {
                    // A signed contract's listing went to 我司成交: the deal is off, it is back.
                    if from == ContractStatus::Signed {
                        move_listing(on, &saved, HouseAction::DealUndone).await?;
                    }
                    if let Some(order) = &order {
                        let state = order_status(order)?;
                        if brokerdesk_core::deal::order::can(
                            brokerdesk_core::deal::order::OrderAction::Close,
                            state,
                        ) {
                            transition::guarded(
                                on,
                                order,
                                commission_order::ActiveModel {
                                    status: Set(OrderStatus::Closed.code()),
                                    reason: Set("合同解约".to_owned()),
                                    updated_at: Set(Utc::now()),
                                    ..Default::default()
                                },
                            )
                            .await?;
                            record_order_move(
                                on,
                                order.id,
                                "close",
                                &state.code().to_string(),
                                OrderStatus::Closed,
                                "合同解约",
                            )
                            .await?;
                        }
                    }
                }
            }
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// The colleagues a contract form may name (成交人, 客源人, split lines): the people of the
/// caller's company their scope reads and those of their own store, still at work, by store.
/// Needs a contract's 新增 or 编辑.
#[utoipa::path(post, path = "/api/v1/fm/business/contract/people", tag = "business",
    request_body = TemplateQuery, security(("token" = [])),
    responses((status = 200, description = "The company's people", body = Envelope<Vec<DealPerson>>)))]
pub async fn people(
    caller: Caller,
    AppJson(_query): AppJson<TemplateQuery>,
) -> ApiResult<Vec<DealPerson>> {
    let scoped = caller.require(need::CONTRACT_FORM)?;
    if scoped.actor().organisation_id.is_none() {
        return Err(AppError::NoPermission);
    }
    // Those the caller's scope reads, and the caller's own store even for a SELF scope: an
    // agent's deal is split with the colleagues they work beside.
    let not_left =
        sea_orm::Condition::all().add(user::Column::WorkingStatus.ne(WorkingStatus::Leave.code()));
    ok(staff::pickable(&scoped, Among::Near, not_left).await?)
}

/// The split a contract would get from the company's template and the listing's role holders
/// (core `split::fill`), each line with its part of the commission in fen, as `add` writes it
/// when the form sends no split of its own. Needs a contract's 新增 or 编辑.
#[utoipa::path(post, path = "/api/v1/fm/business/contract/split", tag = "business",
    request_body = SplitPreview, security(("token" = [])),
    responses((status = 200, description = "The split lines", body = Envelope<Vec<SplitView>>)))]
pub async fn split_preview(
    caller: Caller,
    AppJson(body): AppJson<SplitPreview>,
) -> ApiResult<Vec<SplitView>> {
    let kind = kind_of(body.kind)?;
    let scoped = caller.require(need::CONTRACT_FORM)?;
    let organisation_id = scoped
        .actor()
        .organisation_id
        .ok_or(AppError::NoPermission)?;
    for (field, text) in [
        ("ownerCommission", &body.owner_commission),
        ("customerCommission", &body.customer_commission),
    ] {
        if !text.trim().is_empty() && price::hundredths(text).is_none() {
            return Err(AppError::invalid(field, "请输入正确的金额"));
        }
    }
    let form = ContractForm {
        code: String::new(),
        listing_id: body.listing_id,
        address: String::new(),
        owner_name: String::new(),
        owner_phone: String::new(),
        customer_name: String::new(),
        customer_phone: String::new(),
        customer_id: body.customer_id,
        price: String::new(),
        lease_months: None,
        deposit: String::new(),
        owner_commission: body.owner_commission,
        customer_commission: body.customer_commission,
        agent_id: body.agent_id,
        customer_source_id: body.customer_source_id,
        signed_on: String::new(),
        payment_schedule: String::new(),
        attachments: String::new(),
        remark: String::new(),
        splits: Vec::new(),
    };
    let values = values_of(&scoped, kind, &form, organisation_id, Some(i64::MIN)).await?;
    let lines = split_lines(&scoped, &form, &values, organisation_id).await?;
    let db = scoped.unscoped();
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            lines.iter().filter_map(|(_, _, person)| person.store_id),
        )
        .await?;
    ok(lines
        .into_iter()
        .map(|(line, amount, person)| SplitView {
            role: line.role.code(),
            role_label: line.role.label().to_owned(),
            user_id: person.id,
            user_name: person.real_name.clone(),
            store_name: name_of(&stores, person.store_id),
            share_bp: line.share_bp,
            amount,
        })
        .collect())
}
