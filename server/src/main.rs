//! `brokerdesk`: loads the configuration, prepares the database, serves the API and the SPA.

use std::process::ExitCode;

use brokerdesk_server::config::{Config, DatabaseUrl, SmsChoice};
use brokerdesk_server::seed::{self, Seeded};
use brokerdesk_server::{AppState, app, prepare_database, serving, sms};
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
    // Read here as well as in `run`, so a failure message can be scrubbed of its password.
    let database = std::env::var("DATABASE_URL")
        .ok()
        .and_then(|url| DatabaseUrl::parse(&url).ok());
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            let text = err.to_string();
            let text = database.map_or(text.clone(), |url| url.scrub(&text));
            eprintln!("brokerdesk: {text}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), StartError> {
    let config = Config::from_env()?;
    let (db, seeded) = prepare_database(&config.database, &config.seeding).await?;
    brokerdesk_server::jobs::start(db.clone());
    // A batch import left running by a server that stopped is ended at start, not a minute on.
    {
        let db = db.clone();
        tokio::spawn(async move {
            match brokerdesk_server::knowledge::abandoned::run(&db, chrono::Utc::now()).await {
                Ok(0) => {}
                Ok(ended) => tracing::info!(ended, "abandoned knowledge imports ended"),
                Err(error) => tracing::warn!(%error, "abandoned knowledge imports not ended"),
            }
        });
    }
    // The segmentation dictionary loads beside the start, not in the first search.
    tokio::task::spawn_blocking(brokerdesk_server::knowledge::retrieval::warm_up);
    let web_dir = config.web_dir.is_dir().then(|| config.web_dir.clone());
    if web_dir.is_none() {
        tracing::warn!(
            dir = %config.web_dir.display(),
            "the built SPA is missing (set BROKERDESK_WEB_DIR or build web/): serving the API only"
        );
    }
    let photos =
        brokerdesk_server::photo_store::PhotoStore::new(&config.data_dir, &config.watermark_font);
    brokerdesk_server::listing::photo_files::start(db.clone(), photos.clone());
    if seeded == Seeded::Demo {
        // The demo listings' photos are drawn and stored once, with the demo brokerage.
        match seed::photos::write(&db, &photos, &config.watermark_font).await {
            Ok(written) => tracing::info!(written, "demo listing photos stored"),
            Err(error) => tracing::warn!(%error, "demo listing photos not stored"),
        }
    }
    {
        let font = config.watermark_font.clone();
        tokio::task::spawn_blocking(move || {
            if !brokerdesk_server::photo_store::font_available(&font) {
                tracing::warn!(
                    font = %font.display(),
                    "the watermark font is missing (install fonts-noto-cjk or set BROKERDESK_WATERMARK_FONT): listing photos cannot be shown"
                );
            }
        });
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| StartError::Listen {
            addr: config.addr,
            source,
        })?;
    let reader = brokerdesk_server::db::connect_reader(&config.database, &db).await?;
    let state = AppState {
        db: db.clone(),
        reader,
        turns: Default::default(),
        sms: sms::sender_for(&config.sms),
        token_ttl: config.token_ttl,
        web_dir,
        callers: Default::default(),
        answerer: brokerdesk_server::chat::answerer_for(config.ai.clone()),
        photos,
        retrieval: brokerdesk_server::knowledge::index::Retrieval::new(
            db.clone(),
            config.embeddings.clone(),
        ),
    };
    println!("brokerdesk 已启动：http://{}", config.addr);
    match seeded {
        Seeded::Demo => print!("{}", seed::demo_logins()),
        Seeded::FirstAdmin {
            generated_password: Some(password),
        } => println!(
            "已创建管理员账号 {}，初始密码：{password}\n（只显示这一次，请登录后修改；也可在首次启动前用 BROKERDESK_ADMIN_PASSWORD 指定）",
            seed::FIRST_ADMIN_USERNAME
        ),
        Seeded::FirstAdmin {
            generated_password: None,
        } => println!(
            "已创建管理员账号 {}，密码为 BROKERDESK_ADMIN_PASSWORD 的值",
            seed::FIRST_ADMIN_USERNAME
        ),
        Seeded::Nothing => {}
    }
    if config.sms == SmsChoice::Disabled {
        println!("未配置短信网关（BROKERDESK_SMS_WEBHOOK）：发送验证码的请求将被拒绝");
    }
    serving::serve(listener, app(state), async {
        // Without a signal handler the server just runs until killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    })
    .await
    .map_err(StartError::Serve)
}
