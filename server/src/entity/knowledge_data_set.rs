//! 数据集: the points of a knowledge base that came in together (a manual entry, a file).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "knowledge_data_set")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub knowledge_id: i64,
    pub name: String,
    /// Core `knowledgeSource`: 1 手动录入, 2 文件导入.
    pub source: i16,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
