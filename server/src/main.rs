//! `brokerdesk`: loads the configuration, prepares the database, serves the API and the SPA.

use std::process::ExitCode;
use std::sync::Arc;

use brokerdesk_server::config::Config;
use brokerdesk_server::sms::LogSmsSender;
use brokerdesk_server::{AppState, app, prepare_database, seed};
use tracing_subscriber::EnvFilter;

#[derive(Debug, thiserror::Error)]
enum StartError {
    #[error("configuration: {0}")]
    Config(#[from] brokerdesk_server::config::ConfigError),
    #[error("database: {0}")]
    Database(#[from] sea_orm::DbErr),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("server stopped: {0}")]
    Serve(std::io::Error),
}

#[tokio::main]
async fn main() -> ExitCode {
    // `brokerdesk openapi` prints the API document, which the web's types are generated from.
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        return match serde_json::to_string_pretty(&brokerdesk_server::openapi_document()) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("brokerdesk: {err}");
                ExitCode::FAILURE
            }
        };
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn")),
        )
        .init();
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("brokerdesk: {err}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), StartError> {
    let config = Config::from_env()?;
    let db = prepare_database(&config.database).await?;
    let web_dir = config.web_dir.is_dir().then(|| config.web_dir.clone());
    if web_dir.is_none() {
        tracing::warn!(
            dir = %config.web_dir.display(),
            "the built SPA is missing (set BROKERDESK_WEB_DIR or build web/): serving the API only"
        );
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| StartError::Listen {
            addr: config.addr,
            source,
        })?;
    let state = AppState {
        db,
        sms: Arc::new(LogSmsSender),
        token_ttl: config.token_ttl,
        web_dir,
        callers: Default::default(),
    };
    println!("brokerdesk 已启动：http://{}", config.addr);
    print!("{}", seed::demo_logins());
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async {
            // Without a signal handler the server just runs until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
        .map_err(StartError::Serve)
}
