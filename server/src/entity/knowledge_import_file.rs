//! One file of a 批量导入: its stage, its error, its counts, and its content until it is read.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "knowledge_import_file")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub import_id: i64,
    /// Its place in the batch, from 1.
    pub seq: i32,
    pub file_name: String,
    /// core `knowledgeFileStage`: 0 排队中 … 4 已完成, 5 失败, 6 已停止.
    pub stage: i16,
    /// Why it failed, in Chinese.
    pub error: String,
    pub rows_total: i32,
    pub rows_done: i32,
    pub added: i32,
    pub skipped: i32,
    /// The data set its points went to.
    pub data_set_id: Option<i64>,
    /// Its text (txt, md, csv) until read.
    #[sea_orm(column_type = "Text")]
    pub content: String,
    /// Its bytes in base64 (xlsx, docx, pdf) until read.
    #[sea_orm(column_type = "Text")]
    pub data: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
