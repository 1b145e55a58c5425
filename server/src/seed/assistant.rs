//! The demo assistants: a published dialogue assistant answering from the demo knowledge base
//! (the brokerage's own rules), and a
//! creation assistant that writes listing copy (not yet published, as an admin would leave a
//! draft).

use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};
use serde_json::json;

use super::knowledge::DEMO_KNOWLEDGE;
use crate::assistant::functions::{CallRecord, FUNCTIONS, LISTING_SEARCH};
use crate::entity::{assistant, assistant_knowledge, chat_log, knowledge, user};

/// `(kind, name, description, welcome, suggested questions, prompt, published)`.
type DemoAssistant = (
    i16,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
    bool,
);

const ASSISTANTS: [DemoAssistant; 2] = [
    (
        1,
        "门店业务助手",
        "解答报备、带看、佣金结算等公司制度问题",
        "您好，我是门店业务助手，报备、带看、佣金结算的规则都可以问我。",
        &[
            "报备有效期是多久？",
            "带看前需要做哪些准备？",
            "佣金什么时候结算？",
        ],
        "你是房产经纪公司的门店业务助手，依据公司制度简洁准确地回答经纪人的问题。",
        true,
    ),
    (
        2,
        "房源文案助手",
        "根据房源要点写出挂牌描述和朋友圈文案",
        "请告诉我房源的小区、户型、面积、楼层和亮点，我来写文案。",
        &["帮我写一段三房的挂牌描述"],
        "你是房产文案写手，根据经纪人给出的房源要点写出真实、不夸大的房源描述。",
        false,
    ),
];

pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let now = Utc::now();
    let rules = knowledge::Entity::find()
        .filter(knowledge::Column::Name.eq(DEMO_KNOWLEDGE))
        .one(db)
        .await?;
    for (kind, name, description, welcome, questions, prompt, published) in ASSISTANTS {
        let row = assistant::ActiveModel {
            kind: Set(kind),
            name: Set(name.into()),
            description: Set(description.into()),
            welcome_message: Set(welcome.into()),
            suggested_questions: Set(json!(questions).to_string()),
            site_ids: Set("[]".into()),
            prompt: Set(prompt.into()),
            top_k: Set(3),
            // Percent: core's default threshold, which the retrieval evaluation chose.
            threshold: Set(25),
            citations: Set(true),
            // The dialogue assistant may call every function over the brokerage's data (when a
            // chat model is configured), each run as the person asking.
            functions: Set(if kind == 1 {
                json!(FUNCTIONS.iter().map(|f| f.name).collect::<Vec<_>>()).to_string()
            } else {
                "[]".into()
            }),
            published: Set(published),
            created_by: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        if let Some(rules) = rules.as_ref().filter(|_| kind == 1) {
            assistant_knowledge::ActiveModel {
                assistant_id: Set(row.id),
                knowledge_id: Set(rules.id),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
        if kind == 1 {
            past_turns(db, &row).await?;
        }
    }
    Ok(())
}

/// `(asker's username, days ago, question, answer as the knowledge base gave it, vote)`: what the 对话日志 and 使用统计 pages
/// show on a fresh demo (today's turns are the visitor's own). Oldest first, so ids follow time as they do live.
const PAST_TURNS: [(&str, i64, &str, &str, i16); 4] = [
    (
        "boss",
        3,
        "带看前需要做哪些准备？",
        "带看前确认房源状态和钥匙位置，与业主或项目方约好看房时间，提前规划带看路线，准备好房源资料和带看确认单。",
        1,
    ),
    ("boss", 3, "今天午饭吃什么？", crate::chat::NOT_FOUND, 2),
    (
        "manager",
        2,
        "佣金什么时候结算？",
        "二手房在网签完成并收齐佣金后进入结佣流程；新房在客户签约且开发商回款后结佣。",
        0,
    ),
    (
        "manager",
        1,
        "报备有效期是多久？",
        "报备审核通过后，客户在项目方的保护期一般为30天，具体以楼盘合作协议为准。",
        1,
    ),
];

/// A past turn answered by a chat model that called a function (the 对话日志 page's 业务函数
/// column and 上下文 show it): the manager searched listings yesterday, after the last of
/// [`PAST_TURNS`]. `(question, answer, arguments, rows, tokens in, tokens out)`.
const CALLED_TURN: (&str, &str, &str, usize, i64, i64) = (
    "西湖区有没有400万以内的三室？",
    "按您的条件（西湖区、400万以内、三室）查到几套在售二手房，已按录入时间列出；业主电话按您在房源列表中的权限显示，详情请在二手房列表中查看。",
    r#"{"trade":"sale","district":"西湖区","maxPrice":400,"rooms":3}"#,
    3,
    612,
    86,
);

async fn past_turns(db: &impl ConnectionTrait, assistant: &assistant::Model) -> Result<(), DbErr> {
    let now = Utc::now();
    for (index, (username, days, question, answer, vote)) in PAST_TURNS.into_iter().enumerate() {
        let Some(asker) = user::Entity::find()
            .filter(user::Column::Username.eq(username))
            .one(db)
            .await?
        else {
            continue;
        };
        let asked = now - Duration::days(days);
        chat_log::ActiveModel {
            assistant_id: Set(Some(assistant.id)),
            assistant_name: Set(assistant.name.clone()),
            user_id: Set(asker.id),
            site_id: Set(asker.site_id),
            uuid: Set(format!("demo-{username}-{days}")),
            msg_id: Set(format!("demo-{index}")),
            question: Set(question.into()),
            answer: Set(answer.into()),
            // As a live turn is logged: a question the base could not answer is 未找到答案.
            status: Set(crate::chat::log::finished_status(
                answer,
                usize::from(answer != crate::chat::NOT_FOUND),
                &[],
            )
            .into()),
            tokens: Set(0),
            tokens_in: Set(0),
            tokens_out: Set(0),
            vote: Set(vote),
            docs: Set("[]".into()),
            created_at: Set(asked),
            finished_at: Set(asked + Duration::milliseconds(180)),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    let Some(manager) = user::Entity::find()
        .filter(user::Column::Username.eq("manager"))
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let (question, answer, arguments, rows, tokens_in, tokens_out) = CALLED_TURN;
    let asked = now - Duration::days(1) + Duration::minutes(5);
    let call = CallRecord {
        name: LISTING_SEARCH.to_owned(),
        arguments: arguments.to_owned(),
        ok: true,
        rows,
        error: None,
    };
    chat_log::ActiveModel {
        assistant_id: Set(Some(assistant.id)),
        assistant_name: Set(assistant.name.clone()),
        user_id: Set(manager.id),
        site_id: Set(manager.site_id),
        uuid: Set("demo-manager-called".to_owned()),
        msg_id: Set(format!("demo-{}", PAST_TURNS.len())),
        question: Set(question.into()),
        answer: Set(answer.into()),
        status: Set(0),
        tokens: Set(tokens_in + tokens_out),
        tokens_in: Set(tokens_in),
        tokens_out: Set(tokens_out),
        vote: Set(0),
        docs: Set("[]".into()),
        function_calls: Set(json!([call]).to_string()),
        created_at: Set(asked),
        finished_at: Set(asked + Duration::milliseconds(2_400)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
