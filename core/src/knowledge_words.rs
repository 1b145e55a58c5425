//! The words a knowledge-base search reads a question in: spoken forms rewritten to the written
//! ones points use (提成啥时候发 asks 佣金什么时候结算), and the domain's synonyms, so a point is found
//! by whichever of them it was written with.

/// Spoken forms and the written form a question is read as, longest first (啥时候 before 啥).
/// Only the question is rewritten: points are written in the written forms.
const SPOKEN: &[(&str, &str)] = &[
    ("啥时候", "什么时候"),
    ("何时", "什么时候"),
    ("多长时间", "多久"),
    ("多少天", "多久"),
    ("多长", "多久"),
    ("咋办", "怎么办"),
    ("咋", "怎么"),
    ("干啥", "做什么"),
    ("干嘛", "做什么"),
    ("啥", "什么"),
    ("以后", "后"),
    ("之后", "后"),
    ("以前", "前"),
    ("之前", "前"),
];

/// Words the segmentation keeps whole (a user dictionary): 到账 would otherwise be cut 到 + 账,
/// and 到 is a stop word, so 佣金多久能到账 asked for 账 alone, a word no point holds.
pub const WORDS: &[&str] = &["到账"];

/// Words that name no subject of their own (开门时间 asks 开门; 时间 only says what about it): one
/// of them that no point holds does not make a question one the base cannot answer, as a
/// subject word no point holds (食堂 of 公司有食堂吗) does.
const GENERIC: &[&str] = &[
    "时间", "时候", "问题", "情况", "方式", "办法", "方法", "规定", "要求", "流程", "事情", "东西",
    "内容", "方面", "具体", "一般", "标准",
];

/// Whether `word` names no subject of its own (see [`GENERIC`]).
pub fn is_generic(word: &str) -> bool {
    GENERIC.contains(&word)
}

/// Words that mean the same in the brokerage's rules: a question's word finds a point holding
/// any word of its group.
const SYNONYMS: &[&[&str]] = &[
    &["佣金", "提成"],
    &["有效期", "失效", "过期", "保护期"],
    &["结算", "发", "发放", "结佣", "到账"],
    &["分配", "算"],
    &["准备", "注意"],
    &["填写", "填"],
    &["跟进", "维护"],
    &["区别", "不同"],
    &["后", "完", "结束"],
    &["其他", "别的"],
];

/// `question` in the written forms the knowledge base's points use.
pub fn written(question: &str) -> String {
    SPOKEN
        .iter()
        .fold(question.to_owned(), |text, (spoken, written)| {
            text.replace(spoken, written)
        })
}

/// The words `word` is found through: its synonyms' group (itself among them), else itself.
pub fn synonyms(word: &str) -> Vec<&str> {
    SYNONYMS
        .iter()
        .find(|group| group.contains(&word))
        .map_or_else(|| vec![word], |group| group.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spoken_questions_read_as_written_ones() {
        assert_eq!(written("提成啥时候发"), "提成什么时候发");
        assert_eq!(written("报备以后多长时间内有效"), "报备后多久内有效");
        assert_eq!(written("钥匙弄丢了咋办"), "钥匙弄丢了怎么办");
        assert_eq!(written("带看完了要干啥"), "带看完了要做什么");
        assert_eq!(written("佣金比例是多少"), "佣金比例是多少");
    }

    #[test]
    fn a_word_is_found_through_its_group() {
        assert_eq!(synonyms("提成"), vec!["佣金", "提成"]);
        assert!(synonyms("失效").contains(&"有效期"));
        assert_eq!(synonyms("钥匙"), vec!["钥匙"]);
        assert!(synonyms("到账").contains(&"结算"));
        assert!(synonyms("算").contains(&"分配"));
    }

    #[test]
    fn words_kept_whole_are_found_through_their_groups() {
        for word in WORDS {
            assert!(
                synonyms(word).len() > 1,
                "{word} has a group to be found by"
            );
        }
    }
}
