//! 参数配置: one typed parameter of an organisation.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "dictionary")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub site_id: i64,
    pub organisation_id: i64,
    pub dict_key: String,
    pub label: String,
    /// Core `dictionaryValueType`: string, number, boolean or json.
    pub value_type: String,
    /// The value as text, checked against its type on every write.
    pub value: String,
    pub remark: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
