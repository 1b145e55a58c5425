//! 新房成交 over HTTP: an agent's report approved and visited, a deal declared on it with the
//! commission from the project's rule and a split to the fen (the remainder rule), reviewed by
//! the manager (its commission order opens, the same 佣金单 contracts have), paid in two parts
//! (部分结佣, then 已结佣) and counted in the agent's performance, reconciling with the orders; a
//! closed deal closes its order; a declaration is refused where core's rules refuse it.

use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::fixtures::Seeded;
use crate::on_both_backends;
use crate::report::{ADD as REPORT_ADD, MOVE as REPORT_MOVE, PROJECTS, report};

pub const LIST: &str = "/api/v1/fm/business/newHouse/deal/list";
pub const DETAIL: &str = "/api/v1/fm/business/newHouse/deal/detail";
pub const PREPARE: &str = "/api/v1/fm/business/newHouse/deal/prepare";
pub const ADD: &str = "/api/v1/fm/business/newHouse/deal/add";
pub const EDIT: &str = "/api/v1/fm/business/newHouse/deal/edit";
pub const MOVE: &str = "/api/v1/fm/business/newHouse/deal/transition";
const ORDERS: &str = "/api/v1/fm/business/commission/list";
const ORDER: &str = "/api/v1/fm/business/commission/detail";
const ORDER_MOVE: &str = "/api/v1/fm/business/commission/transition";
const PAY: &str = "/api/v1/fm/business/commission/pay";
const ACHIEVEMENT: &str = "/api/v1/fm/business/achievement/summary";

pub fn today() -> String {
    (chrono::Utc::now() + chrono::Duration::hours(8))
        .format("%Y-%m-%d")
        .to_string()
}

/// A report of `reporter` on `project`, approved and visited by `city`: ready for a deal.
pub async fn visited(reporter: &Caller<'_>, city: &Caller<'_>, project: &str, phone: &str) -> i64 {
    let projects = reporter.data(PROJECTS, json!({})).await;
    let project = projects
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == project)
        .unwrap_or_else(|| panic!("{project} not offered: {projects}"))["id"]
        .as_i64()
        .unwrap();
    let id = reporter
        .data(REPORT_ADD, report(project, "成交客户", phone))
        .await["id"]
        .as_i64()
        .unwrap();
    city.data(REPORT_MOVE, json!({ "id": id, "action": "approve" }))
        .await;
    let visited = city
        .data(REPORT_MOVE, json!({ "id": id, "action": "visit" }))
        .await;
    assert_eq!(visited["status"], 4, "{visited}");
    id
}

/// A declaration on `report`: the whole to the deal person unless lines are given.
pub fn declaration(report: i64, person: i64, shares: Option<Value>) -> Value {
    json!({
        "reportId": report, "unit": "3幢1单元1502室", "area": "98.36",
        "price": "3456789.01", "dealDate": today(),
        "shares": shares.unwrap_or_else(|| json!([{ "kind": 1, "userId": person, "bp": 10000 }])),
    })
}

async fn a_visited_customer_is_declared_reviewed_paid_and_counted(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let city = app.as_user("city").await;
    let boss = app.as_user("boss").await;
    let me = s.users["agent"];
    let partner = s.users["manager"];

    // Not before the visit.
    let approved_only = {
        let projects = agent.data(PROJECTS, json!({})).await;
        let xixi = projects
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "西溪云庐")
            .unwrap()["id"]
            .as_i64()
            .unwrap();
        let id = agent
            .data(REPORT_ADD, report(xixi, "未到访", "13855550001"))
            .await["id"]
            .as_i64()
            .unwrap();
        city.data(REPORT_MOVE, json!({ "id": id, "action": "approve" }))
            .await;
        id
    };
    agent
        .post(ADD, declaration(approved_only, me, None))
        .await
        .assert_error(10020005, "只有已确认到访（有效客户）的报备可以申报成交");

    let report = visited(&agent, &city, "西溪云庐", "13855550002").await;
    // The page's commission: 西溪云庐 pays 3% of the price, rounded half up to the fen.
    let prepared = agent
        .data(
            PREPARE,
            json!({ "reportId": report, "price": "3456789.01", "dealDate": today() }),
        )
        .await;
    assert_eq!(prepared["commission"], 10_370_367, "{prepared}");
    assert_eq!(prepared["ruleText"], "成交总价的3%");
    assert_eq!(prepared["report"]["customerName"], "成交客户");
    assert!(
        prepared["colleagues"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["id"] == partner && c["name"] == "王建国"),
        "{prepared}"
    );

    // The split must total 100%, said as core says it.
    let short = json!([
        { "kind": 1, "userId": me, "bp": 8000 },
        { "kind": 3, "bp": 750 },
    ]);
    agent
        .post(ADD, declaration(report, me, Some(short)))
        .await
        .assert_error(10000004, "业绩分配合计须为100%（当前为87.5%）");
    // Thirds: the fen left over goes to the largest remainder, the deal person's line.
    let thirds = json!([
        { "kind": 1, "userId": me, "bp": 3334 },
        { "kind": 2, "userId": partner, "bp": 3333 },
        { "kind": 3, "bp": 3333 },
    ]);
    let deal = agent
        .data(ADD, declaration(report, me, Some(thirds.clone())))
        .await;
    let id = deal["id"].as_i64().unwrap();
    assert_eq!(deal["status"], 5);
    assert_eq!(deal["statusLabel"], "业绩待审核");
    assert_eq!(deal["commission"], 10_370_367);
    assert_eq!(deal["price"], 345_678_901);
    assert_eq!(deal["area"], 9836);
    let parts: Vec<i64> = deal["shares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["amount"].as_i64().unwrap())
        .collect();
    assert_eq!(parts, [3_457_481, 3_456_443, 3_456_443]);
    assert_eq!(deal["shares"][2]["kindLabel"], "项目方分成");
    assert_eq!(deal["shares"][1]["userName"], "王建国");
    assert_eq!(deal["mayEdit"], true);
    assert_eq!(deal["offeredActions"], json!([]));
    // One deal per report.
    agent
        .post(ADD, declaration(report, me, Some(thirds.clone())))
        .await
        .assert_error(10000409, "该报备已申报成交，不能重复申报");
    // The report now shows it and can no longer be closed.
    let shown = agent
        .data(
            "/api/v1/fm/business/newHouse/report/detail",
            json!({ "id": report }),
        )
        .await;
    assert_eq!(shown["dealId"], id);
    assert_eq!(shown["mayDeclare"], false);

    // Changed while waiting for review: a new price, the split follows.
    let mut changed = declaration(report, me, Some(thirds.clone()));
    changed["id"] = json!(id);
    changed["price"] = json!("3000000");
    let edited = agent.data(EDIT, changed.clone()).await;
    assert_eq!(edited["commission"], 9_000_000);
    assert_eq!(edited["shares"][0]["amount"], 3_000_600);

    // The agent does not review; the manager does, and the order opens as a draft.
    agent
        .post(MOVE, json!({ "id": id, "action": "approve" }))
        .await
        .assert_error(10020001, "无权限执行该操作");
    let before = manager.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(before["offeredActions"], json!(["approve", "close"]));
    let approved = manager
        .data(MOVE, json!({ "id": id, "action": "approve" }))
        .await;
    assert_eq!(approved["status"], 1);
    assert_eq!(approved["statusLabel"], "待结佣");
    assert_eq!(approved["mayEdit"], false);
    let order = approved["orders"][0].clone();
    assert_eq!(
        (order["status"].as_i64(), order["receivable"].as_i64()),
        (Some(5), Some(9_000_000))
    );
    let order_id = order["id"].as_i64().unwrap();
    agent
        .post(EDIT, changed)
        .await
        .assert_error(10020005, "成交已审核，不能再修改");
    // Receipts settle nothing by hand: 部分结佣 and 已结佣 are the orders'.
    manager
        .post(MOVE, json!({ "id": id, "action": "settle" }))
        .await
        .assert_error(10020005, "结佣由佣金结算的收款确认自动执行");

    // The same commission orders as contracts: listed with the project and unit.
    let listed = agent
        .data(ORDERS, json!({ "keyword": "1502室", "pageSize": 50 }))
        .await;
    let row = listed["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == order_id)
        .unwrap_or_else(|| panic!("{listed}"))
        .clone();
    assert_eq!(row["newHomeDealId"], id);
    assert_eq!(row["contractId"], Value::Null);
    assert_eq!(row["address"], "西溪云庐 3幢1单元1502室");
    assert_eq!(row["customerName"], "成交客户");

    agent
        .data(ORDER_MOVE, json!({ "id": order_id, "action": "submit" }))
        .await;
    manager
        .data(ORDER_MOVE, json!({ "id": order_id, "action": "approve" }))
        .await;
    manager
        .post(
            PAY,
            json!({ "id": order_id, "payWay": 2, "amount": "90000.01" }),
        )
        .await
        .assert_error(
            10020005,
            "本次收款90,000.01元超过未收金额90,000.00元，请核对",
        );
    manager
        .data(
            PAY,
            json!({ "id": order_id, "payWay": 2, "amount": "40000" }),
        )
        .await;
    let part = agent.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(part["status"], 2);
    assert_eq!(part["statusLabel"], "部分结佣");
    assert_eq!(part["paid"], 4_000_000);
    manager
        .data(
            PAY,
            json!({ "id": order_id, "payWay": 4, "amount": "50000" }),
        )
        .await;
    let settled = agent.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(settled["status"], 3);
    assert_eq!(settled["statusLabel"], "已结佣");
    assert!(settled["shares"][0]["settledAt"].is_i64());
    let moves: Vec<(&str, &str)> = settled["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["actionLabel"].as_str().unwrap(),
                h["toStatus"].as_str().unwrap(),
            )
        })
        .collect();
    for wanted in [
        ("申报成交", "业绩待审核"),
        ("业绩审核通过", "待结佣"),
        ("部分结佣", "部分结佣"),
        ("结佣完成", "已结佣"),
    ] {
        assert!(moves.contains(&wanted), "{wanted:?} in {moves:?}");
    }

    // Performance: the agent's line counts this month, and the company's reconciles.
    let mine = agent.data(ACHIEVEMENT, json!({ "group": "agent" })).await;
    let line = mine["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == me)
        .unwrap_or_else(|| panic!("{mine}"))
        .clone();
    assert!(line["amount"].as_i64().unwrap() >= 3_000_600, "{line}");
    let company = boss.data(ACHIEVEMENT, json!({ "group": "company" })).await;
    assert_eq!(company["total"], company["settledOrders"], "{company}");
    assert_eq!(company["rows"][0]["amount"], company["total"]);
}

async fn a_closed_deal_closes_its_order(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let city = app.as_user("city").await;
    let report = visited(&agent, &city, "西溪云庐", "13855550003").await;
    let deal = agent
        .data(ADD, declaration(report, s.users["agent"], None))
        .await;
    let id = deal["id"].as_i64().unwrap();
    manager
        .data(MOVE, json!({ "id": id, "action": "approve" }))
        .await;
    let closed = manager
        .data(
            MOVE,
            json!({ "id": id, "action": "close", "reason": "客户退房" }),
        )
        .await;
    assert_eq!(closed["status"], 4);
    assert_eq!(closed["orders"][0]["status"], 100);
    assert_eq!(closed["orders"][0]["reason"], "客户退房");
    assert_eq!(closed["offeredActions"], json!([]));
    manager
        .post(MOVE, json!({ "id": id, "action": "approve" }))
        .await
        .assert_error(10020005, "当前状态为「已关闭」，不能执行「业绩审核通过」");
    // Another store reaches neither the deal nor its list row.
    let manager2 = app.as_user("manager2").await;
    manager2
        .post(DETAIL, json!({ "id": id }))
        .await
        .assert_error(10020002, "无权限访问该数据");
    let theirs = manager2.data(LIST, json!({ "pageSize": 100 })).await;
    assert!(
        theirs["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["id"] != id)
    );
}

async fn a_split_credits_colleagues_of_the_company_only(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let city = app.as_user("city").await;
    let report = visited(&agent, &city, "西溪云庐", "13855550004").await;
    let stranger = s.users["nbmanager"];
    let lines = json!([
        { "kind": 1, "userId": s.users["agent"], "bp": 9000 },
        { "kind": 2, "userId": stranger, "bp": 1000 },
    ]);
    agent
        .post(ADD, declaration(report, s.users["agent"], Some(lines)))
        .await
        .assert_error(10000004, "业绩分配的员工须为本公司在职员工");
    let no_person = json!([{ "kind": 1, "bp": 10000 }]);
    agent
        .post(ADD, declaration(report, s.users["agent"], Some(no_person)))
        .await
        .assert_error(10000004, "请为客户成交人和客户合作人选择员工");
}

/// The demo brokerage has a new-home deal of 李晓峰 in each deal status, each with its split to
/// the fen and the order its status implies, so 成交详情, 佣金结算 and 业绩 are alive on `make run`.
async fn the_demo_has_a_deal_in_each_status(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = s.users["agent"];
    let manager = app.as_user("manager").await;
    let list = manager
        .data(LIST, json!({ "pageNum": 1, "pageSize": 50 }))
        .await;
    let rows = list["list"].as_array().unwrap();
    // (status, its label, the order's status: none before 业绩审核通过)
    let wanted = [
        (5, "业绩待审核", None),
        (1, "待结佣", Some(10)),
        (2, "部分结佣", Some(16)),
        (3, "已结佣", Some(20)),
        (4, "已关闭", Some(100)),
    ];
    for (status, label, order) in wanted {
        let row = rows
            .iter()
            .find(|r| r["status"] == status && r["declarerId"] == agent)
            .unwrap_or_else(|| panic!("no demo deal {label}: {list}"));
        assert_eq!(row["statusLabel"], label);
        let deal = manager.data(DETAIL, json!({ "id": row["id"] })).await;
        let shares = deal["shares"].as_array().unwrap();
        assert!(
            shares
                .iter()
                .any(|l| l["kind"] == 1 && l["userId"] == agent),
            "{deal}"
        );
        let parts: i64 = shares.iter().map(|l| l["amount"].as_i64().unwrap()).sum();
        assert_eq!(parts, deal["commission"].as_i64().unwrap(), "{deal}");
        let orders = deal["orders"].as_array().unwrap();
        match order {
            None => assert!(orders.is_empty(), "{deal}"),
            Some(code) => {
                assert_eq!(orders.len(), 1, "{deal}");
                assert_eq!(orders[0]["status"], code, "{deal}");
                let paid = orders[0]["paid"].as_i64().unwrap();
                let receivable = orders[0]["receivable"].as_i64().unwrap();
                match status {
                    2 => assert!(paid > 0 && paid < receivable, "{deal}"),
                    3 => assert_eq!(paid, receivable),
                    _ => assert_eq!(paid, 0),
                }
            }
        }
        let counted = shares.iter().all(|l| l["settledAt"].is_i64());
        assert_eq!(counted, status == 3, "only a settled deal counts: {deal}");
        // Newest first: it began with 申报成交.
        let history = deal["history"].as_array().unwrap();
        assert_eq!(history.last().unwrap()["actionLabel"], "申报成交", "{deal}");
    }
    // The settled demo deal counts in this month's performance, which still reconciles.
    let boss = app.as_user("boss").await;
    let company = boss.data(ACHIEVEMENT, json!({ "group": "company" })).await;
    assert_eq!(company["total"], company["settledOrders"], "{company}");
    let mine = manager.data(ACHIEVEMENT, json!({ "group": "agent" })).await;
    assert!(
        mine["rows"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == agent),
        "{mine}"
    );
}

/// Four eyes: a manager who declares a deal (on their agent's visited customer) is offered only
/// 关闭 on it and refused 业绩审核通过 with a stable code; the boss approves it, and the deal's
/// order is not the declarer's to approve either.
async fn a_declarer_does_not_approve_their_own_deal(app: TestApp) {
    let s = Seeded::load(&app).await;
    let agent = app.as_user("agent").await;
    let manager = app.as_user("manager").await;
    let city = app.as_user("city").await;
    let boss = app.as_user("boss").await;
    let report = visited(&agent, &city, "西溪云庐", "13855550031").await;
    let deal = manager
        .data(ADD, declaration(report, s.users["agent"], None))
        .await;
    let id = deal["id"].as_i64().unwrap();
    assert_eq!(deal["declarerId"], s.users["manager"]);
    assert_eq!(deal["offeredActions"], json!(["close"]));
    manager
        .post(MOVE, json!({ "id": id, "action": "approve" }))
        .await
        .assert_error(10020005, "不能审核自己申报的成交，请由其他审核人处理");
    let still = agent.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(still["statusLabel"], "业绩待审核", "nothing moved");
    let approved = boss
        .data(MOVE, json!({ "id": id, "action": "approve" }))
        .await;
    assert_eq!(approved["statusLabel"], "待结佣");

    // Its order sits at the declarer's seat: the boss submits it. The declarer may not approve
    // it, nor may the boss who submitted it; the deal's approver is nobody's maker here.
    let order = approved["orders"][0]["id"].clone();
    boss.data(ORDER_MOVE, json!({ "id": order, "action": "submit" }))
        .await;
    const OWN_ORDER: &str = "不能审核自己录入或提交的佣金单，请由其他审核人处理";
    manager
        .post(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await
        .assert_error(10020005, OWN_ORDER);
    let seen = boss.data(ORDER, json!({ "id": order })).await;
    assert_eq!(seen["offeredActions"], json!(["reject", "close"]));
    boss.post(ORDER_MOVE, json!({ "id": order, "action": "approve" }))
        .await
        .assert_error(10020005, OWN_ORDER);
}

on_both_backends!(
    a_declarer_does_not_approve_their_own_deal,
    a_visited_customer_is_declared_reviewed_paid_and_counted,
    the_demo_has_a_deal_in_each_status,
    a_closed_deal_closes_its_order,
    a_split_credits_colleagues_of_the_company_only,
);
