//! The chat over `/ws` (spec §4, §7, §8): the socket protocol, who answers (a configured
//! OpenAI-compatible model, or the knowledge base itself), retrieval from the assistant's
//! knowledge bases, and the chat log.

pub mod answer;
mod cache;
pub(crate) mod log;
pub mod openai;
mod socket;

use std::sync::Arc;

pub use answer::{
    AnswerError, Answerer, Functions, KnowledgeAnswerer, NOT_FOUND, Passage, Piece, Question, Usage,
};
pub use cache::{Standing, TurnCache};
pub use log::set_vote;
pub use socket::upgrade;

use crate::AppState;
use crate::error::AppError;

/// The model when one is configured, else the knowledge-base answerer.
pub fn answerer_for(provider: Option<openai::Provider>) -> Arc<dyn Answerer> {
    match provider {
        Some(provider) => Arc::new(openai::OpenAiAnswerer::new(provider)),
        None => Arc::new(KnowledgeAnswerer),
    }
}

/// The points of the assistant's knowledge bases closest to `question`: at most its top-k,
/// none below its threshold, best first — over the bases as they stood when the turn asked.
async fn retrieve(
    state: &AppState,
    standing: &Standing,
    question: &str,
) -> Result<Vec<Passage>, AppError> {
    let assistant = &standing.assistant;
    let top_k = usize::try_from(assistant.top_k).unwrap_or(0);
    let threshold = f64::from(assistant.threshold) / 100.0;
    let asked = crate::knowledge::retrieval::distinct_tokens(question);
    let fused = state
        .retrieval
        .ranked(
            &state.reader,
            &standing.revisions,
            &asked,
            question,
            top_k,
            threshold,
        )
        .await?;
    if fused.is_empty() {
        return Ok(Vec::new());
    }
    state.turns.passages(&state.reader, standing, &fused).await
}
