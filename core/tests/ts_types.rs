//! The TypeScript types the web compiles against (`src/wasm/types.d.ts` and the custom sections
//! of the facade) are written by hand; this test holds them to the real serde output of the Rust
//! types that cross the boundary. A Rust field renamed, added or dropped without its TypeScript
//! twin fails here, before the web could read a field that is no longer sent.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use brokerdesk_core::chat::{ChatEntry, Connection, Conversation};
use brokerdesk_core::guard::{GuardDecision, GuardInput};
use brokerdesk_core::media::compression_plan;
use brokerdesk_core::menu::{
    AuthAction, GrantAction, GrantNode, Grants, close_grants, default_menu_tree,
};
use brokerdesk_core::org::onboarding::OnboardingStatus;
use brokerdesk_core::org::onboarding_steps::step_of;
use brokerdesk_core::query_crypto::QueryDecryptResult;
use brokerdesk_core::ranges::FilterRange;
use brokerdesk_core::request::{
    RequestContext, RequestSpec, ResponseOutcome, ShapedRequest, classify_response, shape_request,
};
use brokerdesk_core::routes::build_route_table;
use brokerdesk_core::tabs::{AddedView, RemovedView, make_visited_view, name_visited_view};
use regex::Regex;
use serde::Serialize;
use serde_json::{Value, json};

/// Every `export interface` of the facade's TypeScript: name → (field, optional).
static INTERFACES: LazyLock<BTreeMap<String, Vec<(String, bool)>>> = LazyLock::new(|| {
    let sources = [
        include_str!("../src/wasm/types.d.ts"),
        include_str!("../src/wasm/org.rs"),
        include_str!("../src/wasm/vocab.rs"),
        include_str!("../src/wasm/forms.rs"),
    ];
    let comment = Regex::new(r"(?s)/\*.*?\*/|//[^\n]*").unwrap();
    let interface = Regex::new(r"export interface (\w+)\s*\{([^}]*)\}").unwrap();
    let field = Regex::new(r"^\s*(\w+)(\?)?\s*:").unwrap();
    let mut found = BTreeMap::new();
    for source in sources {
        let source = comment.replace_all(source, "");
        for captures in interface.captures_iter(&source) {
            let fields = captures[2]
                .split([';', '\n'])
                .filter_map(|part| field.captures(part))
                .map(|f| (f[1].to_owned(), f.get(2).is_some()))
                .collect();
            found.insert(captures[1].to_owned(), fields);
        }
    }
    found
});

/// The object keys of `value`, which must be an object.
fn keys(value: &Value) -> BTreeSet<String> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {value}"))
        .keys()
        .cloned()
        .collect()
}

/// A Rust value with every optional field filled must send exactly the interface's fields.
fn assert_matches(name: &str, value: &impl Serialize) {
    let declared = INTERFACES
        .get(name)
        .unwrap_or_else(|| panic!("no TypeScript interface {name}"));
    let sent = keys(&serde_json::to_value(value).unwrap());
    let written: BTreeSet<String> = declared.iter().map(|(field, _)| field.clone()).collect();
    assert_eq!(
        sent, written,
        "{name}: the Rust type sends the left fields, types.d.ts declares the right ones"
    );
}

/// An optional-field-free value must still send every field the interface requires.
fn assert_required_sent(name: &str, value: &impl Serialize) {
    let sent = keys(&serde_json::to_value(value).unwrap());
    for (field, optional) in &INTERFACES[name] {
        assert!(
            *optional || sent.contains(field),
            "{name}.{field} is required in TypeScript but not sent"
        );
    }
}

#[test]
fn menu_and_route_types_match() {
    let tree = default_menu_tree();
    let mut entry = tree[0].clone();
    entry.menu_id = Some(1);
    assert_matches("MenuEntry", &entry);
    assert_required_sent("MenuEntry", &tree[0]);
    assert_matches(
        "AuthAction",
        &AuthAction {
            component_path: "add".into(),
            perms: "work:store:staff:add".into(),
            action_name: "新增".into(),
        },
    );
    let table = build_route_table(&tree);
    assert_matches("RouteTable", &table);
    let directory = table.routes.iter().find(|r| r.redirect.is_some()).unwrap();
    assert_matches("RouteRecord", directory);
    let page = table.routes.iter().find(|r| r.redirect.is_none()).unwrap();
    assert_required_sent("RouteRecord", page);
    assert_matches("RouteMeta", &page.meta);
    assert_matches("SidebarItem", &table.sidebar[0]);
}

#[test]
fn grant_types_match() {
    let action = GrantAction { action_id: 10 };
    assert_matches("GrantAction", &action);
    let tree = GrantNode {
        menu_id: 2,
        actions: vec![action],
        children: vec![],
    };
    assert_matches("GrantNode", &tree);
    let ticked = Grants {
        menu_ids: vec![],
        action_ids: vec![10],
    };
    assert_matches("Grants", &close_grants(&[tree], &ticked));
}

#[test]
fn guard_and_query_types_match() {
    assert_matches(
        "GuardInput",
        &GuardInput {
            path: "/work".into(),
            has_session: true,
            has_user_id: true,
            permission: Some(true),
        },
    );
    let with_message = QueryDecryptResult {
        ok: false,
        query: BTreeMap::new(),
        message: Some("url参数错误".into()),
    };
    assert_matches("QueryDecryptResult", &with_message);
    let redirect = serde_json::to_value(GuardDecision::Redirect { to: "/".into() }).unwrap();
    assert_eq!(redirect, json!({"kind": "redirect", "to": "/"}));
}

#[test]
fn tab_types_match() {
    let table = build_route_table(&default_menu_tree());
    let query = BTreeMap::from([("title".to_owned(), "员工详情".to_owned())]);
    let view = make_visited_view(
        "/a",
        "/a?x=1",
        query,
        "a",
        Some(table.routes[0].meta.clone()),
    );
    // Every optional field filled: a detail tab that has named its record.
    let view = name_visited_view(vec![view], "/a", "张三").remove(0);
    assert_matches("VisitedView", &view);
    assert_matches(
        "AddVisitedViewResult",
        &AddedView {
            views: vec![view.clone()],
            dropped: vec![],
        },
    );
    assert_matches(
        "RemoveVisitedViewResult",
        &RemovedView {
            views: vec![view],
            session_key: Some("/a".into()),
        },
    );
}

#[test]
fn request_types_match() {
    let spec: RequestSpec = serde_json::from_value(json!({
        "method": "GET", "url": "/x", "data": {}, "params": {}, "dataType": "json", "chat": false
    }))
    .unwrap();
    assert_matches("RequestSpec", &spec);
    let context = RequestContext {
        token: Some("t".into()),
        user_id: Some("1".into()),
        site_id: Some("1".into()),
        chat_token: Some("c".into()),
        chat_app_id: Some("a".into()),
    };
    assert_matches("RequestContext", &context);
    let shaped: ShapedRequest = shape_request(&spec, &context);
    assert_matches("ShapedRequest", &shaped);
    let outcome: ResponseOutcome = classify_response(&json!({"code": 1, "message": "x"}), true);
    assert_eq!(
        serde_json::to_value(outcome).unwrap(),
        json!({"kind": "error", "message": "x", "toast": true})
    );
}

#[test]
fn display_and_vocabulary_types_match() {
    assert_matches("CompressionPlan", &compression_plan(4000, 3000, 1_000_000));
    assert_matches(
        "FilterRange",
        &FilterRange {
            label: "50-100万",
            min: Some(50.0),
            max: Some(100.0),
        },
    );
    assert_matches("EnumEntry", &brokerdesk_core::enums::PAY_WAY.entries[0]);
    assert_matches(
        "OnboardingStep",
        &step_of(Some(OnboardingStatus::Submitted)),
    );
}

#[test]
fn chat_types_match() {
    let entry = ChatEntry {
        id: Some("1".into()),
        group_id: Some("g".into()),
        token_total: Some(3),
        extra_type: Some(1),
        ..ChatEntry::default()
    };
    assert_matches("ChatEntry", &entry);
    assert_matches(
        "Conversation",
        &Conversation {
            uu_id: "u".into(),
            entries: vec![entry],
        },
    );
    let connection = Connection {
        last_ping_ms: Some(1),
        reply_deadline_ms: Some(2),
        ..Connection::default()
    };
    assert_matches("ConnectionState", &connection);
}

/// The check itself must catch a rename, or it proves nothing.
#[test]
fn a_renamed_field_is_caught() {
    let renamed = json!({"componentPath": "add", "actionTitle": "新增"});
    let result = std::panic::catch_unwind(|| assert_matches("AuthAction", &renamed));
    assert!(result.is_err());
}

#[test]
fn form_field_types_match() {
    use brokerdesk_core::enums::SEX;
    use brokerdesk_core::forms::{Field, When};
    let every = Field {
        required_when: Some(When {
            field: "menuType",
            values: &["2"],
        }),
        min: Some(0),
        max: Some(9),
        choices: Some(SEX),
        hint: Some("hint"),
        from_today: true,
        ..Field::text("name", "名称", 50)
    };
    assert_matches("FormFieldDef", &every);
    assert_matches("RequiredWhen", &every.required_when);
    for form in brokerdesk_core::forms::ALL {
        for field in form.fields {
            assert_required_sent("FormFieldDef", field);
        }
    }
}
