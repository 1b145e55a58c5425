//! The chat over `/ws` (spec §4, §7, §8): the socket protocol, who answers (a configured
//! OpenAI-compatible model, or the knowledge base itself), retrieval from the assistant's
//! knowledge bases, and the chat log.

pub mod answer;
mod log;
pub mod openai;
mod socket;

use std::sync::Arc;

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

/// The points of the assistant's knowledge bases closest to `question`: at most its top-k,
/// none below its threshold, best first.
async fn retrieve(
    state: &AppState,
    assistant: &assistant::Model,
    question: &str,
) -> Result<Vec<Passage>, AppError> {
    let bound = crate::assistant::bound_knowledge(&state.db, assistant.id).await?;
    let top_k = usize::try_from(assistant.top_k).unwrap_or(0);
    let threshold = f64::from(assistant.threshold) / 100.0;
    let hits = state
        .retrieval
        .search(&state.db, &bound, question, top_k, threshold)
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
