//! The chat over `/ws` (spec §4, §7, §8): the socket protocol, who answers (a configured
//! OpenAI-compatible model, or the knowledge base itself), retrieval from the assistant's
//! knowledge bases, and the chat log.

pub mod answer;
pub(crate) mod log;
pub mod openai;
mod socket;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub use answer::{
    AnswerError, Answerer, Functions, KnowledgeAnswerer, NOT_FOUND, Passage, Piece, Question, Usage,
};
pub use log::set_vote;
pub use socket::upgrade;

use crate::AppState;
use crate::entity::assistant;
use crate::error::AppError;

/// The model when one is configured, else the knowledge-base answerer.
pub fn answerer_for(provider: Option<openai::Provider>) -> Arc<dyn Answerer> {
    match provider {
        Some(provider) => Arc::new(openai::OpenAiAnswerer::new(provider)),
        None => Arc::new(KnowledgeAnswerer),
    }
}

/// The knowledge bases each published assistant answers from (bound and switched on), as of
/// the assistant's `updated_at` — which every change of its bindings moves
/// (`assistant::bindings`) — so a turn, which reads the assistant anyway, reads its bindings
/// only after they changed.
#[derive(Clone, Default)]
pub struct BoundBases(Arc<Mutex<HashMap<i64, Bound>>>);

/// An assistant's bound bases and the `updated_at` they were read at.
type Bound = (chrono::DateTime<chrono::Utc>, Arc<Vec<i64>>);

impl BoundBases {
    async fn of(
        &self,
        state: &AppState,
        assistant: &assistant::Model,
    ) -> Result<Arc<Vec<i64>>, AppError> {
        let known = self
            .0
            .lock()
            .expect("bound bases")
            .get(&assistant.id)
            .cloned();
        if let Some((stamp, bound)) = known
            && stamp == assistant.updated_at
        {
            return Ok(bound);
        }
        let bound = Arc::new(crate::assistant::bound_knowledge(&state.reader, assistant.id).await?);
        self.0
            .lock()
            .expect("bound bases")
            .insert(assistant.id, (assistant.updated_at, Arc::clone(&bound)));
        Ok(bound)
    }
}

/// The points of the assistant's knowledge bases closest to `question`: at most its top-k,
/// none below its threshold, best first.
async fn retrieve(
    state: &AppState,
    assistant: &assistant::Model,
    question: &str,
) -> Result<Vec<Passage>, AppError> {
    let bound = state.bound.of(state, assistant).await?;
    let top_k = usize::try_from(assistant.top_k).unwrap_or(0);
    let threshold = f64::from(assistant.threshold) / 100.0;
    let hits = state
        .retrieval
        .search(&state.reader, &bound, question, top_k, threshold)
        .await?;
    Ok(hits
        .into_iter()
        .map(|hit| Passage {
            point_id: hit.point_id,
            knowledge_id: hit.knowledge_id,
            source: hit.data_set_name,
            question: hit.question,
            answer: hit.answer,
            score: hit.score,
        })
        .collect())
}
