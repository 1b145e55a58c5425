//! Starts the real application on 127.0.0.1:0 over a fresh database (an SQLite file in a
//! temporary folder, or a throwaway PostgreSQL database) and talks to it over HTTP.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use brokerdesk_server::auth::CallerCache;
use brokerdesk_server::chat::answerer_for;
use brokerdesk_server::chat::openai::Provider;
use brokerdesk_server::config::DatabaseUrl;
use brokerdesk_server::knowledge::embedding::EmbeddingProvider;
use brokerdesk_server::knowledge::index::Retrieval;
use brokerdesk_server::seed::Seeding;
use brokerdesk_server::sms::{SmsError, SmsSender};
use brokerdesk_server::{AppState, app, prepare_database, serving};
use rand::RngCore;
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use serde_json::{Value, json};
use tempfile::TempDir;
use tokio::task::JoinHandle;

use crate::demo_template;

/// Where the PostgreSQL run looks for a server (trust authentication).
pub const POSTGRES_HOST: &str = "127.0.0.1:5432";
/// Users tried in turn for the administrative connection.
const POSTGRES_USERS: [&str; 2] = ["postgres", "root"];

pub const DEMO_PASSWORD: &str = "Demo@2026";
pub const LOGIN: &str = "/api/v2/fm/login/public/login/web";
pub const PRELOGIN: &str = "/api/v2/fm/login/public/prelogin/web";
pub const USER_INFO: &str = "/api/v1/fm/login/getLoginUserInfo";
pub const LOGOUT: &str = "/api/v1/fm/login/logout";
pub const SEND_CODE: &str = "/api/v2/fm/login/public/verifyCode";
pub const CHECK_CODE: &str = "/api/v2/fm/login/public/check/code";
pub const EDIT_CELLPHONE: &str = "/api/v1/fm/login/editCellphone";
pub const CHECK_OWN_CODE: &str = "/api/v1/fm/login/checkVerifyCode";
pub const MENU: &str = "/api/v1/fm/login/getMenuListByUser";
pub const INDEX_HTML: &str = "<!doctype html><title>brokerdesk test SPA</title>";
/// Repeated into `assets/big.js`, a file worth compressing.
pub const BIG_ASSET: &str = "export const rows = [1, 2, 3];\n";
/// The SPA's runtime configuration: one host calls an API and a socket elsewhere.
pub const RUNTIME_CONFIG: &str = r#"{"hosts": {"default": {"api": "", "ws": ""},
    "crm.example.test": {"api": "https://api.example.test/base", "ws": "wss://chat.example.test/ws"}}}"#;

#[derive(Debug, Clone, Copy)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The SMS test double: remembers every code instead of sending it, and can be told to fail.
#[derive(Default)]
pub struct CapturingSms {
    sent: Mutex<Vec<(String, String)>>,
    pub failing: AtomicBool,
}

impl CapturingSms {
    /// The last code sent to `mobile`.
    pub fn last_code(&self, mobile: &str) -> Option<String> {
        self.sent
            .lock()
            .unwrap()
            .iter()
            .rev()
            .find(|(to, _)| to == mobile)
            .map(|(_, code)| code.clone())
    }

    pub fn count(&self) -> usize {
        self.sent.lock().unwrap().len()
    }
}

#[async_trait]
impl SmsSender for CapturingSms {
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError> {
        if self.failing.load(Ordering::SeqCst) {
            return Err(SmsError::Failed("gateway down".into()));
        }
        self.sent
            .lock()
            .unwrap()
            .push((mobile.to_owned(), code.to_owned()));
        Ok(())
    }
}

/// A running server over its own database.
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    /// The same database the server uses, for arranging what HTTP cannot (expiry, locking).
    pub db: DatabaseConnection,
    pub sms: Arc<CapturingSms>,
    /// The server's cache of logged-in callers (SQL run behind its back must clear it).
    callers: CallerCache,
    /// Statements the server has run so far.
    queries: Arc<AtomicUsize>,
    server: JoinHandle<()>,
    postgres: Option<ThrowawayDatabase>,
    _dir: TempDir,
}

/// An HTTP answer: status and JSON body.
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> i64 {
        self.body["code"]
            .as_i64()
            .expect("every answer has a numeric code")
    }

    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }

    pub fn data(&self) -> &Value {
        assert_eq!(self.code(), 0, "expected success, got {}", self.body);
        &self.body["data"]
    }

    /// Asserts a failure with this code and message (HTTP status checked separately).
    pub fn assert_error(&self, code: i64, message: &str) {
        assert_eq!(
            (self.code(), self.message()),
            (code, message),
            "body: {}",
            self.body
        );
    }
}

impl TestApp {
    /// Starts an app with the default 12-hour tokens; `None` (with the reason printed) when
    /// the backend is PostgreSQL and no server is reachable.
    pub async fn start(backend: Backend) -> Option<Self> {
        Self::start_with_ttl(backend, Duration::from_secs(12 * 3600)).await
    }

    pub async fn start_with_ttl(backend: Backend, token_ttl: Duration) -> Option<Self> {
        Self::start_seeded(backend, token_ttl, &Seeding::Demo).await
    }

    /// Starts an app whose empty database gets `seeding`: the demo brokerage, as
    /// `BROKERDESK_DEMO=1` gives the binary, or a production start's administrator.
    pub async fn start_seeded(
        backend: Backend,
        token_ttl: Duration,
        seeding: &Seeding,
    ) -> Option<Self> {
        Self::start_with(backend, token_ttl, seeding, None, None).await
    }

    /// Starts the demo brokerage whose assistants answer through the OpenAI-compatible model
    /// at `provider`.
    pub async fn start_with_model(backend: Backend, provider: Provider) -> Option<Self> {
        let ttl = Duration::from_secs(12 * 3600);
        Self::start_with(backend, ttl, &Seeding::Demo, Some(provider), None).await
    }

    /// Starts the demo brokerage whose knowledge bases are embedded by the OpenAI-compatible
    /// embeddings endpoint at `embeddings` (hybrid retrieval).
    pub async fn start_with_embeddings(
        backend: Backend,
        embeddings: EmbeddingProvider,
    ) -> Option<Self> {
        let ttl = Duration::from_secs(12 * 3600);
        Self::start_with(backend, ttl, &Seeding::Demo, None, Some(embeddings)).await
    }

    async fn start_with(
        backend: Backend,
        token_ttl: Duration,
        seeding: &Seeding,
        provider: Option<Provider>,
        embeddings: Option<EmbeddingProvider>,
    ) -> Option<Self> {
        let dir = tempfile::tempdir().expect("temporary folder");
        let demo = matches!(seeding, Seeding::Demo);
        let (url, postgres) = match backend {
            Backend::Sqlite => {
                let file = dir.path().join("brokerdesk.db");
                if demo {
                    demo_template::sqlite_copy(&file).await;
                }
                (
                    DatabaseUrl::Sqlite(format!("sqlite://{}?mode=rwc", file.display())),
                    None,
                )
            }
            Backend::Postgres => {
                let throwaway = ThrowawayDatabase::create(demo).await?;
                (
                    DatabaseUrl::Postgres(throwaway.url.clone()),
                    Some(throwaway),
                )
            }
        };
        let (db, _) = prepare_database(&url, seeding)
            .await
            .expect("database prepared");
        // The server's connection counts its statements; the test's own does not.
        let queries = Arc::new(AtomicUsize::new(0));
        let mut served = db.clone();
        let mut reader = brokerdesk_server::db::connect_reader(&url, &db)
            .await
            .expect("reader connected");
        for connection in [&mut served, &mut reader] {
            let counter = Arc::clone(&queries);
            connection.set_metric_callback(move |_| {
                counter.fetch_add(1, Ordering::SeqCst);
            });
        }
        let web_dir = dir.path().join("web");
        std::fs::create_dir_all(web_dir.join("assets")).unwrap();
        std::fs::write(web_dir.join("index.html"), INDEX_HTML).unwrap();
        std::fs::write(web_dir.join("assets/app.js"), "console.log('app')").unwrap();
        std::fs::write(web_dir.join("assets/big.js"), BIG_ASSET.repeat(200)).unwrap();
        std::fs::write(web_dir.join("runtime-config.json"), RUNTIME_CONFIG).unwrap();
        let sms = Arc::new(CapturingSms::default());
        let callers = CallerCache::default();
        let state = AppState {
            db: served,
            reader,
            turns: Default::default(),
            sms: sms.clone(),
            token_ttl,
            web_dir: Some(web_dir),
            callers: callers.clone(),
            answerer: answerer_for(provider),
            retrieval: Retrieval::new(db.clone(), embeddings),
            photos: brokerdesk_server::photo_store::PhotoStore::new(
                dir.path(),
                std::path::Path::new(brokerdesk_server::photo_store::DEFAULT_FONT),
            ),
        };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let server = tokio::spawn(async move {
            serving::serve(listener, app(state), std::future::pending())
                .await
                .expect("server runs");
        });
        let client = reqwest::Client::builder()
            .no_proxy()
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap();
        Some(Self {
            base: format!("http://{addr}"),
            client,
            db,
            sms,
            callers,
            queries,
            server,
            postgres,
            _dir: dir,
        })
    }

    /// How many statements the server has run so far.
    pub fn queries(&self) -> usize {
        self.queries.load(Ordering::SeqCst)
    }

    /// The server's data directory (listing photos under `photos/`).
    pub fn data_dir(&self) -> &std::path::Path {
        self._dir.path()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn answer(response: reqwest::Response) -> Answer {
        let status = response.status();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let text = response.text().await.unwrap();
        assert!(
            content_type.starts_with("application/json"),
            "status {status}: not JSON ({content_type}): {text}"
        );
        let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
        Answer { status, body }
    }

    /// POSTs a JSON body, with a token header when given.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        let mut request = self.client.post(self.url(path)).json(&body);
        if let Some(token) = token {
            request = request.header("token", token);
        }
        Self::answer(request.send().await.unwrap()).await
    }

    /// GETs with query parameters, with a token header when given.
    pub async fn get(&self, path: &str, token: Option<&str>, query: &[(&str, String)]) -> Answer {
        let mut request = self.client.get(self.url(path)).query(query);
        if let Some(token) = token {
            request = request.header("token", token);
        }
        Self::answer(request.send().await.unwrap()).await
    }

    /// POSTs a raw body with the given content type.
    pub async fn post_raw(&self, path: &str, content_type: &str, body: Vec<u8>) -> Answer {
        let response = self
            .client
            .post(self.url(path))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap();
        Self::answer(response).await
    }

    /// POSTs with arbitrary headers and no body, as the SPA calls logged-in endpoints.
    pub async fn call(&self, path: &str, headers: &[(&str, &str)]) -> Answer {
        let mut request = self.client.post(self.url(path));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Self::answer(request.send().await.unwrap()).await
    }

    pub async fn login_answer(&self, username: &str, password: &str) -> Answer {
        self.post(
            LOGIN,
            None,
            json!({ "username": username, "password": password }),
        )
        .await
    }

    /// Logs a demo user in; returns `(token, userId)`.
    pub async fn login(&self, username: &str) -> (String, i64) {
        let answer = self.login_answer(username, DEMO_PASSWORD).await;
        let data = answer.data();
        (
            data["token"].as_str().unwrap().to_owned(),
            data["userId"].as_i64().unwrap(),
        )
    }

    /// Logs a demo user in and returns a client that calls as them.
    pub async fn as_user(&self, username: &str) -> Caller<'_> {
        let (token, user_id) = self.login(username).await;
        Caller {
            app: self,
            token,
            user_id,
        }
    }

    /// Logs in with a password; returns a caller.
    pub async fn as_user_with(&self, username: &str, password: &str) -> Caller<'_> {
        let answer = self.login_answer(username, password).await;
        let data = answer.data();
        Caller {
            app: self,
            token: data["token"].as_str().unwrap().to_owned(),
            user_id: data["userId"].as_i64().unwrap(),
        }
    }

    /// Runs SQL against the app's database (the schema is the same on both backends). The
    /// server learns of it as of a change made through its own API: cached callers are dropped.
    pub async fn sql(&self, statement: &str) {
        self.db.execute_unprepared(statement).await.unwrap();
        self.callers.clear();
    }
}

/// A logged-in user of a running app.
pub struct Caller<'a> {
    pub app: &'a TestApp,
    pub token: String,
    pub user_id: i64,
}

impl Caller<'_> {
    /// POSTs a JSON body with this user's token.
    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.app.post(path, Some(&self.token), body).await
    }

    /// POSTs and returns `data`, failing the test on any error.
    pub async fn data(&self, path: &str, body: Value) -> Value {
        self.post(path, body).await.data().clone()
    }

    /// POSTs a JSON body with this user's token and hands back the answer as bytes: a download
    /// (content type and body), or the envelope of a refusal as `Err`.
    pub async fn download(&self, path: &str, body: Value) -> Result<(String, Vec<u8>), Answer> {
        let response = self
            .app
            .client
            .post(self.app.url(path))
            .header("token", &self.token)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let bytes = response.bytes().await.unwrap().to_vec();
        if content_type.starts_with("application/json") {
            let body = serde_json::from_slice(&bytes).expect("a JSON envelope");
            return Err(Answer { status, body });
        }
        Ok((content_type, bytes))
    }

    /// GETs with query parameters and this user's token.
    pub async fn get(&self, path: &str, query: &[(&str, String)]) -> Answer {
        self.app.get(path, Some(&self.token), query).await
    }

    /// The chat credential `getLoginUserInfo?chatLoginInfo=1` hands this user.
    pub async fn chat_token(&self) -> String {
        let info = self
            .data(&format!("{USER_INFO}?chatLoginInfo=1"), json!({}))
            .await;
        assert_eq!(info["chatLoginInfo"]["applicationIdentity"], "brokerdesk");
        info["chatLoginInfo"]["token"].as_str().unwrap().to_owned()
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
        if let Some(postgres) = self.postgres.take() {
            postgres.drop_now();
        }
    }
}

/// Whether PostgreSQL listens at [`POSTGRES_HOST`]; with `CI=true` its absence fails the test.
/// A test that needs PostgreSQL calls this (or starts a [`Backend::Postgres`] app) and is named
/// `<case>::postgres`, so scripts/test-all.sh reports it as skipped, not passed, without one.
pub async fn postgres_reachable() -> bool {
    let reachable = tokio::time::timeout(
        Duration::from_secs(2),
        tokio::net::TcpStream::connect(POSTGRES_HOST),
    )
    .await
    .is_ok_and(|connected| connected.is_ok());
    if !reachable {
        // CI must prove both engines.
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true requires PostgreSQL at {POSTGRES_HOST}, and it is not reachable"
        );
        println!("skipped: PostgreSQL is not reachable at {POSTGRES_HOST}");
    }
    reachable
}

/// A PostgreSQL database made for one test and dropped after it.
struct ThrowawayDatabase {
    admin_url: String,
    name: String,
    url: String,
}

impl ThrowawayDatabase {
    /// An empty database, or with `demo` a copy of the seeded demo brokerage.
    async fn create(demo: bool) -> Option<Self> {
        if !postgres_reachable().await {
            return None;
        }
        let mut last_error = String::new();
        for user in POSTGRES_USERS {
            let admin_url = format!("postgres://{user}@{POSTGRES_HOST}/postgres");
            match Database::connect(admin_url.as_str()).await {
                Ok(admin) => {
                    let mut bytes = [0u8; 6];
                    rand::rng().fill_bytes(&mut bytes);
                    let name = format!("bd_test_{}", hex::encode(bytes));
                    let template = if demo {
                        let template =
                            demo_template::postgres_template(&admin_url, user, POSTGRES_HOST).await;
                        format!(" TEMPLATE \"{template}\"")
                    } else {
                        String::new()
                    };
                    admin
                        .execute_unprepared(&format!("CREATE DATABASE \"{name}\"{template}"))
                        .await
                        .expect("CREATE DATABASE");
                    admin.close().await.ok();
                    return Some(Self {
                        url: format!("postgres://{user}@{POSTGRES_HOST}/{name}"),
                        admin_url,
                        name,
                    });
                }
                Err(err) => last_error = err.to_string(),
            }
        }
        panic!("PostgreSQL at {POSTGRES_HOST} is reachable but refused every user: {last_error}");
    }

    /// Drops the database from a thread of its own, since `Drop` cannot await.
    fn drop_now(self) {
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                if let Ok(admin) = Database::connect(self.admin_url.as_str()).await {
                    let drop = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
                    if let Err(err) = admin.execute_unprepared(&drop).await {
                        eprintln!("could not drop {}: {err}", self.name);
                    }
                    admin.close().await.ok();
                }
            });
        })
        .join()
        .ok();
    }
}

/// Generates one test per backend from an `async fn(TestApp)`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test]
                async fn sqlite() {
                    let app = $crate::common::TestApp::start($crate::common::Backend::Sqlite)
                        .await
                        .expect("SQLite always starts");
                    super::$name(app).await;
                }

                #[tokio::test]
                async fn postgres() {
                    if let Some(app) =
                        $crate::common::TestApp::start($crate::common::Backend::Postgres).await
                    {
                        super::$name(app).await;
                    }
                }
            }
        )*
    };
}
