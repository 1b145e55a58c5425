//! Retrieval over the knowledge base with no service outside the process: Chinese word
//! segmentation (jieba, search mode) and BM25 over the terms each point stores.
//!
//! A point's terms are segmented once, when it is written ([`terms_of`]): its question and extra
//! indexes count twice, its answer once, so a question that asks what a point asks ranks above
//! one whose answer merely mentions the words. A search reads the stored terms of the knowledge
//! bases asked for and scores them in memory; the statistics BM25 needs (how many points, how
//! long they are on average, how many hold each term) are counted over the same bases.
//!
//! Scores are the part of the question's weight a point matches, 0–1 (see [`super::bm25`]):
//! every word of the question weighs, a word no point holds included (a word inside a held word,
//! 丢 of 丢失, is found there), while filler words (particles, question words, a request's 请详细说明)
//! are stop words and weigh nothing. 1 is a full match, 0.5 about half of the question's weight
//! (rare words weigh more).
//! Hits come best first; equal scores keep the older point first.
//!
//! This is the API the assistants answer from: [`search`] with the knowledge bases an
//! assistant is bound to.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use jieba_rs::Jieba;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use super::bm25::rank;
use crate::access::Unscoped;
use crate::entity::{knowledge_data_set, knowledge_point};
use crate::error::AppError;

/// How many times a question's (and an extra index's) terms count against an answer's.
pub(crate) const QUESTION_WEIGHT: usize = 2;

/// Words that carry no meaning of their own in a question (particles, pronouns, question words,
/// a request's 请详细说明): dropped from points and queries alike, so they count neither for nor
/// against a match. Points written before a word joined the list keep it among their terms,
/// where no query asks for it.
const STOP_WORDS: &[&str] = &[
    "的",
    "了",
    "是",
    "吗",
    "呢",
    "啊",
    "吧",
    "呀",
    "么",
    "在",
    "和",
    "与",
    "及",
    "或",
    "并",
    "我",
    "你",
    "您",
    "他",
    "她",
    "它",
    "我们",
    "你们",
    "他们",
    "这",
    "那",
    "这个",
    "那个",
    "怎么",
    "怎样",
    "怎么样",
    "怎么办",
    "哪里",
    "是否",
    "详细",
    "说明",
    "介绍",
    "规定",
    "告诉",
    "知道",
    "如何",
    "什么",
    "哪些",
    "哪个",
    "多少",
    "几个",
    "为什么",
    "请问",
    "请",
    "一下",
    "可以",
    "能",
    "能否",
    "会",
    "要",
    "需要",
    "吗？",
    "有",
    "没有",
    "就",
    "都",
    "也",
    "还",
    "又",
    "被",
    "把",
    "给",
    "对",
    "从",
    "到",
    "时",
    "时候",
    "之",
    "等",
    "a",
    "an",
    "the",
    "of",
    "to",
    "is",
    "and",
    "or",
];

/// jieba's dictionary and the words the brokerage's rules keep whole
/// ([`brokerdesk_core::knowledge_words::WORDS`], 到账).
static JIEBA: LazyLock<Jieba> = LazyLock::new(|| {
    let mut jieba = Jieba::new();
    for word in brokerdesk_core::knowledge_words::WORDS {
        jieba.add_word(word, Some(JIEBA_WORD_FREQUENCY), None);
    }
    jieba
});

/// How often jieba is told a kept-whole word occurs: enough to beat the cut into 到 + 账.
const JIEBA_WORD_FREQUENCY: usize = 10_000;
static STOP: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| STOP_WORDS.iter().copied().collect());

/// Loads the segmentation dictionary, so the first search does not wait for it.
pub fn warm_up() {
    LazyLock::force(&JIEBA);
}

/// The search terms of a text: jieba's search-mode words (long words and the words inside
/// them), lower-cased, without punctuation, white space and stop words.
///
/// A word jieba guessed (in no dictionary) that starts or ends with the modal 要 is the rest of it:
/// 带看确认单要客户签字 cuts 单要, which is 单 and 要, and 报备通过后多长时间内要带客户 cuts 内要.
pub fn tokens(text: &str) -> Vec<String> {
    JIEBA
        .cut_for_search(text, true)
        .into_iter()
        .map(|token| token.word.trim().to_lowercase())
        .filter(|word| word.chars().any(char::is_alphanumeric))
        .map(without_glued_stop_words)
        .filter(|word| !word.is_empty() && !STOP.contains(word.as_str()))
        .collect()
}

/// The stop words jieba's guesses glue to a neighbour (要 of 单要, 内要, 要交). Not every stop
/// word: 年会 is a guess too, and not 年 and 会.
const GLUED: &[char] = &['要'];

/// `word` without the stop words jieba's guess glued to its ends (see [`tokens`], [`GLUED`]).
fn without_glued_stop_words(word: String) -> String {
    if word.chars().count() < 2 || JIEBA.has_word(&word) {
        return word;
    }
    let trimmed = word.trim_start_matches(GLUED).trim_end_matches(GLUED);
    if trimmed.len() == word.len() {
        word
    } else {
        trimmed.to_owned()
    }
}

/// The distinct search terms of a query, in the order it asks them, its spoken forms read as
/// the written ones points use (啥时候 as 什么时候, [`brokerdesk_core::knowledge_words::written`]).
pub fn distinct_tokens(query: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    tokens(&brokerdesk_core::knowledge_words::written(query))
        .into_iter()
        .filter(|term| seen.insert(term.clone()))
        .collect()
}

/// The terms a point stores, space-separated: question and extra indexes
/// [`QUESTION_WEIGHT`] times, the answer once.
pub fn terms_of(question: &str, indexes: &[String], answer: &str) -> String {
    let mut asked = tokens(question);
    for index in indexes {
        asked.extend(tokens(index));
    }
    let mut all = Vec::with_capacity(asked.len() * QUESTION_WEIGHT + 16);
    for _ in 0..QUESTION_WEIGHT {
        all.extend(asked.iter().cloned());
    }
    all.extend(tokens(answer));
    all.join(" ")
}

/// One point found for a query.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = KnowledgeHit)]
pub struct Hit {
    pub point_id: i64,
    pub knowledge_id: i64,
    pub data_set_id: i64,
    /// The data set (document) the point came from, to cite.
    pub data_set_name: String,
    pub question: String,
    pub answer: String,
    /// The point's extra indexes.
    pub indexes: Vec<String>,
    /// Relevance 0–1, four decimals: BM25's, or in hybrid retrieval the higher of BM25's and
    /// the vector's.
    pub score: f64,
    /// BM25's normalised score, when the point is among BM25's hits.
    pub bm25_score: Option<f64>,
    /// The cosine of the point's vector with the query's, when the point is among the nearest
    /// vectors (hybrid retrieval only).
    pub vector_score: Option<f64>,
    /// The reciprocal-rank-fusion score the hits are ordered by (hybrid retrieval only).
    pub fused_score: Option<f64>,
    /// Where the point's vector stands (hybrid retrieval only).
    pub vector: Option<super::vectors::Stage>,
}

/// The best points of `knowledge_ids` for `query`: at most `top_k`, each scoring at least
/// `threshold` (0–1), best first. No knowledge base, an empty query or one made only of stop
/// words finds nothing.
///
/// Knowledge bases are global configuration every assistant reads, whoever chats with it: the
/// caller has already decided which bases the asker may use.
pub async fn search<C: ConnectionTrait>(
    db: &C,
    knowledge_ids: &[i64],
    query: &str,
    top_k: usize,
    threshold: f64,
) -> Result<Vec<Hit>, AppError> {
    search_through(&Unscoped::new(db), knowledge_ids, query, top_k, threshold).await
}

/// [`search`] through a route's unscoped door.
pub async fn search_through<C: ConnectionTrait>(
    door: &Unscoped<'_, C>,
    knowledge_ids: &[i64],
    query: &str,
    top_k: usize,
    threshold: f64,
) -> Result<Vec<Hit>, AppError> {
    let asked = distinct_tokens(query);
    if knowledge_ids.is_empty() || asked.is_empty() || top_k == 0 {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64, String)> = door
        .pairs(
            door.find::<knowledge_point::Entity>()
                .filter(knowledge_point::Column::KnowledgeId.is_in(knowledge_ids.iter().copied())),
            knowledge_point::Column::Id,
            knowledge_point::Column::Terms,
        )
        .await?;
    let ranked = rank(&asked, rows.iter().map(|(id, terms)| (*id, terms.as_str())));
    let best: Vec<(i64, f64)> = ranked
        .into_iter()
        .filter(|(_, score)| *score >= threshold)
        .take(top_k)
        .collect();
    if best.is_empty() {
        return Ok(Vec::new());
    }
    let points: HashMap<i64, knowledge_point::Model> = door
        .all(
            door.find::<knowledge_point::Entity>()
                .filter(knowledge_point::Column::Id.is_in(best.iter().map(|(id, _)| *id))),
        )
        .await?
        .into_iter()
        .map(|point| (point.id, point))
        .collect();
    let sets = door
        .names::<knowledge_data_set::Entity>(
            knowledge_data_set::Column::Id,
            knowledge_data_set::Column::Name,
            points.values().map(|p| p.data_set_id),
        )
        .await?;
    Ok(best
        .into_iter()
        .filter_map(|(id, score)| {
            let point = points.get(&id)?;
            Some(Hit {
                point_id: id,
                knowledge_id: point.knowledge_id,
                data_set_id: point.data_set_id,
                data_set_name: sets.get(&point.data_set_id).cloned().unwrap_or_default(),
                question: point.question.clone(),
                answer: point.answer.clone(),
                indexes: super::indexes_of(&point.indexes),
                score: (score * 10_000.0).round() / 10_000.0,
                bm25_score: Some((score * 10_000.0).round() / 10_000.0),
                vector_score: None,
                fused_score: None,
                vector: None,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(question: &str, answer: &str) -> String {
        terms_of(question, &[], answer)
    }

    #[test]
    fn chinese_is_cut_into_words_without_punctuation_or_particles() {
        let words = tokens("带看前需要准备什么？钥匙在哪里领取");
        assert!(words.contains(&"钥匙".to_owned()), "{words:?}");
        assert!(words.contains(&"领取".to_owned()), "{words:?}");
        assert!(
            !words
                .iter()
                .any(|w| w == "？" || w == "什么" || w == "需要"),
            "{words:?}"
        );
        assert_eq!(tokens("VR 带看"), tokens("vr带看"));
    }

    #[test]
    fn a_question_asked_ranks_above_an_answer_that_mentions_it() {
        let docs = [
            (1, terms("客户报备的有效期是多久", "报备通过后30天内有效")),
            (
                2,
                terms(
                    "带看前要做哪些准备",
                    "提前确认钥匙和业主时间，带看时填写带看单",
                ),
            ),
            (
                3,
                terms("佣金怎么计算", "按成交价的比例计算，带看不产生佣金"),
            ),
        ];
        let asked: Vec<String> = tokens("带看 准备");
        let ranked = rank(&asked, docs.iter().map(|(id, t)| (*id, t.as_str())));
        assert_eq!(ranked[0].0, 2, "{ranked:?}");
        assert!(ranked.iter().all(|(id, _)| *id != 1), "{ranked:?}");
        let scores: Vec<f64> = ranked.iter().map(|(_, s)| *s).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        assert!(scores[0] > 0.5 && scores[0] <= 1.0, "{scores:?}");
    }

    /// Words no point holds used to be left out of the weight a score is measured against, so a
    /// question with one held word and any number of unknown ones scored a full match (值班能出去吗
    /// → 100% on any point about 值班). They count now; what kept the old rule (a request's 请详细
    /// 说明 sinking real matches) is handled by the filler words, which count neither way.
    #[test]
    fn unknown_words_count_and_filler_words_do_not() {
        let docs = [
            (1, terms("钥匙怎么借出", "在系统钥匙管理中登记借钥匙")),
            (2, terms("钥匙丢失了怎么办", "钥匙丢失须在1小时内报告店长")),
            (3, terms("佣金怎么计算", "按成交价的比例计算")),
            (4, terms("报备有效期多久", "报备通过后30天内有效")),
            (5, terms("周末谁值班", "店长排班")),
            (
                6,
                terms("门店几点开门", "门店每天8:30开门，值班经纪人8:15到岗"),
            ),
        ];
        let ranked =
            |query: &str| rank(&tokens(query), docs.iter().map(|(id, t)| (*id, t.as_str())));
        let plain = ranked("钥匙管理");
        let wordy = ranked("钥匙管理有哪些规定？请详细说明");
        assert_eq!(wordy, plain, "the request's filler changes nothing");
        assert_eq!(wordy[0].0, 1, "{wordy:?}");
        assert!(wordy[0].1 >= 0.3, "above the default threshold: {wordy:?}");

        let duty = ranked("值班能钱吗");
        assert_eq!(duty[0].0, 5, "{duty:?}");
        assert!(duty[0].1 < 0.3, "钱 is no point's word: {duty:?}");
        assert!(
            ranked("周末谁值班")[0].1 > 0.9,
            "the question asked as written is a full match"
        );
    }

    /// An administrator may lower a threshold to 10%: a question about what no point mentions
    /// (食堂, 出去) still finds nothing, however generic the word it shares with a point (公司).
    #[test]
    fn a_subject_no_point_mentions_finds_nothing_at_any_threshold() {
        let docs = [
            (
                1,
                terms("公司的客户信息可以导出吗", "不可以，客户信息属于公司"),
            ),
            (2, terms("周末谁值班", "店长排班")),
            (3, terms("中介费怎么收", "按成交价的2%收取")),
            (4, terms("门店几点开门", "每天8:30开门")),
        ];
        let ranked =
            |query: &str| rank(&tokens(query), docs.iter().map(|(id, t)| (*id, t.as_str())));
        assert!(
            ranked("公司有食堂吗").is_empty(),
            "{:?}",
            ranked("公司有食堂吗")
        );
        assert!(ranked("值班能出去吗").is_empty());
        assert_eq!(ranked("公司客户信息导出")[0].0, 1);
        // A generic word no point holds (时间) names no subject: 开门 is still found.
        assert_eq!(ranked("开门时间")[0].0, 4, "{:?}", ranked("开门时间"));
        // A single character no point holds is too little to refuse by: it halves the score.
        let fee = ranked("中介费多少钱");
        assert_eq!(fee[0].0, 3, "{fee:?}");
        assert!(fee[0].1 > 0.1 && fee[0].1 < 0.6, "{fee:?}");
    }

    #[test]
    fn the_modal_glued_to_a_guessed_word_is_cut_off() {
        let words = tokens("带看确认单要客户签字吗");
        assert!(words.contains(&"单".to_owned()), "{words:?}");
        assert!(!words.iter().any(|w| w.contains('要')), "{words:?}");
        let party = tokens("公司年会什么时候开");
        assert!(
            party.contains(&"年会".to_owned()),
            "会 is not glued: {party:?}"
        );
    }

    #[test]
    fn a_word_inside_a_held_word_is_found_there() {
        let docs = [
            (1, terms("钥匙怎么借出", "在系统钥匙管理中登记借钥匙")),
            (2, terms("钥匙丢失了怎么办", "钥匙丢失须在1小时内报告店长")),
        ];
        let ranked = rank(
            &tokens("钥匙丢了怎么办"),
            docs.iter().map(|(id, t)| (*id, t.as_str())),
        );
        assert_eq!(ranked[0].0, 2, "丢 within 丢失: {ranked:?}");
        assert!(ranked[0].1 > 0.9 && ranked[1].1 < 0.5, "{ranked:?}");
    }

    #[test]
    fn no_score_goes_beyond_a_full_match() {
        // A short point repeating the asked word matches it fully, no more.
        let docs = [
            (1, terms("带看", "带看 带看 带看")),
            (
                2,
                terms("钥匙怎么借出", "带看后当天归还钥匙，钥匙管理员核对"),
            ),
        ];
        let ranked = rank(
            &tokens("带看 钥匙"),
            docs.iter().map(|(id, t)| (*id, t.as_str())),
        );
        assert!(ranked.iter().all(|(_, s)| *s <= 1.0), "{ranked:?}");
        assert!(ranked[0].1 < 0.9, "one of two words: {ranked:?}");
    }

    #[test]
    fn a_question_sharing_nothing_finds_nothing() {
        let docs = [(1, terms("钥匙怎么借出", "在钥匙管理登记借出"))];
        let asked = tokens("佣金比例");
        assert!(rank(&asked, docs.iter().map(|(id, t)| (*id, t.as_str()))).is_empty());
    }
}
