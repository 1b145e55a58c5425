//! The community dictionary (小区): a store's people add and change their city's communities,
//! a name is taken once per city and a refusal names the community holding it, typing initials
//! or pinyin finds a community as core's match rule says, and one city never sees the other's.

use std::collections::BTreeSet;

use brokerdesk_core::community::{Keys, matches, parse_query, spell};
use serde_json::{Value, json};

use crate::common::TestApp;
use crate::fixtures::Seeded;
use crate::on_both_backends;

const LIST: &str = "/api/v1/fm/house/community/list";
const SUGGEST: &str = "/api/v1/fm/house/community/suggest";
const ADD: &str = "/api/v1/fm/house/community/add";
const EDIT: &str = "/api/v1/fm/house/community/edit";
const DETAIL: &str = "/api/v1/fm/house/community/detail";

fn names(rows: &Value) -> Vec<String> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|row| row["name"].as_str().unwrap().to_owned())
        .collect()
}

async fn a_community_is_kept_from_entry_to_its_rooms(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let agent = app.as_user("agent").await;
    let created = manager
        .data(
            ADD,
            json!({
                "name": "翠苑一区", "aliases": "翠苑，翠苑新村", "districtId": s.districts["西湖区"],
                "businessCircleId": s.circles["文三路"], "address": "西湖区文一路100号",
                "propertyType": 1, "buildYear": 1996, "developer": "杭州城建开发",
                "propertyCompany": "翠苑物业", "propertyFee": "0.85", "plotRatio": "1.8",
                "greenRatio": "30.5", "lng": "120.128", "lat": "30.284", "offerStatus": 2,
            }),
        )
        .await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["aliases"], json!(["翠苑", "翠苑新村"]));
    assert_eq!(
        (&created["pinyin"], &created["initials"]),
        (&json!("cuiyuanyiqu"), &json!("cyyq"))
    );
    assert_eq!(
        (
            &created["propertyFee"],
            &created["plotRatio"],
            &created["greenRatio"]
        ),
        (&json!(85), &json!(180), &json!(3050))
    );
    assert_eq!(created["districtName"], "西湖区");
    assert_eq!(created["businessCircleName"], "文三路");

    // The name, or an alias, is taken once per city: the refusal names who holds it.
    let taken = manager
        .post(
            ADD,
            json!({ "name": "西湖家园", "districtId": s.districts["滨江区"], "propertyType": 1, "offerStatus": 1 }),
        )
        .await;
    let holder = manager.data(LIST, json!({ "keyword": "西湖家园" })).await["list"][0]["id"]
        .as_i64()
        .unwrap();
    taken.assert_error(
        10000409,
        &format!("同城小区名称重复：已有西湖区小区「西湖家园」（编号{holder}）"),
    );
    assert_eq!(
        taken.body["errors"]["name"][0],
        taken.message(),
        "the refusal lands on the name field"
    );
    manager
        .post(
            ADD,
            json!({ "name": "新翠苑", "aliases": "翠苑新村", "districtId": s.districts["西湖区"], "propertyType": 1, "offerStatus": 1 }),
        )
        .await
        .assert_error(
            10000409,
            &format!("同城小区名称重复：「翠苑新村」是西湖区小区「翠苑一区」（编号{id}）的别名"),
        );
    // Another city may have a community of the same name.
    let ningbo = app.as_user("nbmanager").await;
    let ningbo_districts = ningbo
        .data("/api/v1/fm/house/community/areas", json!({}))
        .await;
    let elsewhere = ningbo
        .post(
            ADD,
            json!({ "name": "翠苑一区", "districtId": ningbo_districts[0]["id"], "propertyType": 1, "offerStatus": 1 }),
        )
        .await;
    assert_eq!(elsewhere.code(), 0, "{}", elsewhere.body);
    // A district of the other city is refused.
    manager
        .post(
            ADD,
            json!({ "name": "错城小区", "districtId": ningbo_districts[0]["id"], "propertyType": 1, "offerStatus": 1 }),
        )
        .await
        .assert_error(10000004, "请选择本城市的区域");

    // An agent edits it (the demo's 经纪人 holds 编辑); aliases are replaced as typed.
    let edited = agent
        .data(
            EDIT,
            json!({
                "id": id, "name": "翠苑一区", "aliases": "翠苑小区", "districtId": s.districts["西湖区"],
                "propertyType": 1, "offerStatus": 3, "propertyFee": "",
            }),
        )
        .await;
    assert_eq!(edited["aliases"], json!(["翠苑小区"]));
    assert_eq!(edited["offerStatus"], 3);
    assert_eq!(edited["propertyFee"], Value::Null);

    // Buildings, units and rooms, each unique in its parent.
    let building = agent
        .data(
            "/api/v1/fm/house/building/add",
            json!({ "communityId": id, "name": "1幢", "floors": 6 }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    agent
        .post(
            "/api/v1/fm/house/building/add",
            json!({ "communityId": id, "name": "1幢" }),
        )
        .await
        .assert_error(10000409, "该小区已有栋座「1幢」");
    let unit = agent
        .data(
            "/api/v1/fm/house/unit/add",
            json!({ "buildingId": building, "name": "1单元" }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    for (name, floor) in [("502", 5), ("101", 1)] {
        agent
            .data(
                "/api/v1/fm/house/room/add",
                json!({ "unitId": unit, "name": name, "floor": floor }),
            )
            .await;
    }
    agent
        .post(
            "/api/v1/fm/house/room/add",
            json!({ "unitId": unit, "name": "101" }),
        )
        .await
        .assert_error(10000409, "该单元已有房号「101」");
    // A room is not above its building's top floor, nor the building below its rooms.
    let too_high = agent
        .post(
            "/api/v1/fm/house/room/add",
            json!({ "unitId": unit, "name": "701", "floor": 7 }),
        )
        .await;
    too_high.assert_error(10000004, "所在楼层不能高于该栋座的总层数（6层）");
    agent
        .post(
            "/api/v1/fm/house/building/edit",
            json!({ "id": building, "name": "1幢", "floors": 4 }),
        )
        .await
        .assert_error(10000004, "该栋座已有第5层的房号，总层数不能低于5层");
    let detail = agent.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(
        (
            detail["buildingCount"].as_i64(),
            detail["roomCount"].as_i64()
        ),
        (Some(1), Some(2))
    );
    let tree = &detail["buildings"][0];
    assert_eq!(
        (tree["name"].as_str(), tree["floors"].as_i64()),
        (Some("1幢"), Some(6))
    );
    let rooms: Vec<&str> = tree["units"][0]["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|room| room["name"].as_str().unwrap())
        .collect();
    assert_eq!(rooms, ["101", "502"], "rooms by floor");

    // Removal goes from the bottom up; agents have no 删除 of communities.
    manager
        .post("/api/v1/fm/house/unit/delete", json!({ "id": unit }))
        .await
        .assert_error(10020006, "该单元下还有房号，无法删除");
    manager
        .post("/api/v1/fm/house/community/delete", json!({ "id": id }))
        .await
        .assert_error(10020006, "该小区下还有栋座，无法删除");
    agent
        .post("/api/v1/fm/house/community/delete", json!({ "id": id }))
        .await
        .assert_error(10020001, "无权限执行该操作");
}

/// 重盘 starts with one flat entered twice under two spellings: a building's, unit's or
/// room's name is compared with its siblings' without width, spaces or a trailing unit word,
/// and kept half-width and trimmed.
async fn a_flat_is_one_room_whatever_its_name_is_typed_as(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let agent = app.as_user("agent").await;
    let id = manager
        .data(
            ADD,
            json!({ "name": "重名测试苑", "districtId": s.districts["西湖区"], "propertyType": 1, "offerStatus": 1 }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let building = agent
        .data(
            "/api/v1/fm/house/building/add",
            json!({ "communityId": id, "name": "9幢", "floors": 20 }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    for typed in ["９幢", "9栋", " 9号楼 "] {
        agent
            .post(
                "/api/v1/fm/house/building/add",
                json!({ "communityId": id, "name": typed }),
            )
            .await
            .assert_error(10000409, "该小区已有栋座「9幢」");
    }
    let other = agent
        .data(
            "/api/v1/fm/house/building/add",
            json!({ "communityId": id, "name": "　１０栋 " }),
        )
        .await;
    assert_eq!(other["name"], "10栋", "kept half-width and trimmed");
    let unit = agent
        .data(
            "/api/v1/fm/house/unit/add",
            json!({ "buildingId": building, "name": "1单元" }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    agent
        .post(
            "/api/v1/fm/house/unit/add",
            json!({ "buildingId": building, "name": "１单元" }),
        )
        .await
        .assert_error(10000409, "该栋座已有单元「1单元」");
    agent
        .data(
            "/api/v1/fm/house/room/add",
            json!({ "unitId": unit, "name": "1501", "floor": 15 }),
        )
        .await;
    for typed in ["１５０１", "1501室", "1501号"] {
        agent
            .post(
                "/api/v1/fm/house/room/add",
                json!({ "unitId": unit, "name": typed, "floor": 15 }),
            )
            .await
            .assert_error(10000409, "该单元已有房号「1501」");
    }
    let next = agent
        .data(
            "/api/v1/fm/house/room/add",
            json!({ "unitId": unit, "name": "1502", "floor": 15 }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    // A room renamed onto its neighbour is refused; renamed onto itself it is kept, cleaned.
    agent
        .post(
            "/api/v1/fm/house/room/edit",
            json!({ "id": next, "name": "１５０１室", "floor": 15 }),
        )
        .await
        .assert_error(10000409, "该单元已有房号「1501」");
    let renamed = agent
        .data(
            "/api/v1/fm/house/room/edit",
            json!({ "id": next, "name": "１５０２室", "floor": 15 }),
        )
        .await;
    assert_eq!(renamed["name"], "1502室");
}

async fn typing_initials_or_pinyin_finds_a_community(app: TestApp) {
    let manager = app.as_user("manager").await;
    let found = manager.data(SUGGEST, json!({ "keyword": "xhjy" })).await;
    assert_eq!(names(&found), ["西湖家园"]);
    assert_eq!(found[0]["districtName"], "西湖区");
    assert_eq!(found[0]["alias"], Value::Null);
    assert!(
        names(&manager.data(SUGGEST, json!({ "keyword": "XiHu" })).await)
            .contains(&"西湖家园".to_owned())
    );
    // Full pinyin as a place name reads (金都 jindu, not jindou).
    assert_eq!(
        names(
            &manager
                .data(SUGGEST, json!({ "keyword": "jinduhuafu" }))
                .await
        ),
        ["金都华府"]
    );
    // Found by an alias, saying which.
    let by_alias = manager.data(SUGGEST, json!({ "keyword": "lcghc" })).await;
    assert_eq!(names(&by_alias), ["桂花城"]);
    assert_eq!(by_alias[0]["alias"], "绿城桂花城");
    assert_eq!(
        names(&manager.data(SUGGEST, json!({ "keyword": "  " })).await),
        Vec::<String>::new()
    );
    // 宁波's communities are never offered in 杭州, nor the other way round.
    assert_eq!(
        names(&manager.data(SUGGEST, json!({ "keyword": "tyjy" })).await),
        Vec::<String>::new()
    );
    let ningbo = app.as_user("nbmanager").await;
    assert_eq!(
        names(&ningbo.data(SUGGEST, json!({ "keyword": "tyjy" })).await),
        ["天一家园"]
    );
    assert_eq!(
        names(&ningbo.data(SUGGEST, json!({ "keyword": "xhjy" })).await),
        Vec::<String>::new()
    );
}

/// The list's keyword filter gives what core's match rule gives over every community of the city.
async fn the_server_finds_what_the_core_rule_matches(app: TestApp) {
    let manager = app.as_user("manager").await;
    let all = manager.data(LIST, json!({ "pageSize": 100 })).await;
    let rows = all["list"].as_array().unwrap();
    assert_eq!(all["total"], rows.len());
    for typed in [
        "x",
        "xh",
        "xihu",
        "xxh",
        "jy",
        "dfj",
        "lc",
        "西溪",
        "家园",
        "chunbo",
        "cbnanyuan",
        "9",
    ] {
        let query = parse_query(typed).unwrap();
        let expected: BTreeSet<String> = rows
            .iter()
            .filter(|row| {
                let name = row["name"].as_str().unwrap();
                let own = Keys {
                    name,
                    pinyin: row["pinyin"].as_str().unwrap(),
                    initials: row["initials"].as_str().unwrap(),
                };
                matches(&query, &own)
                    || row["aliases"].as_array().unwrap().iter().any(|alias| {
                        let alias = alias.as_str().unwrap();
                        let spelt = spell(alias);
                        matches(
                            &query,
                            &Keys {
                                name: alias,
                                pinyin: &spelt.pinyin,
                                initials: &spelt.initials,
                            },
                        )
                    })
            })
            .map(|row| row["name"].as_str().unwrap().to_owned())
            .collect();
        let found: BTreeSet<String> = names(
            &manager
                .data(LIST, json!({ "pageSize": 100, "keyword": typed }))
                .await["list"],
        )
        .into_iter()
        .collect();
        assert_eq!(found, expected, "{typed}");
    }
}

async fn lists_filter_within_the_callers_city(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let all = manager.data(LIST, json!({ "pageSize": 10 })).await;
    assert_eq!(all["total"], 28, "杭州's demo communities");
    assert_eq!(all["list"].as_array().unwrap().len(), 10);
    let west = manager
        .data(
            LIST,
            json!({ "pageSize": 100, "districtId": s.districts["西湖区"], "offerStatus": 2 }),
        )
        .await;
    for row in west["list"].as_array().unwrap() {
        assert_eq!(
            (row["districtName"].as_str(), row["offerStatus"].as_i64()),
            (Some("西湖区"), Some(2))
        );
    }
    assert!(west["total"].as_u64().unwrap() > 3);
    let circle = manager
        .data(
            LIST,
            json!({ "pageSize": 100, "businessCircleId": s.circles["黄龙"] }),
        )
        .await;
    assert_eq!(names(&circle["list"]).len(), 3);
    manager
        .post(LIST, json!({ "pageSize": 15 }))
        .await
        .assert_error(10000004, "每页条数只能是5、10、20、30、40、50、100之一");
    let ningbo = app.as_user("nbmanager").await;
    let theirs = ningbo.data(LIST, json!({ "pageSize": 100 })).await;
    assert_eq!(theirs["total"], 12);
    assert!(!names(&theirs["list"]).contains(&"西湖家园".to_owned()));
    // Another city's community cannot be read or changed by id.
    let hangzhou_one = all["list"][0]["id"].as_i64().unwrap();
    ningbo
        .post(DETAIL, json!({ "id": hangzhou_one }))
        .await
        .assert_error(10020002, "无权限访问该数据");
    ningbo
        .post(
            "/api/v1/fm/house/building/add",
            json!({ "communityId": hangzhou_one, "name": "9幢" }),
        )
        .await
        .assert_error(10020002, "无权限访问该数据");
    // A business circle stays while communities are in it.
    app.as_user("admin")
        .await
        .post(
            "/api/v1/fm/cityConfig/businessCircle/delete",
            json!({ "id": s.circles["黄龙"] }),
        )
        .await
        .assert_error(10020006, "该商圈下还有小区，无法删除");
}

/// 在售状态 says what the listings say: a community the company has a listing on the market in
/// is 在售/在租 in the list, its filter and its detail, whatever the dictionary stored; its rooms
/// let or to let are 在租, and deleting one names the rental on it.
async fn a_community_with_listings_on_the_market_is_on_offer(app: TestApp) {
    let agent = app.as_user("agent").await;
    let find = |status: i64| json!({ "pageSize": 100, "keyword": "江景轩", "offerStatus": status });
    // The demo stores 江景轩 as 未挂牌; it has a sale and a rental on the market.
    assert_eq!(agent.data(LIST, find(1)).await["total"], 0);
    let listed = agent.data(LIST, find(2)).await;
    assert_eq!(names(&listed["list"]), ["江景轩"]);
    assert_eq!(listed["list"][0]["offerStatus"], 2);
    let id = listed["list"][0]["id"].clone();
    let detail = agent.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(detail["offerStatus"], 2);
    // Every community the filter gives for 未挂牌 shows 未挂牌.
    let unlisted = agent
        .data(LIST, json!({ "pageSize": 100, "offerStatus": 1 }))
        .await;
    for row in unlisted["list"].as_array().unwrap() {
        assert_eq!(row["offerStatus"], 1, "{}", row["name"]);
    }
    let rooms: Vec<Value> = detail["buildings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| b["units"].as_array().unwrap().clone())
        .flat_map(|u| u["rooms"].as_array().unwrap().clone())
        .collect();
    let let_room = rooms
        .iter()
        .find(|room| room["onMarket"] == "在租")
        .expect("江景轩 has a rental on the market");
    assert_eq!(let_room["listingTrade"], 2);
    assert!(
        rooms
            .iter()
            .any(|room| room["onMarket"] == "在售" && room["listingTrade"] == 1)
    );
    let refused = agent
        .post(
            "/api/v1/fm/house/room/delete",
            json!({ "id": let_room["id"] }),
        )
        .await;
    refused.assert_error(
        10020006,
        &format!(
            "房号「{}」已有租房房源（房源编号{}），无法删除",
            let_room["name"].as_str().unwrap(),
            let_room["listingId"]
        ),
    );
}

/// A building or unit added without a 排序 goes after its siblings, not before 1幢; an edit
/// without one keeps its place.
async fn a_new_part_is_placed_after_its_siblings(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let id = agent
        .data(
            ADD,
            json!({ "name": "排序测试苑", "districtId": s.districts["西湖区"], "propertyType": 1, "offerStatus": 1 }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let mut sorts = Vec::new();
    for (name, sort) in [("1幢", None), ("2幢", Some(5)), ("3幢", None)] {
        let made = agent
            .data(
                "/api/v1/fm/house/building/add",
                json!({ "communityId": id, "name": name, "sort": sort }),
            )
            .await;
        sorts.push((made["id"].as_i64().unwrap(), made["sort"].as_i64().unwrap()));
    }
    assert_eq!(
        sorts.iter().map(|(_, sort)| *sort).collect::<Vec<_>>(),
        [1, 5, 6]
    );
    let edited = agent
        .data(
            "/api/v1/fm/house/building/edit",
            json!({ "id": sorts[0].0, "name": "1幢", "floors": 7 }),
        )
        .await;
    assert_eq!(edited["sort"], 1, "an edit without 排序 keeps its place");
    let buildings = agent
        .data(
            "/api/v1/fm/house/building/list",
            json!({ "communityId": id }),
        )
        .await;
    assert_eq!(names(&buildings), ["1幢", "2幢", "3幢"]);
    for name in ["1单元", "2单元"] {
        agent
            .data(
                "/api/v1/fm/house/unit/add",
                json!({ "buildingId": sorts[0].0, "name": name }),
            )
            .await;
    }
    let units = agent
        .data(
            "/api/v1/fm/house/unit/list",
            json!({ "buildingId": sorts[0].0 }),
        )
        .await;
    assert_eq!(names(&units), ["1单元", "2单元"]);
}

on_both_backends!(
    a_community_with_listings_on_the_market_is_on_offer,
    a_community_is_kept_from_entry_to_its_rooms,
    a_new_part_is_placed_after_its_siblings,
    a_flat_is_one_room_whatever_its_name_is_typed_as,
    typing_initials_or_pinyin_finds_a_community,
    the_server_finds_what_the_core_rule_matches,
    lists_filter_within_the_callers_city,
);
