//! Jobs the server runs by itself on a timer: a listing nobody followed up drops to the public
//! pool, and the domains to come add theirs (a customer's drop, a report's expiry).
//!
//! A job is `async fn run(db, now) -> Result<u64, AppError>`, answering how many rows it moved.
//! It takes `now` as an argument so tests run it at any moment, and it is idempotent and safe
//! with two server processes on one PostgreSQL: every move is a guarded `UPDATE … WHERE` the
//! row is still as read, so of two runs at once one moves a row and the other skips it. The
//! history of a moved row names no one (系统) and says why.

pub(crate) mod pool_drop;

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::DatabaseConnection;

use crate::error::AppError;

/// A job's run, boxed so every job fits one list.
pub type Run<'a> = Pin<Box<dyn Future<Output = Result<u64, AppError>> + Send + 'a>>;

/// One job and how often it runs.
pub struct Job {
    pub name: &'static str,
    pub every: Duration,
    pub run: for<'a> fn(&'a DatabaseConnection, DateTime<Utc>) -> Run<'a>,
}

/// `job!("name", seconds, path::to::run)`: a [`Job`] from an `async fn run(db, now)`.
macro_rules! job {
    ($name:literal, $seconds:literal, $run:path) => {{
        fn run(db: &DatabaseConnection, now: DateTime<Utc>) -> Run<'_> {
            Box::pin($run(db, now))
        }
        Job {
            name: $name,
            every: Duration::from_secs($seconds),
            run,
        }
    }};
}

/// Every job the server runs.
pub const JOBS: &[Job] = &[
    job!("listing.drop", 300, crate::listing::drop_job::run),
    job!("report.expiry", 300, crate::report::expiry::run),
    job!("customer.drop", 300, crate::customer::drop_job::run),
    job!("knowledge.abandoned", 60, crate::knowledge::abandoned::run),
];

/// Starts every job on its own timer; each first runs one period after the start.
pub fn start(db: DatabaseConnection) {
    for job in JOBS {
        let db = db.clone();
        tokio::spawn(async move {
            let mut timer = tokio::time::interval(job.every);
            timer.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            timer.tick().await;
            loop {
                timer.tick().await;
                match (job.run)(&db, Utc::now()).await {
                    Ok(0) => {}
                    Ok(moved) => tracing::info!(job = job.name, moved, "job ran"),
                    Err(error) => tracing::warn!(job = job.name, %error, "job failed"),
                }
            }
        });
    }
}
