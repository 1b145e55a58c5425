//! 网页解析 (`web/analysis`) against a local web server: a page of headed sections previewed as
//! points, a GBK page read by the charset it names, the same page again marked as held once
//! imported, and the addresses and answers that cannot be read, each refused in Chinese.

use axum::Router;
use axum::http::{StatusCode, header};
use axum::routing::get;
use serde_json::{Value, json};

use crate::common::{Caller, TestApp};
use crate::on_both_backends;

const K: &str = "/api/v1/chat/Knowledge";

const RULES: &str = r#"<!doctype html><html><head><title>门店制度</title>
<script>document.title = "<h2>不是问题</h2>";</script></head><body>
<nav><h2>导航</h2><a href="/">首页</a></nav>
<h1>门店制度</h1>
<h2>钥匙丢了怎么办？</h2><p>先报店长，<b>当天</b>换锁。</p>
<h2>几点开门？</h2><div>早上8:30&#65292;周末照常。</div>
</body></html>"#;

/// Serves the test pages on 127.0.0.1; answers the base address.
async fn web_server() -> String {
    let gbk = encoding_rs::GBK
        .encode("<html><head><meta charset=\"gbk\"><title>值班制度</title></head><body><p>问：周末谁值班？</p><p>答：店长排班。</p></body></html>")
        .0
        .into_owned();
    let app = Router::new()
        .route(
            "/rules",
            get(|| async { ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], RULES) }),
        )
        .route(
            "/gbk",
            get(move || async move { ([(header::CONTENT_TYPE, "text/html")], gbk) }),
        )
        .route(
            "/missing",
            get(|| async { (StatusCode::NOT_FOUND, "gone") }),
        )
        .route(
            "/file.pdf",
            get(|| async { ([(header::CONTENT_TYPE, "application/pdf")], "%PDF-1.4") }),
        )
        .route(
            "/plain",
            get(|| async { ([(header::CONTENT_TYPE, "text/html")], "<p>只有一段话。</p>") }),
        )
        .route(
            "/huge",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/html")],
                    format!("<h2>大？</h2><p>{}</p>", "很".repeat(1_000_000)),
                )
            }),
        )
        .route(
            "/moved",
            get(|| async { (StatusCode::FOUND, [(header::LOCATION, "/rules")]) }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    base
}

async fn new_base(admin: &Caller<'_>, name: &str) -> i64 {
    admin
        .data(&format!("{K}/config"), json!({ "name": name }))
        .await["id"]
        .as_i64()
        .unwrap()
}

fn pairs(preview: &Value) -> Vec<(String, String, bool)> {
    preview["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["question"].as_str().unwrap().to_owned(),
                p["answer"].as_str().unwrap().to_owned(),
                p["duplicate"].as_bool().unwrap(),
            )
        })
        .collect()
}

async fn a_web_page_is_previewed_as_points_and_imported_once(app: TestApp) {
    let web = web_server().await;
    let admin = app.as_user("admin").await;
    let base = new_base(&admin, "网页导入测试").await;
    let analyse = |url: String| json!({ "knowledgeId": base, "url": url });

    let preview = admin
        .data(
            &format!("{K}/web/analysis"),
            analyse(format!("{web}/rules")),
        )
        .await;
    assert_eq!(preview["fileName"], "门店制度", "{preview}");
    assert_eq!(
        pairs(&preview),
        [
            (
                "钥匙丢了怎么办？".into(),
                "先报店长，当天换锁。".into(),
                false
            ),
            ("几点开门？".into(), "早上8:30，周末照常。".into(), false),
        ]
    );
    assert_eq!(preview["fresh"], 2);
    let submitted = admin
        .data(
            &format!("{K}/analysis/submit"),
            json!({ "knowledgeId": base, "fileName": preview["fileName"], "points": preview["points"] }),
        )
        .await;
    assert_eq!(submitted["added"], 2);
    assert_eq!(submitted["dataSet"]["name"], "门店制度");
    // Again, through a redirect: everything is held already.
    let again = admin
        .data(
            &format!("{K}/web/analysis"),
            analyse(format!("{web}/moved")),
        )
        .await;
    assert_eq!(again["fresh"], 0, "{again}");
    assert!(pairs(&again).iter().all(|(_, _, held)| *held));

    let gbk = admin
        .data(&format!("{K}/web/analysis"), analyse(format!("{web}/gbk")))
        .await;
    assert_eq!(gbk["fileName"], "值班制度");
    assert_eq!(
        pairs(&gbk),
        [("周末谁值班？".into(), "店长排班。".into(), false)]
    );

    for (url, message) in [
        (
            "ftp://example.test/a".to_owned(),
            "请输入以http://或https://开头的网址",
        ),
        (format!("{web}/missing"), "网页无法访问（HTTP 404）"),
        (
            format!("{web}/file.pdf"),
            "该网址不是网页（HTML或纯文本），无法解析",
        ),
        (format!("{web}/huge"), "网页超过2MB，无法解析"),
        (
            format!("{web}/plain"),
            "网页中没有可导入的问答（需要标题及其下的正文，或问：/答：成对的文字）",
        ),
        (
            "http://127.0.0.1:9/".to_owned(),
            "无法连接该网址，请检查网址是否正确",
        ),
    ] {
        let refused = admin
            .post(&format!("{K}/web/analysis"), analyse(url.clone()))
            .await;
        assert_ne!(refused.code(), 0, "{url}");
        assert_eq!(refused.message(), message, "{url}");
    }
    let agent = app.as_user("agent").await;
    assert_ne!(
        agent
            .post(
                &format!("{K}/web/analysis"),
                analyse(format!("{web}/rules"))
            )
            .await
            .code(),
        0
    );
}

on_both_backends!(a_web_page_is_previewed_as_points_and_imported_once);
