//! The demo assistants: a published dialogue assistant answering from the demo knowledge base
//! (the brokerage's own rules), and a
//! creation assistant that writes listing copy (not yet published, as an admin would leave a
//! draft).

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};
use serde_json::json;

use super::knowledge::DEMO_KNOWLEDGE;
use crate::entity::{assistant, assistant_knowledge, knowledge};

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
            "带看需要登记哪些信息？",
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
            threshold: Set(30),
            citations: Set(true),
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
    }
    Ok(())
}
