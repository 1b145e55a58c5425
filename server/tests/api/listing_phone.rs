//! An owner's phone on the listing edit form (both trades): the detail the form is filled from
//! never carries the whole number to a demo user who sees it masked; saved untouched (still
//! masked) the stored number stays, a number typed whole replaces it, and a masked value that
//! is not the stored one is refused. Also the entry form's 房号 list: rooms with a listing of the
//! company on the market are marked, and a room added there stays within its building.

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, USERS};
use crate::on_both_backends;

/// The routes of one trade and the form values of an edit (the phones are the test's).
struct Family {
    list: &'static str,
    detail: &'static str,
    edit: &'static str,
    add: &'static str,
    fields: fn() -> Value,
}

const SALE: Family = Family {
    list: "/api/v1/fm/house/old/list",
    detail: "/api/v1/fm/house/old/detail",
    edit: "/api/v1/fm/house/old/edit",
    add: "/api/v1/fm/house/old/add",
    fields: || {
        json!({
            "area": "89.5", "rooms": 2, "halls": 1, "baths": 1, "totalFloors": 18, "floor": 6,
            "orientation": 9, "decoration": 4, "price": "285.5", "ownerName": "测试业主"
        })
    },
};

const LEASE: Family = Family {
    list: "/api/v1/fm/house/rental/list",
    detail: "/api/v1/fm/house/rental/detail",
    edit: "/api/v1/fm/house/rental/edit",
    add: "/api/v1/fm/house/rental/add",
    fields: || {
        json!({
            "area": "89.5", "rooms": 2, "halls": 1, "baths": 1, "totalFloors": 18, "floor": 6,
            "orientation": 9, "decoration": 4, "rent": "3500", "rentType": 1, "paymentTerms": 2,
            "ownerName": "测试房东"
        })
    },
};

/// What the edit form sends for `detail`: its values, its roles and the phones as typed.
fn edit_body(family: &Family, detail: &Value, phone: &str, phone2: &str) -> Value {
    let mut body = (family.fields)();
    body["id"] = detail["id"].clone();
    body["ownerPhone"] = json!(phone);
    body["ownerPhone2"] = json!(phone2);
    body["roles"] = json!(
        detail["roles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| json!({ "roleId": m["roleId"], "userId": m["userId"] }))
            .collect::<Vec<_>>()
    );
    body
}

/// The phone as the form shows it: the answer's text without spaces.
fn bare(phone: &Value) -> String {
    phone.as_str().unwrap().replace(' ', "")
}

/// The listing's phones as its maintainer reads them (whole).
async fn stored(keeper: &Caller<'_>, family: &Family, id: &Value) -> (String, String) {
    let detail = keeper.data(family.detail, json!({ "id": id })).await;
    (bare(&detail["ownerPhone"]), bare(&detail["ownerPhone2"]))
}

async fn the_edit_form_never_carries_a_masked_phone_whole(app: TestApp) {
    let s = Seeded::load(&app).await;
    for family in [&SALE, &LEASE] {
        for user in USERS {
            let caller = app.as_user(user).await;
            let answer = caller
                .post(family.list, json!({ "pageNum": 1, "pageSize": 100 }))
                .await;
            if answer.code() != 0 {
                continue;
            }
            for row in answer.data()["list"].as_array().unwrap() {
                let detail = caller.data(family.detail, json!({ "id": row["id"] })).await;
                let mine = detail["maintainerId"].as_i64() == Some(s.users[user]);
                for field in ["ownerPhone", "ownerPhone2"] {
                    let phone = detail[field].as_str().unwrap();
                    assert!(
                        mine || phone.is_empty() || phone.contains('*'),
                        "{user} reads {field} of {} whole: {phone}",
                        family.detail
                    );
                }
            }
        }
    }
}

async fn saving_a_masked_phone_untouched_keeps_it(app: TestApp) {
    let s = Seeded::load(&app).await;
    for (family, user) in [(&SALE, "manager"), (&SALE, "boss"), (&LEASE, "manager")] {
        let editor = app.as_user(user).await;
        let keeper = app.as_user("agent").await;
        // An agent's listing on the market the manager (or the boss) may edit and sees masked.
        let rows = editor
            .data(
                family.list,
                json!({ "pageNum": 1, "pageSize": 100, "pool": 1 }),
            )
            .await["list"]
            .as_array()
            .unwrap()
            .clone();
        let row = rows
            .iter()
            .find(|row| row["maintainerId"] == s.users["agent"] && row["status"] == 1)
            .expect("the demo agent keeps a valid private listing");
        let detail = editor.data(family.detail, json!({ "id": row["id"] })).await;
        assert_eq!(detail["mayEdit"], true, "{user}: {detail}");
        assert_eq!(detail["phoneAccess"], "reveal", "{user}: {detail}");
        let before = stored(&keeper, family, &row["id"]).await;
        assert!(!before.0.contains('*'), "{before:?}");

        // Saved as the form showed it: the answer stays masked and the number on file stays.
        let shown = bare(&detail["ownerPhone"]);
        let saved = editor
            .data(
                family.edit,
                edit_body(family, &detail, &shown, &bare(&detail["ownerPhone2"])),
            )
            .await;
        assert!(
            saved["ownerPhone"].as_str().unwrap().contains('*'),
            "{saved}"
        );
        assert_eq!(stored(&keeper, family, &row["id"]).await, before, "{user}");

        // A masked value that is not the stored number's is refused on its field.
        let refused = editor
            .post(family.edit, edit_body(family, &detail, "139****0000", ""))
            .await;
        assert_eq!(
            refused.body["errors"],
            json!({ "ownerPhone": ["号码已隐藏，修改请输入完整号码"] }),
            "{}",
            refused.body
        );
        assert_eq!(stored(&keeper, family, &row["id"]).await, before, "{user}");

        // A number typed whole is the new phone.
        editor
            .data(family.edit, edit_body(family, &detail, "13900001111", ""))
            .await;
        assert_eq!(
            stored(&keeper, family, &row["id"]).await,
            ("13900001111".to_owned(), String::new())
        );
        // Put back for the next caller of the demo listing.
        editor
            .data(
                family.edit,
                edit_body(family, &detail, &before.0, &before.1),
            )
            .await;
    }
    // A new listing still needs the number whole.
    let agent = app.as_user("agent").await;
    let mut body = (SALE.fields)();
    body["roomId"] = json!(1);
    body["ownerPhone"] = json!("138****5678");
    let refused = agent.post(SALE.add, body).await;
    assert_eq!(
        refused.body["errors"]["ownerPhone"],
        json!(["请输入正确的固话号码或手机号码"]),
        "{}",
        refused.body
    );
}

/// A room of the unit holding the room of a dealt sale, free for a listing of `trade` (1 sale,
/// 2 lease) as the room list marks it.
async fn free_room(caller: &Caller<'_>, boss: &Caller<'_>, trade: i64) -> i64 {
    let dealt = boss
        .data(
            SALE.list,
            json!({ "pageNum": 1, "pageSize": 5, "status": 5 }),
        )
        .await["list"][0]
        .clone();
    let detail = boss.data(SALE.detail, json!({ "id": dealt["id"] })).await;
    let community = boss
        .data(
            "/api/v1/fm/house/community/detail",
            json!({ "id": detail["communityId"] }),
        )
        .await;
    let unit = community["buildings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| b["units"].as_array().unwrap().clone())
        .find(|u| {
            u["rooms"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["id"] == detail["roomId"])
        })
        .unwrap();
    let rooms = caller
        .data(
            "/api/v1/fm/house/room/list",
            json!({ "unitId": unit["id"], "trade": trade }),
        )
        .await;
    rooms
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["onMarket"] == "")
        .expect("the unit has a room free for the trade")["id"]
        .as_i64()
        .unwrap()
}

async fn an_owner_phone_typed_with_spaces_or_a_landline_is_kept(app: TestApp) {
    let boss = app.as_user("boss").await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    for (family, trade) in [(&SALE, 1), (&LEASE, 2)] {
        let mut body = (family.fields)();
        body["roomId"] = json!(free_room(&agent, &boss, trade).await);
        body["ownerPhone"] = json!("139 0000 3333");
        body["ownerPhone2"] = json!("0571-88886666");
        let added = agent.data(family.add, body).await;
        // The maintainer reads both whole; the number on file is the mobile's digits.
        assert_eq!(
            (&added["ownerPhone"], &added["ownerPhone2"]),
            (&json!("139 0000 3333"), &json!("0571-88886666")),
            "{added}"
        );
        assert_eq!(
            stored(&agent, family, &added["id"]).await,
            ("13900003333".to_owned(), "0571-88886666".to_owned())
        );
        // Their manager, who is not its maintainer, reads both masked.
        let seen = manager
            .data(family.detail, json!({ "id": added["id"] }))
            .await;
        assert_eq!(
            (&seen["ownerPhone"], &seen["ownerPhone2"]),
            (&json!("139 **** 3333"), &json!("0571-****6666")),
            "{seen}"
        );
        // Typed with dashes and +86 on an edit, the mobile is kept as digits too.
        let detail = agent
            .data(family.detail, json!({ "id": added["id"] }))
            .await;
        agent
            .data(
                family.edit,
                edit_body(family, &detail, "139-0000-3333", "+86 139 0000 4444"),
            )
            .await;
        assert_eq!(
            stored(&agent, family, &added["id"]).await,
            ("13900003333".to_owned(), "13900004444".to_owned())
        );
        // A number that is neither is refused with §5's message.
        let refused = agent
            .post(family.edit, edit_body(family, &detail, "0571-888", ""))
            .await;
        assert_eq!(
            refused.body["errors"],
            json!({ "ownerPhone": ["请输入正确的固话号码或手机号码"] }),
            "{}",
            refused.body
        );
    }
}

async fn the_room_list_marks_rooms_on_the_market(app: TestApp) {
    let agent = app.as_user("agent").await;
    let row = agent
        .data(
            SALE.list,
            json!({ "pageNum": 1, "pageSize": 100, "status": 1, "mine": true }),
        )
        .await["list"][0]
        .clone();
    let detail = agent.data(SALE.detail, json!({ "id": row["id"] })).await;
    let room_id = detail["roomId"].as_i64().unwrap();
    let community = agent
        .data(
            "/api/v1/fm/house/community/detail",
            json!({ "id": detail["communityId"] }),
        )
        .await;
    let unit = community["buildings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| b["units"].as_array().unwrap().clone())
        .find(|u| {
            u["rooms"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["id"] == room_id)
        })
        .expect("the listing's room is in its community");
    let marks = |rooms: &Value| -> Vec<(i64, String)> {
        rooms
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["id"].as_i64().unwrap(),
                    r["onMarket"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let for_sale = agent
        .data(
            "/api/v1/fm/house/room/list",
            json!({ "unitId": unit["id"], "trade": 1 }),
        )
        .await;
    let marked = marks(&for_sale);
    assert!(marked.contains(&(room_id, "在售".to_owned())), "{marked:?}");
    // The room names itself in full and the listing on it: who keeps it, for a caller who reads
    // it; its number alone for a colleague of another store (滨江店 does not read 西湖店's).
    let room_of = |rooms: &Value| {
        rooms
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == room_id)
            .unwrap()
            .clone()
    };
    let keeper = format!(
        "{}{}维护",
        detail["storeName"].as_str().unwrap(),
        detail["maintainerName"].as_str().unwrap()
    );
    let room = room_of(&for_sale);
    assert_eq!(room["listingId"], row["id"]);
    assert_eq!(room["label"], detail["roomLabel"]);
    assert_eq!(room["listingKeeper"], keeper.as_str());
    // 小区详情 marks it as well (its 录入房源 is second-hand's): 查看房源 instead.
    assert_eq!(room_of(&unit["rooms"])["onMarket"], "在售");
    assert_eq!(room_of(&unit["rooms"])["listingKeeper"], keeper.as_str());
    let elsewhere = room_of(
        &app.as_user("manager2")
            .await
            .data(
                "/api/v1/fm/house/room/list",
                json!({ "unitId": unit["id"], "trade": 1 }),
            )
            .await,
    );
    assert_eq!(
        (&elsewhere["onMarket"], &elsewhere["listingId"]),
        (&json!("在售"), &row["id"])
    );
    assert_eq!(elsewhere["listingKeeper"], "");
    // Without a trade nothing is marked; another company's manager sees its own market only.
    let plain = marks(
        &agent
            .data(
                "/api/v1/fm/house/room/list",
                json!({ "unitId": unit["id"] }),
            )
            .await,
    );
    assert!(plain.iter().all(|(_, mark)| mark.is_empty()), "{plain:?}");
    let other = app.as_user("partner").await;
    let answer = other
        .post(
            "/api/v1/fm/house/room/list",
            json!({ "unitId": unit["id"], "trade": 1 }),
        )
        .await;
    if answer.code() == 0 {
        assert!(marks(answer.data()).iter().all(|(_, mark)| mark.is_empty()));
    }

    // A room added from the entry form stays within its building's 总层数.
    let building = community["buildings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == unit["buildingId"])
        .unwrap()
        .clone();
    let floors = building["floors"]
        .as_i64()
        .expect("demo buildings have floors");
    let above = agent
        .post(
            "/api/v1/fm/house/room/add",
            json!({ "unitId": unit["id"], "name": "新9901", "floor": floors + 1 }),
        )
        .await;
    assert_eq!(
        above.body["errors"],
        json!({ "floor": [format!("所在楼层不能高于该栋座的总层数（{floors}层）")] }),
        "{}",
        above.body
    );
    let added = agent
        .data(
            "/api/v1/fm/house/room/add",
            json!({ "unitId": unit["id"], "name": "新9901", "floor": floors }),
        )
        .await;
    assert_eq!(added["onMarket"], "");
}

on_both_backends!(
    the_edit_form_never_carries_a_masked_phone_whole,
    saving_a_masked_phone_untouched_keeps_it,
    the_room_list_marks_rooms_on_the_market,
    an_owner_phone_typed_with_spaces_or_a_landline_is_kept,
);
