//! The callers this process knows: what each login token opens ([`Known`]), kept for a few
//! seconds so that an authenticated request usually runs no query at all to know its caller.
//!
//! Freshness. A request that changes what some token opens — a role's grants or data scope,
//! someone's roles, seat, lock or departure (all audited, see [`crate::audit::record`]), a
//! logout, a new mobile — calls [`changed`]; when that request has answered (its transaction
//! committed), [`settle`] drops every cached caller of this process. Each entry carries the
//! generation it was loaded in, so a load that read the old rows just before the commit is never
//! served after it. Another process learns of a change only when its own entries run out: with
//! several processes behind a balancer, a change takes effect everywhere within [`CALLER_TTL`].

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use chrono::Utc;
use sea_orm::{ConnectionTrait, DbErr};

use super::known::{Known, Token};
use super::token::digest;
use crate::AppState;

/// How long a loaded caller is served without asking the database again.
pub const CALLER_TTL: Duration = Duration::from_secs(5);

/// Beyond this many entries, a new one first sweeps out the stale.
const SWEEP_ABOVE: usize = 10_000;

/// Known callers by token digest; cheap to clone (one shared map).
#[derive(Clone, Default)]
pub struct CallerCache {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    generation: AtomicU64,
    entries: RwLock<HashMap<String, Entry>>,
}

struct Entry {
    generation: u64,
    until: Instant,
    known: Arc<Known>,
}

impl Entry {
    fn fresh(&self, generation: u64, now: Instant) -> bool {
        self.generation == generation && self.until > now && self.known.expires_at > Utc::now()
    }
}

impl CallerCache {
    /// What `token` opens, from the cache or loaded (only open tokens are kept).
    pub async fn token(&self, db: &impl ConnectionTrait, token: &str) -> Result<Token, DbErr> {
        self.lookup(db, digest(token), false).await
    }

    /// What the chat token `token` opens: its session's caller, while that session is open.
    pub async fn chat_token(&self, db: &impl ConnectionTrait, token: &str) -> Result<Token, DbErr> {
        self.lookup(db, digest(token), true).await
    }

    async fn lookup(
        &self,
        db: &impl ConnectionTrait,
        hash: String,
        chat: bool,
    ) -> Result<Token, DbErr> {
        // The two kinds of token share the map under different keys: a chat token never opens
        // what a session token does, nor the reverse.
        let key = if chat {
            format!("chat:{hash}")
        } else {
            hash.clone()
        };
        let generation = self.inner.generation.load(Ordering::Acquire);
        let now = Instant::now();
        if let Some(entry) = self.read().get(&key)
            && entry.fresh(generation, now)
        {
            return Ok(Token::Open(Arc::clone(&entry.known)));
        }
        let loaded = if chat {
            Known::load_chat(db, &hash).await?
        } else {
            Known::load(db, &hash).await?
        };
        let known = match loaded {
            Token::Open(known) => known,
            other => return Ok(other),
        };
        let mut entries = self.write();
        if entries.len() >= SWEEP_ABOVE {
            let current = self.inner.generation.load(Ordering::Acquire);
            entries.retain(|_, entry| entry.fresh(current, now));
        }
        entries.insert(
            key,
            Entry {
                generation,
                until: now + CALLER_TTL,
                known: Arc::clone(&known),
            },
        );
        Ok(Token::Open(known))
    }

    /// Forgets every caller: the next request of each loads afresh.
    pub fn clear(&self) {
        self.inner.generation.fetch_add(1, Ordering::AcqRel);
        self.write().clear();
    }

    // A panic while holding the lock leaves a map that is still whole: keep using it.
    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Entry>> {
        self.inner
            .entries
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Entry>> {
        self.inner
            .entries
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

tokio::task_local! {
    /// Set by [`changed`] during a request that changed what some token opens.
    static CHANGED: Cell<bool>;
}

/// Marks the current request as one that changes who may do what; every cached caller is
/// dropped once it has answered. Outside a request (seeding) there is nothing to drop.
pub fn changed() {
    let _ = CHANGED.try_with(|flag| flag.set(true));
}

/// Middleware: runs the request, then drops every cached caller if it called [`changed`].
pub async fn settle(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let (response, changed) = CHANGED
        .scope(Cell::new(false), async {
            let response = next.run(request).await;
            (response, CHANGED.with(Cell::get))
        })
        .await;
    if changed {
        state.callers.clear();
    }
    response
}
