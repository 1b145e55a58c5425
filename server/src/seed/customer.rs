//! The demo customers: about 80 for the demo agents and managers of each city's company, most
//! private, some in the public pool, a few dealt or invalid, with wishes over the city's
//! districts, follow-ups and next follow-ups due (the home page's reminders), and a quiet one
//! or two the drop job will move. Deterministic: each customer's values follow from its index.

use std::collections::HashMap;

use brokerdesk_core::customer::phone;
use brokerdesk_core::customer::pool::{CustomerPool, CustomerStatus};
use chrono::{Duration, FixedOffset, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entity::{customer, customer_follow_up, district, user};

const CUSTOMERS: usize = 80;
/// Who keeps the i-th customer.
const KEEPERS: [&str; 8] = [
    "agent",
    "agent",
    "manager",
    "manager2",
    "agent",
    "nbmanager",
    "manager",
    "agent",
];

const SURNAMES: [&str; 12] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙",
];
/// Given names, a man's then a woman's.
const GIVEN: [&str; 8] = [
    "建华", "丽娟", "志明", "雅婷", "国强", "晓燕", "海波", "春梅",
];
const FOLLOW_UPS: [&str; 4] = [
    "电话沟通需求，预算可适当上浮",
    "到店面谈，意向西湖区两居",
    "微信发送三套房源，客户周末有空看房",
    "带看后回访，客户在比较两个小区",
];
const REMARKS: [&str; 3] = [
    "首次置业，看重学区和交通。",
    "改善型需求，希望楼层高、带电梯。",
    "",
];

/// `(status, pool)` of the i-th customer.
fn state_of(i: usize) -> (CustomerStatus, CustomerPool) {
    match i % 10 {
        0 | 6 => (CustomerStatus::Valid, CustomerPool::Public),
        7 if i % 20 == 7 => (CustomerStatus::Dealt, CustomerPool::Private),
        9 if i % 30 == 9 => (CustomerStatus::Invalid, CustomerPool::Private),
        _ => (CustomerStatus::Valid, CustomerPool::Private),
    }
}

pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let people: HashMap<String, user::Model> = user::Entity::find()
        .filter(user::Column::Username.is_in(["agent", "manager", "manager2", "nbmanager"]))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.username.clone(), u))
        .collect();
    let mut districts: HashMap<i64, Vec<i64>> = HashMap::new();
    for d in district::Entity::find()
        .order_by_asc(district::Column::Id)
        .all(db)
        .await?
    {
        districts.entry(d.site_id).or_default().push(d.id);
    }
    let now = Utc::now();
    let china = FixedOffset::east_opt(8 * 3600).expect("UTC+8 is a valid offset");
    let today = now.with_timezone(&china).date_naive();
    let mut rows = Vec::new();
    for i in 0..CUSTOMERS {
        // The agent keeps the most, so the demo agent's list is full.
        let keeper = KEEPERS[i % KEEPERS.len()];
        let Some(keeper) = people.get(keeper) else {
            continue;
        };
        let (Some(organisation_id), Some(site_id)) = (keeper.organisation_id, keeper.site_id)
        else {
            continue;
        };
        let (status, pool) = state_of(i);
        let private = pool == CustomerPool::Private;
        let demand = [1, 1, 2, 1, 3][i % 5];
        // A purchase budgets a total price in 万, a rental a monthly rent in 元 (fen stored).
        let (budget_min, budget_max) = if demand == 3 {
            let yuan = 100_i64;
            let min = [2_000, 3_000, 4_500][i % 3] * yuan;
            (min, min + [1_000, 2_000, 3_000][i % 3] * yuan)
        } else {
            let wan = 1_000_000_i64;
            let min = [80, 120, 200, 300, 60][i % 5] * wan;
            (min, min + [40, 80, 100][i % 3] * wan)
        };
        let area_min = [5_000, 7_000, 9_000, 11_000][i % 4];
        let site_districts = districts.get(&site_id).cloned().unwrap_or_default();
        let wanted: Vec<String> = site_districts
            .iter()
            .skip(i % site_districts.len().max(1))
            .take(1 + i % 2)
            .map(i64::to_string)
            .collect();
        let created = now - Duration::days((i as i64 * 2) % 60) - Duration::hours(i as i64);
        // Every eleventh is quiet since it was entered: the drop job's next catch.
        let last = if i % 11 == 0 {
            created
        } else {
            now - Duration::days(i as i64 % 7)
        };
        let mobile = format!("137{:08}", 20_000_000 + i * 6_173);
        let given = (i / SURNAMES.len() + i) % GIVEN.len();
        rows.push(customer::ActiveModel {
            site_id: Set(site_id),
            organisation_id: Set(organisation_id),
            store_group_id: Set(keeper.store_group_id.filter(|_| private)),
            store_id: Set(keeper.store_id.filter(|_| private)),
            department_id: Set(keeper.department_id.filter(|_| private)),
            owner_id: Set(Some(keeper.id).filter(|_| private)),
            name: Set(format!("{}{}", SURNAMES[i % SURNAMES.len()], GIVEN[given])),
            // 先生 for a man's given name, 女士 for a woman's (GIVEN alternates them).
            sex: Set((given % 2 + 1) as i16),
            phone_key: Set(phone::normalise(&mobile)),
            phone: Set(mobile),
            phone2: Set(String::new()),
            phone2_key: Set(String::new()),
            level: Set((i % 3 + 2) as i16),
            demand: Set(demand),
            budget_min: Set(Some(budget_min)),
            budget_max: Set(Some(budget_max)),
            area_min: Set(Some(area_min)),
            area_max: Set(Some(area_min + 4_000)),
            district_ids: Set(wanted.join(",")),
            circle_ids: Set(String::new()),
            rooms: Set(Some((i % 3 + 2) as i16)),
            source: Set([1, 2, 3, 4, 5][i % 5]),
            status: Set(status.code()),
            pool: Set(pool.code()),
            tags: Set(["1,3", "2,4", "5", "", "6,7"][i % 5].to_owned()),
            remark: Set(REMARKS[i % 3].to_owned()),
            entered_by: Set(Some(keeper.id)),
            last_activity_at: Set(last),
            last_follow_up_at: Set(Some(last).filter(|_| i % 11 != 0)),
            // Some are due today or overdue: the home page reminds their agents.
            next_follow_up_on: Set(
                Some(today + Duration::days(i as i64 % 5 - 1)).filter(|_| private && i % 11 != 0)
            ),
            created_at: Set(created),
            updated_at: Set(created),
            ..Default::default()
        });
    }
    for chunk in rows.chunks(40) {
        customer::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    let written = customer::Entity::find()
        .filter(customer::Column::LastFollowUpAt.is_not_null())
        .order_by_asc(customer::Column::Id)
        .all(db)
        .await?;
    let follow_ups: Vec<customer_follow_up::ActiveModel> = written
        .iter()
        .enumerate()
        .filter_map(|(i, row)| {
            Some(customer_follow_up::ActiveModel {
                customer_id: Set(row.id),
                user_id: Set(row.owner_id.or(row.entered_by)),
                way: Set((i % 4 + 1) as i16),
                content: Set(FOLLOW_UPS[i % FOLLOW_UPS.len()].to_owned()),
                next_on: Set(row.next_follow_up_on),
                at: Set(row.last_follow_up_at?),
                ..Default::default()
            })
        })
        .collect();
    for chunk in follow_ups.chunks(40) {
        customer_follow_up::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}
