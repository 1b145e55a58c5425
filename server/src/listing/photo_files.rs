//! The photo-file sweep: a stored picture no `listing_photo` row names any more (its photos
//! deleted, on every listing that showed it) is removed from the data directory, and so is the
//! temporary file of a write a stopped server never finished.
//!
//! A photo's file is written before its row (`photo::upload_in`), and the same bytes uploaded
//! again only mark the file fresh; so a file is taken only once it has been left alone for
//! [`FILE_GRACE`]: an upload between writing the file and committing its row is never robbed.
//! Idempotent, and safe with two server processes over one data directory: a file already
//! removed by the other is no error.

use std::collections::HashSet;
use std::time::SystemTime;

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, QueryFilter};

use crate::access::Unscoped;
use crate::entity::listing_photo;
use crate::error::AppError;
use crate::photo_store::{PhotoStore, StoredFile};

/// How long a file must have been left alone before it may be taken.
pub const FILE_GRACE: Duration = Duration::hours(1);
/// How often the server sweeps.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(3600);
/// Hashes asked about at once.
const CHUNK: usize = 500;

/// Removes every file no photo names that was last written before `now - FILE_GRACE`; answers
/// how many files went.
pub async fn run(
    db: &DatabaseConnection,
    store: &PhotoStore,
    now: DateTime<Utc>,
) -> Result<u64, AppError> {
    let before = SystemTime::from(now - FILE_GRACE);
    let lister = store.clone();
    let files = tokio::task::spawn_blocking(move || lister.files_older_than(before))
        .await
        .map_err(AppError::internal)?;
    if files.is_empty() {
        return Ok(0);
    }
    let hashes: Vec<String> = files
        .iter()
        .filter_map(|file| match file {
            StoredFile::Picture { hash, .. } => Some(hash.clone()),
            StoredFile::Unfinished(_) => None,
        })
        .collect();
    let read = Unscoped::new(db);
    let mut named = HashSet::new();
    for chunk in hashes.chunks(CHUNK) {
        let found: Vec<String> = read
            .values(
                read.find::<listing_photo::Entity>()
                    .filter(listing_photo::Column::Hash.is_in(chunk.iter().cloned())),
                listing_photo::Column::Hash,
            )
            .await?;
        named.extend(found);
    }
    let unused: Vec<StoredFile> = files
        .into_iter()
        .filter(|file| match file {
            StoredFile::Picture { hash, .. } => !named.contains(hash),
            StoredFile::Unfinished(_) => true,
        })
        .collect();
    let remover = store.clone();
    tokio::task::spawn_blocking(move || {
        let mut removed = 0;
        for file in &unused {
            match remover.remove(file) {
                Ok(()) => removed += 1,
                Err(error) => tracing::warn!(?file, %error, "an unused photo file stays"),
            }
        }
        removed
    })
    .await
    .map_err(AppError::internal)
}

/// Sweeps every [`EVERY`], first one period after the start.
pub fn start(db: DatabaseConnection, store: PhotoStore) {
    tokio::spawn(async move {
        let mut timer = tokio::time::interval(EVERY);
        timer.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        timer.tick().await;
        loop {
            timer.tick().await;
            match run(&db, &store, Utc::now()).await {
                Ok(0) => {}
                Ok(removed) => {
                    tracing::info!(job = "photo.files", removed, "unused photo files removed")
                }
                Err(error) => tracing::warn!(job = "photo.files", %error, "job failed"),
            }
        }
    });
}
