//! The demo deals: a sale contract on each listing the demo marks 我司成交, its commission order
//! in each status of core's table in turn (settled ones with their receipts and performance), a
//! few drafts on listings still on the market, and lease contracts by address, so the contract,
//! commission and performance pages show a living brokerage. Deterministic: each contract's values
//! follow from its index.

use brokerdesk_core::deal::contract::{ContractKind, ContractStatus};
use brokerdesk_core::deal::order::{self, OrderAction, OrderStatus};
use brokerdesk_core::deal::split::{self, DEFAULT_TEMPLATE, DealRole};
use brokerdesk_core::listing::lifecycle::HouseStatus;
use brokerdesk_core::listing::trade::Trade;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::access::Unscoped;
use crate::deal::performance;
use crate::entity::{
    commission_order, deal_contract, deal_split, listing, order_receipt, status_change, user,
};

const CUSTOMERS: [(&str, &str); 6] = [
    ("刘婷", "13611112222"),
    ("陈浩", "13622223333"),
    ("孙悦", "13633334444"),
    ("马超", "13644445555"),
    ("林静", "13655556666"),
    ("何军", "13666667777"),
];

/// The order status of the i-th signed contract: every status of §3 in turn, settled twice as
/// often so performance has substance.
const ORDER_STATES: [OrderStatus; 8] = [
    OrderStatus::Settled,
    OrderStatus::Draft,
    OrderStatus::PendingReview,
    OrderStatus::Rejected,
    OrderStatus::AwaitingPayment,
    OrderStatus::PartlyPaid,
    OrderStatus::Settled,
    OrderStatus::Closed,
];

/// One contract to write.
struct Deal<'a> {
    index: usize,
    kind: ContractKind,
    listing: Option<&'a listing::Model>,
    agent: &'a user::Model,
    /// Who reviewed its order and confirmed the receipts (`None`: nobody else in the company).
    reviewer: Option<i64>,
    source: &'a user::Model,
    address: String,
    owner: String,
    price: i64,
    order: Option<OrderStatus>,
    at: DateTime<Utc>,
}

pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let people: Vec<user::Model> = user::Entity::find()
        .filter(user::Column::Username.is_in(["agent", "manager", "manager2", "nbmanager"]))
        .order_by_asc(user::Column::Id)
        .all(db)
        .await?;
    let by_id = |id: Option<i64>| people.iter().find(|p| Some(p.id) == id);
    // Who reviews an order and confirms its receipts: the store's manager, or the company's boss
    // for a manager's own (four eyes: never the agent whose deal it is).
    let reviewers: Vec<user::Model> = user::Entity::find()
        .filter(user::Column::Username.is_in(["manager", "manager2", "boss"]))
        .order_by_asc(user::Column::Id)
        .all(db)
        .await?;
    let reviewer_of = |agent: &user::Model| {
        let other = |r: &&user::Model| r.id != agent.id;
        reviewers
            .iter()
            .filter(other)
            .find(|r| r.store_id.is_some() && r.store_id == agent.store_id)
            .or_else(|| {
                reviewers
                    .iter()
                    .filter(other)
                    .find(|r| r.store_id.is_none() && r.organisation_id == agent.organisation_id)
            })
            .map(|r| r.id)
    };
    // Sale contracts are of second-hand listings; rentals get lease contracts below.
    let sale = listing::Column::Trade.eq(Trade::Sale.code());
    let dealt = listing::Entity::find()
        .filter(sale.clone())
        .filter(listing::Column::Status.eq(HouseStatus::OurDeal.code()))
        .filter(listing::Column::MaintainerId.is_not_null())
        .order_by_asc(listing::Column::Id)
        .all(db)
        .await?;
    let valid = listing::Entity::find()
        .filter(sale)
        .filter(listing::Column::Status.eq(HouseStatus::Valid.code()))
        .filter(listing::Column::MaintainerId.is_not_null())
        .order_by_asc(listing::Column::Id)
        .limit(4)
        .all(db)
        .await?;
    let now = Utc::now();
    let mut deals = Vec::new();
    for (i, row) in dealt.iter().chain(valid.iter()).enumerate() {
        let Some(agent) = by_id(row.maintainer_id) else {
            continue;
        };
        // Another colleague of the same company brought the customer, now and then.
        let source = people
            .iter()
            .filter(|p| p.organisation_id == agent.organisation_id && p.id != agent.id)
            .nth(i % 2)
            .filter(|_| i % 3 == 0)
            .unwrap_or(agent);
        let signed = i < dealt.len();
        deals.push(Deal {
            index: i,
            kind: ContractKind::Sale,
            listing: Some(row),
            agent,
            reviewer: reviewer_of(agent),
            source,
            address: String::new(),
            owner: row.owner_name.clone(),
            price: row.price - (i as i64 % 3) * 5_000_000,
            order: signed.then(|| ORDER_STATES[i % ORDER_STATES.len()]),
            // Settled deals fall in this month and the last, for the performance page.
            at: now - Duration::days((i as i64 * 9) % 45) - Duration::hours(2),
        });
    }
    for (i, address) in [
        "西湖区文三路128号3幢502",
        "滨江区江南大道88号1单元1201",
        "拱墅区湖墅南路66号2幢301",
    ]
    .into_iter()
    .enumerate()
    {
        let Some(agent) = people.get(i % 3) else {
            continue;
        };
        deals.push(Deal {
            index: 100 + i,
            kind: ContractKind::Lease,
            listing: None,
            agent,
            reviewer: reviewer_of(agent),
            source: agent,
            address: address.to_owned(),
            owner: ["赵敏", "周强", "吴倩"][i].to_owned(),
            price: [450_000, 620_000, 380_000][i],
            order: [
                Some(OrderStatus::Settled),
                Some(OrderStatus::PendingReview),
                None,
            ][i],
            at: now - Duration::days(3 + i as i64 * 5),
        });
    }
    for deal in deals {
        write_deal(db, &deal).await?;
    }
    Ok(())
}

async fn write_deal(db: &impl ConnectionTrait, deal: &Deal<'_>) -> Result<(), DbErr> {
    let (customer, phone) = CUSTOMERS[deal.index % CUSTOMERS.len()];
    let agent = deal.agent;
    // 买卖: 1% from each side; 租赁: one month's rent from the customer.
    let (owner_commission, customer_commission) = match deal.kind {
        ContractKind::Sale => (deal.price / 100, deal.price / 100),
        ContractKind::Lease => (0, deal.price),
    };
    let total = owner_commission + customer_commission;
    let status = match deal.order {
        None => ContractStatus::Draft,
        Some(OrderStatus::Settled) => ContractStatus::Settled,
        Some(_) => ContractStatus::Signed,
    };
    let prefix = match deal.kind {
        ContractKind::Sale => "MM",
        ContractKind::Lease => "ZL",
    };
    let address = match deal.listing {
        Some(row) => crate::listing::view::audit_rows(&Unscoped::new(db), vec![row.clone()])
            .await
            .map_err(|e| DbErr::Custom(e.to_string()))?
            .pop()
            .map(|a| a.name)
            .unwrap_or_default(),
        None => deal.address.clone(),
    };
    let contract = deal_contract::ActiveModel {
        site_id: Set(agent.site_id.unwrap_or_default()),
        organisation_id: Set(agent.organisation_id.unwrap_or_default()),
        store_group_id: Set(agent.store_group_id),
        store_id: Set(agent.store_id),
        department_id: Set(agent.department_id),
        agent_id: Set(agent.id),
        kind: Set(deal.kind.code()),
        code: Set(format!(
            "{prefix}{}{:04}",
            deal.at.format("%Y%m"),
            deal.index + 1
        )),
        status: Set(status.code()),
        listing_id: Set(deal.listing.map(|l| l.id)),
        address: Set(address),
        owner_name: Set(deal.owner.clone()),
        owner_phone: Set(format!("1390000{:04}", 2000 + deal.index)),
        customer_name: Set(customer.to_owned()),
        customer_phone: Set(phone.to_owned()),
        customer_id: Set(None),
        customer_source_id: Set(deal.source.id),
        price: Set(deal.price),
        lease_months: Set((deal.kind == ContractKind::Lease).then_some(12)),
        deposit: Set(if deal.kind == ContractKind::Lease {
            deal.price
        } else {
            0
        }),
        owner_commission: Set(owner_commission),
        customer_commission: Set(customer_commission),
        payment_schedule: Set(match deal.kind {
            ContractKind::Sale => {
                "签约当日 定金 10万\n30日内 首付 剩余首付款\n60日内 银行按揭放款".to_owned()
            }
            ContractKind::Lease => "押一付三，每季度首月5日前支付".to_owned(),
        }),
        attachments: Set("买卖合同扫描件.pdf\n产权证复印件.pdf".to_owned()),
        remark: Set(String::new()),
        signed_on: Set(deal.order.map(|_| deal.at.date_naive())),
        created_by: Set(Some(agent.id)),
        created_at: Set(deal.at),
        updated_at: Set(deal.at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let holders: Vec<(DealRole, i64)> = deal
        .listing
        .map(|l| {
            [
                (DealRole::Entry, l.entered_by),
                (DealRole::Maintain, l.maintainer_id),
            ]
            .into_iter()
            .filter_map(|(role, id)| Some((role, id?)))
            .collect()
        })
        .unwrap_or_default();
    let lines = split::fill(&DEFAULT_TEMPLATE, &holders, deal.source.id, agent.id);
    let amounts = split::amounts(total, &lines).map_err(|e| DbErr::Custom(e.message))?;
    let settled_at =
        (deal.order == Some(OrderStatus::Settled)).then_some(deal.at + Duration::hours(1));
    for (line, amount) in lines.iter().zip(amounts) {
        let person = if line.user_id == deal.source.id {
            deal.source
        } else {
            agent
        };
        deal_split::ActiveModel {
            site_id: Set(contract.site_id),
            organisation_id: Set(contract.organisation_id),
            store_group_id: Set(person.store_group_id),
            store_id: Set(person.store_id),
            department_id: Set(person.department_id),
            user_id: Set(line.user_id),
            contract_id: Set(contract.id),
            role: Set(line.role.code()),
            share_bp: Set(line.share_bp),
            amount: Set(amount),
            settled_at: Set(settled_at),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    if settled_at.is_some() {
        performance::add(db, performance::Kind::Contract, contract.id)
            .await
            .map_err(|e| DbErr::Custom(e.to_string()))?;
    }
    let Some(order_status) = deal.order else {
        return Ok(());
    };
    let paid = match order_status {
        OrderStatus::Settled => total,
        OrderStatus::PartlyPaid => total * 2 / 5,
        _ => 0,
    };
    let order = commission_order::ActiveModel {
        site_id: Set(contract.site_id),
        organisation_id: Set(contract.organisation_id),
        store_group_id: Set(contract.store_group_id),
        store_id: Set(contract.store_id),
        department_id: Set(contract.department_id),
        agent_id: Set(agent.id),
        contract_id: Set(Some(contract.id)),
        code: Set(format!("YJ-{}", contract.code)),
        receivable: Set(total),
        paid: Set(paid),
        status: Set(order_status.code()),
        reason: Set(match order_status {
            OrderStatus::Rejected => "客户佣金与合同约定不符，请核对".to_owned(),
            OrderStatus::Closed => "客户放弃购买，双方协商解除".to_owned(),
            _ => String::new(),
        }),
        settled_at: Set(settled_at),
        created_at: Set(deal.at),
        updated_at: Set(deal.at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    // Receipts: a settled order in two parts (bank, then WeChat), the last when it settled; a
    // partly paid one in one.
    let parts: Vec<(i16, i64)> = match order_status {
        OrderStatus::Settled => vec![(2, total - total / 2), (4, total / 2)],
        OrderStatus::PartlyPaid => vec![(2, paid)],
        _ => Vec::new(),
    };
    let mut receipts = Vec::new();
    for (n, (way, amount)) in parts.into_iter().enumerate() {
        let receipt = order_receipt::ActiveModel {
            order_id: Set(order.id),
            pay_way: Set(way),
            amount: Set(amount),
            remark: Set(String::new()),
            confirmed_by: Set(deal.reviewer),
            received_at: Set(deal.at + Duration::minutes(20 + n as i64 * 40)),
            ..Default::default()
        }
        .insert(db)
        .await?;
        receipts.push(receipt);
    }
    for (action, from, to, reason, by, at) in order_history(deal, &order, order_status, &receipts)?
    {
        status_change::ActiveModel {
            entity: Set(crate::deal::ORDER.to_owned()),
            entity_id: Set(order.id),
            action: Set(action.to_owned()),
            from_status: Set(from.map(|s| s.code().to_string()).unwrap_or_default()),
            to_status: Set(to.code().to_string()),
            reason: Set(reason),
            actor_id: Set(by),
            at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// One line of an order's history: action, from, to, reason, who, when.
type Move = (
    &'static str,
    Option<OrderStatus>,
    OrderStatus,
    String,
    Option<i64>,
    DateTime<Utc>,
);

/// The order's history as core's table walks it to `status`, as the routes record it: written
/// (草稿) and 提交审核 by its agent, then 审核通过 or 驳回 by the reviewer and each receipt
/// confirmed, or 关闭 once submitted.
fn order_history(
    deal: &Deal<'_>,
    order: &commission_order::Model,
    status: OrderStatus,
    receipts: &[order_receipt::Model],
) -> Result<Vec<Move>, DbErr> {
    let refused = |e: brokerdesk_core::org::TransitionError| DbErr::Custom(e.message);
    let agent = Some(deal.agent.id);
    let minutes = |m: i64| deal.at + Duration::minutes(m);
    let mut moves = vec![(
        "create",
        None,
        OrderStatus::Draft,
        String::new(),
        agent,
        deal.at,
    )];
    if status == OrderStatus::Draft {
        return Ok(moves);
    }
    let review = order::next(OrderAction::Submit, OrderStatus::Draft).map_err(refused)?;
    moves.push((
        OrderAction::Submit.code(),
        Some(OrderStatus::Draft),
        review,
        String::new(),
        agent,
        minutes(2),
    ));
    let action = match status {
        OrderStatus::PendingReview => return Ok(moves),
        OrderStatus::Rejected => OrderAction::Reject,
        OrderStatus::Closed => OrderAction::Close,
        _ => OrderAction::Approve,
    };
    let mut from = order::next(action, review).map_err(refused)?;
    moves.push((
        action.code(),
        Some(review),
        from,
        order.reason.clone(),
        deal.reviewer,
        minutes(5),
    ));
    let mut paid = 0;
    for receipt in receipts {
        let received = order::receive(
            from,
            order.receivable,
            paid,
            receipt.amount,
            i64::from(receipt.pay_way),
        )
        .map_err(refused)?;
        moves.push((
            OrderAction::Pay.code(),
            Some(from),
            received.status,
            crate::deal::receipt_reason(i64::from(receipt.pay_way), receipt.amount),
            receipt.confirmed_by,
            receipt.received_at,
        ));
        (from, paid) = (received.status, received.paid);
    }
    if from != status {
        return Err(DbErr::Custom(format!(
            "演示佣金单{}的历史止于「{}」而非「{}」",
            order.code,
            from.label(),
            status.label()
        )));
    }
    Ok(moves)
}
