//! Staff: what each scope sees, refusals for ids outside it, bad input that writes nothing, and
//! status changes whose effect on sessions is immediate.

use serde_json::{Value, json};

use crate::common::{TestApp, USER_INFO};
use crate::fixtures::{AUDIT, STAFF, Seeded, id_number};
use crate::on_both_backends;

const ADD: &str = "/api/v1/fm/staff/add";
const EDIT: &str = "/api/v1/fm/staff/edit";
const DETAIL: &str = "/api/v1/fm/staff/detail";
const STATUS: &str = "/api/v1/fm/staff/changeStatus";

fn usernames(page: &Value) -> Vec<String> {
    let mut names: Vec<String> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["username"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

async fn each_scope_sees_its_own_people_and_nobody_elses(app: TestApp) {
    let s = Seeded::load(&app).await;
    let all = json!({ "pageSize": 100 });
    let manager = app.as_user("manager").await;
    assert_eq!(
        usernames(&manager.data(STAFF, all.clone()).await),
        ["agent", "manager"]
    );
    let manager2 = app.as_user("manager2").await;
    assert_eq!(
        usernames(&manager2.data(STAFF, all.clone()).await),
        ["manager2"]
    );
    let boss = app.as_user("boss").await;
    assert_eq!(
        usernames(&boss.data(STAFF, all.clone()).await),
        ["agent", "boss", "manager", "manager2"]
    );
    let partner = app.as_user("partner").await;
    assert_eq!(
        usernames(&partner.data(STAFF, all.clone()).await),
        ["partner"]
    );
    let city = app.as_user("city").await;
    assert_eq!(
        usernames(&city.data(STAFF, all.clone()).await),
        ["agent", "boss", "city", "manager", "manager2", "partner"],
        "the super administrator belongs to no city"
    );
    let city2 = app.as_user("city2").await;
    assert_eq!(
        usernames(&city2.data(STAFF, all.clone()).await),
        ["city2", "nbmanager"]
    );

    // Guessing ids: a clear refusal, not an empty success; an unknown id says so.
    for (path, body) in [
        (DETAIL, json!({ "id": s.users["manager2"] })),
        (
            STATUS,
            json!({ "id": s.users["manager2"], "action": "lock" }),
        ),
        (
            EDIT,
            json!({ "id": s.users["nbmanager"], "realName": "改名", "mobile": "13800000009", "roleIds": [] }),
        ),
    ] {
        manager
            .post(path, body)
            .await
            .assert_error(10020002, "无权限访问该数据");
    }
    manager
        .post(DETAIL, json!({ "id": 999_999 }))
        .await
        .assert_error(10020003, "数据不存在或已被删除");
    let untouched = app
        .as_user("admin")
        .await
        .data(DETAIL, json!({ "id": s.users["nbmanager"] }))
        .await;
    assert_eq!(untouched["realName"], "郑海");
    assert_eq!(untouched["locked"], false);

    // Filters and paging.
    let found = manager
        .data(
            STAFF,
            json!({ "realName": "晓峰", "storeId": "", "locked": "" }),
        )
        .await;
    assert_eq!(usernames(&found), ["agent"]);
    let by_mobile = city.data(STAFF, json!({ "mobile": "13800000006" })).await;
    assert_eq!(usernames(&by_mobile), ["manager2"]);
    let first = city
        .data(STAFF, json!({ "pageNum": 2, "pageSize": 5 }))
        .await;
    assert_eq!(
        (
            first["total"].as_u64(),
            first["list"].as_array().unwrap().len()
        ),
        (Some(6), 1)
    );
    city.post(STAFF, json!({ "pageSize": 15 }))
        .await
        .assert_error(10000004, "每页条数只能是5、10、20、30、40、50、100之一");
    // Personal numbers are masked unless the editor asks.
    let agent = &manager.data(STAFF, json!({ "realName": "李晓峰" })).await["list"][0];
    assert_eq!(agent["mobile"], "138****0004");
    let whole = manager
        .data(DETAIL, json!({ "id": s.users["agent"], "unmasked": true }))
        .await;
    assert_eq!(whole["mobile"], "13800000004");
    // Every reveal is on file.
    let reveals = app
        .as_user("admin")
        .await
        .data(
            AUDIT,
            json!({ "entity": "staff", "action": "reveal", "entityId": s.users["agent"] }),
        )
        .await;
    assert_eq!(reveals["total"], 1);
    assert_eq!(reveals["list"][0]["actorName"], "王建国");
}

fn new_person(username: &str, mobile: &str, s: &Seeded) -> Value {
    json!({
        "username": username, "password": "Start@123", "realName": "张三", "mobile": mobile,
        "storeId": s.stores["西湖店"], "departmentId": s.departments["销售一部"],
        "positionId": s.positions["安居经纪/经纪人"], "roleIds": [s.roles["安居经纪/经纪人"]],
        "idNumber": id_number(1), "bankCard": "6222 0212 3456 7890 123", "education": 6,
        "maritalStatus": 2, "sex": 1, "entryDate": "2026-03-01",
    })
}

async fn bad_staff_input_is_refused_and_writes_nothing(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let before = manager.data(STAFF, json!({ "pageSize": 100 })).await["total"].clone();
    let with = |field: &str, value: Value| {
        let mut body = new_person("zhangsan", "13912340001", &s);
        body[field] = value;
        body
    };
    for (body, field, message) in [
        (with("realName", json!(" ")), "realName", "姓名不能为空"),
        (
            with("realName", json!("张".repeat(51))),
            "realName",
            "姓名不能超过50个字符",
        ),
        (with("mobile", json!("")), "mobile", "请输入手机号码"),
        (
            with("mobile", json!("2391234000")),
            "mobile",
            "请输入正确的手机号码",
        ),
        (
            with("idNumber", json!("330106199001010010")),
            "idNumber",
            "身份证号格式错误",
        ),
        (
            with("bankCard", json!("6222-0212")),
            "bankCard",
            "银行卡号格式错误",
        ),
        (with("education", json!(10)), "education", "请选择学历"),
        (
            with("maritalStatus", json!(5)),
            "maritalStatus",
            "请选择婚姻状况",
        ),
        (
            with("entryDate", json!("2026-02-30")),
            "entryDate",
            "请输入正确的日期",
        ),
        (
            with("username", json!("1abc")),
            "username",
            "用户名须为4-30位字母、数字或下划线，且以字母开头",
        ),
        (
            with("password", json!("123456")),
            "password",
            "密码须为8-32位，且同时包含字母和数字",
        ),
        (
            with("workingStatus", json!("LEAVE")),
            "workingStatus",
            "只能调整为正式、兼职或实习",
        ),
        (
            with("departmentId", json!(s.departments["总经办"])),
            "departmentId",
            "所选部门不属于该门店",
        ),
    ] {
        let answer = manager.post(ADD, body).await;
        answer.assert_error(10000004, message);
        assert_eq!(answer.body["errors"][field][0], message, "{}", answer.body);
    }
    for (body, message) in [
        (with("username", json!("agent")), "用户名已存在"),
        (
            with("mobile", json!("13800000004")),
            "该手机号已被其他员工使用",
        ),
    ] {
        manager
            .post(ADD, body)
            .await
            .assert_error(10000409, message);
    }
    manager
        .post(ADD, with("positionId", json!(s.positions["甬城置业/店长"])))
        .await
        .assert_error(10020002, "无权限访问该数据");
    manager
        .post(ADD, with("storeId", json!(s.stores["滨江店"])))
        .await
        .assert_error(10020002, "无权限访问该数据");
    manager
        .post(ADD, with("roleIds", json!([s.roles["安居经纪/总经理"]])))
        .await
        .assert_error(10020004, "不能分配超出自身权限的角色");
    let after = manager.data(STAFF, json!({ "pageSize": 100 })).await["total"].clone();
    assert_eq!(before, after, "nothing was written");

    let created = manager
        .data(ADD, new_person("zhangsan", "13912340001", &s))
        .await;
    assert_eq!(created["userCode"].as_str().unwrap().len(), 6);
    assert_eq!(
        created["idNumber"],
        format!("330106********{}", &id_number(1)[14..]),
        "numbers are masked even for their creator, until 查看完整信息"
    );
    assert_eq!(created["bankCard"], "6222 **** **** 0123");
    let mut twin = new_person("zhangsan2", "13912340002", &s);
    twin["idNumber"] = json!(id_number(1));
    manager
        .post(ADD, twin)
        .await
        .assert_error(10000409, "该身份证号已被其他员工使用");
    let masked = manager.data(DETAIL, json!({ "id": created["id"] })).await;
    assert_eq!(
        masked["idNumber"],
        format!("330106********{}", &id_number(1)[14..])
    );
    assert_eq!(masked["bankCard"], "6222 **** **** 0123");
    // The new person can log in with the password they were given.
    app.as_user_with("zhangsan", "Start@123").await;
}

async fn locking_and_leaving_end_sessions_at_once(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let agent = app.as_user("agent").await;
    let id = s.users["agent"];
    let locked = manager
        .data(
            STATUS,
            json!({ "id": id, "action": "lock", "reason": "调查中" }),
        )
        .await;
    assert_eq!(locked["locked"], true);
    assert_eq!(
        locked["availableActions"],
        json!(["adjust", "leave", "unlock"])
    );
    agent
        .post(USER_INFO, json!({}))
        .await
        .assert_error(10010003, "账号已被锁定，请联系管理员");
    app.login_answer("agent", "Demo@2026")
        .await
        .assert_error(10010005, "账号已被锁定，请联系管理员");
    manager
        .post(STATUS, json!({ "id": id, "action": "lock" }))
        .await
        .assert_error(10020005, "当前状态为「已锁定」，不能执行「锁定」");
    manager
        .data(STATUS, json!({ "id": id, "action": "unlock" }))
        .await;
    let agent = app.as_user("agent").await;

    manager
        .data(STATUS, json!({ "id": id, "action": "leave" }))
        .await;
    agent
        .post(USER_INFO, json!({}))
        .await
        .assert_error(10010003, "账号已离职，无法登录");
    app.login_answer("agent", "Demo@2026")
        .await
        .assert_error(10010006, "账号已离职，无法登录");
    manager
        .post(
            STATUS,
            json!({ "id": id, "action": "adjust", "workingStatus": "PART_TIME" }),
        )
        .await
        .assert_error(10020005, "当前状态为「离职」，不能执行「调整状态」");
    let back = manager
        .data(
            STATUS,
            json!({ "id": id, "action": "restore", "workingStatus": "INCUMBENCY_INTERNSHIP" }),
        )
        .await;
    assert_eq!(back["workingStatus"], "INCUMBENCY_INTERNSHIP");
    app.as_user("agent").await;

    manager
        .post(STATUS, json!({ "id": id, "action": "onboard" }))
        .await
        .assert_error(10000004, "不支持的操作");
    manager
        .post(
            STATUS,
            json!({ "id": s.users["manager"], "action": "lock" }),
        )
        .await
        .assert_error(10020002, "不能修改自己的状态");
    // People of no organisation are changed only by the super administrator, even when (as in
    // a database from before the organisation schema) they sit in a city its operator reaches.
    app.sql(&format!(
        "UPDATE \"user\" SET site_id = {} WHERE username = 'admin'",
        s.sites["杭州"]
    ))
    .await;
    app.as_user("city")
        .await
        .post(STATUS, json!({ "id": s.users["admin"], "action": "lock" }))
        .await
        .assert_error(10020007, "全局数据仅超级管理员可修改");

    let history = &manager.data(DETAIL, json!({ "id": id })).await["history"];
    let moves: Vec<(String, String, String)> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            assert_eq!(h["actorName"], "王建国");
            assert!(h["at"].as_i64().unwrap() > 0);
            (
                h["actionLabel"].as_str().unwrap().to_owned(),
                h["fromStatus"].as_str().unwrap().to_owned(),
                h["toStatus"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    // Newest first, as the audit log reads.
    let expected = [
        ("复职", "LEAVE", "INCUMBENCY_INTERNSHIP"),
        ("离职", "INCUMBENCY_FORMAL", "LEAVE"),
        ("解锁", "LOCKED", "INCUMBENCY_FORMAL"),
        ("锁定", "INCUMBENCY_FORMAL", "LOCKED"),
    ];
    assert_eq!(
        moves,
        expected.map(|(a, f, t)| (a.to_owned(), f.to_owned(), t.to_owned()))
    );
    assert_eq!(history[3]["reason"], "调查中");

    let audit = app
        .as_user("admin")
        .await
        .data(
            AUDIT,
            json!({ "entity": "staff", "action": "status", "entityId": id }),
        )
        .await;
    assert_eq!(audit["total"], 4);
    let latest = &audit["list"][0];
    assert_eq!(latest["actorName"], "王建国");
    assert_eq!(
        latest["entityName"], "李晓峰",
        "the log names the person, not the id"
    );
    assert_eq!(
        latest["before"],
        json!({ "workingStatus": "LEAVE", "locked": false })
    );
    assert_eq!(
        latest["after"],
        json!({ "workingStatus": "INCUMBENCY_INTERNSHIP", "locked": false })
    );
}

async fn editing_moves_people_within_reach_and_keeps_their_roles(app: TestApp) {
    let s = Seeded::load(&app).await;
    let city = app.as_user("city").await;
    let agent_id = s.users["agent"];
    // The city operator cannot grant workbench roles, but may keep the ones held.
    let body = json!({
        "id": agent_id, "realName": "李晓峰", "mobile": "13800000004", "storeId": s.stores["滨江店"],
        "roleIds": [s.roles["安居经纪/经纪人"]], "address": "杭州市滨江区",
    });
    let moved = city.data(EDIT, body).await;
    assert_eq!(moved["storeName"], "滨江店");
    assert_eq!(moved["roles"][0]["name"], "经纪人");
    // Now the agent belongs to 滨江店: its manager reaches them, 西湖店's no longer does.
    let manager = app.as_user("manager").await;
    manager
        .post(DETAIL, json!({ "id": agent_id }))
        .await
        .assert_error(10020002, "无权限访问该数据");
    app.as_user("manager2")
        .await
        .data(DETAIL, json!({ "id": agent_id }))
        .await;
    let audit = app
        .as_user("admin")
        .await
        .data(AUDIT, json!({ "entity": "staff", "action": "update" }))
        .await;
    let entry = &audit["list"][0];
    assert_eq!(entry["before"]["storeName"], "西湖店");
    assert_eq!(entry["after"]["storeName"], "滨江店");
    assert_eq!(entry["actorName"], "陈思雨");
}

/// Nobody is offered a status action on their own record (the server refuses it): their row and
/// their detail send none, while their colleagues' rows send the transition table's.
async fn nobody_is_offered_a_status_action_on_their_own_row(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let page = manager
        .data(STAFF, json!({ "pageNum": 1, "pageSize": 100 }))
        .await;
    let offered = |user: &str| {
        page["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["id"] == s.users[user])
            .unwrap_or_else(|| panic!("{user} is listed"))["availableActions"]
            .clone()
    };
    assert_eq!(offered("manager"), json!([]));
    assert_eq!(offered("agent"), json!(["adjust", "leave", "lock"]));
    let own = manager
        .data(DETAIL, json!({ "id": s.users["manager"] }))
        .await;
    assert_eq!(own["availableActions"], json!([]));
}

/// A store manager who removes their own 店长 role (or moves their own seat) is refused on the
/// field and keeps it, so they are never thrown out of their own workspace; their personal
/// details still change, and their superior may change their roles.
async fn nobody_changes_their_own_roles_or_seat(app: TestApp) {
    let s = Seeded::load(&app).await;
    let manager = app.as_user("manager").await;
    let own = manager
        .data(
            DETAIL,
            json!({ "id": s.users["manager"], "unmasked": true }),
        )
        .await;
    let body = |roles: Value, store: Value| {
        json!({
            "id": s.users["manager"], "realName": own["realName"], "mobile": own["mobile"],
            "storeId": store, "departmentId": own["departmentId"], "positionId": own["positionId"],
            "roleIds": roles, "address": "杭州市西湖区文三路1号",
        })
    };
    let held = json!([s.roles["安居经纪/店长"]]);
    let answer = manager
        .post(EDIT, body(json!([]), own["storeId"].clone()))
        .await;
    answer.assert_error(10000004, "不能修改自己的角色");
    assert_eq!(answer.body["errors"]["roleIds"][0], "不能修改自己的角色");
    let answer = manager
        .post(EDIT, body(held.clone(), json!(s.stores["滨江店"])))
        .await;
    assert_eq!(
        answer.body["errors"]["storeId"][0], "不能修改自己的所属门店",
        "{}",
        answer.body
    );
    // Still a manager: the workspace answers, the roles are as they were.
    manager.data(USER_INFO, json!({})).await;
    let kept = manager
        .data(DETAIL, json!({ "id": s.users["manager"] }))
        .await;
    assert_eq!(kept["roles"][0]["name"], "店长");
    // The details are theirs to keep up to date.
    let saved = manager.data(EDIT, body(held, own["storeId"].clone())).await;
    assert_eq!(saved["address"], "杭州市西湖区文三路1号");
    // The general manager above may change the manager's roles.
    let boss = app.as_user("boss").await;
    let moved = boss
        .data(
            EDIT,
            body(
                json!([s.roles["安居经纪/店长"], s.roles["安居经纪/经纪人"]]),
                own["storeId"].clone(),
            ),
        )
        .await;
    assert_eq!(moved["roles"].as_array().unwrap().len(), 2);
}

/// Two people change one person's status at the same moment: one change wins, the other is
/// refused, and the history shows one move.
async fn two_status_changes_at_once_make_one_move(app: TestApp) {
    let s = Seeded::load(&app).await;
    let boss = app.as_user("boss").await;
    let manager = app.as_user("manager").await;
    let id = s.users["agent"];
    // The same 离职 from two people: whichever comes second finds the status moved (under it,
    // or before it read), and a second 离职 would otherwise write a second history row.
    let leave = json!({ "id": id, "action": "leave" });
    let (first, second) = tokio::join!(
        boss.post(STATUS, leave.clone()),
        manager.post(STATUS, leave.clone()),
    );
    let mut codes = [first.code(), second.code()];
    codes.sort_unstable();
    assert_eq!(
        codes,
        [0, 10020005],
        "{} / {}",
        first.message(),
        second.message()
    );
    let person = boss.data(DETAIL, json!({ "id": id })).await;
    assert_eq!(person["history"].as_array().unwrap().len(), 1);
    assert_eq!(person["workingStatus"], "LEAVE");
}

/// A working status outside core's vocabulary is named in the answer with its code; changing
/// that person's status is refused the same way, and nobody else's record is affected.
async fn an_unknown_stored_working_status_is_named_not_a_crash(app: TestApp) {
    let s = Seeded::load(&app).await;
    app.sql(&format!(
        "UPDATE \"user\" SET working_status = 'RETIRED' WHERE id = {}",
        s.users["agent"]
    ))
    .await;
    let manager = app.as_user("manager").await;
    let message = "在职状态「RETIRED」无法识别，请联系管理员";
    manager
        .post(DETAIL, json!({ "id": s.users["agent"] }))
        .await
        .assert_error(10020008, message);
    manager
        .post(STATUS, json!({ "id": s.users["agent"], "action": "leave" }))
        .await
        .assert_error(10020008, message);
    let own = manager
        .data(DETAIL, json!({ "id": s.users["manager"] }))
        .await;
    assert_eq!(own["workingStatus"], "INCUMBENCY_FORMAL");
}

on_both_backends!(
    nobody_changes_their_own_roles_or_seat,
    nobody_is_offered_a_status_action_on_their_own_row,
    each_scope_sees_its_own_people_and_nobody_elses,
    bad_staff_input_is_refused_and_writes_nothing,
    locking_and_leaving_end_sessions_at_once,
    editing_moves_people_within_reach_and_keeps_their_roles,
    two_status_changes_at_once_make_one_move,
    an_unknown_stored_working_status_is_named_not_a_crash,
);
