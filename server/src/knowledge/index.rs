//! The retrieval the assistants and the 检索测试 run: BM25 over each knowledge base's stored
//! terms, and, when an embeddings endpoint is configured, hybrid retrieval — the BM25 hits
//! and the nearest vectors fused by reciprocal rank fusion.
//!
//! Each knowledge base's terms (as an inverted index) and vectors are kept in memory and
//! rebuilt when the base changes: every search first reads each base's row of
//! `knowledge_revision` (numbers that every write of its points, and of its vectors, moves; kept
//! by triggers), one primary-key lookup, so an edit is searchable at once and an unchanged base
//! is scored without reading its 100,000 rows again.
//!
//! **BM25 alone** (no endpoint): the one scorer, [`super::bm25::score`], over the cached indexes —
//! the same scores, order and threshold as [`super::retrieval::search`], which reads the terms
//! per search.
//!
//! **Hybrid**: the BM25 hits scoring at least the threshold and the points whose vector's
//! cosine with the query's is at least the threshold each form a list (best first, at most
//! [`DEPTH`]); a point's fused score is the sum over the lists holding it of
//! `1 / (RRF_K + rank)`, rank counted from 1 and [`RRF_K`] = 60 (the constant of Cormack et
//! al., which keeps one list's first place from outweighing agreement between both). Hits come
//! by fused score; the `score` shown (0–1, what the threshold and the answer read) is the
//! higher of the two, and both are given (`bm25Score`, `vectorScore`). When the query cannot
//! be embedded (the endpoint fails or is slow), the search answers from BM25 alone.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, QueryFilter};
use tokio::sync::Notify;

use super::bm25::{self, TermIndex};
use super::embedding::{self, Embedder, EmbeddingProvider};
use super::retrieval::{self, Hit};
use super::vectors::{self, statement};
use crate::access::Unscoped;
use crate::entity::knowledge_point;
use crate::error::AppError;

/// Reciprocal rank fusion's constant.
pub const RRF_K: f64 = 60.0;
/// How many hits of each list take part in the fusion.
pub const DEPTH: usize = 50;

/// One knowledge base's current vectors, unit length, one row of `dims` per point.
struct VectorIndex {
    signature: String,
    dims: usize,
    ids: Vec<i64>,
    data: Vec<f32>,
}

/// `a · b` over eight running sums: a single sum is one long chain of dependent additions the
/// compiler may not reorder (floating point), eight independent ones become SIMD lanes.
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a8.zip(b8) {
        for ((lane, x), y) in lanes.iter_mut().zip(x).zip(y) {
            *lane += x * y;
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// The points whose cosine with `query` is at least `threshold`, best first (ties by id), at
/// most `depth`.
fn nearest(
    query: &[f32],
    indexes: &[Arc<VectorIndex>],
    threshold: f64,
    depth: usize,
) -> Vec<(i64, f64)> {
    let mut found: Vec<(i64, f64)> = Vec::new();
    for index in indexes.iter().filter(|i| i.dims == query.len()) {
        for (row, id) in index.data.chunks_exact(index.dims).zip(&index.ids) {
            let cosine = f64::from(dot(row, query));
            if cosine >= threshold {
                found.push((*id, cosine));
            }
        }
    }
    let order = |a: &(i64, f64), b: &(i64, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    // Most points of a large base may pass the threshold: only the first `depth` are ordered.
    if depth > 0 && found.len() > depth {
        found.select_nth_unstable_by(depth - 1, order);
    }
    found.truncate(depth);
    found.sort_by(order);
    found
}

/// What a hit shows of its point.
struct Point {
    knowledge_id: i64,
    data_set_id: i64,
    data_set_name: String,
    question: String,
    answer: String,
    indexes: String,
}

/// One point's place after fusion.
#[derive(Debug, Clone, PartialEq)]
pub struct Fused {
    pub point_id: i64,
    pub bm25: Option<f64>,
    pub vector: Option<f64>,
    pub fused: f64,
}

impl Fused {
    /// The relevance a hit shows (0–1, four decimals; what the threshold and an answer read):
    /// the higher of its two scores.
    pub fn score(&self) -> f64 {
        round(self.bm25.unwrap_or(0.0).max(self.vector.unwrap_or(0.0)), 4)
    }
}

/// Reciprocal rank fusion of two lists, each best first: by fused score, then the better of
/// the two scores, then the older point.
pub fn fuse(bm25: &[(i64, f64)], vector: &[(i64, f64)]) -> Vec<Fused> {
    let mut by_id: HashMap<i64, Fused> = HashMap::new();
    for (rank, (id, score)) in bm25.iter().enumerate() {
        let entry = by_id.entry(*id).or_insert(Fused {
            point_id: *id,
            bm25: None,
            vector: None,
            fused: 0.0,
        });
        entry.bm25 = Some(*score);
        entry.fused += 1.0 / (RRF_K + rank as f64 + 1.0);
    }
    for (rank, (id, score)) in vector.iter().enumerate() {
        let entry = by_id.entry(*id).or_insert(Fused {
            point_id: *id,
            bm25: None,
            vector: None,
            fused: 0.0,
        });
        entry.vector = Some(*score);
        entry.fused += 1.0 / (RRF_K + rank as f64 + 1.0);
    }
    let best = |f: &Fused| f.bm25.unwrap_or(0.0).max(f.vector.unwrap_or(0.0));
    let mut list: Vec<Fused> = by_id.into_values().collect();
    list.sort_by(|a, b| {
        b.fused
            .total_cmp(&a.fused)
            .then(best(b).total_cmp(&best(a)))
            .then(a.point_id.cmp(&b.point_id))
    });
    list
}

struct Inner {
    embedder: Option<Arc<Embedder>>,
    terms: Mutex<HashMap<i64, Arc<TermIndex>>>,
    vectors: Mutex<HashMap<i64, Arc<VectorIndex>>>,
}

/// The retrieval of one server: its embeddings client, if any, and the bases' indexes.
#[derive(Clone)]
pub struct Retrieval {
    inner: Arc<Inner>,
}

impl Default for Retrieval {
    fn default() -> Self {
        Self::bm25_only()
    }
}

fn round(score: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (score * scale).round() / scale
}

impl Retrieval {
    /// BM25 alone.
    pub fn bm25_only() -> Self {
        Self {
            inner: Arc::new(Inner {
                embedder: None,
                terms: Mutex::default(),
                vectors: Mutex::default(),
            }),
        }
    }

    /// With an embeddings endpoint: hybrid retrieval, and the worker that keeps every point's
    /// vector current starts. Without: BM25 alone.
    pub fn new(db: DatabaseConnection, provider: Option<EmbeddingProvider>) -> Self {
        let Some(provider) = provider else {
            return Self::bm25_only();
        };
        let embedder = Arc::new(Embedder::new(provider));
        vectors::spawn(db, Arc::clone(&embedder), Arc::new(Notify::new()));
        Self {
            inner: Arc::new(Inner {
                embedder: Some(embedder),
                terms: Mutex::default(),
                vectors: Mutex::default(),
            }),
        }
    }

    /// The embeddings model, when one is configured.
    pub fn model(&self) -> Option<&str> {
        self.inner.embedder.as_deref().map(Embedder::model)
    }

    /// Where each of `knowledge_ids` stands: `(points, vectors)`, numbers its writes move
    /// (`knowledge_revision`, kept by triggers). A base with no row has never held a point.
    async fn revisions<C: ConnectionTrait>(
        db: &C,
        knowledge_ids: &[i64],
    ) -> Result<HashMap<i64, (i64, i64)>, AppError> {
        let list = knowledge_ids
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let rows = db
            .query_all_raw(statement(
                db.get_database_backend(),
                &format!(
                    "SELECT knowledge_id AS k, points, vectors FROM knowledge_revision \
                     WHERE knowledge_id IN ({list})"
                ),
                Vec::new(),
            ))
            .await?;
        let mut found = HashMap::new();
        for row in rows {
            let k: i64 = row.try_get("", "k")?;
            found.insert(k, (row.try_get("", "points")?, row.try_get("", "vectors")?));
        }
        Ok(found)
    }

    async fn term_indexes<C: ConnectionTrait>(
        &self,
        db: &C,
        revisions: &HashMap<i64, (i64, i64)>,
    ) -> Result<Vec<Arc<TermIndex>>, AppError> {
        let mut indexes = Vec::new();
        for (&k, (points, _)) in revisions {
            let signature = points.to_string();
            let cached = self.inner.terms.lock().expect("terms").get(&k).cloned();
            let index = match cached {
                Some(index) if index.signature == signature => index,
                _ => {
                    let door = Unscoped::new(db);
                    let rows: Vec<(i64, String)> = door
                        .pairs(
                            door.find::<knowledge_point::Entity>()
                                .filter(knowledge_point::Column::KnowledgeId.eq(k)),
                            knowledge_point::Column::Id,
                            knowledge_point::Column::Terms,
                        )
                        .await?;
                    let index = Arc::new(
                        tokio::task::spawn_blocking(move || TermIndex::build(signature, rows))
                            .await
                            .map_err(AppError::internal)?,
                    );
                    self.inner
                        .terms
                        .lock()
                        .expect("terms")
                        .insert(k, Arc::clone(&index));
                    index
                }
            };
            indexes.push(index);
        }
        Ok(indexes)
    }

    async fn vector_indexes<C: ConnectionTrait>(
        &self,
        db: &C,
        model: &str,
        revisions: &HashMap<i64, (i64, i64)>,
    ) -> Result<Vec<Arc<VectorIndex>>, AppError> {
        let mut indexes = Vec::new();
        for (&k, (points, vectors)) in revisions {
            // Vectors are read with the points they are current for: both revisions count.
            let signature = format!("{model}|{points}|{vectors}");
            let cached = self.inner.vectors.lock().expect("vectors").get(&k).cloned();
            let index = match cached {
                Some(index) if index.signature == signature => index,
                _ => {
                    let rows = db
                        .query_all_raw(statement(
                            db.get_database_backend(),
                            "SELECT v.point_id AS id, v.vector AS vector FROM knowledge_vector v \
                             JOIN knowledge_point p ON p.id = v.point_id AND p.updated_at = v.point_updated_at \
                             WHERE v.knowledge_id = $1 AND v.model = $2 AND v.error IS NULL AND v.dims > 0 \
                             ORDER BY v.point_id",
                            vec![k.into(), model.into()],
                        ))
                        .await?;
                    let mut index = VectorIndex {
                        signature,
                        dims: 0,
                        ids: Vec::with_capacity(rows.len()),
                        data: Vec::new(),
                    };
                    for row in rows {
                        let bytes: Vec<u8> = row.try_get("", "vector")?;
                        let vector = embedding::from_bytes(&bytes);
                        if index.dims == 0 {
                            index.dims = vector.len();
                            index.data.reserve(vector.len() * index.ids.capacity());
                        }
                        if vector.len() == index.dims {
                            index.ids.push(row.try_get("", "id")?);
                            index.data.extend_from_slice(&vector);
                        }
                    }
                    let index = Arc::new(index);
                    self.inner
                        .vectors
                        .lock()
                        .expect("vectors")
                        .insert(k, Arc::clone(&index));
                    index
                }
            };
            indexes.push(index);
        }
        Ok(indexes)
    }

    /// The best points of `knowledge_ids` for `query`: at most `top_k`, none below
    /// `threshold` (0–1), best first (see the module note). No knowledge base, an empty query
    /// or one made only of stop words finds nothing.
    ///
    /// Knowledge bases are global configuration every assistant reads, whoever chats with it:
    /// the caller has already decided which bases the asker may use.
    pub async fn search<C: ConnectionTrait>(
        &self,
        db: &C,
        knowledge_ids: &[i64],
        query: &str,
        top_k: usize,
        threshold: f64,
    ) -> Result<Vec<Hit>, AppError> {
        let asked = retrieval::distinct_tokens(query);
        if knowledge_ids.is_empty() || asked.is_empty() || top_k == 0 {
            return Ok(Vec::new());
        }
        let revisions = Self::revisions(db, knowledge_ids).await?;
        let fused = self
            .ranked(db, &revisions, &asked, query, top_k, threshold)
            .await?;
        if fused.is_empty() {
            return Ok(Vec::new());
        }
        self.hits(db, fused).await
    }

    /// The ranking [`Self::search`] answers with, without the points' texts: over the bases at
    /// `revisions` (`(points, vectors)` of each base that has held a point, as
    /// `knowledge_revision` has them, read by the caller), for `asked` — the query's
    /// [`retrieval::distinct_tokens`] — and `query` (embedded in hybrid retrieval).
    pub async fn ranked<C: ConnectionTrait>(
        &self,
        db: &C,
        revisions: &HashMap<i64, (i64, i64)>,
        asked: &[String],
        query: &str,
        top_k: usize,
        threshold: f64,
    ) -> Result<Vec<Fused>, AppError> {
        if revisions.is_empty() || asked.is_empty() || top_k == 0 {
            return Ok(Vec::new());
        }
        let terms = self.term_indexes(db, revisions).await?;
        // Hybrid fuses BM25's first DEPTH; BM25 alone answers its first top_k.
        let limit = if self.inner.embedder.is_some() {
            DEPTH
        } else {
            top_k
        };
        let ranked = bm25::best(asked, &terms, threshold, limit);
        Ok(match &self.inner.embedder {
            None => ranked
                .into_iter()
                .map(|(id, score)| Fused {
                    point_id: id,
                    bm25: Some(score),
                    vector: None,
                    fused: 0.0,
                })
                .collect(),
            Some(embedder) => {
                let wanted = tokio::time::timeout(
                    embedding::QUERY_TIMEOUT,
                    embedder.embed(&[query.to_owned()]),
                )
                .await;
                let near = match wanted {
                    Ok(Ok(mut vectors)) => {
                        let query_vector = vectors.pop().unwrap_or_default();
                        let indexes = self.vector_indexes(db, embedder.model(), revisions).await?;
                        nearest(&query_vector, &indexes, threshold, DEPTH)
                    }
                    Ok(Err(reason)) => {
                        tracing::warn!(%reason, "query not embedded: BM25 alone");
                        Vec::new()
                    }
                    Err(_) => {
                        tracing::warn!("query embedding timed out: BM25 alone");
                        Vec::new()
                    }
                };
                let depth = ranked.len().min(DEPTH);
                let mut list = fuse(&ranked[..depth], &near);
                list.truncate(top_k);
                list
            }
        })
    }

    /// The hits of `fused`, in order, with their points, data sets and vector stages.
    async fn hits<C: ConnectionTrait>(
        &self,
        db: &C,
        fused: Vec<Fused>,
    ) -> Result<Vec<Hit>, AppError> {
        let ids: Vec<i64> = fused.iter().map(|f| f.point_id).collect();
        // One statement for the points and their data sets' names: a chat turn's reads are
        // what 200 chats at once queue for.
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let rows = db
            .query_all_raw(statement(
                db.get_database_backend(),
                &format!(
                    "SELECT p.id, p.knowledge_id, p.data_set_id, p.question, p.answer, p.indexes, \
                     d.name AS data_set_name FROM knowledge_point p \
                     LEFT JOIN knowledge_data_set d ON d.id = p.data_set_id WHERE p.id IN ({list})"
                ),
                Vec::new(),
            ))
            .await?;
        let mut points: HashMap<i64, Point> = HashMap::new();
        for row in rows {
            let id: i64 = row.try_get("", "id")?;
            let data_set_name: Option<String> = row.try_get("", "data_set_name")?;
            points.insert(
                id,
                Point {
                    knowledge_id: row.try_get("", "knowledge_id")?,
                    data_set_id: row.try_get("", "data_set_id")?,
                    data_set_name: data_set_name.unwrap_or_default(),
                    question: row.try_get("", "question")?,
                    answer: row.try_get("", "answer")?,
                    indexes: row.try_get("", "indexes")?,
                },
            );
        }
        let mut stages = match self.model() {
            Some(model) => vectors::stages(db, model, &ids).await?,
            None => HashMap::new(),
        };
        let hybrid = self.inner.embedder.is_some();
        Ok(fused
            .into_iter()
            .filter_map(|f| {
                let point = points.remove(&f.point_id)?;
                Some(Hit {
                    point_id: f.point_id,
                    knowledge_id: point.knowledge_id,
                    data_set_id: point.data_set_id,
                    data_set_name: point.data_set_name,
                    question: point.question,
                    answer: point.answer,
                    indexes: super::indexes_of(&point.indexes),
                    score: f.score(),
                    bm25_score: f.bm25.map(|s| round(s, 4)),
                    vector_score: f.vector.map(|s| round(s, 4)),
                    fused_score: hybrid.then(|| round(f.fused, 6)),
                    vector: stages.remove(&f.point_id),
                })
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fusion_rewards_agreement_over_one_lists_first_place() {
        // 5 is first by words only, 9 first by meaning only; 2 is second in both.
        let bm = [(5, 0.9), (2, 0.8), (3, 0.4)];
        let vec = [(9, 0.95), (2, 0.9)];
        let fused = fuse(&bm, &vec);
        let order: Vec<i64> = fused.iter().map(|f| f.point_id).collect();
        assert_eq!(order, vec![2, 9, 5, 3]);
        assert_eq!(fused[0].bm25, Some(0.8));
        assert_eq!(fused[0].vector, Some(0.9));
        assert!((fused[0].fused - 2.0 / 62.0).abs() < 1e-12);
        assert_eq!(fused[3].vector, None);
    }

    #[test]
    fn the_dot_product_of_eight_lanes_is_the_plain_sum() {
        let a: Vec<f32> = (0..21).map(|i| i as f32 * 0.5).collect();
        let b: Vec<f32> = (0..21).map(|i| 1.0 - i as f32 * 0.25).collect();
        let plain: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
        assert!(
            (dot(&a, &b) - plain).abs() < 1e-3,
            "{} vs {plain}",
            dot(&a, &b)
        );
    }

    #[test]
    fn nearest_keeps_what_reaches_the_threshold_best_first() {
        let index = Arc::new(VectorIndex {
            signature: String::new(),
            dims: 2,
            ids: vec![1, 2, 3],
            data: vec![1.0, 0.0, 0.6, 0.8, 0.0, 1.0],
        });
        let found = nearest(&[0.0, 1.0], &[index], 0.5, 10);
        assert_eq!(found.iter().map(|f| f.0).collect::<Vec<_>>(), vec![3, 2]);
    }
}
