//! The demo viewings (带看): most valid private customers were shown one to three homes of their
//! company in the last three weeks — the listings that fit them best first (core's matching), a
//! new-home project distributed to their company for those buying new — by their agent, now and
//! then with a colleague along, with the customer's feedback (the latest sometimes still to
//! write). Deterministic: each customer's viewings follow from its index.

use brokerdesk_core::customer::pool::{CustomerPool, CustomerStatus};
use brokerdesk_core::customer::viewing::{self, ViewingKind};
use brokerdesk_core::listing::lifecycle::HouseStatus;
use chrono::{Duration, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::customer::matching::{offer_of, wish_of};
use crate::entity::{customer, customer_viewing, listing, new_home_distribution, user};

const FEEDBACK: [&str; 5] = [
    "客户对户型满意，觉得价格偏高，想再谈谈",
    "采光一般，客户想看同小区高楼层",
    "很满意，约了家人周末二看",
    "离地铁远了点，客户还在比较",
    "装修旧，客户考虑重新装修的预算",
];

pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let customers = customer::Entity::find()
        .filter(customer::Column::Status.eq(CustomerStatus::Valid.code()))
        .filter(customer::Column::Pool.eq(CustomerPool::Private.code()))
        .order_by_asc(customer::Column::Id)
        .all(db)
        .await?;
    let open = listing::Entity::find()
        .filter(listing::Column::Status.eq(HouseStatus::Valid.code()))
        .order_by_asc(listing::Column::Id)
        .all(db)
        .await?;
    let distributions = new_home_distribution::Entity::find()
        .order_by_asc(new_home_distribution::Column::Id)
        .all(db)
        .await?;
    let people = user::Entity::find()
        .filter(user::Column::Locked.eq(false))
        .order_by_asc(user::Column::Id)
        .all(db)
        .await?;
    let now = Utc::now();
    let mut rows = Vec::new();
    for (i, row) in customers.iter().enumerate() {
        // Every fifth customer has not been shown anything yet.
        if i % 5 == 4 {
            continue;
        }
        let Some(kind) = ViewingKind::for_demand(row.demand.into()) else {
            continue;
        };
        let wish = wish_of(row);
        let shown: Vec<(Option<i64>, Option<i64>)> = match kind.trade() {
            Some(trade) => {
                let mut offers: Vec<(i64, &listing::Model)> = open
                    .iter()
                    .filter(|l| l.trade == trade.code() && l.organisation_id == row.organisation_id)
                    .map(|l| (viewing::score(&wish, &offer_of(l)), l))
                    .collect();
                // The best fits first; the rest in the order entered, from the customer's index.
                let rotate = i % offers.len().max(1);
                offers.rotate_left(rotate);
                offers.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
                offers
                    .into_iter()
                    .take(1 + i % 3)
                    .map(|(_, l)| (Some(l.id), None))
                    .collect()
            }
            None => distributions
                .iter()
                .filter(|d| d.organisation_id == row.organisation_id && d.store_id.is_none())
                .take(1)
                .map(|d| (None, Some(d.project_id)))
                .collect(),
        };
        let companion = people
            .iter()
            .filter(|p| {
                p.organisation_id == Some(row.organisation_id) && Some(p.id) != row.owner_id
            })
            .nth(i % 3)
            .map(|p| p.id);
        for (n, (listing_id, project_id)) in shown.into_iter().enumerate() {
            let at = now
                - Duration::days(((i * 3 + n * 5) % 21) as i64 + 1)
                - Duration::hours((i % 6) as i64);
            // The latest viewing of every fourth customer still waits for its feedback.
            let feedback = if n == 0 && i % 4 == 1 {
                String::new()
            } else {
                FEEDBACK[(i + n) % FEEDBACK.len()].to_owned()
            };
            rows.push(customer_viewing::ActiveModel {
                customer_id: Set(row.id),
                kind: Set(kind.code()),
                listing_id: Set(listing_id),
                project_id: Set(project_id),
                user_id: Set(row.owner_id),
                companion_id: Set(companion.filter(|_| (i + n) % 2 == 0)),
                at: Set(at),
                feedback: Set(feedback),
                created_at: Set(at),
                ..Default::default()
            });
        }
    }
    for chunk in rows.chunks(40) {
        customer_viewing::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}
