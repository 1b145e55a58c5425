//! BM25 (k1 1.2, b 0.75), the one scorer of the knowledge base's words: over each base's terms as
//! an inverted index ([`TermIndex`], cached per base by [`super::index::Retrieval`]), several
//! bases scored as if they were one, or over documents read for one search ([`rank`], what
//! [`super::retrieval::search`] uses).
//!
//! Scores are the part of the question's weight a point matches, 0–1: each query term weighs its
//! full-match share (held once in the question of a point of average length; no point's share
//! of a term goes beyond it), words no point holds included, so a threshold means the same in
//! every knowledge base and a question half of whose words the base lacks is not a full match.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use brokerdesk_core::knowledge_words::{is_generic, synonyms};

use super::retrieval::QUESTION_WEIGHT;

/// BM25's term-frequency saturation and length normalisation, the usual values.
pub const K1: f64 = 1.2;
pub const B: f64 = 0.75;

/// What a point's score is multiplied by when it lacks the question's weightiest word (the
/// rarest, a word no point holds weighing most): 值班怎么安排 is not answered by a point that only
/// shares 安排, nor 工资什么时候发 by 佣金什么时候结算. Half keeps such a point below the threshold
/// unless it matches nearly all the rest (the evaluation in server/tests/data/retrieval_eval.tsv).
pub const KEY_MISSING: f64 = 0.5;

/// The characters a word no point holds must have for the question to be about a subject the
/// bases do not know (see [`best`]).
pub const SUBJECT_CHARS: usize = 2;

/// A verb's complements (放在, 拿到, 交给): the verb alone is what a point holds.
const COMPLEMENTS: &[char] = &['在', '到', '给', '好', '完'];

/// Where a term is held: (document, how often), read from the index or merged for a word inside
/// held words.
type Postings<'a> = Cow<'a, [(u32, u32)]>;

/// One knowledge base's terms as an inverted index.
pub struct TermIndex {
    /// What the index was built from (the base's signature), to know when it is stale.
    pub signature: String,
    ids: Vec<i64>,
    lengths: Vec<u32>,
    total_length: u64,
    /// term → (document, how often it holds the term).
    postings: HashMap<Box<str>, Vec<(u32, u32)>>,
}

impl TermIndex {
    /// The index of `rows`, `(id, space-separated terms)`, as stored on the points.
    pub fn build<S: AsRef<str>>(
        signature: String,
        rows: impl IntoIterator<Item = (i64, S)>,
    ) -> Self {
        let mut ids = Vec::new();
        let mut lengths = Vec::new();
        let mut total_length = 0u64;
        let mut postings: HashMap<Box<str>, Vec<(u32, u32)>> = HashMap::new();
        for (doc, (id, terms)) in rows.into_iter().enumerate() {
            let mut counts: HashMap<&str, u32> = HashMap::new();
            let mut length = 0u32;
            for term in terms.as_ref().split(' ').filter(|t| !t.is_empty()) {
                length += 1;
                *counts.entry(term).or_default() += 1;
            }
            for (term, count) in counts.drain() {
                match postings.get_mut(term) {
                    Some(list) => list.push((doc as u32, count)),
                    None => {
                        postings.insert(term.into(), vec![(doc as u32, count)]);
                    }
                }
            }
            ids.push(id);
            lengths.push(length);
            total_length += u64::from(length);
        }
        Self {
            signature,
            ids,
            lengths,
            total_length,
            postings,
        }
    }

    /// Where `term` is held, it or any of its synonyms ([`synonyms`]): its postings, or, for a
    /// word no point holds as a word, the postings
    /// of the words that contain it, merged (丢 of 钥匙丢了 in 丢失: jieba cuts the query and the
    /// point differently, and the word is still there), else of the held words of two or more
    /// characters it contains, or of itself without a verb's complement (放 of 放在: 钥匙放在哪里
    /// asks 钥匙放哪？). A single character inside a word is not the word (房 of 房贷).
    fn postings_of(&self, term: &str) -> Postings<'_> {
        let group = synonyms(term);
        if group.len() == 1 {
            return self.word_postings(term);
        }
        // A synonym group: where any of its words is held as a word, as often as the one held
        // most (a point saying 结算 and 结佣 does not match 发 twice); a group none of whose words
        // is held falls back to the words holding the asked one.
        let mut merged: HashMap<u32, u32> = HashMap::new();
        for word in &group {
            for &(doc, f) in self.postings.get(*word).map_or(&[][..], Vec::as_slice) {
                let slot = merged.entry(doc).or_default();
                *slot = (*slot).max(f);
            }
        }
        if merged.is_empty() {
            return self.word_postings(term);
        }
        let mut list: Vec<(u32, u32)> = merged.into_iter().collect();
        list.sort_unstable();
        Cow::Owned(list)
    }

    /// Where one word is held, as a word or inside held words (see [`Self::postings_of`]).
    fn word_postings(&self, term: &str) -> Postings<'_> {
        if let Some(list) = self.postings.get(term) {
            return Cow::Borrowed(list);
        }
        let mut merged: HashMap<u32, u32> = HashMap::new();
        for within in [true, false] {
            for (word, list) in &self.postings {
                let held = if within {
                    word.contains(term)
                } else {
                    (word.chars().count() > 1 && term.contains(&**word))
                        || term
                            .strip_suffix(COMPLEMENTS)
                            .is_some_and(|verb| verb == &**word)
                };
                if held {
                    for &(doc, f) in list {
                        *merged.entry(doc).or_default() += f;
                    }
                }
            }
            if !merged.is_empty() {
                break;
            }
        }
        let mut list: Vec<(u32, u32)> = merged.into_iter().collect();
        list.sort_unstable();
        Cow::Owned(list)
    }
}

/// BM25 of the documents of several bases' indexes, as if they were one, for the distinct query
/// terms `asked`, normalised (see the module note), best first, ties by id; documents holding
/// none of the terms are left out.
pub fn score(asked: &[String], indexes: &[Arc<TermIndex>]) -> Vec<(i64, f64)> {
    best(asked, indexes, 0.0, usize::MAX)
}

/// The first `limit` of [`score`]'s list that score at least `threshold`: only the postings of
/// the asked terms are read, and only what passes the threshold is ordered.
pub fn best(
    asked: &[String],
    indexes: &[Arc<TermIndex>],
    threshold: f64,
    limit: usize,
) -> Vec<(i64, f64)> {
    let documents: usize = indexes.iter().map(|i| i.ids.len()).sum();
    if documents == 0 || limit == 0 {
        return Vec::new();
    }
    let total_length: u64 = indexes.iter().map(|i| i.total_length).sum();
    // postings[index][term]
    let postings: Vec<Vec<Postings<'_>>> = indexes
        .iter()
        .map(|i| asked.iter().map(|term| i.postings_of(term)).collect())
        .collect();
    let holding: Vec<usize> = (0..asked.len())
        .map(|t| postings.iter().map(|lists| lists[t].len()).sum())
        .collect();
    let n = documents as f64;
    let average = (total_length as f64 / n).max(1.0);
    let idf_of = |df: f64| (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
    let idf: Vec<f64> = holding.iter().map(|&df| idf_of(df as f64)).collect();
    // A term's full-match share: held QUESTION_WEIGHT times (once in the question) by a point of
    // average length. No point's share of a term goes beyond it (a short point repeating a word
    // matches it no better than fully), so the score is the part of the question's weight matched.
    let weight = QUESTION_WEIGHT as f64;
    let saturation = weight * (K1 + 1.0) / (weight + K1);
    let share: Vec<f64> = idf.iter().map(|idf| idf * saturation).collect();
    // A word no point holds (not even inside a longer word) is still part of the question: left
    // out, 值班能出去吗 read as fully matched by any point on 值班. It weighs what BM25 gives a
    // word of no point at full match, like every other term capped at that share. Filler words
    // (请详细说明, 怎么办) never get here: they are stop words, counted neither way.
    let unknown = idf_of(0.0) * saturation;
    let weights: Vec<f64> = holding
        .iter()
        .zip(&share)
        .map(|(&df, share)| if df > 0 { *share } else { unknown })
        .collect();
    let full: f64 = weights.iter().sum();
    // A word of two or more characters that no point holds, not even inside a longer word, is
    // what the question weighs most: the bases do not know its subject (公司有食堂吗 asks 食堂,
    // 值班怎么安排 asks 值班), and the words it shares with a point (公司, 安排) are not an answer at
    // any threshold. A single character no point holds (钱 of 中介费多少钱) says too little to
    // refuse by, and a generic word (时间 of 开门时间) names no subject: either halves a point's
    // score like any missing key word.
    if holding
        .iter()
        .zip(asked)
        .any(|(&df, term)| df == 0 && term.chars().count() >= SUBJECT_CHARS && !is_generic(term))
    {
        return Vec::new();
    }
    // The question's key words: the weightiest (several when they weigh the same).
    let heaviest = weights.iter().copied().fold(0.0, f64::max);
    let key: Vec<usize> = (0..asked.len())
        .filter(|&t| weights[t] >= heaviest - 1e-9)
        .collect();
    let mut kept: Vec<(i64, f64)> = Vec::new();
    for (index, lists) in indexes.iter().zip(&postings) {
        // Summed term by term in the query's order, into one slot per document (every term's
        // part is above 0, so a slot at 0 has not been reached yet).
        let mut raw = vec![0f64; index.ids.len()];
        let mut reached: Vec<u32> = Vec::new();
        for (t, list) in lists.iter().enumerate() {
            for &(doc, f) in list.iter() {
                let length = f64::from(index.lengths[doc as usize]);
                let norm = K1 * (1.0 - B + B * length / average);
                let f = f64::from(f);
                let slot = &mut raw[doc as usize];
                if *slot == 0.0 {
                    reached.push(doc);
                }
                *slot += (idf[t] * f * (K1 + 1.0) / (f + norm)).min(share[t]);
            }
        }
        let mut keys_held = vec![0usize; index.ids.len()];
        for &t in &key {
            for &(doc, _) in lists[t].iter() {
                keys_held[doc as usize] += 1;
            }
        }
        kept.extend(
            reached
                .into_iter()
                .map(|doc| {
                    let factor = if keys_held[doc as usize] == key.len() {
                        1.0
                    } else {
                        KEY_MISSING
                    };
                    (index.ids[doc as usize], raw[doc as usize] * factor)
                })
                .filter(|(_, raw)| (raw / full).min(1.0) >= threshold),
        );
    }
    let order = |a: &(i64, f64), b: &(i64, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    if kept.len() > limit {
        kept.select_nth_unstable_by(limit - 1, order);
        kept.truncate(limit);
    }
    kept.sort_by(order);
    kept.into_iter()
        .map(|(id, raw)| (id, (raw / full).min(1.0)))
        .collect()
}

/// [`score`] of `documents`, `(id, space-separated terms)`, as one base.
pub fn rank<'a>(
    asked: &[String],
    documents: impl Iterator<Item = (i64, &'a str)>,
) -> Vec<(i64, f64)> {
    score(
        asked,
        &[Arc::new(TermIndex::build(String::new(), documents))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::retrieval::{distinct_tokens, terms_of, tokens};

    fn docs() -> Vec<(i64, String)> {
        vec![
            (
                1,
                terms_of("客户报备的有效期是多久", &[], "报备通过后30天内有效"),
            ),
            (
                2,
                terms_of(
                    "带看前要做哪些准备",
                    &["看房准备".to_owned()],
                    "提前确认钥匙和业主时间，带看时填写带看单",
                ),
            ),
            (
                3,
                terms_of("佣金怎么计算", &[], "按成交价的比例计算，带看不产生佣金"),
            ),
            (
                4,
                terms_of("钥匙丢失了怎么办", &[], "钥匙丢失须在1小时内报告店长"),
            ),
            (
                7,
                terms_of("带看单怎么填写", &[], "带看后当天填写带看单并请客户签字"),
            ),
        ]
    }

    #[test]
    fn several_bases_score_as_one() {
        let all = docs();
        let whole = Arc::new(TermIndex::build(String::new(), all.clone()));
        let first = Arc::new(TermIndex::build(String::new(), all[..2].to_vec()));
        let rest = Arc::new(TermIndex::build(String::new(), all[2..].to_vec()));
        for query in [
            "带看 准备",
            "钥匙丢失怎么办",
            "佣金",
            "带看单填写",
            "毫不相干",
        ] {
            let asked = distinct_tokens(query);
            let expected = score(&asked, &[Arc::clone(&whole)]);
            assert_eq!(
                rank(&asked, all.iter().map(|(id, t)| (*id, t.as_str()))),
                expected,
                "{query}"
            );
            assert_eq!(
                score(&asked, &[Arc::clone(&first), Arc::clone(&rest)]),
                expected,
                "two bases score as one: {query}"
            );
        }
        assert!(!tokens("带看").is_empty());
    }

    #[test]
    fn the_best_are_the_head_of_the_whole_list_above_the_threshold() {
        let all = docs();
        let first = Arc::new(TermIndex::build(String::new(), all[..2].to_vec()));
        let rest = Arc::new(TermIndex::build(String::new(), all[2..].to_vec()));
        let indexes = [first, rest];
        for query in ["带看 准备", "钥匙丢失怎么办", "带看单填写", "佣金 带看"]
        {
            let asked = distinct_tokens(query);
            let whole = score(&asked, &indexes);
            for (threshold, limit) in [(0.0, 1), (0.3, 2), (0.5, 10), (0.0, 0)] {
                let expected: Vec<(i64, f64)> = whole
                    .iter()
                    .copied()
                    .filter(|(_, s)| *s >= threshold)
                    .take(limit)
                    .collect();
                assert_eq!(
                    best(&asked, &indexes, threshold, limit),
                    expected,
                    "{query} {threshold} {limit}"
                );
            }
        }
    }
}
