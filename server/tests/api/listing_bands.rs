//! The lists' price (or rent) and area ranges read, on SQLite, from each listing's stored bands
//! (m0040), on PostgreSQL from the values: either way, each range and each
//! pair of ranges lists exactly the listings whose values core's bounds hold, newest first, with
//! that many in the total; a listing whose price or area is edited, through the API or by SQL as
//! the bench's generator writes, moves band; a price in §9's 40-60万 gap is in no price range.

use brokerdesk_core::listing::filter::{Bounds, bounds};
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::on_both_backends;

const SALE_LIST: &str = "/api/v1/fm/house/old/list";
const SALE_DETAIL: &str = "/api/v1/fm/house/old/detail";
const SALE_ADD: &str = "/api/v1/fm/house/old/add";
const SALE_EDIT: &str = "/api/v1/fm/house/old/edit";
const RENTAL_LIST: &str = "/api/v1/fm/house/rental/list";

/// Every row of the list with `filter` (all pages) and the total it gave.
async fn all(caller: &Caller<'_>, path: &str, filter: Value) -> (Vec<i64>, Vec<Value>, u64) {
    let mut rows = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let mut body = json!({ "pageNum": page, "pageSize": 100 });
        for (key, value) in filter.as_object().unwrap() {
            body[key] = value.clone();
        }
        let data = caller.data(path, body).await;
        total = data["total"].as_u64().unwrap();
        let list = data["list"].as_array().unwrap();
        rows.extend(list.iter().cloned());
        if list.is_empty() || rows.len() as u64 >= total {
            break;
        }
    }
    let ids = rows.iter().map(|row| row["id"].as_i64().unwrap()).collect();
    (ids, rows, total)
}

fn ranges_of(name: &str) -> Vec<Bounds> {
    (0..).map_while(|index| bounds(name, index)).collect()
}

/// Each of the list's price (or rent) ranges, area ranges and their pairs lists what the value
/// ranges hold, in the unfiltered list's order, and counts it.
async fn bands_list_what_the_values_say(
    caller: &Caller<'_>,
    path: &str,
    price: &str,
    field: &str,
) -> Vec<Value> {
    let (_, every, total) = all(caller, path, json!({})).await;
    assert_eq!(every.len() as u64, total);
    let value = |row: &Value, key: &str| row[key].as_i64().unwrap();
    let mut checked = 0;
    let prices = ranges_of(price);
    let areas = ranges_of("area");
    let choices = prices
        .iter()
        .enumerate()
        .map(|(p, b)| (Some((p, *b)), None))
        .chain(areas.iter().enumerate().map(|(a, b)| (None, Some((a, *b)))))
        .chain(prices.iter().enumerate().flat_map(|(p, pb)| {
            areas
                .iter()
                .enumerate()
                .map(move |(a, ab)| (Some((p, *pb)), Some((a, *ab))))
        }));
    for (by_price, by_area) in choices {
        let mut filter = json!({});
        if let Some((index, _)) = by_price {
            filter[field] = json!(index);
        }
        if let Some((index, _)) = by_area {
            filter["areaRange"] = json!(index);
        }
        let expected: Vec<i64> = every
            .iter()
            .filter(|row| by_price.is_none_or(|(_, b)| b.contains(value(row, "price"))))
            .filter(|row| by_area.is_none_or(|(_, b)| b.contains(value(row, "area"))))
            .map(|row| value(row, "id"))
            .collect();
        let (ids, _, total) = all(caller, path, filter.clone()).await;
        assert_eq!(ids, expected, "{path} {filter}");
        assert_eq!(total, expected.len() as u64, "{path} {filter}");
        checked += expected.len();
    }
    assert!(checked > 0, "the demo data has listings in the ranges");
    every
}

/// Whether the list with `filter` holds listing `id`, and its total counts it.
async fn lists(caller: &Caller<'_>, path: &str, filter: Value, id: i64) -> bool {
    let (ids, _, total) = all(caller, path, filter).await;
    assert_eq!(ids.len() as u64, total);
    ids.contains(&id)
}

async fn a_sale_is_listed_by_its_bands_as_it_is_edited(app: TestApp) {
    let boss = app.as_user("boss").await;
    let agent = app.as_user("agent").await;
    // A room whose listing is dealt is free for a new one: 285.5万 (200-300万, index 5) over
    // 89.5㎡ (70-90㎡, index 2).
    let (dealt, _, _) = all(&boss, SALE_LIST, json!({ "status": 5 })).await;
    let room_id = boss.data(SALE_DETAIL, json!({ "id": dealt[0] })).await["roomId"]
        .as_i64()
        .unwrap();
    let mut form = json!({
        "roomId": room_id, "area": "89.5", "rooms": 2, "halls": 1, "baths": 1,
        "totalFloors": 18, "floor": 6, "orientation": 9, "decoration": 4, "price": "285.5",
        "propertyTerm": 70, "tags": [1, 3], "description": "南北通透", "ownerName": "测试业主",
        "ownerPhone": "13712345678"
    });
    let added = agent.data(SALE_ADD, form.clone()).await;
    let id = added["id"].as_i64().unwrap();
    let district = added["districtId"].clone();
    let pair = |price: usize, area: usize| json!({ "priceRange": price, "areaRange": area, "districtId": district, "status": 1 });
    assert!(lists(&boss, SALE_LIST, pair(5, 2), id).await);
    assert!(lists(&agent, SALE_LIST, pair(5, 2), id).await);

    // Edited to 85万 over 95㎡: 80-100万 (2) and 90-110㎡ (3), out of its old bands.
    form["id"] = json!(id);
    form["price"] = json!("85");
    form["area"] = json!("95");
    let edited = agent.data(SALE_EDIT, form).await;
    assert_eq!(
        (edited["price"].as_i64(), edited["area"].as_i64()),
        (Some(85_000_000), Some(9_500))
    );
    assert!(lists(&boss, SALE_LIST, pair(2, 3), id).await);
    assert!(!lists(&boss, SALE_LIST, pair(5, 2), id).await);
    assert!(!lists(&boss, SALE_LIST, json!({ "priceRange": 5 }), id).await);

    // Written by SQL, as the bench's generator writes: 50万 is in §9's gap, in no price range
    // but in the list and its area range.
    app.sql(&format!(
        "UPDATE listing SET price = 50000000 WHERE id = {id}"
    ))
    .await;
    let boss = app.as_user("boss").await;
    assert!(lists(&boss, SALE_LIST, json!({}), id).await);
    assert!(lists(&boss, SALE_LIST, json!({ "areaRange": 3 }), id).await);
    for price in 0..ranges_of("price").len() {
        assert!(!lists(&boss, SALE_LIST, json!({ "priceRange": price }), id).await);
    }
    // 300万 and 200㎡ exactly: the lower bounds of the open ranges.
    app.sql(&format!(
        "UPDATE listing SET price = 300000000, area = 20000 WHERE id = {id}"
    ))
    .await;
    let boss = app.as_user("boss").await;
    assert!(lists(&boss, SALE_LIST, pair(6, 7), id).await);
    assert!(!lists(&boss, SALE_LIST, pair(5, 6), id).await);

    // And every range and pair of ranges still lists what the values say, seeded and edited.
    let every = bands_list_what_the_values_say(&boss, SALE_LIST, "price", "priceRange").await;
    assert!(every.iter().any(|row| row["id"] == id));
    let manager = app.as_user("manager").await;
    bands_list_what_the_values_say(&manager, SALE_LIST, "price", "priceRange").await;
}

async fn a_rental_is_listed_by_its_rent_and_area_bands(app: TestApp) {
    let boss = app.as_user("boss").await;
    let every = bands_list_what_the_values_say(&boss, RENTAL_LIST, "rent", "rentRange").await;
    // A rent moved by SQL from wherever it was to 12000元 exactly (the open top range, index 6)
    // and then to 999.99元 (index 0).
    let id = every[0]["id"].as_i64().unwrap();
    app.sql(&format!(
        "UPDATE listing SET price = 1200000, area = 4999 WHERE id = {id}"
    ))
    .await;
    let boss = app.as_user("boss").await;
    let pair = |rent: usize, area: usize| json!({ "rentRange": rent, "areaRange": area });
    assert!(lists(&boss, RENTAL_LIST, pair(6, 0), id).await);
    app.sql(&format!("UPDATE listing SET price = 99999 WHERE id = {id}"))
        .await;
    let boss = app.as_user("boss").await;
    assert!(lists(&boss, RENTAL_LIST, pair(0, 0), id).await);
    assert!(!lists(&boss, RENTAL_LIST, pair(6, 0), id).await);
    // A rental's rent is not read as a sale's price: the sale list does not list it at all.
    assert!(!lists(&boss, SALE_LIST, json!({ "priceRange": 0 }), id).await);
    bands_list_what_the_values_say(&boss, RENTAL_LIST, "rent", "rentRange").await;
}

/// §9's price ranges skip 40-60万: a 50万 listing is found by typing the prices, both ends
/// kept; a rental by its rent in 元; a reversed or malformed pair is refused with core's words.
async fn a_price_in_the_specs_gap_is_found_by_typing_it(app: TestApp) {
    let boss = app.as_user("boss").await;
    let (sales, _, _) = all(&boss, SALE_LIST, json!({ "status": 1 })).await;
    let id = sales[0];
    app.sql(&format!(
        "UPDATE listing SET price = 50000000 WHERE id = {id}"
    ))
    .await;
    let boss = app.as_user("boss").await;
    let typed = |min: &str, max: &str| json!({ "priceMin": min, "priceMax": max });
    assert!(lists(&boss, SALE_LIST, typed("45", "55"), id).await);
    assert!(lists(&boss, SALE_LIST, typed("50", "50"), id).await);
    assert!(lists(&boss, SALE_LIST, typed("", "50"), id).await);
    assert!(!lists(&boss, SALE_LIST, typed("50.01", ""), id).await);
    assert!(!lists(&boss, SALE_LIST, typed("", "49.99"), id).await);
    // Beside a range, both hold: 50万 is in no §9 range.
    let both = json!({ "priceMin": "45", "priceMax": "55", "priceRange": 0 });
    assert!(!lists(&boss, SALE_LIST, both, id).await);
    // Every row a typed pair lists is within it, and the total counts them.
    let (ids, rows, total) = all(&boss, SALE_LIST, typed("60", "100")).await;
    assert_eq!(ids.len() as u64, total);
    assert!(total > 0, "the demo has sales between 60万 and 100万");
    assert!(rows.iter().all(|row| {
        let price = row["price"].as_i64().unwrap();
        (60_000_000..=100_000_000).contains(&price)
    }));

    let (rentals, _, _) = all(&boss, RENTAL_LIST, json!({})).await;
    let rental = rentals[0];
    app.sql(&format!(
        "UPDATE listing SET price = 350000 WHERE id = {rental}"
    ))
    .await;
    let boss = app.as_user("boss").await;
    assert!(lists(&boss, RENTAL_LIST, typed("3500", "3500"), rental).await);
    assert!(!lists(&boss, RENTAL_LIST, typed("3600", ""), rental).await);

    boss.post(SALE_LIST, typed("80", "60"))
        .await
        .assert_error(10000004, "最低总价不能高于最高总价");
    boss.post(RENTAL_LIST, typed("-1", ""))
        .await
        .assert_error(10000004, "租金须为0或正数，最多两位小数");
}

on_both_backends!(
    a_sale_is_listed_by_its_bands_as_it_is_edited,
    a_rental_is_listed_by_its_rent_and_area_bands,
    a_price_in_the_specs_gap_is_found_by_typing_it,
);
