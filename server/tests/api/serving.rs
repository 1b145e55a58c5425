//! Serving like a production web server: cache rules, compression and security headers.

use reqwest::StatusCode;
use reqwest::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_SECURITY_POLICY, REFERRER_POLICY,
    X_CONTENT_TYPE_OPTIONS,
};
use serde_json::json;

use crate::common::{BIG_ASSET, PRELOGIN, TestApp};
use crate::on_both_backends;

fn header(response: &reqwest::Response, name: reqwest::header::HeaderName) -> &str {
    response
        .headers()
        .get(&name)
        .map(|value| value.to_str().unwrap())
        .unwrap_or_default()
}

async fn pages_carry_security_headers_and_revalidate(app: TestApp) {
    for path in ["/", "/login", "/runtime-config.json", "/work/store/staff"] {
        let page = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&page, CACHE_CONTROL), "no-cache", "{path}");
        assert_eq!(header(&page, X_CONTENT_TYPE_OPTIONS), "nosniff", "{path}");
        assert_eq!(header(&page, REFERRER_POLICY), "same-origin", "{path}");
        let policy = header(&page, CONTENT_SECURITY_POLICY);
        for part in [
            "script-src 'self' 'wasm-unsafe-eval';",
            // The API and socket origins the runtime configuration names, and no others.
            "connect-src 'self' https://api.example.test wss://chat.example.test;",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(
                policy.contains(part),
                "{path}: {part} missing from {policy}"
            );
        }
    }
}

async fn hashed_assets_are_immutable_and_missing_ones_are_not_the_page(app: TestApp) {
    let asset = app
        .client
        .get(app.url("/assets/app.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(asset.status(), StatusCode::OK);
    assert_eq!(
        header(&asset, CACHE_CONTROL),
        "public, max-age=31536000, immutable"
    );
    let missing = app
        .client
        .get(app.url("/assets/index-0000.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_ne!(
        header(&missing, CACHE_CONTROL),
        "public, max-age=31536000, immutable"
    );
}

async fn files_and_api_answers_are_compressed_above_a_small_size(app: TestApp) {
    let plain = BIG_ASSET.repeat(200);
    for encoding in ["br", "gzip"] {
        let asset = app
            .client
            .get(app.url("/assets/big.js"))
            .header(ACCEPT_ENCODING, encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(header(&asset, CONTENT_ENCODING), encoding);
        let sent = asset.bytes().await.unwrap();
        assert!(
            sent.len() * 10 < plain.len(),
            "{encoding}: {} bytes",
            sent.len()
        );

        let document = app
            .client
            .get(app.url("/api/openapi.json"))
            .header(ACCEPT_ENCODING, encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(header(&document, CONTENT_ENCODING), encoding);
    }
    // Small answers go out as they are; API answers are never stored.
    let small = app
        .client
        .post(app.url(PRELOGIN))
        .header(ACCEPT_ENCODING, "br, gzip")
        .json(&json!({ "username": "agent" }))
        .send()
        .await
        .unwrap();
    assert_eq!(header(&small, CONTENT_ENCODING), "");
    assert_eq!(header(&small, CACHE_CONTROL), "no-store");
    assert_eq!(header(&small, X_CONTENT_TYPE_OPTIONS), "nosniff");
    // A client that asks for nothing gets nothing compressed.
    let asset = app
        .client
        .get(app.url("/assets/big.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(header(&asset, CONTENT_ENCODING), "");
    assert_eq!(asset.text().await.unwrap(), plain);
}

on_both_backends!(
    pages_carry_security_headers_and_revalidate,
    hashed_assets_are_immutable_and_missing_ones_are_not_the_page,
    files_and_api_answers_are_compressed_above_a_small_size,
);
