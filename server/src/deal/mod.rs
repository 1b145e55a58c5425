//! 交易: second-hand deal contracts (买卖合同) and lease contracts (租赁合同) with their ACN split
//! of the commission, each contract's commission order (佣金单) with its receipts, the company's
//! split template, and performance (业绩) from the splits. Statuses move only by core's tables
//! (`deal::contract`, `deal::order`) through guarded transitions, recorded in history; money is
//! fen throughout and every change of it is audited. Design: `docs/deals.md`.

pub(crate) mod achievement;
mod contract;
mod dto;
mod order;
pub mod performance;
pub mod split_writer;
mod template;

use brokerdesk_core::deal::Duty;
use brokerdesk_core::deal::contract::{ContractKind, ContractStatus};
use brokerdesk_core::deal::order::yuan;
use brokerdesk_core::deal::order::{OrderAction, OrderStatus};
use brokerdesk_core::deal::split::DealRole;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use dto::*;
pub(crate) use order::receipt_reason;

use crate::AppState;
use crate::access::{Caller, Need, Unscoped, need};
use crate::entity::{commission_order, deal_contract, deal_split, new_home_deal, status_change};
use crate::error::AppError;
use crate::history;
use crate::resource::Resource;

/// The entity names in the audit log and status history.
pub const CONTRACT: &str = "dealContract";
pub const ORDER: &str = "commissionOrder";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(contract::list))
        .routes(routes!(contract::detail))
        .routes(routes!(contract::add))
        .routes(routes!(contract::edit))
        .routes(routes!(contract::transition))
        .routes(routes!(contract::people))
        .routes(routes!(contract::split_preview))
        .routes(routes!(order::list))
        .routes(routes!(order::detail))
        .routes(routes!(order::transition))
        .routes(routes!(order::pay))
        .routes(routes!(template::get))
        .routes(routes!(template::save))
        .routes(routes!(achievement::summary))
}

/// The needs of one kind of contract: 买卖 and 租赁 open by their own pages.
pub struct KindNeeds {
    pub read: Need,
    pub add: Need,
    pub edit: Need,
    pub sign: Need,
    pub cancel: Need,
}

pub fn needs_of(kind: ContractKind) -> KindNeeds {
    match kind {
        ContractKind::Sale => KindNeeds {
            read: need::SALE_CONTRACT_READ,
            add: need::SALE_CONTRACT_ADD,
            edit: need::SALE_CONTRACT_EDIT,
            sign: need::SALE_CONTRACT_SIGN,
            cancel: need::SALE_CONTRACT_CANCEL,
        },
        ContractKind::Lease => KindNeeds {
            read: need::LEASE_CONTRACT_READ,
            add: need::LEASE_CONTRACT_ADD,
            edit: need::LEASE_CONTRACT_EDIT,
            sign: need::LEASE_CONTRACT_SIGN,
            cancel: need::LEASE_CONTRACT_CANCEL,
        },
    }
}

pub fn kind_of(code: i64) -> Result<ContractKind, AppError> {
    ContractKind::from_code(code).ok_or_else(|| AppError::invalid("kind", "请选择合同类型"))
}

/// Whether `caller` holds a contract duty of core's table.
pub fn holds_contract_duty(caller: &Caller, kind: ContractKind, duty: Duty) -> bool {
    let needs = needs_of(kind);
    match duty {
        Duty::Declare => caller.allows(needs.sign),
        Duty::Close => caller.allows(needs.cancel),
        Duty::Review | Duty::Confirm | Duty::System => false,
    }
}

/// Whether `caller` holds an order duty of core's table.
pub fn holds_order_duty(caller: &Caller, duty: Duty) -> bool {
    match duty {
        Duty::Declare => caller.allows(need::COMMISSION_SUBMIT),
        Duty::Review => caller.allows(need::COMMISSION_REVIEW),
        Duty::Confirm => caller.allows(need::COMMISSION_CONFIRM),
        Duty::Close => caller.allows(need::COMMISSION_CLOSE),
        Duty::System => false,
    }
}

/// Whether `user_id` wrote, declared or submitted `order`, so core's four eyes
/// (`order::four_eyes`) keep its 审核通过 from them: the writer of its contract, the declarer of
/// its new-home deal, or anyone who ever submitted it for review (its status history).
pub async fn own_order<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    order: &commission_order::Model,
    user_id: i64,
) -> Result<bool, AppError> {
    if let Some(contract_id) = order.contract_id
        && db
            .exists(
                db.find::<deal_contract::Entity>()
                    .filter(deal_contract::Column::Id.eq(contract_id))
                    .filter(deal_contract::Column::CreatedBy.eq(user_id)),
            )
            .await?
    {
        return Ok(true);
    }
    if let Some(deal_id) = order.new_home_deal_id
        && db
            .exists(
                db.find::<new_home_deal::Entity>()
                    .filter(new_home_deal::Column::Id.eq(deal_id))
                    .filter(new_home_deal::Column::DeclarerId.eq(user_id)),
            )
            .await?
    {
        return Ok(true);
    }
    db.exists(
        db.find::<status_change::Entity>()
            .filter(status_change::Column::Entity.eq(ORDER))
            .filter(status_change::Column::EntityId.eq(order.id))
            .filter(status_change::Column::Action.eq(OrderAction::Submit.code()))
            .filter(status_change::Column::ActorId.eq(user_id)),
    )
    .await
}

pub fn contract_status(row: &deal_contract::Model) -> Result<ContractStatus, AppError> {
    ContractStatus::from_code(row.status.into()).ok_or_else(|| {
        AppError::StatusUnknown(format!("合同状态「{}」无法识别，请联系管理员", row.status))
    })
}

pub fn order_status(row: &commission_order::Model) -> Result<OrderStatus, AppError> {
    OrderStatus::from_code(row.status.into()).ok_or_else(|| {
        AppError::StatusUnknown(format!("订单状态「{}」无法识别，请联系管理员", row.status))
    })
}

impl Resource for deal_contract::Entity {
    const KIND: &'static str = CONTRACT;
    type View = ContractAudit;

    async fn describe<C: ConnectionTrait>(
        db: &Unscoped<'_, C>,
        rows: Vec<deal_contract::Model>,
    ) -> Result<Vec<ContractAudit>, AppError> {
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let splits = db
            .all(
                db.find::<deal_split::Entity>()
                    .filter(deal_split::Column::ContractId.is_in(ids)),
            )
            .await?;
        let mut people: Vec<i64> = rows.iter().map(|r| r.agent_id).collect();
        people.extend(splits.iter().map(|s| s.user_id));
        let names = history::names_of(db, people).await?;
        let name = |id: i64| names.get(&id).cloned().unwrap_or_default();
        Ok(rows
            .into_iter()
            .map(|row| ContractAudit {
                id: row.id,
                name: format!("{} {}", row.code, row.address),
                kind: row.kind,
                code: row.code.clone(),
                status: row.status,
                address: row.address.clone(),
                price: row.price,
                owner_commission: row.owner_commission,
                customer_commission: row.customer_commission,
                agent_name: name(row.agent_id),
                splits: splits
                    .iter()
                    .filter(|s| s.contract_id == row.id)
                    .map(|s| {
                        format!(
                            "{} {} {}.{:02}% {}",
                            DealRole::from_code(s.role.into())
                                .map(DealRole::label)
                                .unwrap_or_default(),
                            name(s.user_id),
                            s.share_bp / 100,
                            s.share_bp % 100,
                            yuan(s.amount)
                        )
                    })
                    .collect(),
            })
            .collect())
    }
}

impl Resource for commission_order::Entity {
    const KIND: &'static str = ORDER;
    type View = OrderAudit;

    async fn describe<C: ConnectionTrait>(
        _db: &Unscoped<'_, C>,
        rows: Vec<commission_order::Model>,
    ) -> Result<Vec<OrderAudit>, AppError> {
        Ok(rows
            .into_iter()
            .map(|row| OrderAudit {
                id: row.id,
                name: row.code.clone(),
                code: row.code,
                receivable: row.receivable,
                paid: row.paid,
                status: row.status,
                reason: row.reason,
            })
            .collect())
    }
}
