//! 带看 and 匹配 over HTTP: an agent records a viewing of a listing with a colleague along; it
//! restarts the customer's drop clock, shows on the customer and on the listing (to someone who
//! reads the listing but not the customer as 王先生), and takes feedback from those who were
//! there or a manager; core's refusals reach the fields; matching finds the listing for the
//! customer and the customer for the listing, best first, within the caller's reach; every route
//! as every demo user.

use chrono::{Duration, FixedOffset, Utc};
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::{Seeded, USERS, assert_no_foreign_rows};
use crate::on_both_backends;

const CUSTOMER_ADD: &str = "/api/v1/fm/crm/customer/add";
const CUSTOMER_DETAIL: &str = "/api/v1/fm/crm/customer/detail";
const LISTINGS: &str = "/api/v1/fm/house/old/list";
const RENTALS: &str = "/api/v1/fm/house/rental/list";
const LIST: &str = "/api/v1/fm/crm/viewing/list";
const ADD: &str = "/api/v1/fm/crm/viewing/add";
const FEEDBACK: &str = "/api/v1/fm/crm/viewing/feedback";
const COMPANIONS: &str = "/api/v1/fm/crm/viewing/companions";
const TARGETS: &str = "/api/v1/fm/crm/viewing/targets";
const MATCH_LISTINGS: &str = "/api/v1/fm/crm/match/listings";
const MATCH_CUSTOMERS: &str = "/api/v1/fm/crm/match/customers";

/// `(YYYY-MM-DD, HH:MM)` in China, `hours` from now.
fn china(hours: i64) -> (String, String) {
    let at = (Utc::now() + Duration::hours(hours))
        .with_timezone(&FixedOffset::east_opt(8 * 3600).unwrap());
    (
        at.format("%Y-%m-%d").to_string(),
        at.format("%H:%M").to_string(),
    )
}

async fn page(caller: &Caller<'_>, path: &str, filter: Value) -> Vec<Value> {
    let mut body = json!({ "pageNum": 1, "pageSize": 100 });
    for (key, value) in filter.as_object().unwrap() {
        body[key] = value.clone();
    }
    caller.data(path, body).await["list"]
        .as_array()
        .unwrap()
        .clone()
}

/// A customer the agent enters, wanting what `listing` is (its district, a budget and area
/// around it, its layout), with a phone unique to `n`.
async fn customer_for(
    s: &Seeded,
    agent: &Caller<'_>,
    listing: &Value,
    demand: i64,
    n: u32,
) -> Value {
    let wan = |fen: i64| format!("{}", fen / 1_000_000);
    let price = listing["price"].as_i64().unwrap();
    let area = listing["area"].as_i64().unwrap() / 100;
    let district = listing["districtName"]
        .as_str()
        .and_then(|name| s.districts.get(name))
        .copied();
    let (budget_min, budget_max) = if demand == 3 {
        // A rental customer's budget is a monthly rent, typed in 元.
        let yuan = price / 100;
        (
            format!("{}", (yuan - 1_000).max(1)),
            format!("{}", yuan + 1_000),
        )
    } else {
        (
            wan(price - 200_000_000).max("1".into()),
            wan(price + 200_000_000),
        )
    };
    let mut form = json!({
        "name": "带看测试", "sex": 2, "phone": format!("1365555{n:04}"), "level": 3,
        "demand": demand, "areaMin": format!("{}", (area - 20).max(1)),
        "areaMax": format!("{}", area + 20), "rooms": listing["rooms"], "source": 1,
    });
    form["budgetMin"] = json!(budget_min);
    form["budgetMax"] = json!(budget_max);
    if let Some(district) = district {
        form["districtIds"] = json!([district]);
    }
    agent.data(CUSTOMER_ADD, form).await
}

/// A valid second-hand listing of 安居经纪 in the public pool (every colleague reads it).
async fn public_listing(manager: &Caller<'_>) -> Value {
    page(manager, LISTINGS, json!({ "status": 1, "pool": 2 }))
        .await
        .into_iter()
        .next()
        .expect("the demo has a valid public listing")
}

async fn a_viewing_shows_on_both_sides_and_counts_as_a_follow_up(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let listing = public_listing(&manager).await;
    let customer = customer_for(&s, &agent, &listing, 1, 1).await;
    let id = customer["id"].clone();
    assert!(customer["lastFollowUpAt"].is_null());
    let (date, time) = china(-2);
    let viewing = agent
        .data(
            ADD,
            json!({
                "customerId": id, "kind": 1, "listingId": listing["id"], "viewDate": date,
                "viewTime": time, "companionId": s.users["manager"], "feedback": "  ",
            }),
        )
        .await;
    assert_eq!(viewing["customerName"], "带看测试");
    assert_eq!(viewing["userName"], "李晓峰");
    assert_eq!(viewing["companionId"], s.users["manager"]);
    assert!(
        viewing["targetName"]
            .as_str()
            .unwrap()
            .starts_with(listing["communityName"].as_str().unwrap())
    );
    assert_eq!(viewing["feedback"], "");
    assert_eq!(viewing["mayWriteFeedback"], true);
    // The agent's viewing is a follow-up of their customer: the drop clock starts again.
    let after = agent.data(CUSTOMER_DETAIL, json!({ "id": id })).await;
    assert!(after["lastFollowUpAt"].as_i64().is_some());

    let mine = page(&agent, LIST, json!({ "customerId": id })).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["id"], viewing["id"]);
    // On the listing: the store's manager reads the customer; another store's manager reads
    // the public listing but not the agent's customer, so sees 王女士-style addressing only.
    let on_listing = page(&manager, LIST, json!({ "listingId": listing["id"] })).await;
    let seen = on_listing
        .iter()
        .find(|v| v["id"] == viewing["id"])
        .unwrap();
    assert_eq!(
        (
            seen["customerName"].as_str(),
            seen["customerReadable"].as_bool()
        ),
        (Some("带看测试"), Some(true))
    );
    let manager2 = app.as_user("manager2").await;
    let on_listing = page(&manager2, LIST, json!({ "listingId": listing["id"] })).await;
    let seen = on_listing
        .iter()
        .find(|v| v["id"] == viewing["id"])
        .unwrap();
    assert_eq!(
        (
            seen["customerName"].as_str(),
            seen["customerReadable"].as_bool(),
            seen["mayWriteFeedback"].as_bool()
        ),
        (Some("带女士"), Some(false), Some(false))
    );
    manager2
        .post(LIST, json!({ "customerId": id }))
        .await
        .assert_error(10020002, "无权限访问该数据");

    // Feedback: the companion may write it; the other store's manager may not reach it.
    let written = manager
        .data(
            FEEDBACK,
            json!({ "id": viewing["id"], "feedback": "客户满意，约周末二看" }),
        )
        .await;
    assert_eq!(written["feedback"], "客户满意，约周末二看");
    manager2
        .post(FEEDBACK, json!({ "id": viewing["id"], "feedback": "越权" }))
        .await
        .assert_error(10020002, "无权限访问该数据");
    let companions = agent.data(COMPANIONS, json!({})).await;
    let names: Vec<&str> = companions
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"王建国"), "{names:?}");
    assert!(
        companions
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["id"] != s.users["agent"] && c["id"] != s.users["nbmanager"])
    );
}

async fn core_refusals_land_on_their_fields(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let listing = public_listing(&manager).await;
    let customer = customer_for(&s, &agent, &listing, 1, 2).await;
    let (date, time) = china(-1);
    let base = json!({
        "customerId": customer["id"], "kind": 1, "listingId": listing["id"],
        "viewDate": date, "viewTime": time,
    });
    let with = |changes: Value| {
        let mut body = base.clone();
        for (key, value) in changes.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };
    let field = |answer: &crate::common::Answer, field: &str| {
        answer.body["errors"][field][0]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    let (later_date, later_time) = china(3);
    let answer = agent
        .post(
            ADD,
            with(json!({ "viewDate": later_date, "viewTime": later_time })),
        )
        .await;
    assert_eq!(answer.code(), 10000004, "{}", answer.body);
    let said = format!(
        "{}{}",
        field(&answer, "viewTime"),
        field(&answer, "viewDate")
    );
    assert!(
        said == "带看时间不能晚于现在" || said == "带看日期不能晚于今天",
        "{said}"
    );
    let old = (Utc::now() - Duration::days(40))
        .with_timezone(&FixedOffset::east_opt(8 * 3600).unwrap())
        .format("%Y-%m-%d")
        .to_string();
    let answer = agent.post(ADD, with(json!({ "viewDate": old }))).await;
    assert_eq!(field(&answer, "viewDate"), "带看日期只能在30天以内");
    let answer = agent
        .post(ADD, with(json!({ "companionId": s.users["agent"] })))
        .await;
    assert_eq!(field(&answer, "companionId"), "陪同人不能是带看人本人");
    let answer = agent
        .post(ADD, with(json!({ "companionId": s.users["nbmanager"] })))
        .await;
    assert_eq!(field(&answer, "companionId"), "请选择本公司在职的同事");
    let answer = agent.post(ADD, with(json!({ "kind": 2 }))).await;
    assert_eq!(field(&answer, "listingId"), "请选择租房房源");
    // A sealed listing is closed to viewings by its owner.
    let sealed = page(&manager, LISTINGS, json!({ "status": 2 })).await;
    if let Some(sealed) = sealed.first() {
        let answer = agent
            .post(ADD, with(json!({ "listingId": sealed["id"] })))
            .await;
        assert!(
            answer.code() == 10020002
                || field(&answer, "listingId") == "该房源当前为「封盘」，不能带看",
            "{}",
            answer.body
        );
    }
    // Another city's listing is out of the agent's reach.
    let nbmanager = app.as_user("nbmanager").await;
    let ningbo = page(&nbmanager, LISTINGS, json!({ "status": 1 })).await;
    agent
        .post(ADD, with(json!({ "listingId": ningbo[0]["id"] })))
        .await
        .assert_error(10020002, "无权限访问该数据");
}

async fn matching_finds_both_ways_best_first(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let listing = public_listing(&manager).await;
    let customer = customer_for(&s, &agent, &listing, 1, 3).await;
    let found = agent
        .data(
            MATCH_LISTINGS,
            json!({ "customerId": customer["id"], "pageNum": 1, "pageSize": 100 }),
        )
        .await;
    assert_eq!(found["kind"], 1);
    let list = found["list"].as_array().unwrap();
    assert!(
        list.iter().any(|m| m["listing"]["id"] == listing["id"]),
        "the listing the wish was made from fits: {found}"
    );
    let scores: Vec<i64> = list.iter().map(|m| m["score"].as_i64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert!(scores.iter().all(|s| *s > 0));
    for m in list {
        let l = &m["listing"];
        assert_eq!(l["trade"], 1);
        assert_eq!(l["status"], 1);
        assert_eq!(l["rooms"], listing["rooms"]);
        assert_eq!(l["districtName"], listing["districtName"]);
    }
    assert_eq!(found["total"].as_u64(), Some(list.len() as u64));

    // The other way: the listing fits the new customer, as the agent sees it.
    let fitting = page(
        &agent,
        MATCH_CUSTOMERS,
        json!({ "listingId": listing["id"] }),
    )
    .await;
    assert!(
        fitting
            .iter()
            .any(|m| m["customer"]["id"] == customer["id"])
    );
    assert!(
        fitting
            .iter()
            .all(|m| m["customer"]["demand"] == 1 && m["customer"]["status"] == 1)
    );
    // Another store's manager reads the public listing but not the agent's customer.
    let manager2 = app.as_user("manager2").await;
    let theirs = page(
        &manager2,
        MATCH_CUSTOMERS,
        json!({ "listingId": listing["id"] }),
    )
    .await;
    assert!(!theirs.iter().any(|m| m["customer"]["id"] == customer["id"]));

    // A renter is matched with rentals, a new-home buyer with projects distributed to them.
    let rental = page(&manager, RENTALS, json!({ "status": 1, "pool": 2 })).await;
    if let Some(rental) = rental.first() {
        let renter = customer_for(&s, &agent, rental, 3, 4).await;
        let found = agent
            .data(MATCH_LISTINGS, json!({ "customerId": renter["id"] }))
            .await;
        assert_eq!(found["kind"], 2);
        assert!(
            found["list"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["listing"]["trade"] == 2)
        );
    }
    let buyer = agent
        .data(
            CUSTOMER_ADD,
            json!({
                "name": "新房客户", "sex": 1, "phone": "13655550005", "level": 2, "demand": 2,
                "source": 1,
            }),
        )
        .await;
    let found = agent
        .data(MATCH_LISTINGS, json!({ "customerId": buyer["id"] }))
        .await;
    assert_eq!(found["kind"], 3);
    let names: Vec<&str> = found["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["project"]["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"西溪云庐"), "{names:?}");
    assert!(!names.contains(&"黄龙壹号"), "not distributed: {names:?}");
    // The picker offers the projects too, and the viewing of one is recorded.
    let picks = agent
        .data(TARGETS, json!({ "customerId": buyer["id"] }))
        .await;
    let project = picks
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["label"] == "西溪云庐")
        .expect("the picker offers 西溪云庐")["id"]
        .clone();
    let (date, time) = china(-1);
    let viewing = agent
        .data(
            ADD,
            json!({
                "customerId": buyer["id"], "kind": 3, "projectId": project,
                "viewDate": date, "viewTime": time, "feedback": "样板间满意",
            }),
        )
        .await;
    assert_eq!(viewing["targetName"], "西溪云庐");
}

async fn the_routes_answer_each_demo_user_as_the_matrix_says(app: TestApp) {
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    // The agent's own private listing and customer.
    let s = Seeded::load(&app).await;
    let listing = page(&manager, LISTINGS, json!({ "status": 1, "pool": 1 }))
        .await
        .into_iter()
        .find(|l| l["maintainerId"] == s.users["agent"])
        .expect("the agent keeps a valid listing");
    let customer = customer_for(&s, &agent, &listing, 1, 9).await;
    let (date, time) = china(-1);
    let viewing = |_: ()| {
        json!({
            "customerId": customer["id"], "kind": 1, "listingId": listing["id"],
            "viewDate": date, "viewTime": time,
        })
    };
    let led = agent.data(ADD, viewing(())).await;
    let one = "APAAASSPS";
    let cases: [(&str, Value, &str); 8] = [
        (LIST, json!({ "customerId": customer["id"] }), one),
        (LIST, json!({ "listingId": listing["id"] }), one),
        (ADD, viewing(()), one),
        (
            FEEDBACK,
            json!({ "id": led["id"], "feedback": "回访" }),
            one,
        ),
        (COMPANIONS, json!({}), "APAAAAAPA"),
        (TARGETS, json!({ "customerId": customer["id"] }), one),
        (MATCH_LISTINGS, json!({ "customerId": customer["id"] }), one),
        (MATCH_CUSTOMERS, json!({ "listingId": listing["id"] }), one),
    ];
    for (path, body, expect) in cases {
        for (user, wanted) in USERS.iter().zip(expect.chars()) {
            let answer = app.as_user(user).await.post(path, body.clone()).await;
            let code = match wanted {
                'A' => 0,
                'P' => 10020001,
                _ => 10020002,
            };
            assert_eq!(answer.code(), code, "{path} as {user}: {}", answer.body);
            if wanted == 'A' {
                assert_no_foreign_rows(user, path, &answer.body);
            }
        }
    }
}

on_both_backends!(
    a_viewing_shows_on_both_sides_and_counts_as_a_follow_up,
    core_refusals_land_on_their_fields,
    matching_finds_both_ways_best_first,
    the_routes_answer_each_demo_user_as_the_matrix_says,
);
