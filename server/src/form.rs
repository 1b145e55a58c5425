//! Request bodies checked with core's form definitions: the SPA renders and checks
//! each form from the same [`brokerdesk_core::forms::Form`], so a refusal here names the same
//! field with the same message as the browser, and every field at fault is answered at once.
//!
//! A handler checks its body after `caller.require(..)`, so a caller without the permission
//! learns nothing about the fields: `let form = form::checked(&form)?;`.

use brokerdesk_core::china_time;
use brokerdesk_core::forms::{self, FieldError, Form};
use chrono::{NaiveDate, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::access::Unscoped;
use crate::error::AppError;

/// A request body that one core form describes.
pub trait CoreForm: Serialize + DeserializeOwned {
    const FORM: &'static Form;
}

/// The day in China (UTC+8), where the brokerages work (core's `china_time`): every business
/// date the server takes from its clock (a signing date, a birth date's limit, a follow-up due,
/// the current month) is this day.
pub fn today() -> NaiveDate {
    china_time::day_of(Utc::now())
}

/// The body after its form's check, cleaned (trimmed text, ID numbers upper-cased, bank cards
/// without spaces); every field at fault as one [`AppError::Fields`].
pub fn checked<T: CoreForm>(body: &T) -> Result<T, AppError> {
    checked_with(T::FORM, body)
}

/// [`checked`] with the form named, for a body that serves two forms (a district's or a
/// circle's new name).
pub fn checked_with<T: Serialize + DeserializeOwned>(form: &Form, body: &T) -> Result<T, AppError> {
    let mut value = serde_json::to_value(body).map_err(AppError::internal)?;
    let Some(values) = value.as_object_mut() else {
        return Err(AppError::internal("a form body is not an object"));
    };
    fields_ok(forms::check(form, values, today()))?;
    serde_json::from_value(value).map_err(AppError::internal)
}

/// `Ok` when nothing is at fault, else every fault at once.
pub fn fields_ok(errors: Vec<FieldError>) -> Result<(), AppError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::Fields(errors))
    }
}

/// The fault of a value someone else already holds, when `select` finds them (seen by the
/// caller or not).
pub async fn taken<E, C>(
    db: &Unscoped<'_, C>,
    select: sea_orm::Select<E>,
    field: &'static str,
    message: &str,
) -> Result<Option<FieldError>, AppError>
where
    E: sea_orm::EntityTrait,
    E::Model: Sync,
    C: sea_orm::ConnectionTrait,
{
    Ok(db
        .exists(select)
        .await?
        .then(|| FieldError::new(field, message)))
}

/// Refuses (10000409, on `field`) a value someone else already holds.
pub async fn refuse_taken<E, C>(
    db: &Unscoped<'_, C>,
    select: sea_orm::Select<E>,
    field: &'static str,
    message: &str,
) -> Result<(), AppError>
where
    E: sea_orm::EntityTrait,
    E::Model: Sync,
    C: sea_orm::ConnectionTrait,
{
    match taken(db, select, field, message).await? {
        Some(error) => Err(AppError::Taken(vec![error])),
        None => Ok(()),
    }
}

/// Refuses (10000409) with every value already taken, each on its field.
pub fn refuse_all_taken(
    taken: impl IntoIterator<Item = Option<FieldError>>,
) -> Result<(), AppError> {
    let errors: Vec<FieldError> = taken.into_iter().flatten().collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::Taken(errors))
    }
}

/// Puts a duplicate refusal (10000409) on the field whose value is taken:
/// `.await.map_err(form::on_field("name"))?`.
pub fn on_field(field: &'static str) -> impl Fn(AppError) -> AppError {
    move |error| match error {
        AppError::Conflict(message) => AppError::Taken(vec![FieldError::new(field, message)]),
        other => other,
    }
}
