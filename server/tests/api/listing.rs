//! 二手房源 over HTTP: entering a listing on a dictionary room and 重盘 refused naming the
//! listing on the market, each demo user's scope and what they see of owners' phones, reveals
//! on file, the lifecycle table's guards, and two claims of one public listing of which exactly
//! one wins.

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, USERS, assert_no_foreign_rows};
use crate::on_both_backends;

const LIST: &str = "/api/v1/fm/house/old/list";
const DETAIL: &str = "/api/v1/fm/house/old/detail";
const ADD: &str = "/api/v1/fm/house/old/add";
const EDIT: &str = "/api/v1/fm/house/old/edit";
const TRANSITION: &str = "/api/v1/fm/house/old/transition";
const CLAIM: &str = "/api/v1/fm/house/old/claim";
const REVEAL: &str = "/api/v1/fm/house/old/revealPhone";
const FOLLOW_UP: &str = "/api/v1/fm/house/old/followUp/add";
const FOLLOW_UPS: &str = "/api/v1/fm/house/old/followUp/list";

/// Rows of the list as `caller` sees it with `filter`.
async fn rows(caller: &Caller<'_>, filter: Value) -> Vec<Value> {
    let mut body = json!({ "pageNum": 1, "pageSize": 100 });
    for (key, value) in filter.as_object().unwrap() {
        body[key] = value.clone();
    }
    caller.data(LIST, body).await["list"]
        .as_array()
        .unwrap()
        .clone()
}

/// A listing `caller` sees with `filter` for which `pick` holds.
async fn one(caller: &Caller<'_>, filter: Value, pick: impl Fn(&Value) -> bool) -> Value {
    rows(caller, filter)
        .await
        .into_iter()
        .find(|row| pick(row))
        .expect("the demo data has such a listing")
}

fn form(room_id: i64) -> Value {
    json!({
        "roomId": room_id, "area": "89.5", "rooms": 2, "halls": 1, "baths": 1,
        "totalFloors": 18, "floor": 6, "orientation": 9, "decoration": 4, "price": "285.5",
        "propertyTerm": 70, "tags": [1, 3], "description": "南北通透", "ownerName": "测试业主",
        "ownerPhone": "13712345678"
    })
}

async fn entering_a_listing_and_refusing_a_second_on_its_room(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let agent = app.as_user("agent").await;
    // A room whose listing is dealt is free for a new one.
    let dealt = one(&boss, json!({ "status": 5 }), |_| true).await;
    let room_id = boss.data(DETAIL, json!({ "id": dealt["id"] })).await["roomId"]
        .as_i64()
        .unwrap();
    let added = agent.data(ADD, form(room_id)).await;
    assert_eq!(added["maintainerId"], s.users["agent"]);
    assert_eq!(
        (added["status"].as_i64(), added["pool"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(added["price"], 285_500_000, "price in fen");
    assert_eq!(added["area"], 8_950, "area in hundredths of a ㎡");
    // 285.5万 over 89.5㎡ = 31899.44… yuan: fen per ㎡, half up.
    assert_eq!(added["unitPrice"], 3_189_944);
    assert_eq!(
        added["ownerPhone"], "137 1234 5678",
        "the maintainer sees it whole"
    );
    assert_eq!(added["storeName"], "西湖店");
    // Its history starts with its entry.
    assert_eq!(added["history"][0]["actionLabel"], "录入");
    assert_eq!(added["history"][0]["toStatus"], "有效（私盘）");
    assert_eq!(added["history"][0]["actorId"], s.users["agent"]);

    let again = agent.post(ADD, form(room_id)).await;
    // Named as the room's tag names it: the room in full, the listing, its store and keeper.
    let message = format!(
        "{}已有在售房源（房源编号{}，{}{}维护），不能重复录入，请选择其他房号",
        added["roomLabel"].as_str().unwrap(),
        added["id"],
        added["storeName"].as_str().unwrap(),
        added["maintainerName"].as_str().unwrap()
    );
    again.assert_error(10000409, &message);
    assert_eq!(again.body["errors"], json!({ "roomId": [message] }));
    // The same room in another company is another company's business: 宁波's cannot reach it.
    let ningbo = app
        .as_user("nbmanager")
        .await
        .post(ADD, form(room_id))
        .await;
    assert_ne!(ningbo.code(), 0, "{}", ningbo.body);

    let mut edit = form(room_id);
    edit["id"] = added["id"].clone();
    edit["price"] = json!("300");
    let edited = agent.data(EDIT, edit.clone()).await;
    assert_eq!(edited["price"], 300_000_000);
    assert_eq!(
        app.as_user("manager2")
            .await
            .post(EDIT, edit.clone())
            .await
            .code(),
        10020002
    );
    let mut dealt_edit = edit;
    dealt_edit["id"] = dealt["id"].clone();
    boss.post(EDIT, dealt_edit)
        .await
        .assert_error(10020005, "已成交的房源不能编辑");

    // A follow-up by the maintainer shows in the listing's follow-ups.
    agent
        .data(
            FOLLOW_UP,
            json!({ "listingId": added["id"], "content": "业主同意周末看房" }),
        )
        .await;
    let follow_ups = agent
        .data(
            FOLLOW_UPS,
            json!({ "listingId": added["id"], "pageNum": 1, "pageSize": 10 }),
        )
        .await;
    assert_eq!(follow_ups["total"], 1);
    assert_eq!(follow_ups["list"][0]["content"], "业主同意周末看房");
}

const ROLE_CHOICES: &str = "/api/v1/fm/house/old/roleChoices";

/// The id of the role named `name` in `choices`.
fn role(choices: &Value, name: &str) -> i64 {
    choices["roles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("a role {name} in {choices}"))["id"]
        .as_i64()
        .unwrap()
}

fn colleague_ids(choices: &Value) -> Vec<i64> {
    choices["colleagues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

/// 看房时间 and 房源角色 as the entry form sends them: the slots of §3 saved sorted and once
/// each, anything else refused on its field; roles of the listing's city held by colleagues the
/// caller may pick (their store or scope), others refused with nothing written; someone
/// already in a role stays choosable for whoever edits it.
async fn viewing_slots_and_roles_are_saved_or_refused(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let agent = app.as_user("agent").await;
    let dealt = one(&boss, json!({ "status": 5 }), |_| true).await;
    let room_id = boss.data(DETAIL, json!({ "id": dealt["id"] })).await["roomId"]
        .as_i64()
        .unwrap();

    // The picker: 杭州's five roles in order; the agent's store, not another store's people.
    let choices = agent.data(ROLE_CHOICES, json!({})).await;
    let names: Vec<&str> = choices["roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["录入人", "维护人", "钥匙人", "实勘人", "委托人"]);
    assert_eq!(choices["entererId"], s.users["agent"]);
    assert_eq!(choices["maintainerId"], s.users["agent"]);
    let near = colleague_ids(&choices);
    assert!(near.contains(&s.users["agent"]) && near.contains(&s.users["manager"]));
    assert!(
        !near.contains(&s.users["manager2"]),
        "滨江店 is not the agent's to pick"
    );
    assert!(!near.contains(&s.users["partner"]));
    let company = colleague_ids(&boss.data(ROLE_CHOICES, json!({})).await);
    assert!(
        company.contains(&s.users["manager2"]),
        "the boss picks across the company"
    );
    let ningbo = app
        .as_user("nbmanager")
        .await
        .data(ROLE_CHOICES, json!({}))
        .await;
    let ningbo_entry = role(&ningbo, "录入人");

    let (entry, survey, entrust) = (
        role(&choices, "录入人"),
        role(&choices, "实勘人"),
        role(&choices, "委托人"),
    );
    let with = |slots: Value, roles: Value| {
        let mut body = form(room_id);
        body["viewingSlots"] = slots;
        body["roles"] = roles;
        body
    };
    let member = |role: i64, user: &str| json!({ "roleId": role, "userId": s.users[user] });

    // Refusals, each on its field, and nothing written: the room stays free.
    let refused = agent.post(ADD, with(json!([11, 80]), json!([]))).await;
    refused.assert_error(10000004, "请选择看房时间");
    assert_eq!(
        refused.body["errors"],
        json!({ "viewingSlots": ["请选择看房时间"] })
    );
    for (roles, message) in [
        (
            json!([member(entry, "manager2")]),
            "房源角色只能选择本门店或您管辖范围内在职的同事",
        ),
        (
            json!([member(entry, "partner")]),
            "房源角色只能选择本门店或您管辖范围内在职的同事",
        ),
        (
            json!([member(ningbo_entry, "agent")]),
            "请选择本城市的房源角色",
        ),
        (
            json!([member(survey, "manager"), member(survey, "manager")]),
            "同一角色中不能重复选择同一人",
        ),
    ] {
        let answer = agent.post(ADD, with(json!([]), roles.clone())).await;
        answer.assert_error(10000004, message);
        assert_eq!(
            answer.body["errors"],
            json!({ "roles": [message] }),
            "{roles}"
        );
    }

    let added = agent
        .data(
            ADD,
            with(
                json!([73, 11, 62, 11]),
                json!([member(entry, "agent"), member(survey, "manager")]),
            ),
        )
        .await;
    assert_eq!(
        added["viewingSlots"],
        json!([11, 62, 73]),
        "sorted, once each"
    );
    let held: Vec<(String, String)> = added["roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["roleName"].as_str().unwrap().to_owned(),
                m["userName"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        held,
        [
            ("录入人".to_owned(), "李晓峰".to_owned()),
            ("实勘人".to_owned(), "王建国".to_owned())
        ]
    );
    let id = added["id"].clone();
    assert_eq!(
        boss.data(DETAIL, json!({ "id": id })).await["viewingSlots"],
        json!([11, 62, 73])
    );

    // The boss puts 滨江店's 孙丽 in 委托; the agent, editing, keeps her there though they could
    // not pick her, and clears the slots.
    let mut edit = with(
        json!([61, 62, 63]),
        json!([
            member(entry, "agent"),
            member(survey, "manager"),
            member(entrust, "manager2")
        ]),
    );
    edit["id"] = id.clone();
    let edited = boss.data(EDIT, edit.clone()).await;
    assert_eq!(edited["viewingSlots"], json!([61, 62, 63]));
    assert_eq!(edited["roles"].as_array().unwrap().len(), 3);
    let edit_choices = agent.data(ROLE_CHOICES, json!({ "id": id })).await;
    assert!(colleague_ids(&edit_choices).contains(&s.users["manager2"]));
    edit["viewingSlots"] = json!([]);
    let kept = agent.data(EDIT, edit.clone()).await;
    assert_eq!(kept["viewingSlots"], json!([]));
    assert_eq!(kept["roles"].as_array().unwrap().len(), 3);
    // Someone nobody put there is still refused, and the listing stays as it was.
    edit["roles"] = json!([member(entry, "agent"), member(survey, "partner")]);
    agent
        .post(EDIT, edit)
        .await
        .assert_error(10000004, "房源角色只能选择本门店或您管辖范围内在职的同事");
    assert_eq!(
        agent.data(DETAIL, json!({ "id": id })).await["roles"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // The choices of a listing are asked for by someone who may edit it.
    app.as_user("manager2")
        .await
        .post(ROLE_CHOICES, json!({ "id": id }))
        .await
        .assert_error(10020002, "无权限访问该数据");
}

async fn each_user_sees_their_scope_and_phones_as_the_rule_says(app: TestApp) {
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
            let phone = row["ownerPhone"].as_str().unwrap();
            let mine = row["maintainerId"].as_i64() == Some(me);
            assert_eq!(!phone.contains('*'), mine, "{user}: {row}");
            let expected = match (mine, user) {
                (true, _) => "full",
                (false, "agent") => "masked",
                (false, _) => "reveal",
            };
            assert_eq!(row["phoneAccess"], expected, "{user}: {row}");
            // A private listing of another store never reaches a store user.
            if row["pool"] == 1 && ["manager", "agent"].contains(&user) {
                assert_eq!(row["storeName"], "西湖店", "{user}: {row}");
            }
        }
        match user {
            "partner" => assert!(list.is_empty(), "the partner has no listings"),
            _ => assert!(!list.is_empty(), "{user} sees their listings"),
        }
    }
    // A manager reveals an agent's owner phone whole, and it is on file.
    let manager = app.as_user("manager").await;
    let agents = one(&manager, json!({ "pool": 1 }), |row| {
        row["maintainerId"] == s.users["agent"]
    })
    .await;
    let revealed = manager.data(REVEAL, json!({ "id": agents["id"] })).await;
    let whole = revealed["ownerPhone"].as_str().unwrap();
    assert!(!whole.contains('*') && whole.len() == 13, "{whole}");
    let audit = app
        .as_user("admin")
        .await
        .data(
            "/api/v1/fm/audit/list",
            json!({ "pageNum": 1, "pageSize": 10, "entity": "secondHand", "action": "reveal" }),
        )
        .await;
    assert_eq!(audit["total"], 1, "{audit}");
    // The agent has no 查看电话: a store-mate's owner stays masked.
    let agent = app.as_user("agent").await;
    let managers = one(&agent, json!({ "pool": 1 }), |row| {
        row["maintainerId"] == s.users["manager"]
    })
    .await;
    agent
        .post(REVEAL, json!({ "id": managers["id"] }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    // Another store's manager cannot read the listing at all.
    assert_eq!(
        app.as_user("manager2")
            .await
            .post(DETAIL, json!({ "id": agents["id"] }))
            .await
            .code(),
        10020002
    );
}

async fn the_lifecycle_table_guards_every_move(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let mine = one(&agent, json!({ "status": 1, "pool": 1 }), |row| {
        row["maintainerId"] == s.users["agent"]
    })
    .await;
    let id = mine["id"].clone();
    let act = |action: &str, reason: Option<i64>| json!({ "id": id, "action": action, "reason": reason, "remark": "" });
    // A missing reason is refused on the dialog's field; 其他 needs its words.
    let refused = agent.post(TRANSITION, act("seal", None)).await;
    refused.assert_error(10000004, "请选择原因");
    assert_eq!(refused.body["errors"], json!({ "reason": ["请选择原因"] }));
    let refused = agent.post(TRANSITION, act("seal", Some(9))).await;
    assert_eq!(
        refused.body["errors"],
        json!({ "remark": ["选择「其他」时请填写原因说明"] })
    );
    let sealed = agent.data(TRANSITION, act("seal", Some(2))).await;
    assert_eq!(sealed["status"], 2);
    // A seal holds as a deferral does: its keeper neither lifts it (deferring lifts it too) nor
    // gives the listing up.
    assert_eq!(sealed["offeredActions"], json!([]));
    assert_eq!(sealed["history"][0]["reason"], "独家委托");
    assert_eq!(sealed["history"][0]["fromStatus"], "有效（私盘）");
    assert_eq!(sealed["history"][0]["toStatus"], "封盘（私盘）");
    // Nor does the keeper change a sealed listing's details: a manager does.
    assert_eq!(sealed["mayEdit"], false);
    assert_eq!(sealed["editRefusal"], "封盘中的房源只有店长可以编辑");
    let mut edit = form(sealed["roomId"].as_i64().unwrap());
    edit["id"] = id.clone();
    agent
        .post(EDIT, edit.clone())
        .await
        .assert_error(10020005, "封盘中的房源只有店长可以编辑");
    assert_eq!(
        manager.data(DETAIL, json!({ "id": id })).await["mayEdit"],
        true
    );
    agent
        .post(TRANSITION, act("reserve", None))
        .await
        .assert_error(10020005, "当前状态为「封盘」，不能执行「预定」");
    agent
        .post(TRANSITION, act("unseal", Some(1)))
        .await
        .assert_error(10020005, "只有店长可以执行「解封」");
    agent
        .post(TRANSITION, act("defer", Some(1)))
        .await
        .assert_error(10020005, "只有店长可以执行「暂缓」");
    agent
        .post(TRANSITION, act("dealOthers", None))
        .await
        .assert_error(10020005, "只有店长可以执行「他司成交」");
    agent
        .post(TRANSITION, act("release", Some(1)))
        .await
        .assert_error(10020005, "只有店长可以执行「转公盘」");
    let seen = manager.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(
        seen["offeredActions"],
        json!(["unseal", "defer", "dealOthers", "release"])
    );
    // The manager lifts it, saying why; the history keeps the words.
    manager
        .post(TRANSITION, act("unseal", None))
        .await
        .assert_error(10000004, "请选择原因");
    let mut why = act("unseal", Some(9));
    why["remark"] = json!("业主已与我店续签");
    let unsealed = manager.data(TRANSITION, why).await;
    assert_eq!(unsealed["status"], 1);
    let line = &unsealed["history"][0];
    assert_eq!(line["action"], "unseal");
    assert_eq!(line["actorName"], "王建国");
    assert_eq!(line["reason"], "其他：业主已与我店续签");
    assert_eq!(line["fromStatus"], "封盘（私盘）");
    assert_eq!(line["toStatus"], "有效（私盘）");
    agent.data(TRANSITION, act("reserve", None)).await;
    agent
        .post(TRANSITION, act("dealOurs", None))
        .await
        .assert_error(10020005, "只有店长可以执行「我司成交」");
    let done = manager.data(TRANSITION, act("dealOurs", None)).await;
    assert_eq!(done["status"], 5);
    assert_eq!(done["offeredActions"], json!([]));
    agent
        .post(TRANSITION, act("drop", None))
        .await
        .assert_error(10020005, "当前状态为「我司成交」，不能执行「掉公」");

    // Released to the public pool, the listing is the whole company's to read.
    let other = one(&agent, json!({ "status": 1, "pool": 1 }), |row| {
        row["maintainerId"] == s.users["agent"]
    })
    .await;
    agent
        .post(
            TRANSITION,
            json!({ "id": other["id"], "action": "release" }),
        )
        .await
        .assert_error(10000004, "请选择原因");
    let released = agent
        .data(
            TRANSITION,
            json!({ "id": other["id"], "action": "release", "reason": 1 }),
        )
        .await;
    assert_eq!(
        (released["pool"].as_i64(), released["maintainerId"].as_i64()),
        (Some(2), None)
    );
    assert_eq!(released["history"][0]["reason"], "无暇维护");
    let seen = app
        .as_user("manager2")
        .await
        .data(DETAIL, json!({ "id": other["id"] }))
        .await;
    assert_eq!(seen["offeredActions"], json!(["claim"]));
    assert!(seen["ownerPhone"].as_str().unwrap().contains('*'));
}

async fn a_manager_undoes_a_mistaken_other_deal(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let mine = one(&agent, json!({ "status": 1, "pool": 1 }), |row| {
        row["maintainerId"] == s.users["agent"]
    })
    .await;
    let id = mine["id"].clone();
    let act = |action: &str| json!({ "id": id, "action": action });
    // The agent closes it by mistake: nothing is left for them to press.
    let closed = agent.data(TRANSITION, act("dealOthers")).await;
    assert_eq!(closed["status"], 6);
    assert_eq!(closed["offeredActions"], json!([]));
    agent
        .post(TRANSITION, act("resume"))
        .await
        .assert_error(10020005, "只有店长可以执行「恢复有效」");
    // Meanwhile the room, freed, was entered again: coming back would make two listings on it.
    let room_id = closed["roomId"].as_i64().unwrap();
    let newer = agent.data(ADD, form(room_id)).await;
    assert_eq!(
        manager.data(DETAIL, json!({ "id": id })).await["offeredActions"],
        json!(["resume"])
    );
    let refused = manager.post(TRANSITION, act("resume")).await;
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
    // The manager brings it back; the history says who.
    let back = manager.data(TRANSITION, act("resume")).await;
    assert_eq!(back["status"], 1);
    let line = &back["history"][0];
    assert_eq!(line["actionLabel"], "恢复有效");
    assert_eq!(line["actorName"], "王建国");
    assert_eq!(line["fromStatus"], "他司成交（私盘）");
    assert_eq!(line["toStatus"], "有效（私盘）");
}

async fn two_claims_of_one_public_listing_one_wins(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let public = one(&boss, json!({ "status": 1, "pool": 2 }), |_| true).await;
    let id = public["id"].clone();
    let agent = app.as_user("agent").await;
    let manager2 = app.as_user("manager2").await;
    // 宁波's company cannot even see it.
    assert_eq!(
        app.as_user("nbmanager")
            .await
            .post(CLAIM, json!({ "id": id }))
            .await
            .code(),
        10020002
    );
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
    // The loser lost the race in the UPDATE, or read the listing after it left their reach.
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
    assert_eq!(
        after["storeName"],
        if winner == "agent" {
            "西湖店"
        } else {
            "滨江店"
        }
    );
}

async fn the_routes_answer_each_demo_user_as_the_matrix_says(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let agents = one(&manager, json!({ "pool": 1, "status": 1 }), |row| {
        row["maintainerId"] == s.users["agent"]
    })
    .await;
    let id = agents["id"].clone();
    let page = json!({ "pageNum": 1, "pageSize": 100 });
    // `A` allowed, `P` 无权限执行该操作, `S` 无权限访问该数据; users in fixtures' order (the
    // administrator holds every code and reaches everything).
    let cases: [(&str, Value, &str); 8] = [
        (LIST, page, "APAAAAAPA"),
        (ROLE_CHOICES, json!({ "id": id }), "APAAASSPS"),
        // A new listing's: those who may enter one, in a company (the administrator is in none).
        (ROLE_CHOICES, json!({}), "PPAAAAAPA"),
        (DETAIL, json!({ "id": id }), "APAAASSPS"),
        (
            FOLLOW_UPS,
            json!({ "listingId": id, "pageNum": 1, "pageSize": 10 }),
            "APAAASSPS",
        ),
        (REVEAL, json!({ "id": id }), "APAAASSPS"),
        (
            FOLLOW_UP,
            json!({ "listingId": id, "content": "回访" }),
            "APAAASSPS",
        ),
        (
            TRANSITION,
            json!({ "id": id, "action": "defer", "reason": 2 }),
            "APAAASSPS",
        ),
    ];
    for (path, body, expect) in cases {
        for (user, wanted) in USERS.iter().zip(expect.chars()) {
            let caller = app.as_user(user).await;
            let answer = caller.post(path, body.clone()).await;
            let code = match wanted {
                'A' => 0,
                'P' => 10020001,
                _ => 10020002,
            };
            assert_eq!(answer.code(), code, "{path} as {user}: {}", answer.body);
            if wanted == 'A' {
                assert_no_foreign_rows(user, path, &answer.body);
            }
            // The first allowed defer moved it: undo so the next caller meets it valid.
            if path == TRANSITION && code == 0 {
                manager
                    .data(TRANSITION, json!({ "id": id, "action": "resume" }))
                    .await;
            }
        }
    }
}

async fn the_drop_job_moves_a_listing_nobody_followed_up_for_n_days(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let mine = one(&agent, json!({ "status": 1, "pool": 1 }), |row| {
        row["maintainerId"] == s.users["agent"]
    })
    .await;
    // The maintainer's follow-up starts the company's 15 days again from now.
    agent
        .data(
            FOLLOW_UP,
            json!({ "listingId": mine["id"], "content": "业主暂不考虑降价" }),
        )
        .await;
    let now = chrono::Utc::now();
    let pool = |row: &Value| row["pool"].as_i64();
    let drop_at = |days: i64| {
        brokerdesk_server::listing::drop_job::run(&app.db, now + chrono::Duration::days(days))
    };
    drop_at(14).await.unwrap();
    let kept = agent.data(DETAIL, json!({ "id": mine["id"] })).await;
    assert_eq!(
        pool(&kept),
        Some(1),
        "two weeks without a follow-up is not yet due"
    );

    assert!(drop_at(16).await.unwrap() >= 1);
    let manager = app.as_user("manager").await;
    let dropped = manager.data(DETAIL, json!({ "id": mine["id"] })).await;
    assert_eq!(
        (pool(&dropped), dropped["maintainerId"].as_i64()),
        (Some(2), None)
    );
    let line = &dropped["history"][0];
    assert_eq!(line["action"], "drop");
    assert_eq!(line["actorName"], "系统");
    assert_eq!(line["reason"], "超过15天未跟进，自动掉入公盘");
    assert_eq!(line["toStatus"], "有效（公盘）");
    // A second run finds nothing more of it to move.
    drop_at(16).await.unwrap();
    let again = manager.data(DETAIL, json!({ "id": mine["id"] })).await;
    assert_eq!(
        again["history"].as_array().unwrap().len(),
        dropped["history"].as_array().unwrap().len()
    );
}

/// A sealed or deferred listing is off the market on purpose: however quiet, the drop job
/// leaves it with its keeper; lifted, its clock starts again from the lift.
async fn the_drop_job_leaves_a_sealed_or_deferred_listing_alone(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let mine: Vec<Value> = rows(&agent, json!({ "status": 1, "pool": 1 }))
        .await
        .into_iter()
        .filter(|row| row["maintainerId"] == s.users["agent"])
        .take(2)
        .collect();
    let (sealed, deferred) = (mine[0]["id"].clone(), mine[1]["id"].clone());
    let move_with = |id: &Value, action: &str, reason: i64| json!({ "id": id, "action": action, "reason": reason, "remark": "" });
    manager
        .data(TRANSITION, move_with(&sealed, "seal", 1))
        .await;
    manager
        .data(TRANSITION, move_with(&deferred, "defer", 1))
        .await;
    let now = chrono::Utc::now();
    let drop_at = |days: i64| {
        brokerdesk_server::listing::drop_job::run(&app.db, now + chrono::Duration::days(days))
    };
    drop_at(100).await.unwrap();
    for id in [&sealed, &deferred] {
        let kept = agent.data(DETAIL, json!({ "id": id })).await;
        assert_eq!(
            (kept["pool"].as_i64(), kept["maintainerId"].as_i64()),
            (Some(1), Some(s.users["agent"])),
            "{id} stays with its keeper"
        );
        assert_eq!(kept["dropNotice"], Value::Null, "no drop banner on {id}");
        assert_ne!(kept["history"][0]["action"], "drop");
    }
    // Lifted, the listing has the company's full 15 days again from the lift.
    let lifted = manager
        .data(TRANSITION, move_with(&sealed, "unseal", 1))
        .await;
    assert_eq!(lifted["dropNotice"], "15天后未跟进将掉入公盘");
    let resumed = manager
        .data(TRANSITION, json!({ "id": deferred, "action": "resume" }))
        .await;
    assert_eq!(resumed["dropNotice"], "15天后未跟进将掉入公盘");
    drop_at(14).await.unwrap();
    for id in [&sealed, &deferred] {
        let kept = agent.data(DETAIL, json!({ "id": id })).await;
        assert_eq!(kept["pool"], 1, "{id} is not due two weeks after the lift");
    }
    assert!(drop_at(16).await.unwrap() >= 2);
    for id in [&sealed, &deferred] {
        let dropped = manager.data(DETAIL, json!({ "id": id })).await;
        assert_eq!(dropped["pool"], 2, "{id} drops once quiet past the days");
    }
}

/// Who holds the 维护 role of a listing (the split's 维护 share).
fn maintainers(detail: &Value) -> Vec<i64> {
    detail["roles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["roleName"] == "维护人")
        .map(|m| m["userId"].as_i64().unwrap())
        .collect()
}

/// The 维护 role follows the keeper: 转公盘 empties it, 认领 gives it to the claimer (the old
/// keeper keeps no hold on writing, but as its 录入人 still reads it), and the drop job empties
/// it as a release does.
async fn the_maintain_role_moves_with_release_claim_and_drop(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let agent = app.as_user("agent").await;
    let manager2 = app.as_user("manager2").await;
    let dealt = one(&boss, json!({ "status": 5 }), |_| true).await;
    let room_id = boss.data(DETAIL, json!({ "id": dealt["id"] })).await["roomId"]
        .as_i64()
        .unwrap();
    let choices = agent.data(ROLE_CHOICES, json!({})).await;
    let (entry, maintain) = (role(&choices, "录入人"), role(&choices, "维护人"));
    let mut body = form(room_id);
    body["roles"] = json!([
        { "roleId": entry, "userId": s.users["agent"] },
        { "roleId": maintain, "userId": s.users["agent"] }
    ]);
    let added = agent.data(ADD, body).await;
    let id = added["id"].clone();
    assert_eq!(maintainers(&added), [s.users["agent"]]);

    let released = agent
        .data(
            TRANSITION,
            json!({ "id": id, "action": "release", "reason": 1 }),
        )
        .await;
    assert_eq!(
        maintainers(&released),
        Vec::<i64>::new(),
        "公盘 has no keeper"
    );
    let claimed = manager2.data(CLAIM, json!({ "id": id })).await;
    assert_eq!(claimed["maintainerId"], s.users["manager2"]);
    assert_eq!(
        maintainers(&boss.data(DETAIL, json!({ "id": id })).await),
        [s.users["manager2"]]
    );
    assert_eq!(claimed["history"][0]["action"], "claim");
    // 录入 is who entered it, whoever keeps it now.
    assert!(
        claimed["roles"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["roleName"] == "录入人" && m["userId"] == s.users["agent"])
    );
    // Its 录入人 still reads it where 滨江店 keeps it now (as any non-keeper: the owner's phone
    // masked, no 编辑), finds it in his list, and edits nothing; its new keeper edits it.
    let read = agent.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(read["storeName"], "滨江店");
    assert_eq!(read["ownerPhone"], "137 **** 5678");
    assert_eq!(read["mayEdit"], false);
    assert!(
        rows(&agent, json!({}))
            .await
            .iter()
            .any(|row| row["id"] == id)
    );
    let mut edit = form(room_id);
    edit["id"] = id.clone();
    agent
        .post(EDIT, edit.clone())
        .await
        .assert_error(10020002, "无权限访问该数据");
    edit["description"] = json!("认领后重新核实");
    let edited = manager2.data(EDIT, edit).await;
    assert_eq!(edited["description"], "认领后重新核实");
    // Someone holding no role on it still reads nothing of another store's.
    app.as_user("manager")
        .await
        .post(DETAIL, json!({ "id": id }))
        .await
        .assert_error(10020002, "无权限访问该数据");

    // Left without a follow-up past the company's 15 days, it drops and its 维护 empties.
    let later = chrono::Utc::now() + chrono::Duration::days(16);
    assert!(
        brokerdesk_server::listing::drop_job::run(&app.db, later)
            .await
            .unwrap()
            >= 1
    );
    let dropped = boss.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(dropped["pool"], 2);
    assert_eq!(maintainers(&dropped), Vec::<i64>::new());
}

/// A company-wide scope narrows its list to one store: only that store's (private) listings.
async fn the_boss_filters_the_list_by_store(app: TestApp) {
    let boss = app.as_user("boss").await;
    let all = rows(&boss, json!({})).await;
    // The 门店 filter offers the stores the caller reaches.
    let stores = boss.data("/api/v1/fm/org/store/options", json!({})).await;
    let store_id = stores
        .as_array()
        .unwrap()
        .iter()
        .find(|store| store["name"] == "滨江店")
        .expect("滨江店 among the boss's stores")["id"]
        .clone();
    let narrowed = rows(&boss, json!({ "storeId": store_id })).await;
    assert!(!narrowed.is_empty() && narrowed.len() < all.len());
    assert!(narrowed.iter().all(|row| row["storeName"] == "滨江店"));
    // An agent's scope is their store: another store's id finds nothing of it.
    let agent = app.as_user("agent").await;
    assert!(
        rows(&agent, json!({ "storeId": store_id }))
            .await
            .is_empty()
    );
}

on_both_backends!(
    the_boss_filters_the_list_by_store,
    the_maintain_role_moves_with_release_claim_and_drop,
    entering_a_listing_and_refusing_a_second_on_its_room,
    each_user_sees_their_scope_and_phones_as_the_rule_says,
    the_lifecycle_table_guards_every_move,
    a_manager_undoes_a_mistaken_other_deal,
    two_claims_of_one_public_listing_one_wins,
    the_drop_job_moves_a_listing_nobody_followed_up_for_n_days,
    the_drop_job_leaves_a_sealed_or_deferred_listing_alone,
    the_routes_answer_each_demo_user_as_the_matrix_says,
    viewing_slots_and_roles_are_saved_or_refused,
);
