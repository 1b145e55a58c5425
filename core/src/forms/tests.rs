use chrono::NaiveDate;
use serde_json::{Map, Value, json};

use super::*;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
}

fn values(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => unreachable!("a JSON object"),
    }
}

/// `(field, message)` of every fault of `value` on form `kind`.
fn faults(kind: &str, value: Value) -> Vec<(&'static str, String)> {
    let mut map = values(value);
    check(form(kind).unwrap(), &mut map, today())
        .into_iter()
        .map(|error| (error.field, error.message))
        .collect()
}

fn fault_of(kind: &str, value: Value, field: &str) -> Option<String> {
    faults(kind, value)
        .into_iter()
        .find(|(name, _)| *name == field)
        .map(|(_, message)| message)
}

#[test]
fn every_form_has_a_unique_kind_and_unique_fields() {
    let mut kinds: Vec<&str> = ALL.iter().map(|form| form.kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), ALL.len());
    for form in ALL {
        let mut names: Vec<&str> = form.fields.iter().map(|field| field.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), form.fields.len(), "{}", form.kind);
    }
}

#[test]
fn every_fault_is_answered_at_once_in_form_order() {
    assert_eq!(
        faults(
            "staff",
            json!({ "username": "1x", "password": "123456", "realName": "", "mobile": "2" })
        ),
        [
            ("username", fields_username_rule()),
            ("password", PASSWORD_POLICY.to_owned()),
            ("realName", "姓名不能为空".to_owned()),
            ("mobile", "请输入正确的手机号码".to_owned()),
        ]
    );
}

fn fields_username_rule() -> String {
    crate::org::fields::USERNAME_RULE.to_owned()
}

#[test]
fn the_known_drifts_have_one_answer() {
    // Former drifts between server and web: app icon ≤50, app description 应用简介, company contactName ≤50, store address
    // 门店地址, menu icon ≤50 as 菜单图标, a page's component path, every sort 0-9999, login.
    let long = "图".repeat(51);
    assert_eq!(
        fault_of("app", json!({ "icon": long }), "icon").unwrap(),
        "图标不能超过50个字符"
    );
    assert_eq!(
        fault_of(
            "app",
            json!({ "description": "说".repeat(201) }),
            "description"
        )
        .unwrap(),
        "应用简介不能超过200个字符"
    );
    assert_eq!(
        fault_of("companyEdit", json!({ "contactName": long }), "contactName").unwrap(),
        "联系人不能超过50个字符"
    );
    assert_eq!(
        fault_of("store", json!({ "address": "址".repeat(201) }), "address").unwrap(),
        "门店地址不能超过200个字符"
    );
    assert_eq!(
        fault_of("menu", json!({ "menuIcon": long }), "menuIcon").unwrap(),
        "菜单图标不能超过50个字符"
    );
    assert_eq!(
        fault_of("menu", json!({ "menuType": 2 }), "componentPath").unwrap(),
        "组件路径不能为空"
    );
    assert_eq!(
        fault_of("menu", json!({ "menuType": 1 }), "componentPath"),
        None
    );
    for kind in [
        "citySite",
        "department",
        "position",
        "app",
        "district",
        "menu",
    ] {
        assert_eq!(
            fault_of(kind, json!({ "sort": 10000 }), "sort").unwrap(),
            "排序须为0-9999之间的整数",
            "{kind}"
        );
        assert_eq!(fault_of(kind, json!({ "sort": 9999 }), "sort"), None);
        assert_eq!(
            fault_of(kind, json!({ "sort": -1 }), "sort").unwrap(),
            "排序须为0-9999之间的整数"
        );
    }
    assert_eq!(
        faults("login", json!({ "username": " ", "password": "" })),
        [
            ("username", "请输入用户名".to_owned()),
            ("password", "请输入密码".to_owned())
        ]
    );
}

#[test]
fn text_is_trimmed_and_cleaned_where_it_passes() {
    let mut map = values(json!({
        "realName": " 张三 ", "mobile": "13912345678", "idNumber": " 11010519491231002x ",
        "bankCard": "6222 0212 3456 7890 123", "sort": 3
    }));
    assert!(check(&ONBOARDING, &mut map, today()).is_empty());
    assert_eq!(map["realName"], "张三");
    assert_eq!(map["idNumber"], "11010519491231002X");
    assert_eq!(map["bankCard"], "6222021234567890123");
    assert_eq!(map["sort"], 3, "numbers stay numbers");
}

#[test]
fn birth_dates_emoji_passwords_and_landlines_follow_their_rules() {
    // An ID number born tomorrow (2026-11-24), with a valid check character.
    let unborn = id_with_birth("20261124");
    assert_eq!(
        fault_of("onboarding", json!({ "idNumber": unborn }), "idNumber").unwrap(),
        "身份证号的出生日期不能晚于今天"
    );
    assert_eq!(
        fault_of(
            "onboarding",
            json!({ "idNumber": id_with_birth("20261123") }),
            "idNumber"
        ),
        None
    );
    assert_eq!(
        fault_of("staffEdit", json!({ "realName": "张三😀" }), "realName").unwrap(),
        "姓名不能包含表情符号"
    );
    assert_eq!(
        fault_of("role", json!({ "name": "店长👍" }), "name").unwrap(),
        "角色名称不能包含表情符号"
    );
    for weak in ["123456", "12345678", "password", "Ab1"] {
        assert_eq!(
            fault_of("staff", json!({ "password": weak }), "password").unwrap(),
            PASSWORD_POLICY,
            "{weak}"
        );
    }
    assert_eq!(
        fault_of("staff", json!({ "password": "Start@123" }), "password"),
        None
    );
    assert_eq!(
        fault_of(
            "staffEdit",
            json!({ "emergencyMobile": "010-88886666" }),
            "emergencyMobile"
        ),
        None
    );
    assert_eq!(
        fault_of(
            "staffEdit",
            json!({ "emergencyMobile": "12345" }),
            "emergencyMobile"
        )
        .unwrap(),
        "请输入正确的固话号码或手机号码"
    );
    let draft = json!({ "realName": "张三", "mobile": "13912345678" });
    assert_eq!(faults("onboarding", draft.clone()), []);
    assert_eq!(
        fault_of("onboardingSubmit", draft, "maritalStatus").unwrap(),
        "请选择婚姻状况"
    );
    let required: Vec<&str> = STAFF
        .fields
        .iter()
        .filter(|field| field.required)
        .map(|field| field.name)
        .collect();
    assert_eq!(required, ["username", "password", "realName", "mobile"]);
}

/// An 18-digit ID of Beijing (110105) born on `birth`, with its check character.
fn id_with_birth(birth: &str) -> String {
    let body = format!("110105{birth}002");
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    let sum: u32 = body
        .bytes()
        .zip(WEIGHTS)
        .map(|(digit, weight)| u32::from(digit - b'0') * weight)
        .sum();
    format!("{body}{}", b"10X98765432"[(sum % 11) as usize] as char)
}

#[test]
fn choices_come_from_the_enum_tables() {
    assert_eq!(
        fault_of("company", json!({ "scope": 9 }), "scope").unwrap(),
        "请选择公司类型"
    );
    assert_eq!(fault_of("company", json!({ "scope": "3" }), "scope"), None);
    assert_eq!(
        fault_of("onboarding", json!({ "sex": 3 }), "sex").unwrap(),
        "请选择性别"
    );
    let described = serde_json::to_value(COMPANY.fields).unwrap();
    let scope = &described[2];
    assert_eq!(scope["name"], "scope");
    assert_eq!(scope["control"], "select");
    assert_eq!(scope["required"], true);
    assert_eq!(
        scope["choices"][0],
        json!({ "value": 2, "label": "经纪公司" })
    );
    assert!(described[1].get("rule").is_none(), "the rule stays in core");
}

#[test]
fn dictionary_values_read_as_their_type() {
    assert_eq!(
        fault_of(
            "dictionary",
            json!({ "valueType": "number", "value": "abc" }),
            "value"
        )
        .unwrap(),
        crate::org::dictionary::check_value(crate::org::dictionary::ValueType::Number, "abc")
            .unwrap_err()
    );
    assert_eq!(
        fault_of(
            "dictionaryEdit",
            json!({ "valueType": "x", "value": "1" }),
            "valueType"
        )
        .unwrap(),
        "请选择参数类型"
    );
}

#[test]
fn listing_role_splits_stay_within_100_percent() {
    assert_eq!(listing_role_total(&[6000, 3000], 1000), Ok(()));
    assert_eq!(
        listing_role_total(&[6000, 3000], 3000).unwrap_err(),
        "各角色分成比例合计不能超过100%，当前最多还可设置10.00%"
    );
}

#[test]
fn a_city_is_told_while_its_splits_do_not_total_100_percent() {
    let whole = listing_role_split(&[1000, 2000, 1000, 1000, 2000, 3000]);
    assert_eq!(
        (whole.total.as_str(), whole.complete, whole.warning),
        ("100.00", true, None)
    );
    let short = listing_role_split(&[1000, 2000, 1000, 1000, 2000]);
    assert_eq!((short.total.as_str(), short.complete), ("70.00", false));
    assert_eq!(
        short.warning.as_deref(),
        Some("各角色分成比例合计为70.00%，不足100%，成交佣金将有30.00%无人分得")
    );
    let none = listing_role_split(&[]);
    assert_eq!((none.total.as_str(), none.complete), ("0.00", false));
    let over = listing_role_split(&[6000, 6000]);
    assert_eq!(
        over.warning.as_deref(),
        Some("各角色分成比例合计为120.00%，超过100%，请调低部分角色的比例")
    );
}

/// The table the browser (Vitest over the wasm module) and the server (HTTP) run too: each case
/// gives every field at fault with its message, the former server/web drifts among them.
#[test]
fn the_shared_table_of_bad_inputs() {
    let cases: Vec<Value> = serde_json::from_str(include_str!("cases.json")).unwrap();
    let mut kinds: Vec<&str> = Vec::new();
    for case in &cases {
        let kind = case["form"].as_str().unwrap();
        kinds.push(kind);
        let expected: Vec<(String, String)> = case["errors"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(field, message)| (field.clone(), message.as_str().unwrap().to_owned()))
            .collect();
        let mut got: Vec<(String, String)> = faults(kind, case["values"].clone())
            .into_iter()
            .map(|(field, message)| (field.to_owned(), message))
            .collect();
        let mut expected_sorted = expected.clone();
        expected_sorted.sort();
        got.sort();
        assert_eq!(got, expected_sorted, "{kind}: {}", case["values"]);
    }
    for form in ALL {
        assert!(kinds.contains(&form.kind), "{} has no case", form.kind);
    }
}

fn second_hand() -> Value {
    json!({
        "roomId": 12, "area": "89.5", "rooms": 2, "halls": 1, "baths": 1, "totalFloors": 18,
        "floor": 6, "orientation": 9, "decoration": 4, "price": "285", "propertyTerm": 70,
        "tags": [1, 3], "ownerName": " 王先生 ", "ownerPhone": "13812345678"
    })
}

#[test]
fn a_rental_passes_with_its_rent_terms_and_furnishing() {
    let mut map = values(json!({
        "roomId": 12, "area": "45", "rooms": 1, "halls": 1, "baths": 1, "totalFloors": 6,
        "floor": 3, "orientation": 2, "decoration": 4, "rent": "3500", "rentType": 1,
        "paymentTerms": 2, "availableFrom": "2026-12-01", "facilities": [1, 7, 8],
        "tags": [3], "ownerName": "王先生", "ownerPhone": "13812345678"
    }));
    assert!(check(&RENTAL, &mut map, today()).is_empty());
    // A sale's fields are not a rental's: no total price asked for.
    assert!(RENTAL.fields.iter().all(|f| f.name != "price"));
    map.remove("roomId");
    assert!(check(&RENTAL_EDIT, &mut map, today()).is_empty());
    map.remove("rent");
    assert_eq!(
        check(&RENTAL_EDIT, &mut map, today()),
        [FieldError::new("rent", "月租金(元)不能为空")]
    );
}

#[test]
fn a_second_hand_listing_passes_and_its_owner_is_trimmed() {
    let mut map = values(second_hand());
    assert!(check(&SECOND_HAND, &mut map, today()).is_empty());
    assert_eq!(map["ownerName"], "王先生");
    let mut edit = values(second_hand());
    edit.remove("roomId");
    assert!(check(&SECOND_HAND_EDIT, &mut edit, today()).is_empty());
    assert!(!SECOND_HAND_EDIT.fields.iter().any(|f| f.name == "roomId"));
}

#[test]
fn second_hand_numbers_floors_and_choices_have_their_messages() {
    let with = |patch: Value| {
        let mut value = second_hand();
        for (key, item) in values(patch) {
            value[key] = item;
        }
        value
    };
    let fault = |patch: Value, field: &str| fault_of("secondHand", with(patch), field);
    assert_eq!(
        fault(json!({ "floor": 19 }), "floor").unwrap(),
        "所在楼层不能高于总楼层"
    );
    assert_eq!(
        fault(json!({ "floor": 0 }), "floor").unwrap(),
        "所在楼层不能为0，地下层请填负数"
    );
    assert_eq!(fault(json!({ "floor": -2 }), "floor"), None);
    assert_eq!(
        fault(json!({ "floor": -4 }), "floor").unwrap(),
        "所在楼层须为-3到100之间的整数"
    );
    assert_eq!(
        fault(json!({ "halls": 10 }), "halls").unwrap(),
        "厅须为0到9之间的整数"
    );
    assert_eq!(
        fault(json!({ "price": "0" }), "price").unwrap(),
        "总价(万元)须为大于0且不超过100000的数字，最多两位小数"
    );
    assert_eq!(
        fault(json!({ "area": "89.555" }), "area").unwrap(),
        "建筑面积(㎡)须为大于0且不超过10000的数字，最多两位小数"
    );
    assert_eq!(
        fault(json!({ "tags": [1, 99] }), "tags").unwrap(),
        "请选择房源标签"
    );
    assert_eq!(
        fault(json!({ "propertyTerm": 60 }), "propertyTerm").unwrap(),
        "请选择产权年限"
    );
    assert_eq!(
        fault(json!({ "ownerPhone": "12345" }), "ownerPhone").unwrap(),
        "请输入正确的固话号码或手机号码"
    );
    assert_eq!(
        faults("secondHand", json!({})).len(),
        SECOND_HAND.fields.iter().filter(|f| f.required).count()
    );
    assert_eq!(
        fault_of("secondHand", json!({}), "ownerPhone").unwrap(),
        "请输入固话号码或手机号码"
    );
    assert_eq!(
        fault_of("secondHand", json!({}), "roomId").unwrap(),
        "请选择房号"
    );
}

#[test]
fn both_trades_take_viewing_slots_of_section_3_only() {
    // §3 "weekday by time-of-day viewing slots": 11 周一上午 … 73 周日晚上.
    for kind in ["secondHand", "secondHandEdit", "rental", "rentalEdit"] {
        let field = ALL
            .iter()
            .find(|form| form.kind == kind)
            .and_then(|form| form.fields.iter().find(|f| f.name == "viewingSlots"))
            .unwrap_or_else(|| panic!("{kind} asks when it can be viewed"));
        assert_eq!((field.label, field.required), ("看房时间", false), "{kind}");
    }
    let with = |slots: Value| {
        let mut value = second_hand();
        value["viewingSlots"] = slots;
        value
    };
    assert_eq!(
        fault_of("secondHand", with(json!([11, 53, 73])), "viewingSlots"),
        None
    );
    assert_eq!(
        fault_of("secondHand", with(json!([])), "viewingSlots"),
        None
    );
    for bad in [json!([11, 14]), json!([80]), json!([0])] {
        assert_eq!(
            fault_of("secondHand", with(bad.clone()), "viewingSlots").as_deref(),
            Some("请选择看房时间"),
            "{bad}"
        );
    }
    let mut rental = values(json!({
        "area": "45", "rooms": 1, "halls": 1, "baths": 1, "totalFloors": 6, "floor": 3,
        "orientation": 2, "decoration": 4, "rent": "3500", "rentType": 1, "paymentTerms": 2,
        "ownerName": "王先生", "ownerPhone": "13812345678", "viewingSlots": [62, 99]
    }));
    assert_eq!(
        check(&RENTAL_EDIT, &mut rental, today()),
        [FieldError::new("viewingSlots", "请选择看房时间")]
    );
}

#[test]
fn a_listing_form_starts_with_its_enterer_and_maintainer_in_their_roles() {
    // The city's roles as /coc/config/role names them (demo 杭州).
    let roles = [
        (1, "录入人"),
        (2, "维护人"),
        (3, "钥匙人"),
        (4, "实勘人"),
        (5, "委托人"),
    ];
    let member = |role_id, user_id| RoleMember { role_id, user_id };
    assert_eq!(
        default_role_members(&roles, 7, Some(7)),
        [member(1, 7), member(2, 7)]
    );
    // Editing a listing a manager keeps: 维护 stays its maintainer's.
    assert_eq!(
        default_role_members(&roles, 9, Some(7)),
        [member(1, 9), member(2, 7)]
    );
    // A public listing has no maintainer; a city without a 维护 role gets none.
    assert_eq!(default_role_members(&roles, 9, None), [member(1, 9)]);
    assert_eq!(
        default_role_members(&[(6, "录入人")], 9, Some(7)),
        [member(6, 9)]
    );
    assert!(default_role_members(&[(8, "带看人")], 9, Some(7)).is_empty());
}

#[test]
fn listing_roles_hold_each_person_once_and_three_at_most() {
    let member = |role_id, user_id| RoleMember { role_id, user_id };
    assert!(check_role_members(&[member(1, 7), member(2, 7), member(1, 8)]).is_ok());
    assert_eq!(
        check_role_members(&[member(1, 7), member(1, 7)])
            .unwrap_err()
            .message,
        ROLE_MEMBER_TWICE
    );
    assert_eq!(
        check_role_members(&[member(1, 1), member(1, 2), member(1, 3), member(1, 4)])
            .unwrap_err()
            .message,
        "每个角色最多选择3人"
    );
}

#[test]
fn a_community_as_a_store_enters_it_passes_and_its_numbers_stay_in_range() {
    let entered = json!({
        "name": "西湖家园", "aliases": "西湖小区，老西湖", "districtId": 3, "businessCircleId": 7,
        "propertyType": 1, "buildYear": 2004, "propertyFee": "1.8", "plotRatio": "2.20",
        "greenRatio": "35", "lng": "120.135", "lat": "30.281", "offerStatus": 2,
    });
    assert_eq!(faults("community", entered.clone()), []);
    assert_eq!(faults("communityEdit", entered), []);
    // (field, typed, message) — a whole year, ratios with two decimals, degrees within range.
    for (field, typed, message) in [
        (
            "buildYear",
            json!("2004.5"),
            "建成年代须为1900到2100之间的整数",
        ),
        ("buildYear", json!(2101), "建成年代须为1900到2100之间的整数"),
        (
            "propertyFee",
            json!("1.805"),
            "请输入0-99之间的数字，最多两位小数",
        ),
        (
            "greenRatio",
            json!("100.5"),
            "请输入0-100之间的数字，最多两位小数",
        ),
        (
            "lng",
            json!("-181"),
            "经度须为-180到180之间的数字，最多六位小数",
        ),
        (
            "lat",
            json!("北纬30"),
            "纬度须为-90到90之间的数字，最多六位小数",
        ),
        (
            "aliases",
            json!("名".repeat(51)),
            "每个别名不能超过50个字符",
        ),
    ] {
        assert_eq!(
            fault_of("community", json!({ field: typed }), field).as_deref(),
            Some(message),
            "{field} {typed}"
        );
    }
    assert_eq!(fault_of("community", json!({ "lat": "-90" }), "lat"), None);
    // Rooms below ground and the top floor of a tower.
    assert_eq!(
        fault_of("room", json!({ "name": "B101", "floor": -5 }), "floor"),
        None
    );
    assert_eq!(
        fault_of(
            "building",
            json!({ "name": "1幢", "floors": 100 }),
            "floors"
        ),
        None
    );
    // Past the tallest residential towers: a typo, not a building.
    assert_eq!(
        fault_of(
            "building",
            json!({ "name": "1幢", "floors": 101 }),
            "floors"
        )
        .as_deref(),
        Some("总层数须为1到100之间的整数")
    );
    assert_eq!(
        fault_of("room", json!({ "name": "" }), "name").as_deref(),
        Some("房号不能为空")
    );
}

#[test]
fn an_owner_phone_is_kept_as_digits_however_it_was_typed() {
    // Spaces and dashes are dropped from a mobile, a landline keeps its area code's dash, and an
    // eight-digit number after a four-digit area code (杭州 0571) is a landline.
    for kind in ["secondHand", "secondHandEdit", "rental", "rentalEdit"] {
        for (typed, kept) in [
            ("139 0000 3333", "13900003333"),
            ("139-0000-3333", "13900003333"),
            ("+86 139 0000 3333", "+8613900003333"),
            ("0571-88886666", "0571-88886666"),
            ("0571 8888 6666", "057188886666"),
            ("010-8888-6666", "01088886666"),
        ] {
            // Each field in turn, beside another number (the two may not be one phone).
            for (field, other) in [("ownerPhone", "ownerPhone2"), ("ownerPhone2", "ownerPhone")] {
                let mut map = values(json!({ field: typed, other: "13512345678" }));
                let faults = check(form(kind).unwrap(), &mut map, today());
                assert!(
                    !faults.iter().any(|f| f.field.starts_with("ownerPhone")),
                    "{kind} {field} {typed}: {faults:?}"
                );
                assert_eq!(map[field], kept, "{kind} {field} {typed}");
            }
        }
        for (typed, message) in [
            ("", "请输入固话号码或手机号码"),
            ("139 0000 333", "请输入正确的固话号码或手机号码"),
            ("0571-888866661", "请输入正确的固话号码或手机号码"),
        ] {
            assert_eq!(
                fault_of(kind, json!({ "ownerPhone": typed }), "ownerPhone").as_deref(),
                Some(message),
                "{kind} {typed}"
            );
        }
    }
}

#[test]
fn an_edit_takes_the_owner_phone_back_as_it_was_shown() {
    // The edit form shows a manager the phone masked; saved untouched it passes (the server
    // keeps the stored number), while a new listing needs the number whole.
    for kind in ["secondHandEdit", "rentalEdit"] {
        assert_eq!(
            fault_of(kind, json!({ "ownerPhone": "138****5678" }), "ownerPhone"),
            None
        );
        assert_eq!(
            fault_of(
                kind,
                json!({ "ownerPhone2": "0571-****6666" }),
                "ownerPhone2"
            ),
            None
        );
        assert_eq!(
            fault_of(kind, json!({ "ownerPhone": "0571-888" }), "ownerPhone").as_deref(),
            Some("请输入正确的固话号码或手机号码")
        );
    }
    assert_eq!(
        fault_of(
            "secondHand",
            json!({ "ownerPhone": "138****5678" }),
            "ownerPhone"
        )
        .as_deref(),
        Some("请输入正确的固话号码或手机号码")
    );
}

#[test]
fn the_spare_phone_is_not_the_owner_phone_again() {
    for kind in ["secondHand", "secondHandEdit", "rental", "rentalEdit"] {
        let same = json!({ "ownerPhone": "13712345678", "ownerPhone2": "13712345678" });
        assert_eq!(
            fault_of(kind, same, "ownerPhone2").as_deref(),
            Some("备用电话不能与业主电话相同"),
            "{kind}"
        );
        // One phone however it is typed: +86 and dashes do not make it another.
        let typed = json!({ "ownerPhone": "+86 137 1234 5678", "ownerPhone2": "137-1234-5678" });
        assert!(fault_of(kind, typed, "ownerPhone2").is_some(), "{kind}");
        let other = json!({ "ownerPhone": "13712345678", "ownerPhone2": "13812345678" });
        assert_eq!(fault_of(kind, other, "ownerPhone2"), None, "{kind}");
    }
    // Both shown masked on an edit: the numbers behind them are the server's to know.
    let masked = json!({ "ownerPhone": "137****5678", "ownerPhone2": "137****5678" });
    assert_eq!(fault_of("rentalEdit", masked, "ownerPhone2"), None);
}
