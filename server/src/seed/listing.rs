//! The demo second-hand listings: about 200 over the demo community dictionary, entered by the
//! demo agents and managers of each city's company, in every status of core's table, some in
//! the public pool, with follow-ups, so the list, its filters and the detail pages show a
//! living brokerage. Deterministic: each listing's values follow from its index. The placement,
//! layout and owner of a demo listing are written here for both trades (`rental.rs` adds the
//! rentals').

use std::collections::HashMap;

use brokerdesk_core::listing::lifecycle::{HouseStatus, Pool};
use brokerdesk_core::listing::price;
use brokerdesk_core::listing::trade::Trade;
use chrono::{Duration, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entity::{building, community, listing, listing_follow_up, room, user};

/// About this many listings.
const LISTINGS: usize = 200;

/// 看房时间 of the demo listings (core `viewingSlot` codes): weekday evenings and weekends,
/// weekend afternoons and evenings, any time, or not given.
const VIEWING_SLOTS: [&str; 5] = [
    "13,23,33,43,53,61,62,63,71,72,73",
    "",
    "62,63,72,73",
    "11,12,13,21,22,23,31,32,33,41,42,43,51,52,53,61,62,63,71,72,73",
    "",
];

const OWNERS: [&str; 10] = [
    "王志强",
    "李秀英",
    "张伟",
    "刘洋",
    "陈静",
    "杨帆",
    "赵磊",
    "黄敏",
    "周杰",
    "吴芳",
];
const FOLLOW_UPS: [&str; 4] = [
    "电话回访业主，价格可小幅议价",
    "带客户实地看房，客户对户型满意",
    "业主确认近期可随时看房",
    "复核产权信息，满五唯一",
];
const DESCRIPTIONS: [&str; 3] = [
    "南北通透，采光好，小区环境安静，近地铁和学校。",
    "业主诚心出售，装修保养良好，拎包入住。",
    "楼层适中，视野开阔，配套成熟，生活便利。",
];

/// `(status, pool)` of the i-th listing: mostly valid and private, the rest spread over the
/// table.
pub(super) fn state_of(i: usize) -> (HouseStatus, Pool) {
    match i % 20 {
        0 | 7 => (HouseStatus::Valid, Pool::Public),
        3 => (HouseStatus::Sealed, Pool::Private),
        5 => (HouseStatus::Deferred, Pool::Private),
        9 => (HouseStatus::Reserved, Pool::Private),
        13 => (HouseStatus::OurDeal, Pool::Private),
        17 => (HouseStatus::OtherDeal, Pool::Private),
        _ => (HouseStatus::Valid, Pool::Private),
    }
}

/// The demo keepers and the dictionary the demo listings are entered on.
pub(super) struct Dictionary {
    /// Each city's keepers, by site.
    keepers: HashMap<i64, Vec<user::Model>>,
    communities: HashMap<i64, community::Model>,
    /// Floors by building.
    floors: HashMap<i64, i32>,
    rooms: Vec<room::Model>,
}

impl Dictionary {
    pub(super) async fn load(db: &impl ConnectionTrait) -> Result<Self, DbErr> {
        let mut people: HashMap<String, user::Model> = user::Entity::find()
            .filter(user::Column::Username.is_in(["agent", "manager", "manager2", "nbmanager"]))
            .all(db)
            .await?
            .into_iter()
            .map(|u| (u.username.clone(), u))
            .collect();
        let mut keepers: HashMap<i64, Vec<user::Model>> = HashMap::new();
        for name in ["agent", "manager", "manager2", "nbmanager"] {
            if let Some(person) = people.remove(name)
                && let Some(site) = person.site_id
            {
                keepers.entry(site).or_default().push(person);
            }
        }
        Ok(Self {
            keepers,
            communities: community::Entity::find()
                .all(db)
                .await?
                .into_iter()
                .map(|c| (c.id, c))
                .collect(),
            floors: building::Entity::find()
                .all(db)
                .await?
                .into_iter()
                .map(|b| (b.id, b.floors.unwrap_or(6)))
                .collect(),
            rooms: room::Entity::find()
                .order_by_asc(room::Column::Id)
                .all(db)
                .await?,
        })
    }

    /// `count` listings of `trade` spread over every community of both cities (rounding the
    /// step up so the last, 宁波's, are reached too), starting `offset` rooms in so two trades
    /// take different rooms: each with its placement, layout and owner, completed by `fill`.
    pub(super) fn listings(
        &self,
        trade: Trade,
        count: usize,
        offset: usize,
        fill: impl Fn(usize, &mut listing::ActiveModel),
    ) -> Vec<listing::ActiveModel> {
        let step = self.rooms.len().div_ceil(count).max(1);
        let now = Utc::now();
        let mut rows = Vec::new();
        let rooms = self.rooms.iter().skip(offset % step).step_by(step);
        for (i, room) in rooms.take(count).enumerate() {
            let (Some(keepers), Some(community)) = (
                self.keepers.get(&room.site_id),
                self.communities.get(&room.community_id),
            ) else {
                continue;
            };
            let keeper = &keepers[i % keepers.len()];
            let Some(organisation_id) = keeper.organisation_id else {
                continue;
            };
            let (status, pool) = state_of(i);
            let private = pool == Pool::Private;
            let rooms_count = (i % 4 + 1) as i16;
            // 45-160 ㎡ by layout, with a little spread.
            let area = i64::from(rooms_count) * 3_000 + 1_500 + (i as i64 * 137) % 2_000;
            let total = self.floors.get(&room.building_id).copied().unwrap_or(6);
            let floor = room.floor.unwrap_or(1).clamp(1, total);
            let created = now - Duration::days((i as i64 * 3) % 120) - Duration::hours(i as i64);
            // A quiet private listing or two, for the drop notice.
            let last_activity = if i % 11 == 0 {
                created
            } else {
                now - Duration::days((i as i64) % 9)
            };
            let mut row = listing::ActiveModel {
                trade: Set(trade.code()),
                site_id: Set(room.site_id),
                organisation_id: Set(organisation_id),
                store_group_id: Set(keeper.store_group_id.filter(|_| private)),
                store_id: Set(keeper.store_id.filter(|_| private)),
                department_id: Set(keeper.department_id.filter(|_| private)),
                maintainer_id: Set(Some(keeper.id).filter(|_| private)),
                room_id: Set(room.id),
                community_id: Set(community.id),
                district_id: Set(Some(community.district_id)),
                business_circle_id: Set(community.business_circle_id),
                status: Set(status.code()),
                pool: Set(pool.code()),
                area: Set(area),
                rooms: Set(rooms_count),
                halls: Set(if rooms_count > 1 { 2 } else { 1 }),
                baths: Set(if rooms_count > 2 { 2 } else { 1 }),
                floor: Set(floor as i16),
                total_floors: Set(total as i16),
                orientation: Set([9, 2, 5, 1, 10][i % 5]),
                decoration: Set((i % 5 + 1) as i16),
                owner_name: Set(OWNERS[(i + offset) % OWNERS.len()].to_owned()),
                owner_phone: Set(format!("139{:08}", 10_000_000 + (i + offset) * 7_331)),
                owner_phone2: Set(String::new()),
                facilities: Set(String::new()),
                viewing_slots: Set(VIEWING_SLOTS[(i + offset) % VIEWING_SLOTS.len()].to_owned()),
                entered_by: Set(Some(keeper.id)),
                last_activity_at: Set(last_activity),
                last_follow_up_at: Set(Some(last_activity).filter(|_| i % 11 != 0)),
                created_at: Set(created),
                updated_at: Set(created),
                ..Default::default()
            };
            fill(i, &mut row);
            rows.push(row);
        }
        rows
    }
}

/// Writes `rows`, and a follow-up from `texts` on each private one followed up.
pub(super) async fn insert(
    db: &impl ConnectionTrait,
    rows: Vec<listing::ActiveModel>,
    texts: &[&str],
) -> Result<(), DbErr> {
    let Some(trade) = rows.first().and_then(|row| row.trade.try_as_ref().copied()) else {
        return Ok(());
    };
    for chunk in rows.chunks(50) {
        listing::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    let written = listing::Entity::find()
        .filter(listing::Column::Trade.eq(trade))
        .filter(listing::Column::MaintainerId.is_not_null())
        .order_by_asc(listing::Column::Id)
        .all(db)
        .await?;
    let follow_ups: Vec<listing_follow_up::ActiveModel> = written
        .iter()
        .enumerate()
        .filter_map(|(i, row)| {
            let at = row.last_follow_up_at?;
            Some(listing_follow_up::ActiveModel {
                listing_id: Set(row.id),
                user_id: Set(row.maintainer_id),
                content: Set(texts[i % texts.len()].to_owned()),
                at: Set(at),
                ..Default::default()
            })
        })
        .collect();
    for chunk in follow_ups.chunks(50) {
        listing_follow_up::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Writes the demo second-hand listings over the rooms the community dictionary holds.
pub(super) async fn write(db: &impl ConnectionTrait, dictionary: &Dictionary) -> Result<(), DbErr> {
    let rows = dictionary.listings(Trade::Sale, LISTINGS, 0, |i, row| {
        let area = row.area.try_as_ref().copied().unwrap_or(10_000);
        // 1.5-6.5 万 per ㎡.
        let unit_yuan = 15_000 + (i as i64 * 7_919) % 50_000;
        let fen = (area * unit_yuan / 100 / 10_000 * 10_000).max(10_000) * 100;
        row.price = Set(fen);
        row.unit_price = Set(price::unit_price_fen(fen, area).unwrap_or_default());
        row.property_term = Set(Some([70, 70, 70, 50, 40][i % 5]));
        row.building_type = Set(Some((i % 3 + 1) as i16));
        row.building_structure = Set(Some(1));
        row.heating = Set(Some(3));
        row.water = Set(Some(1));
        row.electricity = Set(Some(1));
        row.tags = Set(["1,3", "2", "3,5,6", "", "4,7"][i % 5].to_owned());
        row.description = Set(DESCRIPTIONS[i % 3].to_owned());
    });
    insert(db, rows, &FOLLOW_UPS).await
}
