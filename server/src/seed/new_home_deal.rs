//! The demo's new-home deals: one on a visited report of 李晓峰 (agent) at 西溪云庐 in each deal
//! status — 业绩待审核, 待结佣 (its order submitted), 部分结佣 (one receipt), 已结佣 (two receipts,
//! its split counted as performance this month) and 已关闭 (its order closed with it) — each with
//! its performance split (客户成交人, a 客户合作人, now and then 项目方分成) written by the one split
//! writer, its commission order and its status history, so 成交详情, 佣金结算 and 业绩 show them.
//! The commission is core's from the project's rule on the deal day.

use brokerdesk_core::deal::order::{OrderAction, OrderStatus};
use brokerdesk_core::new_home;
use brokerdesk_core::new_home_deal::{
    self as rules, CUSTOMER_DEAL_PERSON, CUSTOMER_PARTNER, DealAction, DealStatus, FULL_BP,
    PROJECT_SIDE, Share,
};
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

use crate::access::Unscoped;
use crate::deal::performance;
use crate::deal::split_writer::{self, Line};
use crate::entity::{
    commission_order, new_home_deal, new_home_deal_share, new_home_report, order_receipt,
    status_change, user,
};

struct Demo {
    /// The visited report's customer (`seed/report.rs`).
    customer: &'static str,
    unit: &'static str,
    /// ㎡ in hundredths.
    area: i64,
    price_yuan: i64,
    /// The colleague credited as 客户合作人, and 项目方分成, in basis points.
    partner: Option<(&'static str, i64)>,
    project_side_bp: i64,
    status: DealStatus,
    /// The order's status, once the split was approved.
    order: Option<OrderStatus>,
}

const DEALS: [Demo; 5] = [
    Demo {
        customer: "许晴",
        unit: "2幢1单元801室",
        area: 9_800,
        price_yuan: 4_100_000,
        partner: Some(("manager", 3_000)),
        project_side_bp: 0,
        status: DealStatus::PerformancePending,
        order: None,
    },
    Demo {
        customer: "何涛",
        unit: "3幢2单元1202室",
        area: 12_800,
        price_yuan: 5_450_000,
        partner: None,
        project_side_bp: 0,
        status: DealStatus::CommissionPending,
        order: Some(OrderStatus::PendingReview),
    },
    Demo {
        customer: "冯雪",
        unit: "5幢1单元602室",
        area: 9_800,
        price_yuan: 4_080_000,
        partner: Some(("manager", 2_000)),
        project_side_bp: 1_000,
        status: DealStatus::PartlySettled,
        order: Some(OrderStatus::PartlyPaid),
    },
    Demo {
        customer: "蒋欣",
        unit: "1幢1单元1501室",
        area: 13_500,
        price_yuan: 5_750_000,
        partner: Some(("manager", 2_500)),
        project_side_bp: 500,
        status: DealStatus::Settled,
        order: Some(OrderStatus::Settled),
    },
    Demo {
        customer: "韩梅",
        unit: "6幢2单元302室",
        area: 9_800,
        price_yuan: 4_050_000,
        partner: None,
        project_side_bp: 0,
        status: DealStatus::Closed,
        order: Some(OrderStatus::Closed),
    },
];

const CLOSED: &str = "客户放弃购买，开发商同意退房";

fn failed(what: impl std::fmt::Display) -> DbErr {
    DbErr::Custom(format!("demo new-home deal: {what}"))
}

async fn person(db: &impl ConnectionTrait, username: &str) -> Result<user::Model, DbErr> {
    user::Entity::find()
        .filter(user::Column::Username.eq(username))
        .one(db)
        .await?
        .ok_or_else(|| failed(format!("{username} is missing")))
}

pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let agent = person(db, "agent").await?;
    let manager = person(db, "manager").await?;
    let now = Utc::now();
    for demo in DEALS {
        let report = new_home_report::Entity::find()
            .filter(new_home_report::Column::CustomerName.eq(demo.customer))
            .one(db)
            .await?
            .ok_or_else(|| failed(format!("the report of {} is missing", demo.customer)))?;
        let at = report.visited_at.unwrap_or(report.reported_at) + Duration::days(2);
        let rules = crate::report::deal::rules_of(&Unscoped::new(db), report.project_id)
            .await
            .map_err(failed)?;
        let price = demo.price_yuan * 100;
        let commission = new_home::commission_for(&rules, price, at.date_naive())
            .ok_or_else(|| failed("西溪云庐 has no commission rule"))?;
        let partner = match demo.partner {
            Some((username, bp)) => Some((person(db, username).await?, bp)),
            None => None,
        };
        let partner_bp = partner.as_ref().map_or(0, |(_, bp)| *bp);
        let mut shares = vec![Share {
            kind: CUSTOMER_DEAL_PERSON,
            user_id: Some(agent.id),
            bp: FULL_BP - partner_bp - demo.project_side_bp,
        }];
        if let Some((colleague, bp)) = &partner {
            shares.push(Share {
                kind: CUSTOMER_PARTNER,
                user_id: Some(colleague.id),
                bp: *bp,
            });
        }
        if demo.project_side_bp > 0 {
            shares.push(Share {
                kind: PROJECT_SIDE,
                user_id: None,
                bp: demo.project_side_bp,
            });
        }
        let parts = rules::amounts(commission, &shares).map_err(failed)?;
        let deal = new_home_deal::ActiveModel {
            site_id: Set(report.site_id),
            organisation_id: Set(report.organisation_id),
            store_group_id: Set(agent.store_group_id),
            store_id: Set(agent.store_id),
            department_id: Set(agent.department_id),
            declarer_id: Set(agent.id),
            report_id: Set(report.id),
            project_id: Set(report.project_id),
            house_type_id: Set(None),
            unit: Set(demo.unit.to_owned()),
            area: Set(demo.area),
            price_fen: Set(price),
            deal_date: Set(at.date_naive()),
            commission_fen: Set(commission),
            status: Set(demo.status.code()),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await?;
        let lines: Vec<Line<'_>> = shares
            .iter()
            .zip(&parts)
            .map(|(share, part)| Line {
                code: share.kind as i16,
                bp: share.bp,
                amount: *part,
                person: match share.user_id {
                    Some(id) if id == agent.id => Some(&agent),
                    Some(_) => partner.as_ref().map(|(colleague, _)| colleague),
                    None => None,
                },
            })
            .collect();
        split_writer::replace::<new_home_deal_share::Entity, _>(db, &(&deal).into(), &lines)
            .await
            .map_err(failed)?;
        write_history(db, &deal, &demo, &manager, at, now).await?;
    }
    Ok(())
}

/// The deal's moves, its order (opened by 业绩审核通过) with its receipts and moves, and the
/// split counted once the order settled.
async fn write_history(
    db: &impl ConnectionTrait,
    deal: &new_home_deal::Model,
    demo: &Demo,
    manager: &user::Model,
    at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let kind = crate::report::deal::KIND;
    let pending = DealStatus::PerformancePending.code();
    let declarer = Some(deal.declarer_id);
    let by_manager = Some(manager.id);
    let mut moves = vec![(kind, deal.id, "declare", None, pending, "", declarer, at)];
    let approved = DealStatus::CommissionPending.code();
    let Some(order_status) = demo.order else {
        return record_all(db, moves).await;
    };
    let approved_at = at + Duration::hours(20);
    moves.push((
        kind,
        deal.id,
        DealAction::Approve.code(),
        Some(pending),
        approved,
        "",
        by_manager,
        approved_at,
    ));
    let total = deal.commission_fen;
    let paid = match order_status {
        OrderStatus::Settled => total,
        OrderStatus::PartlyPaid => total * 2 / 5,
        _ => 0,
    };
    // Money comes in lately: a settled deal counts in this month's performance.
    let receipts: Vec<(i16, i64, DateTime<Utc>)> = match order_status {
        OrderStatus::Settled => vec![
            (2, total - total / 2, now - Duration::hours(3)),
            (4, total / 2, now - Duration::hours(1)),
        ],
        OrderStatus::PartlyPaid => vec![(2, paid, now - Duration::hours(2))],
        _ => Vec::new(),
    };
    let settled_at = (order_status == OrderStatus::Settled).then_some(now - Duration::hours(1));
    let order = commission_order::ActiveModel {
        site_id: Set(deal.site_id),
        organisation_id: Set(deal.organisation_id),
        store_group_id: Set(deal.store_group_id),
        store_id: Set(deal.store_id),
        department_id: Set(deal.department_id),
        agent_id: Set(deal.declarer_id),
        contract_id: Set(None),
        new_home_deal_id: Set(Some(deal.id)),
        code: Set(format!("YJ-XF{:06}", deal.id)),
        receivable: Set(total),
        paid: Set(paid),
        status: Set(order_status.code()),
        reason: Set(if order_status == OrderStatus::Closed {
            CLOSED.to_owned()
        } else {
            String::new()
        }),
        settled_at: Set(settled_at),
        created_at: Set(approved_at),
        updated_at: Set(receipts.last().map_or(approved_at, |r| r.2)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let order_kind = crate::deal::ORDER;
    let (draft, review, awaiting) = (
        OrderStatus::Draft.code(),
        OrderStatus::PendingReview.code(),
        OrderStatus::AwaitingPayment.code(),
    );
    let submitted = approved_at + Duration::hours(1);
    moves.push((
        order_kind,
        order.id,
        "create",
        None,
        draft,
        "",
        by_manager,
        approved_at,
    ));
    if order_status == OrderStatus::Closed {
        let closed = DealStatus::Closed.code();
        moves.push((
            kind,
            deal.id,
            DealAction::Close.code(),
            Some(approved),
            closed,
            CLOSED,
            by_manager,
            submitted,
        ));
        moves.push((
            order_kind,
            order.id,
            OrderAction::Close.code(),
            Some(draft),
            order_status.code(),
            CLOSED,
            by_manager,
            submitted,
        ));
        return record_all(db, moves).await;
    }
    moves.push((
        order_kind,
        order.id,
        OrderAction::Submit.code(),
        Some(draft),
        review,
        "",
        declarer,
        submitted,
    ));
    if order_status == OrderStatus::PendingReview {
        return record_all(db, moves).await;
    }
    let reviewed = submitted + Duration::hours(1);
    moves.push((
        order_kind,
        order.id,
        OrderAction::Approve.code(),
        Some(review),
        awaiting,
        "",
        by_manager,
        reviewed,
    ));
    let (mut from_order, mut from_deal, mut received) = (awaiting, approved, 0);
    for (way, amount, when) in &receipts {
        order_receipt::ActiveModel {
            order_id: Set(order.id),
            pay_way: Set(*way),
            amount: Set(*amount),
            remark: Set(String::new()),
            confirmed_by: Set(by_manager),
            received_at: Set(*when),
            ..Default::default()
        }
        .insert(db)
        .await?;
        received += amount;
        let settled = received == total;
        let (to_order, to_deal, action) = if settled {
            (
                OrderStatus::Settled.code(),
                DealStatus::Settled.code(),
                DealAction::Settle,
            )
        } else {
            (
                OrderStatus::PartlyPaid.code(),
                DealStatus::PartlySettled.code(),
                DealAction::SettlePart,
            )
        };
        moves.push((
            order_kind,
            order.id,
            OrderAction::Pay.code(),
            Some(from_order),
            to_order,
            "",
            by_manager,
            *when,
        ));
        if to_deal != from_deal {
            moves.push((
                kind,
                deal.id,
                action.code(),
                Some(from_deal),
                to_deal,
                "",
                None,
                *when,
            ));
        }
        (from_order, from_deal) = (to_order, to_deal);
    }
    if let Some(at) = settled_at {
        new_home_deal_share::Entity::update_many()
            .col_expr(new_home_deal_share::Column::SettledAt, Expr::value(at))
            .filter(new_home_deal_share::Column::DealId.eq(deal.id))
            .exec(db)
            .await?;
        performance::add(db, performance::Kind::NewHome, deal.id)
            .await
            .map_err(failed)?;
    }
    record_all(db, moves).await
}

/// One line of a deal's or an order's status history: entity, id, action, from, to, reason,
/// who, when.
type Row<'a> = (
    &'a str,
    i64,
    &'a str,
    Option<i16>,
    i16,
    &'a str,
    Option<i64>,
    DateTime<Utc>,
);

async fn record_all(db: &impl ConnectionTrait, moves: Vec<Row<'_>>) -> Result<(), DbErr> {
    for (entity, id, action, from, to, reason, by, at) in moves {
        status_change::ActiveModel {
            entity: Set(entity.to_owned()),
            entity_id: Set(id),
            action: Set(action.to_owned()),
            from_status: Set(from.map(|s| s.to_string()).unwrap_or_default()),
            to_status: Set(to.to_string()),
            reason: Set(reason.to_owned()),
            actor_id: Set(by),
            at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}
