//! The `brokerdesk` binary as an operator starts it: a production start (no demo data, one
//! administrator, no SMS without a gateway), and secrets in `DATABASE_URL` that never reach its
//! output.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use brokerdesk_server::seed::Seeding;
use serde_json::{Value, json};

use crate::common::{Backend, LOGIN, SEND_CODE, TestApp};

const BINARY: &str = env!("CARGO_BIN_EXE_brokerdesk");
const SECRET: &str = "Secret-Pw-7731";

/// A started binary and everything it printed so far.
struct Running {
    child: Child,
    lines: mpsc::Receiver<String>,
    base: String,
    output: Vec<String>,
}

impl Running {
    /// Starts the binary on a free port over the SQLite file `db`, with `env` added.
    fn start(db: &std::path::Path, env: &[(&str, &str)]) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut command = Command::new(BINARY);
        command
            .env_remove("BROKERDESK_DEMO")
            .env_remove("BROKERDESK_ADMIN_PASSWORD")
            .env_remove("BROKERDESK_SMS_WEBHOOK")
            .env("BROKERDESK_ADDR", format!("127.0.0.1:{port}"))
            .env(
                "DATABASE_URL",
                format!("sqlite://{}?mode=rwc", db.display()),
            )
            .env("BROKERDESK_WEB_DIR", db.with_extension("no-web"))
            // Beside the database: the demo's photos never land in the checkout.
            .env("BROKERDESK_DATA_DIR", db.parent().unwrap())
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().unwrap();
        let lines = forward_lines(&mut child);
        let mut running = Self {
            child,
            lines,
            base: format!("http://127.0.0.1:{port}"),
            output: Vec::new(),
        };
        running.wait_for("已启动");
        running
    }

    /// Reads output until a line contains `text`.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
                let found = line.contains(text);
                self.output.push(line);
                if found {
                    return;
                }
            }
        }
        panic!("no `{text}` within 60 s:\n{}", self.output.join("\n"));
    }

    /// Stops the process and returns all it printed.
    fn stop(mut self) -> String {
        self.child.kill().ok();
        self.child.wait().ok();
        // Until both streams are read to their end.
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(5)) {
            self.output.push(line);
        }
        self.output.join("\n")
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }
}

/// Both output streams, line by line, into one channel.
fn forward_lines(child: &mut Child) -> mpsc::Receiver<String> {
    let (sender, receiver) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let to_stdout = sender.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            to_stdout.send(line).ok();
        }
    });
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            sender.send(line).ok();
        }
    });
    receiver
}

/// Runs the binary to its end (a start that fails) and returns its exit status and output.
fn run_to_end(database_url: &str) -> (bool, String) {
    let output = Command::new(BINARY)
        .env_remove("BROKERDESK_DEMO")
        .env("DATABASE_URL", database_url)
        .env("BROKERDESK_ADDR", "127.0.0.1:0")
        .env("RUST_LOG", "trace")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

fn login_body(username: &str, password: &str) -> Value {
    json!({ "username": username, "password": password })
}

#[tokio::test]
async fn a_plain_start_creates_one_administrator_and_shows_a_generated_password_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("brokerdesk.db");
    let mut first = Running::start(&db, &[]);
    first.wait_for("初始密码");
    let printed = first.output.join("\n");
    let password = printed
        .split("初始密码：")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap()
        .to_owned();
    assert_eq!(password.len(), 16, "{printed}");
    assert!(!printed.contains("演示账号"), "no demo logins: {printed}");

    let admin = first.post(LOGIN, login_body("admin", &password)).await;
    assert_eq!(admin["code"], 0, "{admin}");
    // No demo brokerage: its published logins do not exist.
    let manager = first.post(LOGIN, login_body("manager", "Demo@2026")).await;
    assert_eq!(manager["code"], 10010001, "{manager}");
    // No SMS gateway: codes are refused, saying why.
    let code = first
        .post(SEND_CODE, json!({ "cellphone": "13800000009" }))
        .await;
    assert_eq!(
        code,
        json!({ "code": 10010014, "message": "未配置短信网关，无法发送验证码，请联系管理员" })
    );
    let output = first.stop();
    assert!(
        output.contains("BROKERDESK_SMS_WEBHOOK"),
        "the start says codes are off: {output}"
    );

    // The next start of the same database shows no password.
    let second = Running::start(&db, &[]);
    let again = second.post(LOGIN, login_body("admin", &password)).await;
    assert_eq!(again["code"], 0, "{again}");
    let output = second.stop();
    assert!(!output.contains(&password), "{output}");
}

#[tokio::test]
async fn a_configured_administrator_password_is_used_and_never_printed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("brokerdesk.db");
    let chosen = "Chosen#Admin2026";
    let running = Running::start(&db, &[("BROKERDESK_ADMIN_PASSWORD", chosen)]);
    let admin = running.post(LOGIN, login_body("admin", chosen)).await;
    assert_eq!(admin["code"], 0, "{admin}");
    let output = running.stop();
    assert!(!output.contains(chosen), "{output}");
}

#[tokio::test]
async fn demo_mode_seeds_the_brokerage_and_writes_codes_to_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("brokerdesk.db");
    let mut running = Running::start(&db, &[("BROKERDESK_DEMO", "1")]);
    let manager = running
        .post(LOGIN, login_body("manager", "Demo@2026"))
        .await;
    assert_eq!(manager["code"], 0, "{manager}");
    let sent = running
        .post(SEND_CODE, json!({ "cellphone": "13800000009" }))
        .await;
    assert_eq!(sent["code"], 0, "{sent}");
    running.wait_for("verification code");
    let output = running.stop();
    assert!(output.contains("演示账号"), "{output}");
}

#[tokio::test]
async fn the_production_administrator_sees_the_admin_workspace() {
    let seeding = Seeding::FirstAdmin {
        password: Some("Chosen#Admin2026".into()),
    };
    let app = TestApp::start_seeded(Backend::Sqlite, Duration::from_secs(3600), &seeding)
        .await
        .unwrap();
    let admin = app.as_user_with("admin", "Chosen#Admin2026").await;
    let info = admin
        .data("/api/v1/fm/login/getLoginUserInfo", json!({}))
        .await;
    assert_eq!(info["positionName"], "超级管理员");
    assert_eq!(info["sites"], json!([]));
    let menu = admin
        .data("/api/v1/fm/login/getMenuListByUser", json!({}))
        .await;
    assert_eq!(menu[0]["menuPage"], "/adminConfig", "{menu}");
    let sites = admin
        .data(
            "/api/v1/fm/org/citySite/list",
            json!({ "pageNum": 1, "pageSize": 10 }),
        )
        .await;
    assert_eq!(sites["total"], 0, "no demo cities: {sites}");
}

#[test]
fn a_password_in_database_url_never_reaches_the_output() {
    let urls = [
        // Nothing listens there.
        format!("postgres://postgres:{SECRET}@127.0.0.1:1/brokerdesk"),
        // Not a database this server speaks.
        format!("mysql://root:{SECRET}@127.0.0.1/brokerdesk"),
        // Malformed: an invalid port.
        format!("postgres://postgres:{SECRET}@127.0.0.1:notaport/brokerdesk"),
        // A password given as a parameter.
        format!("postgres://127.0.0.1:1/brokerdesk?user=postgres&password={SECRET}"),
    ];
    for url in urls {
        let (started, output) = run_to_end(&url);
        assert!(!started, "{url} cannot start: {output}");
        assert!(output.contains("brokerdesk:"), "{output}");
        assert!(!output.contains(SECRET), "{url} leaked:\n{output}");
    }
}

/// Named `…::postgres` like the other PostgreSQL tests, so a run without PostgreSQL reports it
/// as skipped (and fails it with `CI=true`).
mod a_password_in_database_url_is_not_shown_when_postgresql_refuses_the_database {
    use super::{SECRET, run_to_end};
    use crate::common::{POSTGRES_HOST, postgres_reachable};

    #[tokio::test]
    async fn postgres() {
        if !postgres_reachable().await {
            return;
        }
        let url = format!("postgres://postgres:{SECRET}@{POSTGRES_HOST}/bd_missing_database_7731");
        let (started, output) = run_to_end(&url);
        assert!(!started, "{output}");
        assert!(!output.contains(SECRET), "leaked:\n{output}");
    }
}

/// A stand-in SMS gateway on a free port: records what it is sent and answers `status`.
async fn gateway(status: u16) -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    use axum::routing::post;
    let received = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let store = received.clone();
    let router = axum::Router::new().route(
        "/send",
        post(move |axum::Json(body): axum::Json<Value>| {
            let store = store.clone();
            async move {
                store.lock().unwrap().push(body);
                axum::http::StatusCode::from_u16(status).unwrap()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    (format!("http://{address}/send?key={SECRET}"), received)
}

#[tokio::test]
async fn a_configured_webhook_gateway_receives_each_code() {
    let (url, received) = gateway(200).await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("brokerdesk.db");
    let running = Running::start(&db, &[("BROKERDESK_SMS_WEBHOOK", &url)]);
    let sent = running
        .post(SEND_CODE, json!({ "cellphone": "13800000009" }))
        .await;
    assert_eq!(sent["code"], 0, "{sent}");
    let messages = received.lock().unwrap().clone();
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["mobile"], "13800000009");
    let code = messages[0]["code"].as_str().unwrap();
    assert_eq!(code.len(), 6);
    assert!(messages[0]["text"].as_str().unwrap().contains(code));
    let output = running.stop();
    assert!(!output.contains(code), "the code is not logged: {output}");
}

#[tokio::test]
async fn a_failing_gateway_is_reported_without_its_key() {
    let (url, _) = gateway(503).await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("brokerdesk.db");
    let running = Running::start(&db, &[("BROKERDESK_SMS_WEBHOOK", &url)]);
    let sent = running
        .post(SEND_CODE, json!({ "cellphone": "13800000009" }))
        .await;
    assert_eq!(
        sent,
        json!({ "code": 10010012, "message": "短信发送失败，请稍后再试" })
    );
    // Nothing listens here: the connection error must not quote the address either.
    let closed = format!("http://127.0.0.1:1/send?key={SECRET}");
    let dir2 = tempfile::tempdir().unwrap();
    let unreachable = Running::start(
        &dir2.path().join("brokerdesk.db"),
        &[("BROKERDESK_SMS_WEBHOOK", &closed)],
    );
    let sent = unreachable
        .post(SEND_CODE, json!({ "cellphone": "13800000009" }))
        .await;
    assert_eq!(sent["code"], 10010012, "{sent}");
    let output = format!("{}\n{}", running.stop(), unreachable.stop());
    assert!(output.contains("SMS not sent"), "{output}");
    assert!(!output.contains(SECRET), "leaked:\n{output}");
}
