//! What a chat turn reads before it answers, held in memory: the published assistant with the
//! knowledge bases it answers from, and the points its hits cite (question, answer, data set
//! name), so that a turn asked while nothing changed reads one statement — where the assistant
//! and its bases stand — and nothing else.
//!
//! - **Where things stand** ([`Standing`]): one statement gives the assistant's `updated_at`
//!   when it is published (every write of an assistant, its bindings and their switches
//!   included, moves it; unpublished or deleted gives no row), and for each base it answers
//!   from its `knowledge_revision` (moved by every write of its points and vectors) and its
//!   `updated_at` (moved with a data set's rename, `knowledge::bases::touch`). The assistant and
//!   its bindings are read again only when its `updated_at` moved.
//! - **Reads coalesced**: turns asking about one assistant at the same time share one read —
//!   but only a read that has not started yet. A turn joins the waiting read, if there is one,
//!   or queues a new one behind the read under way; it never takes the answer of a read that
//!   started before it asked, so it sees every write that finished before it asked.
//! - **Points per base per revision**: the points hits cite are kept per knowledge base as of
//!   its revision and `updated_at`; a base that moved starts a new set. What is kept was read
//!   after the revision it is filed under, so it is never older than that revision.
//!
//! All of it lives in one server process and is checked against the database on every turn,
//! so writes of other processes sharing a PostgreSQL database are seen as well.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};
use sea_orm::{ConnectionTrait, DatabaseConnection};

use super::Passage;
use crate::entity::assistant;
use crate::error::AppError;
use crate::knowledge::index::Fused;
use crate::knowledge::vectors::statement;

/// A published assistant as a turn answers with it, and where its knowledge bases stood when
/// the turn asked.
#[derive(Debug)]
pub struct Standing {
    pub assistant: Arc<assistant::Model>,
    /// The bases it answers from (bound and switched on).
    pub bound: Arc<Vec<i64>>,
    /// `(points, vectors)` revisions of the bound bases that have held a point.
    pub revisions: HashMap<i64, (i64, i64)>,
    /// Each bound base's `updated_at`.
    touched: HashMap<i64, DateTime<Utc>>,
}

impl Standing {
    /// What a cited point of `knowledge_id` is filed under: its revision and `updated_at`.
    fn version(&self, knowledge_id: i64) -> Option<Version> {
        Some(Version {
            points: self.revisions.get(&knowledge_id)?.0,
            touched: *self.touched.get(&knowledge_id)?,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Version {
    points: i64,
    touched: DateTime<Utc>,
}

/// A published assistant as last read, with the `updated_at` read before it.
struct Assistant {
    stamp: DateTime<Utc>,
    model: Arc<assistant::Model>,
    bound: Arc<Vec<i64>>,
}

/// What a hit shows of its point.
#[derive(Debug)]
struct Point {
    knowledge_id: i64,
    source: String,
    question: String,
    answer: String,
}

/// One base's cited points as of one version.
struct Points {
    version: Version,
    points: HashMap<i64, Arc<Point>>,
}

type Read = Result<Option<Arc<Standing>>, String>;
type Flight = Shared<BoxFuture<'static, Read>>;

#[derive(Default)]
struct Inner {
    assistants: Mutex<HashMap<i64, Arc<Assistant>>>,
    /// Per assistant, the read that has not started yet, which an asking turn joins.
    waiting: Mutex<HashMap<i64, Flight>>,
    /// Per assistant, held by the read under way: one at a time.
    gates: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
    points: Mutex<HashMap<i64, Points>>,
}

/// The chat turns' cache of one server process (`AppState.turns`).
#[derive(Clone, Default)]
pub struct TurnCache(Arc<Inner>);

impl TurnCache {
    /// The published assistant `id` and where its bases stand, as of a read started after
    /// this call; none when it is not published (or does not exist).
    pub async fn standing(
        &self,
        db: &DatabaseConnection,
        id: i64,
    ) -> Result<Option<Arc<Standing>>, AppError> {
        let flight = {
            let mut waiting = self.0.waiting.lock().expect("waiting reads");
            waiting
                .entry(id)
                .or_insert_with(|| self.clone().read(db.clone(), id).boxed().shared())
                .clone()
        };
        flight.await.map_err(AppError::internal)
    }

    /// One read of where assistant `id` stands, started after every turn that joined it asked.
    async fn read(self, db: DatabaseConnection, id: i64) -> Read {
        let gate = Arc::clone(self.0.gates.lock().expect("gates").entry(id).or_default());
        let _one_at_a_time = gate.lock().await;
        // Starting: a turn asking from now on waits for the next read.
        self.0.waiting.lock().expect("waiting reads").remove(&id);
        self.check(&db, id).await.map_err(|err| err.to_string())
    }

    async fn check(
        &self,
        db: &DatabaseConnection,
        id: i64,
    ) -> Result<Option<Arc<Standing>>, AppError> {
        let known = self
            .0
            .assistants
            .lock()
            .expect("assistants")
            .get(&id)
            .cloned();
        let listed = known
            .as_ref()
            .map_or_else(Vec::new, |known| known.bound.to_vec());
        let Some((stamp, bases)) = where_they_stand(db, id, &listed).await? else {
            return Ok(None);
        };
        let (known, bases) = match known {
            Some(known) if known.stamp == stamp => (known, bases),
            _ => {
                // Read after `stamp`: at least as new as it. Changed again meanwhile, the next
                // turn finds a newer stamp and reads again.
                let Some(model) = crate::assistant::published(db, id).await? else {
                    return Ok(None);
                };
                let bound = crate::assistant::bound_knowledge(db, id).await?;
                let bases = if bound == listed {
                    bases
                } else {
                    match where_they_stand(db, id, &bound).await? {
                        Some((_, bases)) => bases,
                        None => return Ok(None),
                    }
                };
                let known = Arc::new(Assistant {
                    stamp,
                    model: Arc::new(model),
                    bound: Arc::new(bound),
                });
                self.0
                    .assistants
                    .lock()
                    .expect("assistants")
                    .insert(id, Arc::clone(&known));
                (known, bases)
            }
        };
        let mut revisions = HashMap::new();
        let mut touched = HashMap::new();
        for base in bases {
            touched.insert(base.id, base.touched);
            if let Some(revision) = base.revision {
                revisions.insert(base.id, revision);
            }
        }
        Ok(Some(Arc::new(Standing {
            assistant: Arc::clone(&known.model),
            bound: Arc::clone(&known.bound),
            revisions,
            touched,
        })))
    }

    /// The passages of `fused` (in order) from the points kept for the bases as they stand,
    /// reading those not kept in one statement.
    pub async fn passages<C: ConnectionTrait>(
        &self,
        db: &C,
        standing: &Standing,
        fused: &[Fused],
    ) -> Result<Vec<Passage>, AppError> {
        let mut found: HashMap<i64, Arc<Point>> = HashMap::new();
        {
            let kept = self.0.points.lock().expect("points");
            for (k, points) in kept.iter() {
                if standing.version(*k) != Some(points.version) {
                    continue;
                }
                for f in fused {
                    if let Some(point) = points.points.get(&f.point_id) {
                        found.insert(f.point_id, Arc::clone(point));
                    }
                }
            }
        }
        let missing: Vec<i64> = fused
            .iter()
            .map(|f| f.point_id)
            .filter(|id| !found.contains_key(id))
            .collect();
        if !missing.is_empty() {
            let read = read_points(db, &missing).await?;
            let mut kept = self.0.points.lock().expect("points");
            for (id, point) in read {
                // Read after the revision the turn saw: filed under it.
                if let Some(version) = standing.version(point.knowledge_id) {
                    let entry = kept.entry(point.knowledge_id).or_insert_with(|| Points {
                        version,
                        points: HashMap::new(),
                    });
                    if entry.version != version {
                        *entry = Points {
                            version,
                            points: HashMap::new(),
                        };
                    }
                    entry.points.insert(id, Arc::clone(&point));
                }
                found.insert(id, point);
            }
        }
        Ok(fused
            .iter()
            .filter_map(|f| {
                let point = found.get(&f.point_id)?;
                Some(Passage {
                    point_id: f.point_id,
                    knowledge_id: point.knowledge_id,
                    source: point.source.clone(),
                    question: point.question.clone(),
                    answer: point.answer.clone(),
                    score: f.score(),
                })
            })
            .collect())
    }
}

/// A bound base as it stands.
struct Base {
    id: i64,
    touched: DateTime<Utc>,
    revision: Option<(i64, i64)>,
}

/// In one statement: assistant `id`'s `updated_at` when it is published, and where `bases`
/// (those of them that exist) stand; none when it is not published.
async fn where_they_stand(
    db: &DatabaseConnection,
    id: i64,
    bases: &[i64],
) -> Result<Option<(DateTime<Utc>, Vec<Base>)>, AppError> {
    let joined = if bases.is_empty() {
        "1 = 0".to_owned()
    } else {
        let list = bases.iter().map(i64::to_string).collect::<Vec<_>>();
        format!("k.id IN ({})", list.join(","))
    };
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            &format!(
                "SELECT a.updated_at AS stamp, k.id AS k, k.updated_at AS touched, \
                 r.points AS points, r.vectors AS vectors FROM assistant a \
                 LEFT JOIN knowledge k ON {joined} \
                 LEFT JOIN knowledge_revision r ON r.knowledge_id = k.id \
                 WHERE a.id = $1 AND a.published = $2"
            ),
            vec![id.into(), true.into()],
        ))
        .await?;
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let stamp: DateTime<Utc> = first.try_get("", "stamp")?;
    let mut found = Vec::new();
    for row in &rows {
        let Some(k) = row.try_get::<Option<i64>>("", "k")? else {
            continue;
        };
        let points: Option<i64> = row.try_get("", "points")?;
        let vectors: Option<i64> = row.try_get("", "vectors")?;
        found.push(Base {
            id: k,
            touched: row.try_get("", "touched")?,
            revision: points.zip(vectors),
        });
    }
    Ok(Some((stamp, found)))
}

/// The points `ids` with their data sets' names.
async fn read_points<C: ConnectionTrait>(
    db: &C,
    ids: &[i64],
) -> Result<Vec<(i64, Arc<Point>)>, AppError> {
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            &format!(
                "SELECT p.id, p.knowledge_id, p.question, p.answer, d.name AS data_set_name \
                 FROM knowledge_point p LEFT JOIN knowledge_data_set d ON d.id = p.data_set_id \
                 WHERE p.id IN ({list})"
            ),
            Vec::new(),
        ))
        .await?;
    let mut points = Vec::with_capacity(rows.len());
    for row in rows {
        let source: Option<String> = row.try_get("", "data_set_name")?;
        points.push((
            row.try_get("", "id")?,
            Arc::new(Point {
                knowledge_id: row.try_get("", "knowledge_id")?,
                source: source.unwrap_or_default(),
                question: row.try_get("", "question")?,
                answer: row.try_get("", "answer")?,
            }),
        ));
    }
    Ok(points)
}
