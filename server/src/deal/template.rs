//! A company's split template (分佣模板): the share of each ACN role, totalling 100%. A company
//! that has not set one uses core's default.

use brokerdesk_core::deal::split::{self, DEFAULT_TEMPLATE, DealRole, Template};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::dto::*;
use crate::access::{Caller, Unscoped, need};
use crate::entity::{organisation, split_template};
use crate::error::{ApiResult, AppError, AppJson, Envelope, ok};

/// The template of `organisation_id`, and whether it is core's default.
pub(super) async fn template_of<C: ConnectionTrait>(
    db: &Unscoped<'_, C>,
    organisation_id: i64,
) -> Result<(Template, bool), AppError> {
    let rows = db
        .all(
            db.find::<split_template::Entity>()
                .filter(split_template::Column::OrganisationId.eq(organisation_id)),
        )
        .await?;
    if rows.is_empty() {
        return Ok((DEFAULT_TEMPLATE, true));
    }
    let mut template = [0i64; 7];
    for row in rows {
        if let Some(index) = DealRole::ALL
            .iter()
            .position(|role| i64::from(role.code()) == i64::from(row.role))
        {
            template[index] = row.share_bp;
        }
    }
    Ok((template, false))
}

fn view(organisation_id: i64, (template, is_default): (Template, bool)) -> SplitTemplate {
    SplitTemplate {
        organisation_id,
        shares: DealRole::ALL
            .iter()
            .zip(template)
            .map(|(role, share_bp)| TemplateShare {
                role: role.code().into(),
                share_bp,
            })
            .collect(),
        is_default,
    }
}

/// The caller's company's split template. Needs 佣金结算 or a contract page.
#[utoipa::path(post, path = "/api/v1/fm/business/splitTemplate/get", tag = "business",
    request_body = TemplateQuery, security(("token" = [])),
    responses((status = 200, description = "The template", body = Envelope<SplitTemplate>)))]
pub async fn get(
    caller: Caller,
    AppJson(_query): AppJson<TemplateQuery>,
) -> ApiResult<SplitTemplate> {
    let scoped = caller.require(need::SPLIT_TEMPLATE_READ)?;
    let organisation_id = scoped
        .actor()
        .organisation_id
        .ok_or(AppError::NoPermission)?;
    ok(view(
        organisation_id,
        template_of(&scoped.unscoped(), organisation_id).await?,
    ))
}

/// Replace the company's split template: a share for every role, together exactly 100%. New
/// contracts are split by it; existing splits stay. Needs 分佣模板 and a company-wide scope.
#[utoipa::path(post, path = "/api/v1/fm/business/splitTemplate/save", tag = "business",
    request_body = TemplateSave, security(("token" = [])),
    responses((status = 200, description = "The template as saved", body = Envelope<SplitTemplate>)))]
pub async fn save(
    caller: Caller,
    AppJson(body): AppJson<TemplateSave>,
) -> ApiResult<SplitTemplate> {
    let scoped = caller.require(need::SPLIT_TEMPLATE_SAVE)?;
    let organisation_id = scoped
        .actor()
        .organisation_id
        .ok_or(AppError::NoPermission)?;
    let company = scoped
        .get_writable::<organisation::Entity>(organisation_id)
        .await?;
    let mut template = [0i64; 7];
    for share in &body.shares {
        let index = DealRole::ALL
            .iter()
            .position(|role| i64::from(role.code()) == share.role)
            .ok_or_else(|| AppError::invalid("shares", "未知的分佣角色"))?;
        template[index] = share.share_bp;
    }
    split::check_shares(&template).map_err(|e| AppError::invalid("shares", e.message))?;
    let before = template_of(&scoped.unscoped(), organisation_id).await?;
    scoped
        .in_transaction(async |on| {
            replace(on.transaction(), &company, &template).await?;
            crate::audit::record(
                on.transaction(),
                on.actor(),
                crate::audit::Change::updated(
                    "splitTemplate",
                    organisation_id,
                    &view(organisation_id, before),
                    &view(organisation_id, (template, false)),
                    crate::access::Place {
                        site: Some(company.site_id),
                        organisation: Some(company.id),
                        ..Default::default()
                    },
                ),
            )
            .await
        })
        .await?;
    ok(view(organisation_id, (template, false)))
}

/// The template rows of a company the caller may write.
#[allow(clippy::disallowed_methods)]
async fn replace(
    txn: &sea_orm::DatabaseTransaction,
    company: &organisation::Model,
    template: &Template,
) -> Result<(), AppError> {
    split_template::Entity::delete_many()
        .filter(split_template::Column::OrganisationId.eq(company.id))
        .exec(txn)
        .await?;
    split_template::Entity::insert_many(DealRole::ALL.iter().zip(template).map(|(role, bp)| {
        split_template::ActiveModel {
            site_id: Set(company.site_id),
            organisation_id: Set(company.id),
            role: Set(role.code()),
            share_bp: Set(*bp),
            ..Default::default()
        }
    }))
    .exec_without_returning(txn)
    .await?;
    Ok(())
}
