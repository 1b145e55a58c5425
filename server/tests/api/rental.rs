//! 租房 over HTTP: a rental is a listing with another trade. Entering one (rent in fen, its
//! terms and furnishing), 重盘 refused per trade (a home may be for sale and for rent at once),
//! the two route families never answering for each other's rows, the rent and area filters,
//! each demo user's scope and masked owner phones, the rental's words in the lifecycle (租出,
//! 重新上架), and two claims of one public rental of which exactly one wins.

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, assert_no_foreign_rows};
use crate::on_both_backends;

const LIST: &str = "/api/v1/fm/house/rental/list";
const DETAIL: &str = "/api/v1/fm/house/rental/detail";
const ADD: &str = "/api/v1/fm/house/rental/add";
const EDIT: &str = "/api/v1/fm/house/rental/edit";
const TRANSITION: &str = "/api/v1/fm/house/rental/transition";
const CLAIM: &str = "/api/v1/fm/house/rental/claim";
const REVEAL: &str = "/api/v1/fm/house/rental/revealPhone";
const FOLLOW_UP: &str = "/api/v1/fm/house/rental/followUp/add";
const FOLLOW_UPS: &str = "/api/v1/fm/house/rental/followUp/list";
const SALE_LIST: &str = "/api/v1/fm/house/old/list";
const SALE_DETAIL: &str = "/api/v1/fm/house/old/detail";

async fn rows_of(caller: &Caller<'_>, path: &str, filter: Value) -> Vec<Value> {
    let mut body = json!({ "pageNum": 1, "pageSize": 100 });
    for (key, value) in filter.as_object().unwrap() {
        body[key] = value.clone();
    }
    caller.data(path, body).await["list"]
        .as_array()
        .unwrap()
        .clone()
}

async fn one(caller: &Caller<'_>, filter: Value, pick: impl Fn(&Value) -> bool) -> Value {
    rows_of(caller, LIST, filter)
        .await
        .into_iter()
        .find(|row| pick(row))
        .expect("the demo data has such a rental")
}

fn form(room_id: i64) -> Value {
    json!({
        "roomId": room_id, "area": "89.5", "rooms": 2, "halls": 1, "baths": 1,
        "totalFloors": 18, "floor": 6, "orientation": 9, "decoration": 4, "rent": "3500",
        "rentType": 1, "paymentTerms": 2, "availableFrom": "2026-12-01",
        "facilities": [8, 1, 7], "tags": [3], "description": "拎包入住",
        "ownerName": "测试房东", "ownerPhone": "13712345678"
    })
}

/// A rental carries 看房时间 and 房源角色 as a sale does: saved sorted, refused on their fields
/// with nothing written, and its own route family lists the roles.
async fn a_rental_keeps_its_viewing_slots_and_roles(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let sale = rows_of(&agent, SALE_LIST, json!({ "status": 1, "pool": 1 }))
        .await
        .into_iter()
        .find(|row| row["maintainerId"] == s.users["agent"])
        .expect("the agent keeps a listing for sale");
    let room_id = agent.data(SALE_DETAIL, json!({ "id": sale["id"] })).await["roomId"]
        .as_i64()
        .unwrap();
    let choices = agent
        .data("/api/v1/fm/house/rental/roleChoices", json!({}))
        .await;
    let key = choices["roles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "钥匙人")
        .expect("杭州 has 钥匙人")["id"]
        .clone();
    let mut body = form(room_id);
    body["viewingSlots"] = json!([0]);
    agent
        .post(ADD, body.clone())
        .await
        .assert_error(10000004, "请选择看房时间");
    body["viewingSlots"] = json!([53, 13]);
    body["roles"] = json!([{ "roleId": key, "userId": s.users["manager2"] }]);
    agent
        .post(ADD, body.clone())
        .await
        .assert_error(10000004, "房源角色只能选择本门店或您管辖范围内在职的同事");
    assert!(
        rows_of(&agent, LIST, json!({ "keyword": sale["communityName"] }))
            .await
            .iter()
            .all(|row| row["roomLabel"] != sale["roomLabel"]),
        "nothing was written"
    );
    body["roles"] = json!([{ "roleId": key, "userId": s.users["manager"] }]);
    let added = agent.data(ADD, body).await;
    assert_eq!(added["viewingSlots"], json!([13, 53]));
    assert_eq!(added["roles"][0]["roleName"], "钥匙人");
    assert_eq!(added["roles"][0]["userName"], "王建国");
    assert_eq!(
        agent.data(DETAIL, json!({ "id": added["id"] })).await["viewingSlots"],
        json!([13, 53])
    );
}

async fn entering_a_rental_beside_a_sale_of_its_room(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    // A room on sale by the agent's company may be let too: another trade.
    let sale = rows_of(&agent, SALE_LIST, json!({ "status": 1, "pool": 1 }))
        .await
        .into_iter()
        .find(|row| row["maintainerId"] == s.users["agent"])
        .expect("the agent keeps a listing for sale");
    let room_id = agent.data(SALE_DETAIL, json!({ "id": sale["id"] })).await["roomId"]
        .as_i64()
        .unwrap();
    let added = agent.data(ADD, form(room_id)).await;
    assert_eq!(added["trade"], 2);
    assert_eq!(added["price"], 350_000, "the monthly rent in fen");
    // 3500元 over 89.5㎡: 39.11元/㎡ a month, in fen, half up.
    assert_eq!(added["unitPrice"], 3_911);
    assert_eq!(
        (added["rentType"].as_i64(), added["paymentTerms"].as_i64()),
        (Some(1), Some(2))
    );
    assert_eq!(added["facilities"], json!([1, 7, 8]));
    assert_eq!(added["availableFrom"], "2026-12-01");
    assert_eq!(
        added["ownerPhone"], "137 1234 5678",
        "the maintainer sees it whole"
    );
    assert_eq!(
        added["offeredActions"],
        json!(["seal", "defer", "reserve", "dealOthers", "release"])
    );

    // 重盘 of the same trade is refused naming the rental.
    let again = agent.post(ADD, form(room_id)).await;
    // Named as the room's tag names it: the room in full, the listing, its store and keeper.
    let message = format!(
        "{}已有在租房源（房源编号{}，{}{}维护），不能重复录入，请选择其他房号",
        added["roomLabel"].as_str().unwrap(),
        added["id"],
        added["storeName"].as_str().unwrap(),
        added["maintainerName"].as_str().unwrap()
    );
    again.assert_error(10000409, &message);
    // A sale's form is not a rental's: no rent, no terms.
    let mut bare = form(room_id);
    bare["rent"] = json!("");
    bare["price"] = json!("300");
    let refused = agent.post(ADD, bare).await;
    assert_eq!(
        refused.body["errors"]["rent"],
        json!(["月租金(元)不能为空"]),
        "{}",
        refused.body
    );

    // Each family answers for its own rows only.
    agent
        .post(SALE_DETAIL, json!({ "id": added["id"] }))
        .await
        .assert_error(10020003, "数据不存在或已被删除");
    agent
        .post(DETAIL, json!({ "id": sale["id"] }))
        .await
        .assert_error(10020003, "数据不存在或已被删除");
    let sales = rows_of(&agent, SALE_LIST, json!({})).await;
    assert!(
        sales
            .iter()
            .all(|row| row["trade"] == 1 && row["id"] != added["id"])
    );

    let mut edit = form(room_id);
    edit["id"] = added["id"].clone();
    edit["rent"] = json!("3800");
    assert_eq!(agent.data(EDIT, edit.clone()).await["price"], 380_000);
    edit["id"] = sale["id"].clone();
    agent
        .post(EDIT, edit)
        .await
        .assert_error(10020003, "数据不存在或已被删除");

    agent
        .data(
            FOLLOW_UP,
            json!({ "listingId": added["id"], "content": "租客周六看房" }),
        )
        .await;
    let follow_ups = agent
        .data(
            FOLLOW_UPS,
            json!({ "listingId": added["id"], "pageNum": 1, "pageSize": 10 }),
        )
        .await;
    assert_eq!(follow_ups["total"], 1);
    assert_eq!(follow_ups["list"][0]["content"], "租客周六看房");
}

async fn the_filters_narrow_the_rentals(app: TestApp) {
    let boss = app.as_user("boss").await;
    let all = rows_of(&boss, LIST, json!({})).await;
    assert!(
        all.len() >= 10,
        "the demo company lets homes: {}",
        all.len()
    );
    assert!(all.iter().all(|row| row["trade"] == 2));
    // 3000-5000元 (index 3 of core's rent ranges), in fen.
    let band = rows_of(&boss, LIST, json!({ "rentRange": 3 })).await;
    assert!(!band.is_empty() && band.len() < all.len());
    for row in &band {
        let rent = row["price"].as_i64().unwrap();
        assert!((300_000..500_000).contains(&rent), "{row}");
    }
    // 70-90㎡ and 合租.
    for row in rows_of(&boss, LIST, json!({ "areaRange": 2 })).await {
        let area = row["area"].as_i64().unwrap();
        assert!((7_000..9_000).contains(&area), "{row}");
    }
    let shared = rows_of(&boss, LIST, json!({ "rentType": 2 })).await;
    assert!(!shared.is_empty() && shared.iter().all(|row| row["rentType"] == 2));
    let let_out = rows_of(&boss, LIST, json!({ "status": 5 })).await;
    assert!(!let_out.is_empty() && let_out.iter().all(|row| row["status"] == 5));
    // A sale's range is not the rental list's.
    let refused = boss
        .post(
            LIST,
            json!({ "pageNum": 1, "pageSize": 10, "priceRange": 1 }),
        )
        .await;
    assert_eq!(refused.code(), 10000004, "{}", refused.body);
    assert_eq!(
        refused.body["errors"]["priceRange"],
        json!(["筛选范围不存在，请重新选择"])
    );
}

async fn each_user_sees_their_rentals_and_phones_as_the_rule_says(app: TestApp) {
    let s = Seeded::load(&app).await;
    for user in [
        "manager",
        "agent",
        "boss",
        "manager2",
        "nbmanager",
        "partner",
    ] {
        let caller = app.as_user(user).await;
        let me = s.users[user];
        let answer = caller
            .post(LIST, json!({ "pageNum": 1, "pageSize": 100 }))
            .await;
        assert_no_foreign_rows(user, LIST, &answer.body);
        let list = answer.data()["list"].as_array().unwrap().clone();
        for row in &list {
            let mine = row["maintainerId"].as_i64() == Some(me);
            assert_eq!(
                !row["ownerPhone"].as_str().unwrap().contains('*'),
                mine,
                "{user}: {row}"
            );
            let expected = match (mine, user) {
                (true, _) => "full",
                (false, "agent") => "masked",
                (false, _) => "reveal",
            };
            assert_eq!(row["phoneAccess"], expected, "{user}: {row}");
            if row["pool"] == 1 && ["manager", "agent"].contains(&user) {
                assert_eq!(row["storeName"], "西湖店", "{user}: {row}");
            }
        }
        match user {
            "partner" => assert!(list.is_empty(), "the partner lets nothing"),
            _ => assert!(!list.is_empty(), "{user} sees their rentals"),
        }
    }
    // A manager's reveal of an agent's landlord is on file as a rental's.
    let manager = app.as_user("manager").await;
    let agents = one(&manager, json!({ "pool": 1 }), |row| {
        row["maintainerId"] == s.users["agent"]
    })
    .await;
    let revealed = manager.data(REVEAL, json!({ "id": agents["id"] })).await;
    assert!(!revealed["ownerPhone"].as_str().unwrap().contains('*'));
    let audit = app
        .as_user("admin")
        .await
        .data(
            "/api/v1/fm/audit/list",
            json!({ "pageNum": 1, "pageSize": 10, "entity": "rental", "action": "reveal" }),
        )
        .await;
    assert_eq!(audit["total"], 1, "{audit}");
    let agent = app.as_user("agent").await;
    let managers = one(&agent, json!({ "pool": 1 }), |row| {
        row["maintainerId"] == s.users["manager"]
    })
    .await;
    agent
        .post(REVEAL, json!({ "id": managers["id"] }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    assert_eq!(
        app.as_user("manager2")
            .await
            .post(DETAIL, json!({ "id": agents["id"] }))
            .await
            .code(),
        10020002
    );
}

async fn a_let_rental_comes_back_on_the_market(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let mine = one(&agent, json!({ "status": 1, "pool": 1 }), |row| {
        row["maintainerId"] == s.users["agent"]
    })
    .await;
    let id = mine["id"].clone();
    let act = |action: &str, reason: Option<i64>| json!({ "id": id, "action": action, "reason": reason, "remark": "" });
    let sealed = agent.data(TRANSITION, act("seal", Some(1))).await;
    assert_eq!(sealed["history"][0]["reason"], "业主要求暂停出租");
    assert_eq!(sealed["history"][0]["actionLabel"], "封盘");
    agent
        .post(TRANSITION, act("unseal", Some(1)))
        .await
        .assert_error(10020005, "只有店长可以执行「解封」");
    let unsealed = manager.data(TRANSITION, act("unseal", Some(1))).await;
    assert_eq!(unsealed["history"][0]["reason"], "业主恢复出租");
    agent
        .post(TRANSITION, act("dealOurs", None))
        .await
        .assert_error(10020005, "只有店长可以执行「我司租出」");
    let let_out = manager.data(TRANSITION, act("dealOurs", None)).await;
    assert_eq!(let_out["status"], 5);
    assert_eq!(let_out["history"][0]["toStatus"], "我司租出（私盘）");
    assert_eq!(let_out["history"][0]["actionLabel"], "我司租出");
    let mut edit = form(0);
    edit["id"] = id.clone();
    agent
        .post(EDIT, edit)
        .await
        .assert_error(10020005, "已租出的房源不能编辑，请先重新上架");

    // While it is let, the agent enters the room again; the tenant leaves; 重新上架 is refused
    // naming the newer rental, and allowed once that one is withdrawn.
    let room_id = agent.data(DETAIL, json!({ "id": id })).await["roomId"]
        .as_i64()
        .unwrap();
    let newer = agent.data(ADD, form(room_id)).await;
    let refused = agent.post(TRANSITION, act("relist", None)).await;
    assert_eq!(refused.code(), 10000409, "{}", refused.body);
    assert!(
        refused
            .message()
            .contains(&format!("房源编号{}", newer["id"])),
        "{}",
        refused.body
    );
    agent
        .data(
            TRANSITION,
            json!({ "id": newer["id"], "action": "dealOthers" }),
        )
        .await;
    let back = agent.data(TRANSITION, act("relist", None)).await;
    assert_eq!(back["status"], 1);
    assert_eq!(back["history"][0]["actionLabel"], "重新上架");
    assert_eq!(back["history"][0]["fromStatus"], "我司租出（私盘）");
    // A sale has no 重新上架.
    let sold = rows_of(&manager, SALE_LIST, json!({ "status": 5 })).await;
    let refused = manager
        .post(
            "/api/v1/fm/house/old/transition",
            json!({ "id": sold[0]["id"], "action": "relist" }),
        )
        .await;
    assert_eq!(
        (refused.code(), refused.message()),
        (10020005, "当前状态为「我司成交」，不能执行「重新上架」")
    );
}

async fn two_claims_of_one_public_rental_one_wins(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let public = one(&boss, json!({ "status": 1, "pool": 2 }), |_| true).await;
    let id = public["id"].clone();
    assert_eq!(
        app.as_user("nbmanager")
            .await
            .post(CLAIM, json!({ "id": id }))
            .await
            .code(),
        10020002
    );
    let agent = app.as_user("agent").await;
    let manager2 = app.as_user("manager2").await;
    let (a, b) = tokio::join!(
        agent.post(CLAIM, json!({ "id": id })),
        manager2.post(CLAIM, json!({ "id": id })),
    );
    let codes = [a.code(), b.code()];
    assert!(
        codes.contains(&0) && codes.contains(&10020005),
        "{codes:?}: {} {}",
        a.body,
        b.body
    );
    let (winner, loser) = if a.code() == 0 {
        ("agent", &b)
    } else {
        ("manager2", &a)
    };
    assert!(
        [
            "该记录的状态已被他人修改，请刷新后重试",
            "该房源已被他人认领，请刷新后重试"
        ]
        .contains(&loser.message()),
        "{}",
        loser.body
    );
    let after = boss.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(after["maintainerId"], s.users[winner]);
    assert_eq!(after["pool"], 1);
    assert_eq!(after["history"][0]["action"], "claim");
}

on_both_backends!(
    entering_a_rental_beside_a_sale_of_its_room,
    the_filters_narrow_the_rentals,
    each_user_sees_their_rentals_and_phones_as_the_rule_says,
    a_let_rental_comes_back_on_the_market,
    two_claims_of_one_public_rental_one_wins,
    a_rental_keeps_its_viewing_slots_and_roles,
);
