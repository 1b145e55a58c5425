//! brokerdesk-server: the upstream API the SPA talks to (spec §7), over SQLite or PostgreSQL.
//!
//! `main` loads the configuration, calls [`prepare_database`] and serves [`app`]. Each domain
//! module exposes its routes; this file puts them together with the OpenAPI document, the SPA
//! and the layers every request passes through.

pub mod access;
pub mod apps;
pub mod assistant;
pub mod audit;
// Runs before any caller exists (login, sessions, seeding): reads rows directly.
#[allow(clippy::disallowed_methods)]
pub mod auth;
pub mod chat;
pub mod city_config;
pub mod community;
pub mod config;
mod crud;
pub mod customer;
pub mod db;
pub mod deal;
pub mod dictionary;
pub mod enrollment;
pub mod entity;
pub mod error;
pub mod form;
pub mod history;
pub mod jobs;
pub mod knowledge;
pub mod lead;
pub mod listing;
pub mod menu;
pub mod new_home;
mod openapi;
pub mod org;
pub mod paging;
pub mod photo_store;
pub mod report;
pub mod resource;
pub mod role;
// Runs before any caller exists (login, sessions, seeding): reads rows directly.
#[allow(clippy::disallowed_methods)]
pub mod seed;
pub mod serving;
// Runs before any caller exists (login, sessions, seeding): reads rows directly.
#[allow(clippy::disallowed_methods)]
pub mod session;
pub mod shared;
pub mod sms;
pub mod staff;
pub mod transition;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get};
use sea_orm::{DatabaseConnection, DbErr};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;
use utoipa_axum::router::OpenApiRouter;

use crate::config::DatabaseUrl;
use crate::error::{BODY_LIMIT_BYTES, method_not_allowed, panic_response, route_not_found};
use crate::seed::{Seeded, Seeding};
use crate::sms::SmsSender;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    /// For reads on a hot path that need not queue behind the writer (`db::connect_reader`):
    /// the chat's turn.
    pub reader: DatabaseConnection,
    /// What a chat turn reads before it answers: the published assistants, their bases'
    /// revisions and the points hits cite, checked against the database each turn.
    pub turns: chat::TurnCache,
    pub sms: Arc<dyn SmsSender>,
    /// How long a login token stays valid.
    pub token_ttl: Duration,
    /// The built SPA; `None` serves the API alone.
    pub web_dir: Option<PathBuf>,
    /// What each login token opens, kept for a few seconds.
    pub callers: auth::CallerCache,
    /// Who writes the assistants' answers (`chat::answerer_for`).
    pub answerer: Arc<dyn chat::Answerer>,
    /// Listing photos' files and their watermark font.
    pub photos: photo_store::PhotoStore,
    /// The knowledge bases' retrieval: BM25, hybrid with an embeddings endpoint.
    pub retrieval: knowledge::index::Retrieval,
}

/// Connects, migrates and, when the database has no users yet, seeds it as `seeding` says (the
/// demo brokerage, or one administrator).
pub async fn prepare_database(
    url: &DatabaseUrl,
    seeding: &Seeding,
) -> Result<(DatabaseConnection, Seeded), DbErr> {
    let db = db::connect(url).await?;
    db::migrate(&db).await?;
    let seeded = seed::seed_if_empty(&db, seeding).await?;
    let added = seed::add_new_entries(&db).await?;
    if added > 0 {
        tracing::info!(
            added,
            "new pages and actions of the default menu tree added"
        );
    }
    Ok((db, seeded))
}

/// The API routes with their OpenAPI document.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::document())
        .merge(session::router())
        .merge(menu::router())
        .merge(audit::router())
        .merge(org::router())
        .merge(staff::router())
        .merge(role::router())
        .merge(apps::router())
        .merge(dictionary::router())
        .merge(city_config::router())
        .merge(community::router())
        .merge(enrollment::router())
        .merge(knowledge::router())
        .merge(new_home::router())
        .merge(report::router())
        .merge(listing::router())
        .merge(customer::router())
        .merge(deal::router())
        .merge(lead::router())
        .merge(assistant::router())
}

/// The OpenAPI document `/api/openapi.json` serves; the web's request and response types are
/// generated from it (`scripts/api-types.sh`).
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    api_routes().split_for_parts().1
}

/// The whole HTTP application: API, `/api/openapi.json`, the SPA with history fallback, and
/// JSON envelopes for every failure (unknown API path, wrong method, oversized body, panic);
/// compressed, with cache and security headers. Serve it with [`serving::serve`].
pub fn app(state: AppState) -> Router {
    let (api, document) = api_routes().split_for_parts();
    let document = Arc::new(document);
    let mut router = api
        .route(
            "/api/openapi.json",
            get(move || {
                let document = Arc::clone(&document);
                async move { axum::Json(document.as_ref().clone()) }
            }),
        )
        .route("/ws", get(chat::upgrade))
        .route("/api", any(route_not_found))
        .route("/api/{*rest}", any(route_not_found))
        .method_not_allowed_fallback(method_not_allowed);
    let web_dir = state.web_dir.clone().filter(|dir| dir.is_dir());
    router = match &web_dir {
        Some(dir) => serving::spa(router, dir),
        None => router.fallback(route_not_found),
    };
    let router = router.layer(axum::middleware::from_fn_with_state(
        state.clone(),
        auth::cache::settle,
    ));
    serving::with_headers(router, web_dir.as_deref())
        .layer(serving::compression())
        .layer(DefaultBodyLimit::max(BODY_LIMIT_BYTES))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
