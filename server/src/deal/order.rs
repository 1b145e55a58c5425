//! Commission orders (佣金单): their list and detail, the moves of core's table (submit, review,
//! reject, close), and finance's confirmation of a receipt, which adds to what is paid exactly and
//! settles the order, its contract and the contract's performance when nothing is left.

use std::collections::HashMap;

use brokerdesk_core::deal::contract::{self, ContractAction, ContractStatus};
use brokerdesk_core::deal::order::{self, OrderAction, OrderStatus, yuan};
use brokerdesk_core::enums::PAY_WAY;
use brokerdesk_core::listing::price;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::contract::{record_contract_move, record_order_move};
use super::dto::*;
use super::{contract_status, holds_order_duty, order_status, own_order};
use crate::access::{Caller, Scoped, Unscoped, need};
use crate::entity::{
    commission_order, commission_order_count, deal_contract, deal_split, new_home_deal,
    new_home_project, new_home_report, order_receipt, store,
};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};
use crate::form;
use crate::history;
use crate::paging::{Page, filter_text};
use crate::shared::{IdRequest, millis, name_of};
use crate::transition;

fn action_label(code: &str) -> &'static str {
    match code {
        "create" => "生成佣金单",
        other => OrderAction::from_code(other)
            .map(OrderAction::label)
            .unwrap_or_default(),
    }
}

/// What a new-home deal's order shows in the contract's place: the project and unit, the
/// customer of its report.
async fn deal_sources<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    orders: &[commission_order::Model],
) -> Result<HashMap<i64, (String, String)>, AppError> {
    let deals = db
        .all(db.find::<new_home_deal::Entity>().filter(
            new_home_deal::Column::Id.is_in(orders.iter().filter_map(|o| o.new_home_deal_id)),
        ))
        .await?;
    if deals.is_empty() {
        return Ok(HashMap::new());
    }
    let projects = db
        .names::<new_home_project::Entity>(
            new_home_project::Column::Id,
            new_home_project::Column::Name,
            deals.iter().map(|d| d.project_id),
        )
        .await?;
    let customers: HashMap<i64, String> = db
        .pairs(
            db.find::<new_home_report::Entity>()
                .filter(new_home_report::Column::Id.is_in(deals.iter().map(|d| d.report_id))),
            new_home_report::Column::Id,
            new_home_report::Column::CustomerName,
        )
        .await?
        .into_iter()
        .collect();
    Ok(deals
        .iter()
        .map(|d| {
            (
                d.id,
                (
                    format!("{} {}", name_of(&projects, Some(d.project_id)), d.unit),
                    customers.get(&d.report_id).cloned().unwrap_or_default(),
                ),
            )
        })
        .collect())
}

pub(crate) async fn rows<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    orders: &[commission_order::Model],
) -> Result<Vec<OrderRow>, AppError> {
    let contracts: HashMap<i64, deal_contract::Model> = db
        .all(
            db.find::<deal_contract::Entity>().filter(
                deal_contract::Column::Id.is_in(orders.iter().filter_map(|o| o.contract_id)),
            ),
        )
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    let deals = deal_sources(db, orders).await?;
    let people = history::names_of(db, orders.iter().map(|o| o.agent_id)).await?;
    let stores = db
        .names::<store::Entity>(
            store::Column::Id,
            store::Column::Name,
            orders.iter().filter_map(|o| o.store_id),
        )
        .await?;
    Ok(orders
        .iter()
        .map(|o| {
            let c = o.contract_id.and_then(|id| contracts.get(&id));
            let d = o.new_home_deal_id.and_then(|id| deals.get(&id));
            OrderRow {
                id: o.id,
                code: o.code.clone(),
                contract_id: o.contract_id,
                contract_code: c.map(|c| c.code.clone()).unwrap_or_default(),
                contract_kind: c.map_or(if d.is_some() { 0 } else { 1 }, |c| c.kind),
                new_home_deal_id: o.new_home_deal_id,
                address: c
                    .map(|c| c.address.clone())
                    .or_else(|| d.map(|d| d.0.clone()))
                    .unwrap_or_default(),
                customer_name: c
                    .map(|c| c.customer_name.clone())
                    .or_else(|| d.map(|d| d.1.clone()))
                    .unwrap_or_default(),
                agent_id: o.agent_id,
                agent_name: name_of(&people, Some(o.agent_id)),
                store_name: name_of(&stores, o.store_id),
                receivable: o.receivable,
                paid: o.paid,
                status: o.status,
                reason: o.reason.clone(),
                settled_at: o.settled_at.map(millis),
                created_at: millis(o.created_at),
            }
        })
        .collect())
}

async fn detail_of(
    scoped: &Scoped<'_>,
    caller: &Caller,
    row: commission_order::Model,
) -> Result<OrderDetail, AppError> {
    let db = scoped.unscoped();
    let status = order_status(&row)?;
    let writable = scoped
        .one(
            scoped
                .write::<commission_order::Entity>()
                .filter(commission_order::Column::Id.eq(row.id)),
        )
        .await?
        .is_some();
    let own = own_order(&db, &row, caller.user().id).await?;
    let offered = if writable {
        order::offered_actions(status, |duty| holds_order_duty(caller, duty), own)
            .into_iter()
            .map(|a| a.code().to_owned())
            .collect()
    } else {
        Vec::new()
    };
    let receipts = db
        .all(
            db.find::<order_receipt::Entity>()
                .filter(order_receipt::Column::OrderId.eq(row.id))
                .order_by_asc(order_receipt::Column::ReceivedAt)
                .order_by_asc(order_receipt::Column::Id),
        )
        .await?;
    let names = history::names_of(&db, receipts.iter().filter_map(|r| r.confirmed_by)).await?;
    let history = history::of(&db, super::ORDER, row.id, action_label).await?;
    let mut listed = rows(&db, std::slice::from_ref(&row)).await?;
    Ok(OrderDetail {
        row: listed.remove(0),
        receipts: receipts
            .into_iter()
            .map(|r| ReceiptView {
                id: r.id,
                pay_way: r.pay_way,
                amount: r.amount,
                remark: r.remark,
                confirmed_by_name: name_of(&names, r.confirmed_by),
                received_at: millis(r.received_at),
            })
            .collect(),
        offered_actions: offered,
        history,
    })
}

/// Commission orders the caller reads, newest first, by status, contract kind and number.
/// Needs 佣金结算.
#[utoipa::path(post, path = "/api/v1/fm/business/commission/list", tag = "business",
    request_body = OrderQuery, security(("token" = [])),
    responses((status = 200, description = "One page of orders", body = Envelope<Page<OrderRow>>)))]
pub async fn list(
    caller: Caller,
    AppJson(query): AppJson<OrderQuery>,
) -> ApiResult<Page<OrderRow>> {
    let scoped = caller.require(need::COMMISSION_LIST)?;
    // By status alone, the total is the sum of the kept counts (m0035) the caller reads.
    let counted = query.kind.is_none() && filter_text(&query.keyword).is_none();
    let mut select = scoped.read::<commission_order::Entity>();
    if let Some(status) = query.status {
        select = select.filter(commission_order::Column::Status.eq(status));
    }
    if let Some(kind) = query.kind {
        select = select.filter(
            commission_order::Column::ContractId.in_subquery(
                sea_orm::sea_query::Query::select()
                    .column(deal_contract::Column::Id)
                    .from(deal_contract::Entity)
                    .and_where(deal_contract::Column::Kind.eq(kind))
                    .to_owned(),
            ),
        );
    }
    if let Some(keyword) = filter_text(&query.keyword) {
        // A contract by number, customer or address; a new-home deal by unit or customer.
        let contracts = sea_orm::Condition::any()
            .add(deal_contract::Column::Code.contains(keyword))
            .add(deal_contract::Column::CustomerName.contains(keyword))
            .add(deal_contract::Column::Address.contains(keyword));
        let reports = sea_orm::sea_query::Query::select()
            .column(new_home_report::Column::Id)
            .from(new_home_report::Entity)
            .and_where(new_home_report::Column::CustomerName.contains(keyword))
            .to_owned();
        let deals = sea_orm::Condition::any()
            .add(new_home_deal::Column::Unit.contains(keyword))
            .add(new_home_deal::Column::ReportId.in_subquery(reports));
        select = select.filter(
            sea_orm::Condition::any()
                .add(commission_order::Column::Code.contains(keyword))
                .add(
                    commission_order::Column::ContractId.in_subquery(
                        sea_orm::sea_query::Query::select()
                            .column(deal_contract::Column::Id)
                            .from(deal_contract::Entity)
                            .cond_where(contracts)
                            .to_owned(),
                    ),
                )
                .add(
                    commission_order::Column::NewHomeDealId.in_subquery(
                        sea_orm::sea_query::Query::select()
                            .column(new_home_deal::Column::Id)
                            .from(new_home_deal::Entity)
                            .cond_where(deals)
                            .to_owned(),
                    ),
                ),
        );
    }
    let db = scoped.unscoped();
    let select = select
        .order_by_desc(commission_order::Column::CreatedAt)
        .order_by_desc(commission_order::Column::Id);
    let page = if counted {
        let (index, size) = query.page.resolve()?;
        let list = scoped.all(select.offset(index * size).limit(size)).await?;
        let mut cells = scoped.read::<commission_order_count::Entity>();
        if let Some(status) = query.status {
            cells = cells.filter(commission_order_count::Column::Status.eq(status));
        }
        let total: Vec<Option<i64>> = db
            .tuples(cells.select_only().column_as(
                sea_orm::sea_query::Expr::cust("CAST(SUM(orders) AS BIGINT)"),
                "orders",
            ))
            .await?;
        Page {
            list,
            total: u64::try_from(total.into_iter().flatten().sum::<i64>()).unwrap_or_default(),
        }
    } else {
        scoped.page(select, query.page).await?
    };
    let list = rows(&db, &page.list).await?;
    ok(Page {
        list,
        total: page.total,
    })
}

/// One order the caller reads, with its receipts, history and the actions offered. Needs
/// 佣金结算.
#[utoipa::path(post, path = "/api/v1/fm/business/commission/detail", tag = "business",
    request_body = IdRequest, security(("token" = [])),
    responses((status = 200, description = "The order", body = Envelope<OrderDetail>)))]
pub async fn detail(
    caller: Caller,
    AppJson(request): AppJson<IdRequest>,
) -> ApiResult<OrderDetail> {
    let scoped = caller.require(need::COMMISSION_LIST)?;
    let row = scoped.get::<commission_order::Entity>(request.id).await?;
    ok(detail_of(&scoped, &caller, row).await?)
}

/// Move an order by core's table: 提交审核 (a draft or a rejected one), 审核通过, 驳回 (with a
/// reason), 关闭 (anything not settled). Needs 佣金结算 and the action's duty (提交审核, 审核,
/// 关闭).
#[utoipa::path(post, path = "/api/v1/fm/business/commission/transition", tag = "business",
    request_body = OrderTransition, security(("token" = [])),
    responses((status = 200, description = "The order after the move", body = Envelope<OrderDetail>)))]
pub async fn transition(
    caller: Caller,
    AppJson(request): AppJson<OrderTransition>,
) -> ApiResult<OrderDetail> {
    let action = OrderAction::from_code(&request.action)
        .filter(|a| *a != OrderAction::Pay)
        .ok_or_else(|| AppError::invalid("action", "未知的订单操作"))?;
    let scoped = caller.require(need::COMMISSION_LIST)?;
    if !holds_order_duty(&caller, action.duty()) {
        return Err(AppError::NoPermission);
    }
    let row = scoped
        .get_writable::<commission_order::Entity>(request.id)
        .await?;
    let from = order_status(&row)?;
    let to = order::next(action, from)?;
    order::four_eyes(
        action,
        own_order(&scoped.unscoped(), &row, caller.user().id).await?,
    )?;
    let reason = order::check_reason(action, &request.reason)?;
    let saved = scoped
        .in_transaction(async |on| {
            let mut changes = commission_order::ActiveModel {
                status: Set(to.code()),
                updated_at: Set(Utc::now()),
                ..Default::default()
            };
            if matches!(action, OrderAction::Reject | OrderAction::Close) {
                changes.reason = Set(reason.clone());
            }
            let saved = transition::guarded(on, &row, changes).await?;
            record_order_move(
                on,
                saved.id,
                action.code(),
                &from.code().to_string(),
                to,
                &reason,
            )
            .await?;
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// A receipt confirmed by finance, on file with the order.
#[allow(clippy::disallowed_methods)]
async fn insert_receipt(
    txn: &DatabaseTransaction,
    order_id: i64,
    pay_way: i16,
    amount: i64,
    remark: &str,
    by: i64,
) -> Result<order_receipt::Model, AppError> {
    Ok(order_receipt::ActiveModel {
        order_id: Set(order_id),
        pay_way: Set(pay_way),
        amount: Set(amount),
        remark: Set(remark.to_owned()),
        confirmed_by: Set(Some(by)),
        received_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(txn)
    .await?)
}

/// The contract's split counts as performance from the moment its order settles: rows of a
/// contract whose order the caller just settled.
#[allow(clippy::disallowed_methods)]
async fn settle_splits(
    txn: &DatabaseTransaction,
    contract_id: i64,
    at: chrono::DateTime<Utc>,
) -> Result<(), AppError> {
    super::performance::remove(txn, super::performance::Kind::Contract, contract_id).await?;
    deal_split::Entity::update_many()
        .col_expr(
            deal_split::Column::SettledAt,
            sea_orm::sea_query::Expr::value(at),
        )
        .filter(deal_split::Column::ContractId.eq(contract_id))
        .exec(txn)
        .await?;
    super::performance::add(txn, super::performance::Kind::Contract, contract_id).await
}

/// What a receipt's line in the order's history says: `银行转账收款10,000.00元`.
pub(crate) fn receipt_reason(pay_way: i64, amount: i64) -> String {
    let way = PAY_WAY.label_of(pay_way).unwrap_or_default();
    format!("{way}收款{}元", yuan(amount))
}

/// Finance confirms a receipt (收款 by §3 payWay): refused unless the order awaits payment and
/// the amount is no more than what is left; paid amounts accumulate exactly, and the last one
/// settles the order, its contract (已结佣) and the contract's performance. Needs 确认收款.
#[utoipa::path(post, path = "/api/v1/fm/business/commission/pay", tag = "business",
    request_body = OrderPay, security(("token" = [])),
    responses((status = 200, description = "The order after the receipt", body = Envelope<OrderDetail>)))]
pub async fn pay(caller: Caller, AppJson(body): AppJson<OrderPay>) -> ApiResult<OrderDetail> {
    let scoped = caller.require(need::COMMISSION_CONFIRM)?;
    let body = form::checked(&body)?;
    let row = scoped
        .get_writable::<commission_order::Entity>(body.id)
        .await?;
    let from = order_status(&row)?;
    let amount = price::hundredths(&body.amount).unwrap_or_default();
    let pay_way = body.pay_way.unwrap_or_default();
    let received = order::receive(from, row.receivable, row.paid, amount, pay_way)?;
    let reason = receipt_reason(pay_way, amount);
    let saved = scoped
        .in_transaction(async |on| {
            let now = Utc::now();
            let settled = received.status == OrderStatus::Settled;
            let old = on.view::<commission_order::Entity>(row.clone()).await?;
            let saved = transition::guarded(
                on,
                &row,
                commission_order::ActiveModel {
                    paid: Set(received.paid),
                    status: Set(received.status.code()),
                    settled_at: Set(settled.then_some(now)),
                    updated_at: Set(now),
                    ..Default::default()
                },
            )
            .await?;
            insert_receipt(
                on.transaction(),
                saved.id,
                pay_way as i16,
                amount,
                body.remark.trim(),
                on.actor().id,
            )
            .await?;
            record_order_move(
                on,
                saved.id,
                OrderAction::Pay.code(),
                &from.code().to_string(),
                received.status,
                &reason,
            )
            .await?;
            on.record_changed::<commission_order::Entity>(&old, &saved)
                .await?;
            match (saved.contract_id, saved.new_home_deal_id) {
                (Some(contract_id), _) if settled => settle_contract(on, contract_id, now).await?,
                (None, Some(deal_id)) => {
                    crate::report::deal::settle_from_order(on, deal_id, settled, now).await?
                }
                _ => {}
            }
            Ok(saved)
        })
        .await?;
    ok(detail_of(&scoped, &caller, saved).await?)
}

/// A settled order settles its contract (core's `settle`, the server's move) and makes its split
/// performance.
async fn settle_contract(
    on: &Scoped<'_, DatabaseTransaction>,
    contract_id: i64,
    at: chrono::DateTime<Utc>,
) -> Result<(), AppError> {
    let db = on.unscoped();
    let row = db
        .one(
            db.find::<deal_contract::Entity>()
                .filter(deal_contract::Column::Id.eq(contract_id)),
        )
        .await?
        .ok_or(AppError::NotFound)?;
    let from = contract_status(&row)?;
    if from == ContractStatus::Signed {
        let to = contract::next(ContractAction::Settle, from)?;
        transition::guarded(
            on,
            &row,
            deal_contract::ActiveModel {
                status: Set(to.code()),
                updated_at: Set(at),
                ..Default::default()
            },
        )
        .await?;
        record_contract_move(on, row.id, ContractAction::Settle, from, to).await?;
    }
    settle_splits(on.transaction(), contract_id, at).await
}
