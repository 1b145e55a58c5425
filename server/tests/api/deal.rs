//! 买卖/租赁合同 and 佣金结算 over HTTP: a contract on an agent's listing split by the company's
//! template to the fen, signed by the manager (the listing becomes 我司成交), its order submitted,
//! rejected, resubmitted, approved, paid in two parts (an overpayment refused) and settled, the
//! settled contract closed to edits, and the agent's performance reconciling with the orders.

use brokerdesk_core::deal::order::{self, OrderAction, OrderStatus};
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::Seeded;
use crate::on_both_backends;

pub const CONTRACTS: &str = "/api/v1/fm/business/contract/list";
pub const CONTRACT: &str = "/api/v1/fm/business/contract/detail";
pub const ADD: &str = "/api/v1/fm/business/contract/add";
const EDIT: &str = "/api/v1/fm/business/contract/edit";
const MOVE: &str = "/api/v1/fm/business/contract/transition";
pub const ORDERS: &str = "/api/v1/fm/business/commission/list";
pub const ORDER: &str = "/api/v1/fm/business/commission/detail";
const ORDER_MOVE: &str = "/api/v1/fm/business/commission/transition";
const PAY: &str = "/api/v1/fm/business/commission/pay";
pub const TEMPLATE: &str = "/api/v1/fm/business/splitTemplate/get";
const TEMPLATE_SAVE: &str = "/api/v1/fm/business/splitTemplate/save";
pub const ACHIEVEMENT: &str = "/api/v1/fm/business/achievement/summary";

/// A valid private listing `caller` maintains.
async fn my_listing(caller: &Caller<'_>) -> Value {
    caller
        .data(
            "/api/v1/fm/house/old/list",
            json!({ "pageNum": 1, "pageSize": 50, "status": 1, "pool": 1, "mine": true }),
        )
        .await["list"][0]
        .clone()
}

fn sale(listing_id: &Value, code: &str) -> Value {
    json!({
        "kind": 1, "code": code, "listingId": listing_id, "ownerName": "王业主",
        "ownerPhone": "13700001111", "customerName": "张客户", "customerPhone": "13700002222",
        "price": "300", "ownerCommission": "30000", "customerCommission": "30000.01",
        "paymentSchedule": "签约当日 定金 10万", "signedOn": "2026-11-20"
    })
}

/// A contract `writer` writes from `body` (as [`sale`] gives it) and `signer` signs: the signed
/// contract, its draft order's id in `orderId`.
async fn signed(writer: &Caller<'_>, signer: &Caller<'_>, body: Value) -> Value {
    let written = writer.data(ADD, body).await;
    signer
        .data(MOVE, json!({ "id": written["id"], "action": "sign" }))
        .await
}

async fn a_sale_goes_from_draft_to_settled_and_counts_as_performance(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let boss = app.as_user("boss").await;
    let listing = my_listing(&agent).await;

    let added = agent.data(ADD, sale(&listing["id"], "MM-T-0001")).await;
    assert_eq!(added["status"], 1, "草签");
    assert_eq!(added["commission"], 6_000_001, "both sides in fen");
    let parts: Vec<i64> = added["splits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["amount"].as_i64().unwrap())
        .collect();
    assert_eq!(parts.len(), 7, "every role of the default template");
    assert_eq!(parts.iter().sum::<i64>(), 6_000_001, "to the fen");
    assert!(parts.iter().all(|p| *p >= 0));
    assert_eq!(added["splits"][6]["roleLabel"], "成交");
    assert_eq!(added["splits"][6]["userId"], s.users["agent"]);
    assert_eq!(added["offeredActions"], json!([]), "an agent does not sign");
    let id = added["id"].clone();
    agent
        .post(ADD, sale(&listing["id"], "MM-T-0001"))
        .await
        .assert_error(10000409, "合同编号已存在");

    agent
        .post(MOVE, json!({ "id": id, "action": "sign" }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    let signed = manager
        .data(MOVE, json!({ "id": id, "action": "sign" }))
        .await;
    assert_eq!(signed["status"], 2);
    assert_eq!(signed["orderStatus"], 5, "the order opens as a draft");
    let house = agent
        .data(
            "/api/v1/fm/house/old/detail",
            json!({ "id": listing["id"] }),
        )
        .await;
    assert_eq!(house["status"], 5, "the listing is 我司成交");
    let order = signed["orderId"].clone();

    manager
        .post(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await
        .assert_error(10020005, "当前状态为「草稿」，不能执行「审核通过」");
    agent
        .data(ORDER_MOVE, json!({ "id": order, "action": "submit" }))
        .await;
    manager
        .post(ORDER_MOVE, json!({ "id": order, "action": "reject" }))
        .await
        .assert_error(10020005, "请填写驳回原因");
    let rejected = manager
        .data(
            ORDER_MOVE,
            json!({ "id": order, "action": "reject", "reason": "客户佣金有误" }),
        )
        .await;
    assert_eq!(
        (rejected["status"].as_i64(), rejected["reason"].as_str()),
        (Some(0), Some("客户佣金有误"))
    );
    // A rejected order is corrected and submitted again.
    let again = agent
        .data(ORDER_MOVE, json!({ "id": order, "action": "submit" }))
        .await;
    assert_eq!(again["status"], 10);
    let approved = manager
        .data(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await;
    assert_eq!(approved["status"], 15);
    assert_eq!(approved["offeredActions"], json!(["pay", "close"]));

    agent
        .post(PAY, json!({ "id": order, "payWay": 2, "amount": "100" }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    let first = manager
        .data(PAY, json!({ "id": order, "payWay": 2, "amount": "40000" }))
        .await;
    assert_eq!(
        (first["status"].as_i64(), first["paid"].as_i64()),
        (Some(16), Some(4_000_000))
    );
    manager
        .post(
            PAY,
            json!({ "id": order, "payWay": 4, "amount": "20000.02" }),
        )
        .await
        .assert_error(
            10020005,
            "本次收款20,000.02元超过未收金额20,000.01元，请核对",
        );
    let settled = manager
        .data(
            PAY,
            json!({ "id": order, "payWay": 4, "amount": "20000.01" }),
        )
        .await;
    assert_eq!(
        (settled["status"].as_i64(), settled["paid"].as_i64()),
        (Some(20), Some(6_000_001))
    );
    assert_eq!(settled["receipts"].as_array().unwrap().len(), 2);
    assert_eq!(
        settled["offeredActions"],
        json!([]),
        "nothing closes a settled order"
    );

    let contract = agent.data(CONTRACT, json!({ "id": id })).await;
    assert_eq!(contract["status"], 3, "已结佣");
    assert_eq!(contract["mayEdit"], false);
    let mut edit = sale(&listing["id"], "MM-T-0001");
    edit["id"] = id.clone();
    agent
        .post(EDIT, edit)
        .await
        .assert_error(10020005, "已结佣的合同不能编辑");

    // Performance this month: the agent's parts include this deal's, and the company's parts
    // add up to what its settled orders received.
    let mine: i64 = contract["splits"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["userId"] == s.users["agent"])
        .map(|l| l["amount"].as_i64().unwrap())
        .sum();
    let report = boss.data(ACHIEVEMENT, json!({ "group": "agent" })).await;
    assert_eq!(report["total"], report["settledOrders"], "{report}");
    let row = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == s.users["agent"])
        .expect("the agent has performance")
        .clone();
    assert!(row["amount"].as_i64().unwrap() >= mine);
    let companies = boss.data(ACHIEVEMENT, json!({ "group": "company" })).await;
    assert_eq!(companies["rows"][0]["amount"], report["total"]);
}

async fn a_template_must_total_a_whole_and_splits_follow_it(app: TestApp) {
    let boss = app.as_user("boss").await;
    let agent = app.as_user("agent").await;
    let shares = |closer: i64| {
        json!({ "shares": [
            { "role": 1, "shareBp": 1000 }, { "role": 2, "shareBp": 2000 },
            { "role": 3, "shareBp": 0 }, { "role": 4, "shareBp": 0 },
            { "role": 5, "shareBp": 1000 }, { "role": 6, "shareBp": 2000 },
            { "role": 7, "shareBp": closer }
        ] })
    };
    boss.post(TEMPLATE_SAVE, shares(3999))
        .await
        .assert_error(10000004, "分成比例合计须为100%，当前为99.99%");
    let saved = boss.data(TEMPLATE_SAVE, shares(4000)).await;
    assert_eq!(saved["isDefault"], false);
    assert_eq!(
        agent.data(TEMPLATE, json!({})).await["shares"][6]["shareBp"],
        4000
    );
    let listing = my_listing(&agent).await;
    let mut body = sale(&listing["id"], "MM-T-0002");
    body["ownerCommission"] = json!("0.03");
    body["customerCommission"] = json!("0");
    let added = agent.data(ADD, body).await;
    let parts: Vec<(i64, i64)> = added["splits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["role"].as_i64().unwrap(), l["amount"].as_i64().unwrap()))
        .collect();
    // 3 fen over 10/20/10/20/40%: largest remainders, ties to the earlier role.
    assert_eq!(parts, [(1, 0), (2, 1), (5, 0), (6, 1), (7, 1)]);
}

/// A valid private rental `caller` maintains.
async fn my_rental(caller: &Caller<'_>) -> Value {
    caller
        .data(
            "/api/v1/fm/house/rental/list",
            json!({ "pageNum": 1, "pageSize": 50, "status": 1, "pool": 1, "mine": true }),
        )
        .await["list"][0]
        .clone()
}

async fn each_kind_takes_its_own_trade_and_the_form_sees_its_split(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let listing = my_listing(&agent).await;
    let rental = my_rental(&agent).await;
    assert!(rental["id"].is_i64(), "the demo agent keeps a rental");
    agent
        .post(ADD, sale(&rental["id"], "MM-T-0101"))
        .await
        .assert_error(10000004, "买卖合同只能选择二手房源");
    let mut lease = sale(&listing["id"], "ZL-T-0101");
    lease["kind"] = json!(2);
    lease["address"] = json!("随便写的地址");
    lease["leaseMonths"] = json!(12);
    agent
        .post(ADD, lease.clone())
        .await
        .assert_error(10000004, "租赁合同只能选择租房房源");
    lease["listingId"] = rental["id"].clone();
    lease["price"] = json!("3500");
    let added = agent.data(ADD, lease).await;
    assert_eq!(added["listingId"], rental["id"]);

    // The form's preview is the split `add` writes when it sends none.
    let preview = agent
        .data(
            "/api/v1/fm/business/contract/split",
            json!({ "kind": 1, "listingId": listing["id"], "ownerCommission": "30000",
                    "customerCommission": "30000.01" }),
        )
        .await;
    let written = agent.data(ADD, sale(&listing["id"], "MM-T-0102")).await;
    let lines = |v: &Value| -> Vec<(i64, i64, i64)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["role"].as_i64().unwrap(),
                    l["userId"].as_i64().unwrap(),
                    l["amount"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(lines(&preview), lines(&written["splits"]));
    let people = agent
        .data("/api/v1/fm/business/contract/people", json!({}))
        .await;
    assert!(
        people
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == s.users["manager"]),
        "a colleague of the agent's store, beyond the agent's own scope: {people}"
    );
    let boss = app.as_user("boss").await;
    let everyone = boss
        .data("/api/v1/fm/business/contract/people", json!({}))
        .await;
    assert!(
        everyone
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == s.users["manager2"]),
        "the company's other store, for a company-wide caller: {everyone}"
    );
    assert!(
        !people
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == s.users["nbmanager"] || p["id"] == s.users["partner"]),
        "no one of another company"
    );
}

async fn a_cancelled_contract_puts_its_listing_back_on_the_market(app: TestApp) {
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let listing = my_listing(&agent).await;
    let id = signed(&agent, &manager, sale(&listing["id"], "MM-T-0201")).await["id"].clone();
    let house = json!({ "id": listing["id"] });
    let detail = "/api/v1/fm/house/old/detail";
    assert_eq!(
        agent.data(detail, house.clone()).await["status"],
        5,
        "我司成交"
    );
    let cancelled = manager
        .data(MOVE, json!({ "id": id, "action": "cancel" }))
        .await;
    assert_eq!(cancelled["status"], 9, "已解约");
    assert_eq!(cancelled["orderStatus"], 100, "its draft order is closed");
    let back = agent.data(detail, house).await;
    assert_eq!(back["status"], 1, "有效 again");
    let last = back["history"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["action"] == "dealUndone")
        .expect("the move is in the listing's history")
        .clone();
    assert_eq!(last["actionLabel"], "合同解约");
    assert_eq!(last["reason"], "合同MM-T-0201解约");
    // The listing can be dealt again: a new contract on it signs.
    let again = signed(&agent, &manager, sale(&listing["id"], "MM-T-0202")).await;
    assert_eq!(again["status"], 2);
}

/// A contract is written only on a listing 签约 accepts, linked to a customer the caller reads
/// (whose owner agent becomes the 客源人), and signed on the China day.
async fn a_contract_needs_a_signable_listing_and_links_a_customer_in_scope(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let public = agent
        .data(
            "/api/v1/fm/house/old/list",
            json!({ "pageNum": 1, "pageSize": 50, "status": 1, "pool": 2 }),
        )
        .await["list"][0]
        .clone();
    assert!(
        public["id"].is_i64(),
        "the demo company keeps a public-pool listing"
    );
    agent
        .post(ADD, sale(&public["id"], "MM-T-0201"))
        .await
        .assert_error(10000004, "房源当前为「有效（公盘）」，不能签约");

    // The manager closes a deal on the agent's customer: 客源 goes to the customer's owner.
    let customer = agent
        .data(
            "/api/v1/fm/crm/customer/list",
            json!({ "pageNum": 1, "pageSize": 20, "mine": true }),
        )
        .await["list"][0]
        .clone();
    assert_eq!(
        customer["ownerId"], s.users["agent"],
        "the agent keeps customers"
    );
    let listing = my_listing(&agent).await;
    let mut body = sale(&listing["id"], "MM-T-0202");
    body["customerId"] = customer["id"].clone();
    body["signedOn"] = json!("");
    let added = manager.data(ADD, body.clone()).await;
    assert_eq!(added["customerId"], customer["id"]);
    assert_eq!(added["customerSourceId"], s.users["agent"]);
    let source_line = added["splits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["role"] == 6)
        .cloned()
        .unwrap();
    assert_eq!(
        source_line["userId"], s.users["agent"],
        "客源 to the customer's owner"
    );
    let closer_line = added["splits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["role"] == 7)
        .cloned()
        .unwrap();
    assert_eq!(closer_line["userId"], s.users["manager"]);

    // A customer of another company is not the caller's to link.
    let foreign = app
        .as_user("nbmanager")
        .await
        .data(
            "/api/v1/fm/crm/customer/list",
            json!({ "pageNum": 1, "pageSize": 20 }),
        )
        .await["list"][0]
        .clone();
    assert!(foreign["id"].is_i64(), "the other company keeps customers");
    body["customerId"] = foreign["id"].clone();
    body["code"] = json!("MM-T-0203");
    manager
        .post(ADD, body)
        .await
        .assert_error(10000004, "客户不存在或不在您的范围内，请重新选择");

    // Signed today in China, whatever the UTC day.
    let signed = manager
        .data(MOVE, json!({ "id": added["id"], "action": "sign" }))
        .await;
    let china_today = brokerdesk_core::china_time::day_of(chrono::Utc::now())
        .format("%Y-%m-%d")
        .to_string();
    assert_eq!(signed["signedOn"], json!(china_today));
}

/// Four eyes: a manager who wrote a contract, or who submitted its order, is offered 驳回 but not
/// 审核通过 on that order and is refused it with a stable code; another reviewer (the boss)
/// approves it.
async fn nobody_approves_an_order_they_wrote_or_submitted(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let boss = app.as_user("boss").await;
    let listings = agent
        .data(
            "/api/v1/fm/house/old/list",
            json!({ "pageNum": 1, "pageSize": 50, "status": 1, "pool": 1, "mine": true }),
        )
        .await["list"]
        .clone();
    let (first, second) = (&listings[0]["id"], &listings[1]["id"]);
    assert!(
        first.is_i64() && second.is_i64(),
        "the demo agent keeps two valid listings"
    );
    const OWN: &str = "不能审核自己录入或提交的佣金单，请由其他审核人处理";

    // The manager writes the contract for the agent's deal and signs it; the agent submits.
    let mut body = sale(first, "MM-T-0301");
    body["agentId"] = json!(s.users["agent"]);
    let order = signed(&manager, &manager, body).await["orderId"].clone();
    agent
        .data(ORDER_MOVE, json!({ "id": order, "action": "submit" }))
        .await;
    let seen = manager.data(ORDER, json!({ "id": order })).await;
    assert_eq!(seen["offeredActions"], json!(["reject", "close"]));
    manager
        .post(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await
        .assert_error(10020005, OWN);
    let approved = boss
        .data(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await;
    assert_eq!(approved["status"], 15, "another reviewer approves it");

    // The agent writes the next one; the manager submits its order and so does not approve it.
    let order = signed(&agent, &manager, sale(second, "MM-T-0302")).await["orderId"].clone();
    manager
        .data(ORDER_MOVE, json!({ "id": order, "action": "submit" }))
        .await;
    manager
        .post(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await
        .assert_error(10020005, OWN);
    // Their own 驳回 takes it back; submitted again by the agent, it is still the manager's own.
    let rejected = manager
        .data(
            ORDER_MOVE,
            json!({ "id": order, "action": "reject", "reason": "佣金写错，撤回修改" }),
        )
        .await;
    assert_eq!(rejected["status"], 0);
    agent
        .data(ORDER_MOVE, json!({ "id": order, "action": "submit" }))
        .await;
    manager
        .post(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await
        .assert_error(10020005, OWN);
    let approved = boss
        .data(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await;
    assert_eq!(approved["status"], 15);
}

/// Every demo order's history reads as a real order's: written as a draft, then each move of
/// core's table from where the last left it to where the order is (so 提交审核 before any review),
/// no order approved or paid in by the person whose deal it is.
async fn demo_orders_have_the_history_their_status_took(app: TestApp) {
    let boss = app.as_user("boss").await;
    let orders = boss
        .data(ORDERS, json!({ "pageNum": 1, "pageSize": 100 }))
        .await["list"]
        .clone();
    let orders = orders.as_array().unwrap();
    assert!(orders.len() > 8, "the demo has orders in every status");
    for row in orders {
        let order = boss.data(ORDER, json!({ "id": row["id"] })).await;
        // Newest first on the page; oldest first here.
        let mut moves: Vec<Value> = order["history"].as_array().unwrap().clone();
        moves.reverse();
        let code = &order["code"];
        assert_eq!(moves[0]["action"], "create", "{code}: {moves:?}");
        assert_eq!(moves[0]["toStatus"], "5", "{code}");
        for pair in moves.windows(2) {
            assert_eq!(
                pair[1]["fromStatus"], pair[0]["toStatus"],
                "{code}: {moves:?}"
            );
        }
        for step in &moves[1..] {
            let code_of = |c: &Value| OrderStatus::from_code(c.as_str().unwrap().parse().unwrap());
            let (from, to) = (
                code_of(&step["fromStatus"]).unwrap(),
                code_of(&step["toStatus"]),
            );
            let action = OrderAction::from_code(step["action"].as_str().unwrap()).unwrap();
            let allowed = match action {
                // A receipt leaves the order partly paid or settled (core's `receive`).
                OrderAction::Pay => {
                    order::can(action, from)
                        && matches!(to, Some(OrderStatus::PartlyPaid | OrderStatus::Settled))
                }
                _ => order::next(action, from).ok() == to,
            };
            assert!(allowed, "{code}: {step} is not a move of core's table");
            if matches!(action, OrderAction::Approve | OrderAction::Pay) {
                assert_ne!(step["actorId"], order["agentId"], "{code}: {step}");
            }
            if action == OrderAction::Pay && order["contractId"].is_i64() {
                assert!(
                    step["reason"].as_str().unwrap().contains("收款"),
                    "{code}: {step}"
                );
            }
        }
        assert_eq!(
            moves.last().unwrap()["toStatus"],
            order["status"].to_string(),
            "{code}: {moves:?}"
        );
    }
}

/// The kept 业绩 (`performance_month`) as summing the settled lines again gives it: per level
/// (a person at their seat, a store, a company), kind and China-time month, the fen and how many
/// deals have a line there.
async fn assert_kept_performance_is_the_lines(app: &TestApp, when: &str) {
    use std::collections::{BTreeMap, BTreeSet};

    use chrono::{DateTime, Utc};
    use sea_orm::{ConnectionTrait, Statement};

    type Cell = (i16, i16, String, [i64; 6]);
    let backend = app.db.get_database_backend();
    let mut expected: BTreeMap<Cell, (i64, BTreeSet<i64>)> = BTreeMap::new();
    for (kind, sql) in [
        (
            1,
            "SELECT site_id, organisation_id, COALESCE(store_group_id, 0) AS g, \
             COALESCE(store_id, 0) AS s, COALESCE(department_id, 0) AS d, user_id AS u, \
             contract_id AS deal, amount AS fen, settled_at FROM deal_split \
             WHERE settled_at IS NOT NULL",
        ),
        (
            2,
            "SELECT site_id, COALESCE(organisation_id, 0) AS organisation_id, \
             COALESCE(store_group_id, 0) AS g, COALESCE(store_id, 0) AS s, \
             COALESCE(department_id, 0) AS d, COALESCE(user_id, 0) AS u, deal_id AS deal, \
             amount_fen AS fen, settled_at FROM new_home_deal_share WHERE settled_at IS NOT NULL",
        ),
    ] {
        for row in app
            .db
            .query_all_raw(Statement::from_string(backend, sql))
            .await
            .unwrap()
        {
            let get = |c: &str| row.try_get::<i64>("", c).unwrap();
            let at: DateTime<Utc> = row.try_get("", "settled_at").unwrap();
            let month = at
                .with_timezone(&brokerdesk_core::china_time::offset())
                .format("%Y-%m")
                .to_string();
            let (site, company) = (get("site_id"), get("organisation_id"));
            let (group, store) = (get("g"), get("s"));
            for (level, key) in [
                (1, [site, company, group, store, get("d"), get("u")]),
                (2, [site, company, group, store, 0, 0]),
                (3, [site, company, 0, 0, 0, 0]),
            ] {
                let cell = expected
                    .entry((level, kind, month.clone(), key))
                    .or_default();
                cell.0 += get("fen");
                cell.1.insert(get("deal"));
            }
        }
    }
    let expected: BTreeMap<Cell, (i64, i64)> = expected
        .into_iter()
        .map(|(cell, (fen, deals))| (cell, (fen, deals.len() as i64)))
        .collect();
    let kept: BTreeMap<Cell, (i64, i64)> = app
        .db
        .query_all_raw(Statement::from_string(
            backend,
            "SELECT level, kind, month, site_id, organisation_id, store_group_id, store_id, \
             department_id, user_id, amount, deals FROM performance_month WHERE deals <> 0",
        ))
        .await
        .unwrap()
        .into_iter()
        .map(|row| {
            let get = |c: &str| row.try_get::<i64>("", c).unwrap();
            let small = |c: &str| row.try_get::<i16>("", c).unwrap();
            (
                (
                    small("level"),
                    small("kind"),
                    row.try_get::<String>("", "month").unwrap(),
                    [
                        get("site_id"),
                        get("organisation_id"),
                        get("store_group_id"),
                        get("store_id"),
                        get("department_id"),
                        get("user_id"),
                    ],
                ),
                (get("amount"), get("deals")),
            )
        })
        .collect();
    assert!(!expected.is_empty(), "the demo has settled deals");
    assert_eq!(kept, expected, "kept 业绩 after {when}");
}

/// The kept order counts (m0035's triggers) as counting the orders gives them.
async fn assert_order_counts_are_the_orders(app: &TestApp, when: &str) {
    use sea_orm::{ConnectionTrait, Statement};

    let backend = app.db.get_database_backend();
    let rows = |sql: &'static str| async move {
        app.db
            .query_all_raw(Statement::from_string(backend, sql))
            .await
            .unwrap()
            .into_iter()
            .map(|row| {
                let get = |c: &str| row.try_get::<i64>("", c).unwrap();
                (
                    [
                        get("site_id"),
                        get("organisation_id"),
                        get("g"),
                        get("s"),
                        get("d"),
                        get("agent_id"),
                        i64::from(row.try_get::<i16>("", "status").unwrap()),
                    ],
                    get("n"),
                )
            })
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    let counted = rows(
        "SELECT site_id, organisation_id, COALESCE(store_group_id, 0) AS g, \
         COALESCE(store_id, 0) AS s, COALESCE(department_id, 0) AS d, agent_id, status, \
         COUNT(*) AS n FROM commission_order GROUP BY site_id, organisation_id, \
         COALESCE(store_group_id, 0), COALESCE(store_id, 0), COALESCE(department_id, 0), \
         agent_id, status",
    )
    .await;
    let kept = rows(
        "SELECT site_id, organisation_id, store_group_id AS g, store_id AS s, \
         department_id AS d, agent_id, status, orders AS n FROM commission_order_count \
         WHERE orders <> 0",
    )
    .await;
    assert!(!counted.is_empty());
    assert_eq!(kept, counted, "kept order counts after {when}");
}

/// A month's receipts per placement, `(month, [site, company, store group, store, department,
/// agent])`, as summing the settled orders' `paid` gives them.
type Receipts = std::collections::BTreeMap<(String, [i64; 6]), i64>;

async fn receipts_of_settled_orders(app: &TestApp) -> Receipts {
    use chrono::{DateTime, Utc};
    use sea_orm::{ConnectionTrait, Statement};

    let mut summed = Receipts::new();
    for row in app
        .db
        .query_all_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT site_id, organisation_id, COALESCE(store_group_id, 0) AS g, \
             COALESCE(store_id, 0) AS s, COALESCE(department_id, 0) AS d, agent_id, paid, \
             settled_at FROM commission_order WHERE settled_at IS NOT NULL",
        ))
        .await
        .unwrap()
    {
        let get = |c: &str| row.try_get::<i64>("", c).unwrap();
        let at: DateTime<Utc> = row.try_get("", "settled_at").unwrap();
        let month = at
            .with_timezone(&brokerdesk_core::china_time::offset())
            .format("%Y-%m")
            .to_string();
        let place = [
            get("site_id"),
            get("organisation_id"),
            get("g"),
            get("s"),
            get("d"),
            get("agent_id"),
        ];
        *summed.entry((month, place)).or_default() += get("paid");
    }
    summed.retain(|_, paid| *paid != 0);
    summed
}

/// The kept receipts of settled orders (m0037's triggers) as summing the orders gives them.
async fn assert_kept_receipts_are_the_orders(app: &TestApp, when: &str) {
    use sea_orm::{ConnectionTrait, Statement};

    let kept: Receipts = app
        .db
        .query_all_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT month, site_id, organisation_id, store_group_id, store_id, department_id, \
             agent_id, paid FROM settled_order_month WHERE paid <> 0",
        ))
        .await
        .unwrap()
        .into_iter()
        .map(|row| {
            let get = |c: &str| row.try_get::<i64>("", c).unwrap();
            (
                (
                    row.try_get::<String>("", "month").unwrap(),
                    [
                        get("site_id"),
                        get("organisation_id"),
                        get("store_group_id"),
                        get("store_id"),
                        get("department_id"),
                        get("agent_id"),
                    ],
                ),
                get("paid"),
            )
        })
        .collect();
    let summed = receipts_of_settled_orders(app).await;
    assert!(!summed.is_empty(), "the demo has settled orders");
    assert_eq!(kept, summed, "kept receipts after {when}");
}

/// The commission list's total (from the kept counts) for a status, checked against the same
/// list filtered by a keyword every order's number holds (which counts the orders themselves).
async fn listed(caller: &Caller<'_>, status: Option<i64>) -> i64 {
    let total = caller
        .data(
            ORDERS,
            json!({ "pageNum": 1, "pageSize": 10, "status": status }),
        )
        .await["total"]
        .clone();
    let counted = caller
        .data(
            ORDERS,
            json!({ "pageNum": 1, "pageSize": 10, "status": status, "keyword": "YJ-" }),
        )
        .await["total"]
        .clone();
    assert_eq!(total, counted, "{status:?}");
    total.as_i64().unwrap()
}

/// What each caller's summary shows for this month, by group: it reconciles for the company.
async fn summaries(callers: &[&Caller<'_>]) -> Vec<Value> {
    let mut all = Vec::new();
    for caller in callers {
        for group in ["agent", "store", "company"] {
            all.push(caller.data(ACHIEVEMENT, json!({ "group": group })).await);
        }
    }
    all
}

async fn kept_performance_follows_receipts_rejections_and_closes(app: TestApp) {
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let boss = app.as_user("boss").await;
    assert_kept_performance_is_the_lines(&app, "the demo's settled deals").await;
    assert_order_counts_are_the_orders(&app, "the demo's orders").await;
    assert_kept_receipts_are_the_orders(&app, "the demo's settled orders").await;
    let awaiting_before = listed(&manager, Some(15)).await;
    let before = summaries(&[&boss, &manager, &agent]).await;

    // A sale signed, approved and paid in two receipts: its split counts from the second.
    let listing = my_listing(&agent).await;
    let order =
        signed(&agent, &manager, sale(&listing["id"], "MM-T-0301")).await["orderId"].clone();
    agent
        .data(ORDER_MOVE, json!({ "id": order, "action": "submit" }))
        .await;
    manager
        .data(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await;
    manager
        .data(PAY, json!({ "id": order, "payWay": 2, "amount": "10000" }))
        .await;
    assert_kept_performance_is_the_lines(&app, "a part paid").await;
    assert_kept_receipts_are_the_orders(&app, "a part paid").await;
    assert_eq!(
        summaries(&[&boss, &manager, &agent]).await,
        before,
        "a part paid settles nothing"
    );
    let settled = manager
        .data(
            PAY,
            json!({ "id": order, "payWay": 4, "amount": "50000.01" }),
        )
        .await;
    assert_eq!(settled["status"], 20);
    assert_kept_performance_is_the_lines(&app, "the last receipt").await;
    assert_kept_receipts_are_the_orders(&app, "the last receipt").await;

    // The demo's orders under review and awaiting payment: one rejected, one closed.
    let pending = manager
        .data(
            ORDERS,
            json!({ "pageNum": 1, "pageSize": 10, "status": 10 }),
        )
        .await;
    let awaiting = manager
        .data(
            ORDERS,
            json!({ "pageNum": 1, "pageSize": 10, "status": 15 }),
        )
        .await;
    let reviewed = pending["list"][0]["id"].clone();
    let closing = awaiting["list"][0]["id"].clone();
    assert!(
        reviewed.is_i64() && closing.is_i64(),
        "{pending} {awaiting}"
    );
    manager
        .data(
            ORDER_MOVE,
            json!({ "id": reviewed, "action": "reject", "reason": "金额有误" }),
        )
        .await;
    manager
        .data(
            ORDER_MOVE,
            json!({ "id": closing, "action": "close", "reason": "客户放弃" }),
        )
        .await;
    assert_kept_performance_is_the_lines(&app, "a rejection and a close").await;
    assert_order_counts_are_the_orders(&app, "a sale settled, a rejection and a close").await;
    assert_kept_receipts_are_the_orders(&app, "a rejection and a close").await;
    assert_eq!(
        listed(&manager, Some(15)).await,
        awaiting_before - 1,
        "one closed"
    );
    for caller in [&boss, &manager, &agent] {
        for status in [None, Some(0), Some(10), Some(15), Some(20), Some(100)] {
            listed(caller, status).await;
        }
    }

    let after = summaries(&[&boss, &manager, &agent]).await;
    // The company's month reconciles with its settled orders by person, store and company, and
    // the three groupings agree; the new deal added its 60,000.01 元.
    for report in &after[0..3] {
        assert_eq!(report["total"], report["settledOrders"], "{report}");
    }
    let total = |r: &Value| r["total"].as_i64().unwrap();
    assert_eq!(total(&after[0]) - total(&before[0]), 6_000_001);
    // The agent's 已结佣金单 is what their own orders settled this month received.
    let month = after[6]["month"].as_str().unwrap().to_owned();
    let own_received: i64 = receipts_of_settled_orders(&app)
        .await
        .into_iter()
        .filter(|((m, place), _)| *m == month && place[5] == agent.user_id)
        .map(|(_, paid)| paid)
        .sum();
    assert_eq!(after[6]["settledOrders"], own_received, "{}", after[6]);
    assert_eq!(total(&after[1]), total(&after[0]));
    assert_eq!(total(&after[2]), total(&after[0]));
    let company = &after[2]["rows"][0];
    assert_eq!(company["amount"], after[0]["total"]);
    let amounts = |r: &Value| -> i64 {
        r["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row["amount"].as_i64().unwrap())
            .sum()
    };
    // Each caller's groupings sum to the same total (a store or company cell holds no part
    // twice), and the agent reads their own parts only.
    for reports in after.chunks(3) {
        assert_eq!(amounts(&reports[0]), amounts(&reports[1]), "{reports:?}");
        assert_eq!(amounts(&reports[0]), amounts(&reports[2]), "{reports:?}");
    }
    let own = &after[6]["rows"];
    assert!(
        own.as_array()
            .unwrap()
            .iter()
            .all(|row| row["id"] == agent.user_id),
        "{own}"
    );
    // Deals: the company row counts each settled contract once, however many people share it.
    let contracts = after[2]["rows"][0]["deals"].as_i64().unwrap();
    assert_eq!(
        contracts - before[2]["rows"][0]["deals"].as_i64().unwrap_or_default(),
        1,
        "one more settled contract this month"
    );
}

on_both_backends!(
    nobody_approves_an_order_they_wrote_or_submitted,
    a_contract_needs_a_signable_listing_and_links_a_customer_in_scope,
    a_sale_goes_from_draft_to_settled_and_counts_as_performance,
    a_template_must_total_a_whole_and_splits_follow_it,
    each_kind_takes_its_own_trade_and_the_form_sees_its_split,
    a_cancelled_contract_puts_its_listing_back_on_the_market,
    kept_performance_follows_receipts_rejections_and_closes,
    demo_orders_have_the_history_their_status_took,
);
