//! 参数配置 (/work/enterprise/dictionary): an organisation's typed parameters. A value is text
//! that must read as its declared type (core `org::dictionary`).

use brokerdesk_core::org::dictionary::{self, ValueType};
use sea_orm::Condition;
use sea_orm::sea_query::ExprTrait;

use crate::crud::prelude::*;
use crate::entity::{dictionary as entry, organisation};
use crate::org::target_organisation;

views! {
    pub struct Dictionary {
        id: i64,
        organisation_id: i64,
        organisation_name: String,
        dict_key: String,
        label: String,
        /// Core `dictionaryValueType`: string, number, boolean or json.
        value_type: String,
        value: String,
        remark: String,
        updated_at: i64,
    }
}

bodies! {
    pub struct DictionaryQuery {
        #[serde(flatten)]
        page: PageQuery,
        /// Matches the key or the label.
        keyword: Option<String>,
        organisation_id: number,
    }

    pub struct DictionaryForm {
        label: String,
        value_type: String,
        value: String,
        remark: String = default,
    }

    pub struct DictionaryAdd: forms::DICTIONARY {
        /// Default: the caller's organisation.
        organisation_id: number,
        dict_key: String,
        #[serde(flatten)]
        form: DictionaryForm,
    }
}

edit_request!(DictionaryEdit + DictionaryForm, forms::DICTIONARY_EDIT);

impl Resource for entry::Entity {
    const KIND: &'static str = "dictionary";
    type View = Dictionary;

    describe!(|db, row| Dictionary {
        id, organisation_id, dict_key, label, value_type, value, remark
    }
        named { organisation_name: organisation(organisation_id) }
        with { updated_at: millis(row.updated_at) });
}

/// The checked values of a parameter form, stamped with the time of the change.
fn check(form: &DictionaryForm) -> Result<entry::ActiveModel, AppError> {
    // The fields have passed core's dictionary form: the type is known, the value reads as it.
    let value_type = ValueType::from_code(&form.value_type)
        .ok_or_else(|| AppError::invalid("valueType", dictionary::UNKNOWN_TYPE))?;
    Ok(entry::ActiveModel {
        label: Set(form.label.clone()),
        value_type: Set(value_type.code().to_owned()),
        value: Set(form.value.clone()),
        remark: Set(form.remark.clone()),
        updated_at: Set(Utc::now()),
        ..Default::default()
    })
}

formed!(
    entry,
    DictionaryForm,
    Organisation,
    async |_, _, form, _| {
        // Keys are unique, labels need not be: nothing here asks the database.
        check(form)
    }
);

crud_routes!(entry, "dictionary";
    /// Parameters the caller reads. Needs `/work/enterprise/dictionary`.
    fn list(query: DictionaryQuery) -> Page<Dictionary>,
    need::DICTIONARY_LIST, "/api/v1/fm/dictionary/list", "A page of parameters",
    |scoped| {
        let mut select = scoped.read::<entry::Entity>();
        if let Some(keyword) = filter_text(&query.keyword) {
            select = select.filter(
                Condition::any()
                    .add(crate::shared::contains(entry::Column::DictKey, keyword))
                    .add(crate::shared::contains(entry::Column::Label, keyword)),
            );
        }
        if let Some(id) = query.organisation_id {
            select = select.filter(entry::Column::OrganisationId.eq(id));
        }
        let select = select
            .order_by_asc(entry::Column::DictKey)
            .order_by_asc(entry::Column::Id);
        scoped.list(select, query.page).await?
    };
    /// Add a parameter to an organisation. Needs `/work/enterprise/dictionary:add` and a scope
    /// covering the organisation.
    fn add(request: DictionaryAdd) -> Dictionary,
    need::DICTIONARY_ADD, "/api/v1/fm/dictionary/add", "The new parameter", |scoped| {
        let request = form::checked(&request)?;
        let org = target_organisation(&scoped, request.organisation_id).await?;
        let checked = check(&request.form)?;
        let same = entry::Column::OrganisationId
            .eq(org.id)
            .and(entry::Column::DictKey.eq(&request.dict_key));
        scoped.refuse_same::<entry::Entity>("dictKey", same, None, "参数键名已存在").await?;
        scoped
            .create::<entry::Entity>(entry::ActiveModel {
                site_id: Set(org.site_id),
                organisation_id: Set(org.id),
                dict_key: Set(request.dict_key.clone()),
                created_at: checked.updated_at.clone(),
                ..checked
            })
            .await?
    };
    /// Change a parameter (its key stays). Needs `/work/enterprise/dictionary:edit`.
    edit(need::DICTIONARY_EDIT, "/api/v1/fm/dictionary/edit",
        DictionaryEdit -> Dictionary, "The parameter as saved");
    /// Delete a parameter. Needs `/work/enterprise/dictionary:delete`.
    delete(need::DICTIONARY_DELETE, "/api/v1/fm/dictionary/delete", "Deleted");
);
