//! Who writes an answer: an [`Answerer`] gets the question with the knowledge points retrieved
//! for it and streams the answer as [`Piece`]s. With a chat model configured that is the
//! OpenAI-compatible client ([`super::openai`]); without one the [`KnowledgeAnswerer`] answers
//! with the best matching point itself, so the assistant works over the knowledge base alone.

use std::sync::Arc;

use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;
use tokio::sync::mpsc;

/// What the knowledge-base answerer says when no point is close enough to the question.
pub const NOT_FOUND: &str = "未找到相关答案。知识库中没有与这个问题足够相近的内容，可以换个说法再问，或请管理员补充知识库。";

/// A knowledge point retrieved for a question, as an answer uses and cites it.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Passage {
    pub point_id: i64,
    pub knowledge_id: i64,
    /// The document (data set) the point came from.
    pub source: String,
    pub question: String,
    pub answer: String,
    /// Relevance 0-1.
    pub score: f64,
}

/// A question as an answerer gets it.
#[derive(Debug, Clone)]
pub struct Question {
    pub text: String,
    /// The assistant's prompt (its identity and manner).
    pub prompt: String,
    /// Points above the assistant's threshold, best first, at most its top-k.
    pub passages: Vec<Passage>,
    /// Earlier questions and answers of the same conversation, oldest first.
    pub history: Vec<(String, String)>,
    /// The functions over the brokerage's data the model may call, run as the asker; none when
    /// the assistant may call none.
    pub functions: Option<Arc<dyn Functions>>,
}

/// Functions a model may call while answering (the assistant's choice of
/// [`crate::assistant::functions`]), each run as the person asking.
#[async_trait]
pub trait Functions: Send + Sync + std::fmt::Debug {
    /// The OpenAI `tools` entries: `{type: "function", function: {name, description,
    /// parameters}}`.
    fn tools(&self) -> Vec<Value>;

    /// Runs one call and gives what the model is told: a JSON text, `{"error": "…"}` when the
    /// call failed (refused, bad arguments, unknown function) — never a failure of the answer.
    async fn call(&self, name: &str, arguments: &str) -> String;
}

/// A part of an answer as it is written.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    Text(String),
    /// Tokens the model counted.
    Usage(Usage),
}

/// Tokens the model counted: of the prompt (in), of the answer (out), and together.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub input: u64,
    pub output: u64,
    pub total: u64,
}

/// Why an answer could not be written, in words for the asker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerError(pub String);

#[async_trait]
pub trait Answerer: Send + Sync {
    /// Writes the answer into `out` as it comes and says which passages (by index) it cites.
    /// A closed `out` means no one listens any more: stop writing.
    async fn answer(
        &self,
        question: &Question,
        out: mpsc::Sender<Piece>,
    ) -> Result<Vec<usize>, AnswerError>;

    /// What a million tokens cost at this answerer's service, in fen, when one is configured
    /// (`fee/expect` multiplies by it); none for an answerer that asks no paid service.
    fn price_per_million_fen(&self) -> Option<i64> {
        None
    }

    /// Whether this answerer hands an assistant's functions to a model that may call them.
    /// The knowledge-base answerer asks no model, so it calls none.
    fn calls_functions(&self) -> bool {
        false
    }
}

/// Answers with the best retrieved point, citing it, or says honestly that nothing was found.
/// It counts no tokens: no model is asked.
pub struct KnowledgeAnswerer;

#[async_trait]
impl Answerer for KnowledgeAnswerer {
    async fn answer(
        &self,
        question: &Question,
        out: mpsc::Sender<Piece>,
    ) -> Result<Vec<usize>, AnswerError> {
        let (text, cited) = match question.passages.first() {
            Some(best) => (best.answer.clone(), vec![0]),
            None => (NOT_FOUND.to_owned(), Vec::new()),
        };
        // A listener that left is not this answerer's failure.
        let _ = out.send(Piece::Text(text)).await;
        let _ = out.send(Piece::Usage(Usage::default())).await;
        Ok(cited)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passage(answer: &str) -> Passage {
        Passage {
            point_id: 1,
            knowledge_id: 1,
            source: "制度.md".into(),
            question: "报备有效期".into(),
            answer: answer.into(),
            score: 0.8,
        }
    }

    async fn run(passages: Vec<Passage>) -> (Vec<Piece>, Vec<usize>) {
        let (tx, mut rx) = mpsc::channel(8);
        let question = Question {
            text: "报备有效期多久".into(),
            prompt: String::new(),
            passages,
            history: Vec::new(),
            functions: None,
        };
        let cited = KnowledgeAnswerer.answer(&question, tx).await.unwrap();
        let mut pieces = Vec::new();
        while let Some(piece) = rx.recv().await {
            pieces.push(piece);
        }
        (pieces, cited)
    }

    #[tokio::test]
    async fn the_best_point_answers_and_is_cited() {
        let (pieces, cited) = run(vec![passage("30天"), passage("7天")]).await;
        assert_eq!(
            pieces,
            vec![Piece::Text("30天".into()), Piece::Usage(Usage::default())]
        );
        assert_eq!(cited, vec![0]);
    }

    #[tokio::test]
    async fn nothing_close_enough_says_so() {
        let (pieces, cited) = run(Vec::new()).await;
        assert_eq!(pieces[0], Piece::Text(NOT_FOUND.into()));
        assert!(cited.is_empty());
    }
}
