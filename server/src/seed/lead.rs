//! The demo leads: for each city's company, leads its agents and managers follow, leads waiting
//! in the pool (from portals and a batch import), and a few marked invalid, so the pool page,
//! its filters and the assign and claim buttons show a living brokerage. Deterministic: each
//! lead's values follow from its index.

use std::collections::HashMap;

use brokerdesk_core::lead::states::LeadStatus;
use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};

use crate::entity::{customer, lead, status_change, user};
use brokerdesk_core::customer::phone;
use brokerdesk_core::customer::pool::CustomerPool;
use brokerdesk_core::lead::states::LeadAction;

/// Leads per keeper, and in each company's pool.
const FOLLOWED: usize = 8;
const POOLED: usize = 16;

const NAMES: [&str; 12] = [
    "周先生",
    "吴女士",
    "郑先生",
    "冯女士",
    "蒋先生",
    "韩女士",
    "杨先生",
    "朱女士",
    "秦先生",
    "许女士",
    "何先生",
    "吕女士",
];
const AREAS: [&str; 6] = ["西湖区", "滨江区", "上城区", "拱墅区", "近地铁", "学区附近"];
const REMARKS: [&str; 4] = [
    "周末方便看房",
    "首套刚需，预算可浮动",
    "想换大一点的三房",
    "上班在附近，想要通勤方便",
];
const CHANNELS: [&str; 3] = ["安居客", "58同城", "贝壳找房"];

/// Writes the demo leads for the demo keepers' companies.
pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let keepers = user::Entity::find()
        .filter(user::Column::Username.is_in(["agent", "manager", "manager2", "nbmanager"]))
        .all(db)
        .await?;
    let now = Utc::now();
    let mut rows = Vec::new();
    let mut companies: HashMap<i64, i64> = HashMap::new();
    let mut n = 0usize;
    let mut next = |rows: &mut Vec<lead::ActiveModel>,
                    site_id: i64,
                    organisation_id: i64,
                    keeper: Option<&user::Model>,
                    status: LeadStatus,
                    source: i16| {
        let i = n;
        n += 1;
        let phone = format!("1365710{:04}", 1_000 + i * 37 % 9_000);
        let created = now - Duration::days((i as i64 * 5) % 60) - Duration::hours(i as i64);
        let channel = if source == 3 {
            CHANNELS[i % CHANNELS.len()]
        } else {
            ""
        };
        rows.push(lead::ActiveModel {
            site_id: Set(site_id),
            organisation_id: Set(organisation_id),
            store_group_id: Set(keeper.and_then(|k| k.store_group_id)),
            store_id: Set(keeper.and_then(|k| k.store_id)),
            department_id: Set(keeper.and_then(|k| k.department_id)),
            owner_id: Set(keeper.map(|k| k.id)),
            name: Set(NAMES[i % NAMES.len()].to_owned()),
            phone_key: Set(phone::normalise(&phone)),
            phone: Set(phone),
            sex: Set(Some(if i.is_multiple_of(2) { 1 } else { 2 })),
            demand: Set(Some((i % 3 + 1) as i16)),
            area: Set(AREAS[i % AREAS.len()].to_owned()),
            // A rental's budget is its monthly rent (2,500–6,000 元), a purchase's 150–500 万.
            budget: Set(Some(if i % 3 + 1 == 3 {
                ((i % 8) as i64 * 500 + 2_500) * 100
            } else {
                ((i % 8) as i64 * 50 + 150) * 1_000_000
            })),
            remark: Set(REMARKS[i % REMARKS.len()].to_owned()),
            source: Set(source),
            channel: Set(channel.to_owned()),
            status: Set(status.code()),
            invalid_reason: Set((status == LeadStatus::Invalid).then_some(3)),
            customer_id: Set(None),
            import_id: Set(None),
            row_key: Set(None),
            entered_by: Set(keeper.map(|k| k.id)),
            created_at: Set(created),
            updated_at: Set(created),
            ..Default::default()
        });
    };
    for keeper in &keepers {
        let (Some(site_id), Some(organisation_id)) = (keeper.site_id, keeper.organisation_id)
        else {
            continue;
        };
        companies.insert(organisation_id, site_id);
        for i in 0..FOLLOWED {
            let status = if i == FOLLOWED - 1 {
                LeadStatus::Invalid
            } else {
                LeadStatus::Following
            };
            next(
                &mut rows,
                site_id,
                organisation_id,
                Some(keeper),
                status,
                1 + (i % 3 == 2) as i16 * 2,
            );
        }
    }
    let mut companies: Vec<(i64, i64)> = companies.into_iter().collect();
    companies.sort_unstable();
    for (organisation_id, site_id) in companies {
        for i in 0..POOLED {
            let source = if i.is_multiple_of(2) { 3 } else { 2 };
            next(
                &mut rows,
                site_id,
                organisation_id,
                None,
                LeadStatus::Unassigned,
                source,
            );
        }
    }
    for chunk in rows.chunks(50) {
        lead::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// For each demo keeper, the lead their first private customer came from: claimed from the
/// pool, then converted, its history on file, so a customer's detail shows where it came from.
/// After the customers.
pub(super) async fn write_converted(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let keepers = user::Entity::find()
        .filter(user::Column::Username.is_in(["agent", "manager", "manager2", "nbmanager"]))
        .order_by_asc(user::Column::Id)
        .all(db)
        .await?;
    for keeper in keepers {
        let Some(made) = customer::Entity::find()
            .filter(customer::Column::OwnerId.eq(keeper.id))
            .filter(customer::Column::Pool.eq(CustomerPool::Private.code()))
            .order_by_asc(customer::Column::Id)
            .one(db)
            .await?
        else {
            continue;
        };
        let came = made.created_at - Duration::days(3);
        let claimed = came + Duration::hours(2);
        let row = lead::ActiveModel {
            site_id: Set(made.site_id),
            organisation_id: Set(made.organisation_id),
            store_group_id: Set(keeper.store_group_id),
            store_id: Set(keeper.store_id),
            department_id: Set(keeper.department_id),
            owner_id: Set(Some(keeper.id)),
            name: Set(made.name.clone()),
            phone_key: Set(phone::normalise(&made.phone)),
            phone: Set(made.phone.clone()),
            sex: Set(Some(made.sex)),
            demand: Set(Some(made.demand)),
            area: Set(AREAS[0].to_owned()),
            budget: Set(made.budget_max),
            remark: Set(REMARKS[0].to_owned()),
            source: Set(3),
            channel: Set(CHANNELS[0].to_owned()),
            status: Set(LeadStatus::Converted.code()),
            invalid_reason: Set(None),
            customer_id: Set(Some(made.id)),
            import_id: Set(None),
            row_key: Set(None),
            entered_by: Set(None),
            created_at: Set(came),
            updated_at: Set(made.created_at),
            ..Default::default()
        }
        .insert(db)
        .await?;
        for (action, from, to, reason, at) in [
            (
                LeadAction::Claim,
                LeadStatus::Unassigned,
                LeadStatus::Following,
                String::new(),
                claimed,
            ),
            (
                LeadAction::Convert,
                LeadStatus::Following,
                LeadStatus::Converted,
                format!("转为客户（客户编号{}）", made.id),
                made.created_at,
            ),
        ] {
            status_change::ActiveModel {
                entity: Set(crate::lead::KIND.to_owned()),
                entity_id: Set(row.id),
                action: Set(action.code().to_owned()),
                from_status: Set(from.code().to_string()),
                to_status: Set(to.code().to_string()),
                reason: Set(reason),
                actor_id: Set(Some(keeper.id)),
                at: Set(at),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}
