//! The city site chosen in the header reaches the chat socket (`/ws?…&siteId=`): a site that is
//! not the asker's is refused like the `siteId` header, and the functions an assistant calls run
//! within the chosen site, as the asker's pages do under it.

use brokerdesk_server::chat::openai::Provider;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;

use crate::chat::{demo_assistant, question, replies, send, tags};
use crate::common::{Backend, Caller, TestApp};
use crate::fake_openai::{Behaviour, FakeOpenAi};
use crate::fixtures::Seeded;

const LISTINGS: &str = "/api/v1/fm/house/old/list";

fn site_url(app: &TestApp, token: &str, site: i64) -> String {
    format!(
        "{}/ws?thirdApplicationId=brokerdesk&token={token}&siteId={site}",
        app.base.replacen("http://", "ws://", 1)
    )
}

/// The 二手房 list page's ids as `caller` sees it working in `site`.
async fn listed_in(caller: &Caller<'_>, site: i64) -> (i64, Vec<i64>) {
    let page: Value = caller
        .app
        .client
        .post(caller.app.url(LISTINGS))
        .header("token", &caller.token)
        .header("siteId", site.to_string())
        .json(&json!({ "pageNum": 1, "pageSize": 10 }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(page["code"], 0, "{page}");
    (
        page["data"]["total"].as_i64().unwrap(),
        ids(&page["data"]["list"]),
    )
}

fn ids(rows: &Value) -> Vec<i64> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|row| row["id"].as_i64().unwrap())
        .collect()
}

/// The first column of `sql`'s rows, named `site_id`.
async fn site_ids(app: &TestApp, sql: String) -> Vec<i64> {
    use sea_orm::{ConnectionTrait, Statement};
    let rows = app
        .db
        .query_all_raw(Statement::from_string(app.db.get_database_backend(), sql))
        .await
        .unwrap();
    rows.iter()
        .map(|row| row.try_get::<i64>("", "site_id").unwrap())
        .collect()
}

/// The site each listing of `ids` is kept in.
async fn sites_of(app: &TestApp, ids: &[i64]) -> Vec<i64> {
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    site_ids(
        app,
        format!("SELECT DISTINCT site_id FROM listing WHERE id IN ({list})"),
    )
    .await
}

/// A city operator on two sites (杭州 and 宁波) who may read the 二手房 list asks, once per site,
/// for listings: each call's result is that site's list page — only its rows.
async fn calls_see_the_chosen_site_only(app: TestApp, model: FakeOpenAi) {
    let s = Seeded::load(&app).await;
    let (hangzhou, ningbo) = (s.sites["杭州"], s.sites["宁波"]);
    app.sql(&format!(
        "INSERT INTO user_site (user_id, site_id) VALUES ({}, {ningbo})",
        s.users["city"]
    ))
    .await;
    app.sql(
        "INSERT INTO role_menu (role_id, menu_id) SELECT r.id, m.id FROM role r, menu m \
         WHERE r.code = 'city' AND m.perms = 'work:house:old:list'",
    )
    .await;
    let city = app.as_user("city").await;
    let assistant = demo_assistant(&city).await;
    let token = city.chat_token().await;

    let mut seen = Vec::new();
    for site in [hangzhou, ningbo] {
        let (mut ws, _) = connect_async(site_url(&app, &token, site))
            .await
            .expect("the socket opens for one of the asker's sites");
        send(&mut ws, &question("u1", assistant, "有哪些二手房？")).await;
        let answer = replies(&mut ws).await;
        assert_eq!(tags(&answer).last(), Some(&"end"), "{answer:?}");
        let sent = model.last_request();
        let told: Value = sent["messages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|message| message["role"] == "tool")
            .map(|message| serde_json::from_str(message["content"].as_str().unwrap()).unwrap())
            .expect("the listing search's result");
        let found = ids(&told["rows"]);
        assert!(!found.is_empty(), "site {site} has listings: {told}");
        assert_eq!(
            (told["total"].as_i64().unwrap(), found.clone()),
            listed_in(&city, site).await,
            "the result is the list page under site {site}"
        );
        assert_eq!(sites_of(&app, &found).await, vec![site], "site {site} only");
        seen.push(found);
    }
    assert_ne!(seen[0], seen[1], "the two sites are told different rows");

    // 对话日志 shows the call by its title, and the turn under the site it was asked in.
    let admin = app.as_user("admin").await;
    let logged = admin
        .data(
            "/api/v1/chat/assistant/log/page",
            json!({ "pageNum": 1, "pageSize": 5, "keyword": "有哪些二手房？" }),
        )
        .await;
    let turns = logged["list"].as_array().unwrap();
    assert_eq!(turns.len(), 2, "{logged}");
    for (turn, found) in turns.iter().zip(seen.iter().rev()) {
        assert_eq!(
            turn["functionCalls"],
            json!([{ "name": "listing_search", "title": "房源搜索", "arguments": r#"{"trade":"sale"}"#,
                     "ok": true, "rows": found.len(), "error": null }]),
            "{turn}"
        );
    }
    let sites = site_ids(&app, "SELECT site_id FROM chat_log ORDER BY id DESC".into()).await;
    assert_eq!(
        sites[..2],
        [ningbo, hangzhou],
        "each turn keeps the site it was asked in"
    );

    // A site that is not the asker's: the handshake is refused as the header would be.
    let refused = connect_async(site_url(&app, &token, s.sites["宁波"] + 1_000))
        .await
        .expect_err("a foreign site opens no socket");
    let body = match refused {
        tokio_tungstenite::tungstenite::Error::Http(response) => {
            String::from_utf8_lossy(response.body().as_deref().unwrap_or_default()).into_owned()
        }
        other => panic!("an HTTP refusal, got {other}"),
    };
    assert!(body.contains("无权访问该城市站点"), "{body}");
}

fn one_search() -> Behaviour {
    Behaviour::Tools {
        calls: vec![("listing_search", json!({ "trade": "sale" }).to_string())],
        rounds: 1,
        obeys_none: true,
        answer: "已为您查到房源。",
    }
}

async fn with_model(backend: Backend) -> Option<(TestApp, FakeOpenAi)> {
    let model = FakeOpenAi::start(one_search()).await;
    let provider = Provider {
        base_url: model.base_url.clone(),
        api_key: None,
        model: "tool-model".into(),
        price_per_million_fen: None,
    };
    Some((TestApp::start_with_model(backend, provider).await?, model))
}

mod calls_see_the_chosen_site_only {
    use super::*;

    #[tokio::test]
    async fn sqlite() {
        let (app, model) = with_model(Backend::Sqlite)
            .await
            .expect("SQLite always starts");
        super::calls_see_the_chosen_site_only(app, model).await;
    }

    #[tokio::test]
    async fn postgres() {
        if let Some((app, model)) = with_model(Backend::Postgres).await {
            super::calls_see_the_chosen_site_only(app, model).await;
        }
    }
}
