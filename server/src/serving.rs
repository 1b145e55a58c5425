//! Serving like a production web server: the built SPA with cache rules (hashed `assets/`
//! immutable for a year, everything else revalidated), compression (brotli or gzip, chosen by
//! the browser's `Accept-Encoding`, above a small size; files precompressed at build time are
//! sent as they are), security headers on pages, and a listener with Nagle's algorithm off.

use std::net::SocketAddr;
use std::path::Path;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::serve::ListenerExt;
use base64::Engine;
use sha2::{Digest, Sha256};
use tower_http::CompressionLevel;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::services::{ServeDir, ServeFile};

/// Answers smaller than this go out uncompressed: compressing them saves less than it costs.
pub const COMPRESS_ABOVE_BYTES: u16 = 1024;
/// Brotli 5 / gzip 5: most of the size win for a fraction of the best levels' time.
const COMPRESSION_LEVEL: i32 = 5;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
/// API answers carry personal data: no cache keeps them.
const NO_STORE: &str = "no-store";

/// Serves `router` on `listener` until `shutdown` resolves: TCP_NODELAY on every connection
/// (without it small answers wait ~40 ms for Nagle), and the peer address available to
/// handlers (login limits are per client address).
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = listener.tap_io(|tcp| {
        if let Err(err) = tcp.set_nodelay(true) {
            tracing::warn!(%err, "could not turn Nagle's algorithm off");
        }
    });
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}

/// The built SPA: `assets/` (content-hashed names, immutable; a missing one is a 404, never the
/// page) and every other path its file or `index.html` (history fallback), revalidated.
pub fn spa<S: Clone + Send + Sync + 'static>(router: Router<S>, dir: &Path) -> Router<S> {
    let assets = ServeDir::new(dir.join("assets"))
        .precompressed_br()
        .precompressed_gzip();
    let pages = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(
            ServeFile::new(dir.join("index.html"))
                .precompressed_br()
                .precompressed_gzip(),
        );
    router
        .nest_service("/assets", assets)
        .fallback_service(pages)
}

/// Adds the cache and security headers to every answer; the page policy follows the SPA in
/// `web_dir` (its runtime configuration and inline scripts), read once at start.
pub fn with_headers<S: Clone + Send + Sync + 'static>(
    router: Router<S>,
    web_dir: Option<&Path>,
) -> Router<S> {
    let page_headers = PageHeaders::for_web_dir(web_dir);
    router.layer(middleware::from_fn(move |request: Request, next: Next| {
        let headers = page_headers.clone();
        async move { headers.apply(request, next).await }
    }))
}

/// Compression of every answer above [`COMPRESS_ABOVE_BYTES`], images excepted.
pub fn compression() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .quality(CompressionLevel::Precise(COMPRESSION_LEVEL))
        .compress_when(
            SizeAbove::new(COMPRESS_ABOVE_BYTES)
                .and(NotForContentType::IMAGES)
                .and(NotForContentType::GRPC)
                .and(NotForContentType::SSE),
        )
}

/// Cache and security headers by path: `/api` answers are never stored; pages and files get the
/// security headers and their cache rule.
#[derive(Clone)]
struct PageHeaders {
    csp: HeaderValue,
}

impl PageHeaders {
    fn for_web_dir(dir: Option<&Path>) -> Self {
        let read = |name: &str| {
            dir.and_then(|dir| std::fs::read_to_string(dir.join(name)).ok())
                .unwrap_or_default()
        };
        let (config, index) = (read("runtime-config.json"), read("index.html"));
        let policy = content_security_policy(
            &configured_origins(&config),
            &inline_scripts(&index),
            &map_origins(&config),
        );
        Self {
            csp: HeaderValue::from_str(&policy)
                .unwrap_or_else(|_| HeaderValue::from_static("frame-ancestors 'none'")),
        }
    }

    async fn apply(&self, request: Request, next: Next) -> Response {
        let path = request.uri().path().to_owned();
        let mut response = next.run(request).await;
        let found = response.status().is_success();
        let headers = response.headers_mut();
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        if path == "/api" || path.starts_with("/api/") {
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(NO_STORE));
            return response;
        }
        let cache = if path.starts_with("/assets/") && found {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        headers.insert(header::CONTENT_SECURITY_POLICY, self.csp.clone());
        headers.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        );
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        response
    }
}

/// The page's policy: its own origin, the wasm module (`'wasm-unsafe-eval'`), the API and
/// socket origins the runtime configuration names, the hashes of any inline script, the maps
/// service's hosts when a map key is configured, no framing.
pub fn content_security_policy(
    origins: &[String],
    inline_script_hashes: &[String],
    map_hosts: &[&str],
) -> String {
    let connect: String = origins
        .iter()
        .map(String::as_str)
        .chain(map_hosts.iter().copied())
        .map(|o| format!(" {o}"))
        .collect();
    let scripts: String = inline_script_hashes
        .iter()
        .map(|h| format!(" '{h}'"))
        .chain(map_hosts.iter().map(|h| format!(" {h}")))
        .collect();
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{scripts}; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; \
         font-src 'self' data:; connect-src 'self'{connect}; worker-src 'self' blob:; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// The hosts AMap's JS API 1.4 loads its code and data from (`webapi.amap.com`, then
/// `*.amap.com` services by script and XHR; its tiles are images, which `img-src https:` allows).
pub const AMAP_HOSTS: [&str; 3] = [
    "https://webapi.amap.com",
    "https://*.amap.com",
    "https://*.autonavi.com",
];

/// AMap's hosts when `runtime-config.json` carries a map key (`amapKey`), else none: without a
/// key the SPA loads no map and the policy allows nothing more.
pub fn map_origins(runtime_config: &str) -> Vec<&'static str> {
    let configured = serde_json::from_str::<serde_json::Value>(runtime_config)
        .ok()
        .and_then(|config| config["amapKey"].as_str().map(|key| !key.trim().is_empty()))
        .unwrap_or(false);
    if configured {
        AMAP_HOSTS.to_vec()
    } else {
        Vec::new()
    }
}

/// The origins of every base address in `runtime-config.json` (`hosts.*.{api, fybApi,
/// chatApi, ws}`); empty addresses mean the serving origin and add nothing.
pub fn configured_origins(runtime_config: &str) -> Vec<String> {
    let Ok(config) = serde_json::from_str::<serde_json::Value>(runtime_config) else {
        return Vec::new();
    };
    let mut origins: Vec<String> = config["hosts"]
        .as_object()
        .into_iter()
        .flat_map(|hosts| hosts.values())
        .filter_map(|host| host.as_object())
        .flat_map(|host| host.values())
        .filter_map(|address| address.as_str())
        .filter_map(origin_of)
        .collect();
    origins.sort();
    origins.dedup();
    origins
}

/// `scheme://host[:port]` of an absolute http(s) or ws(s) address.
fn origin_of(address: &str) -> Option<String> {
    let (scheme, rest) = address.trim().split_once("://")?;
    if !matches!(scheme, "http" | "https" | "ws" | "wss") {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    // Only characters a host and port can hold, so nothing can end the policy's directive.
    let clean = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    clean.then(|| format!("{scheme}://{host}"))
}

/// `sha256-…` of each inline `<script>` of the page, so the policy allows exactly those.
pub fn inline_scripts(index_html: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = index_html;
    while let Some(start) = rest.find("<script") {
        let after = &rest[start..];
        let Some(tag_end) = after.find('>') else {
            break;
        };
        let tag = &after[..tag_end];
        let body_and_rest = &after[tag_end + 1..];
        let Some(close) = body_and_rest.find("</script>") else {
            break;
        };
        let body = &body_and_rest[..close];
        if !tag.contains(" src=") && !body.trim().is_empty() {
            let digest = Sha256::digest(body.as_bytes());
            hashes.push(format!(
                "sha256-{}",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ));
        }
        rest = &body_and_rest[close..];
    }
    hashes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_names_the_configured_api_and_socket_origins() {
        let config = r#"{"hosts": {
            "default": {"api": "", "fybApi": "", "chatApi": "", "ws": ""},
            "crm.example.com": {"api": "https://api.example.com/v1", "fybApi": "",
                "chatApi": "https://chat.example.com", "ws": "wss://chat.example.com/ws"}
        }}"#;
        assert_eq!(
            configured_origins(config),
            [
                "https://api.example.com",
                "https://chat.example.com",
                "wss://chat.example.com"
            ]
        );
        let policy =
            content_security_policy(&configured_origins(config), &[], &map_origins(config));
        assert!(policy.contains(
            "connect-src 'self' https://api.example.com https://chat.example.com wss://chat.example.com;"
        ));
        assert!(policy.contains("script-src 'self' 'wasm-unsafe-eval';"));
        assert!(policy.contains("frame-ancestors 'none'"));
    }

    #[test]
    fn a_map_key_lets_the_maps_service_load_and_no_key_keeps_it_out() {
        let without = r#"{"hosts": {}, "amapKey": " "}"#;
        assert!(map_origins(without).is_empty());
        assert!(!content_security_policy(&[], &[], &map_origins(without)).contains("amap"));
        let with = r#"{"hosts": {}, "amapKey": "0123456789abcdef"}"#;
        let policy = content_security_policy(&[], &[], &map_origins(with));
        assert!(policy.contains(
            "script-src 'self' 'wasm-unsafe-eval' https://webapi.amap.com https://*.amap.com https://*.autonavi.com;"
        ));
        assert!(policy.contains(
            "connect-src 'self' https://webapi.amap.com https://*.amap.com https://*.autonavi.com;"
        ));
    }

    #[test]
    fn addresses_that_could_break_the_policy_are_left_out() {
        assert_eq!(
            configured_origins(r#"{"hosts":{"a":{"api":"https://x.com; script-src *"}}}"#),
            Vec::<String>::new()
        );
        assert_eq!(configured_origins("not json"), Vec::<String>::new());
    }

    #[test]
    fn inline_scripts_are_allowed_by_hash_and_external_ones_by_origin() {
        let page = r#"<script type="module" crossorigin src="/assets/index-1.js"></script>
            <script>window.started = 1</script>"#;
        // echo -n 'window.started = 1' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            inline_scripts(page),
            ["sha256-09MAOH1LAi1QMzLJu/FDwXpF4Bdea/jfrKHh6sJkkao="]
        );
    }
}
