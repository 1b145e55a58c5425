//! The AI assistant forms: an assistant's name, greeting, suggested questions, prompt and how it
//! retrieves from its knowledge bases.

use super::org::{name, remark, switch};
use super::{Control, Field, Form, Rule};
use crate::enums::ASSISTANT_KIND;

/// Retrieved points given to an answer: at least one, at most ten.
pub const TOP_K_MIN: i64 = 1;
pub const TOP_K_MAX: i64 = 10;
/// At most this many suggested questions, each at most [`QUESTION_MAX`] characters.
pub const SUGGESTED_MAX: usize = 5;
pub const QUESTION_MAX: usize = 100;

const fn count(name: &'static str, label: &'static str, min: i64, max: i64) -> Field {
    Field {
        control: Control::Number,
        max_length: None,
        min: Some(min),
        max: Some(max),
        rule: Rule::Whole,
        ..Field::text(name, label, 0)
    }
    .required()
}

/// Why an assistant may not be published: without a chat model it answers from its knowledge
/// bases alone, so with none switched on it could only say it found nothing.
pub const PUBLISH_NEEDS_KNOWLEDGE: &str = "请先绑定知识库后再发布";

/// The refusal of publishing an assistant with `enabled_bases` bound and switched on, or none.
/// A configured chat model answers by itself, so it needs no knowledge base.
pub fn publish_refusal(enabled_bases: usize, model_configured: bool) -> Option<&'static str> {
    (enabled_bases == 0 && !model_configured).then_some(PUBLISH_NEEDS_KNOWLEDGE)
}

/// The warning the assistants list shows on a published assistant that answers nothing: its
/// bound knowledge bases were all deleted (a deleted base takes its binding with it) or all
/// switched off, and no chat model answers instead. None when it can answer.
pub fn knowledge_warning(
    published: bool,
    bound_bases: usize,
    enabled_bases: usize,
    model_configured: bool,
) -> Option<&'static str> {
    if !published || enabled_bases > 0 || model_configured {
        None
    } else if bound_bases == 0 {
        Some("知识库已删除")
    } else {
        Some("知识库已停用")
    }
}

#[cfg(test)]
mod publish_tests {
    use super::*;

    #[test]
    fn publishing_needs_a_knowledge_base_unless_a_model_answers() {
        assert_eq!(publish_refusal(0, false), Some("请先绑定知识库后再发布"));
        assert_eq!(publish_refusal(1, false), None);
        assert_eq!(publish_refusal(0, true), None);
    }

    #[test]
    fn a_published_assistant_that_answers_nothing_is_flagged() {
        assert_eq!(knowledge_warning(true, 0, 0, false), Some("知识库已删除"));
        assert_eq!(knowledge_warning(true, 2, 0, false), Some("知识库已停用"));
        assert_eq!(knowledge_warning(true, 2, 1, false), None);
        assert_eq!(knowledge_warning(true, 0, 0, true), None);
        assert_eq!(
            knowledge_warning(false, 0, 0, false),
            None,
            "a draft is offered to no one"
        );
    }
}

/// An assistant, new or changed (`id` given): the kind is chosen once.
pub const ASSISTANT: Form = Form {
    kind: "assistant",
    fields: &[
        Field::select("kind", "助手类型", Some(ASSISTANT_KIND)).required(),
        name("name", "助手名称"),
        remark("description", "助手简介"),
        Field::text("welcomeMessage", "欢迎语", 500).control(Control::Textarea),
        // A list of questions; checked here as the lines joined, one by one by the server.
        Field::text("suggestedQuestions", "推荐问题", 600)
            .control(Control::Textarea)
            .hint("每行一个问题，最多5个，每个不超过100字"),
        Field::text("prompt", "提示词", 2000)
            .control(Control::Textarea)
            .hint("告诉模型它的身份和回答方式；未配置大模型时不使用"),
        Field::select("knowledgeIds", "关联知识库", None).control(Control::MultiSelect),
        count("topK", "召回条数", TOP_K_MIN, TOP_K_MAX),
        count("threshold", "相似度阈值", 0, 100).hint("0-100，低于此相似度的知识点不作为答案"),
        switch("citations", "显示引用来源"),
        Field::select("siteIds", "可用站点", None)
            .control(Control::MultiSelect)
            .hint("不选则所有城市站点可用"),
    ],
};

/// The suggested questions as kept: trimmed, empty lines dropped; the message when there are
/// too many or one is too long.
pub fn suggested_questions(lines: &[String]) -> Result<Vec<String>, String> {
    let questions: Vec<String> = lines
        .iter()
        .map(|line| line.trim().to_owned())
        .filter(|line| !line.is_empty())
        .collect();
    if questions.len() > SUGGESTED_MAX {
        return Err(format!("推荐问题最多{SUGGESTED_MAX}个"));
    }
    if questions
        .iter()
        .any(|question| question.chars().count() > QUESTION_MAX)
    {
        return Err(format!("每个推荐问题不能超过{QUESTION_MAX}个字符"));
    }
    Ok(questions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggested_questions_are_trimmed_and_limited() {
        let lines = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            suggested_questions(&lines(&[" 报备规则 ", "", "佣金怎么算"])),
            Ok(vec!["报备规则".to_owned(), "佣金怎么算".to_owned()])
        );
        assert_eq!(
            suggested_questions(&lines(&["1", "2", "3", "4", "5", "6"])),
            Err("推荐问题最多5个".to_owned())
        );
        assert_eq!(
            suggested_questions(&lines(&[&"问".repeat(101)])),
            Err("每个推荐问题不能超过100个字符".to_owned())
        );
    }
}
