//! The demo rentals (租房): about 60 over the demo community dictionary, on other rooms than
//! the second-hand listings, kept by the same demo agents and managers, in every status of the
//! lifecycle table (let ones included, to show 重新上架), some in the public pool, with
//! follow-ups. Deterministic: each rental's values follow from its index.

use brokerdesk_core::listing::price;
use brokerdesk_core::listing::trade::Trade;
use chrono::{Duration, Utc};
use sea_orm::{ConnectionTrait, DbErr, Set};

use super::listing::{Dictionary, insert};

/// About this many rentals.
const RENTALS: usize = 60;

const FOLLOW_UPS: [&str; 4] = [
    "业主确认租金可小幅议价，押一付三",
    "带租客看房，租客关注通勤和家电",
    "回访业主，房屋已保洁，随时可看",
    "核对家具家电清单，空调新换",
];
const DESCRIPTIONS: [&str; 3] = [
    "精装修，家电齐全，拎包入住，近地铁，通勤方便。",
    "小区安静，采光好，适合上班族和小家庭居住。",
    "业主好沟通，押一付三，可签长约。",
];

/// Writes the demo rentals, after the second-hand listings.
pub(super) async fn write(db: &impl ConnectionTrait, dictionary: &Dictionary) -> Result<(), DbErr> {
    let today = Utc::now().date_naive();
    let rows = dictionary.listings(Trade::Lease, RENTALS, 1, |i, row| {
        let area = row.area.try_as_ref().copied().unwrap_or(5_000);
        let rooms = i64::from(row.rooms.try_as_ref().copied().unwrap_or(1));
        // 1,800-9,000 元 a month by layout, in steps of 100 元.
        let yuan = 1_200 + rooms * 1_500 + (i as i64 * 337) % 1_500;
        let fen = yuan / 100 * 100 * 100;
        row.price = Set(fen);
        row.unit_price = Set(price::unit_price_fen(fen, area).unwrap_or_default());
        // A room of a shared flat now and then.
        row.rent_type = Set(Some(if i % 6 == 4 { 2 } else { 1 }));
        row.payment_terms = Set(Some([2, 2, 1, 4, 5, 6][i % 6]));
        row.facilities =
            Set(["1,2,5,6,7,8,9", "1,2,3,4,6,7,8,9,10,11", "1,2,8,9", ""][i % 4].to_owned());
        row.available_from = Set(Some(today + Duration::days((i as i64 * 5) % 45)));
        row.tags = Set(["1,3", "2", "3,8", "", "1,4,9"][i % 5].to_owned());
        row.description = Set(DESCRIPTIONS[i % 3].to_owned());
    });
    insert(db, rows, &FOLLOW_UPS).await
}
