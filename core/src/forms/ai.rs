//! The knowledge-base forms of the AI helper: a knowledge base, a question–answer point, a
//! data set's name and a test search.

use super::org::{name, remark};
use super::{Control, Field, Form, Rule};

pub const QUESTION_MAX: usize = 500;
pub const ANSWER_MAX: usize = 5000;

pub const KNOWLEDGE: Form = Form {
    kind: "knowledge",
    fields: &[
        name("name", "知识库名称"),
        remark("description", "知识库简介"),
    ],
};

pub const KNOWLEDGE_DATA_SET: Form = Form {
    kind: "knowledgeDataSet",
    fields: &[name("name", "数据集名称")],
};

/// A point; its extra indexes (a list) are checked by `knowledge::indexes`.
pub const KNOWLEDGE_POINT: Form = Form {
    kind: "knowledgePoint",
    fields: &[
        Field::text("question", "问题", QUESTION_MAX)
            .control(Control::Textarea)
            .required(),
        Field::text("answer", "答案", ANSWER_MAX)
            .control(Control::Textarea)
            .required(),
    ],
};

pub const KNOWLEDGE_SEARCH: Form = Form {
    kind: "knowledgeSearch",
    fields: &[
        Field::text("query", "测试问题", 200)
            .control(Control::Textarea)
            .required(),
        Field {
            control: Control::Number,
            max_length: None,
            min: Some(1),
            max: Some(crate::knowledge::TOP_K_MAX),
            rule: Rule::TopK,
            ..Field::text("topK", "返回条数", 0)
        },
        // Typed as a percentage like the assistant's 相似度阈值; sent and kept as the 0–1 score.
        Field {
            control: Control::Percent,
            max_length: None,
            min: Some(0),
            max: Some(1),
            rule: Rule::Threshold,
            ..Field::text("threshold", "相似度阈值", 0)
        }
        .hint("0-100%，低于此相似度的知识点不返回"),
    ],
};
