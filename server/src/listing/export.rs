//! 导出: the filtered list of a trade as an XLSX file. The same filters and scope as the list
//! (one [`super::filtered`] select serves both), the rows as the list page shows them (owner
//! phones masked exactly as on screen, core `listing::owner_phone`), the columns and cells of
//! core `listing::export`, at most [`EXPORT_MAX`] rows: past it the caller is told to narrow the
//! filter. Each export is in the audit log with its filter and row count.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use brokerdesk_core::listing::export::{self, Cell, EXPORT_MAX, ExportRow};
use brokerdesk_core::listing::trade::Trade;
use rust_xlsxwriter::{Format, Workbook, XlsxError};
use sea_orm::QueryOrder;
use serde_json::{Value, json};

use super::{ListingQuery, ListingRow, filtered, needs, view};
use crate::access::Caller;
use crate::access::caller::home_of;
use crate::audit::{self, Action, Change};
use crate::entity::listing;
use crate::error::AppError;

/// The filter of an export as the audit log keeps it: only what the caller chose (no page, no
/// empty field).
fn filter_of(query: &ListingQuery) -> Value {
    let mut filter = serde_json::to_value(query).unwrap_or_default();
    if let Value::Object(fields) = &mut filter {
        fields.retain(|name, value| {
            !matches!(name.as_str(), "pageNum" | "pageSize")
                && !value.is_null()
                && *value != Value::Bool(false)
                && *value != Value::String(String::new())
        });
    }
    filter
}

/// The XLSX of the caller's filtered list, newest first.
pub async fn export_in(
    trade: Trade,
    caller: &Caller,
    query: ListingQuery,
) -> Result<Response, AppError> {
    let scoped = caller.require(needs(trade).export)?;
    let select = filtered(trade, &scoped, &query).await?;
    let db = scoped.unscoped();
    let total = db.count(select.clone()).await?;
    if total > EXPORT_MAX {
        return Err(AppError::TransitionRefused(export::too_many(total)));
    }
    let rows = db
        .all(
            select
                .order_by_desc(listing::Column::CreatedAt)
                .order_by_desc(listing::Column::Id),
        )
        .await?;
    let shown = view::rows(&db, caller, &rows).await?;
    // On file before the file leaves: who took which rows, and how many.
    let txn = scoped.begin().await?;
    audit::record(
        &txn,
        scoped.actor(),
        Change::new(
            trade.kind(),
            0,
            Action::Export,
            None,
            Some(json!({
                "name": export::file_name(trade),
                "filter": filter_of(&query),
                "rows": shown.len(),
            })),
            home_of(scoped.actor()),
        ),
    )
    .await?;
    txn.commit().await?;
    let bytes = tokio::task::spawn_blocking(move || workbook(trade, &shown))
        .await
        .map_err(AppError::internal)?
        .map_err(AppError::internal)?;
    let name = utf8_percent(export::file_name(trade));
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_owned(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename*=UTF-8''{name}"),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// `name` for a `filename*` header: every byte outside `A-Za-z0-9.-_` as `%XX`.
fn utf8_percent(name: &str) -> String {
    name.bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_') {
                char::from(byte).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}

fn workbook(trade: Trade, rows: &[ListingRow]) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name(match trade {
        Trade::Sale => "二手房源",
        Trade::Lease => "租房房源",
    })?;
    let bold = Format::new().set_bold();
    let formats: Vec<(&str, Format)> = [
        export::WHOLE,
        export::TWO_DECIMALS,
        export::THOUSANDS,
        export::THOUSANDS_TWO_DECIMALS,
    ]
    .into_iter()
    .map(|code| (code, Format::new().set_num_format(code)))
    .collect();
    for (column, label) in export::columns(trade).into_iter().enumerate() {
        let column = u16::try_from(column).unwrap_or_default();
        sheet.set_column_width(column, 14)?;
        sheet.write_string_with_format(0, column, label, &bold)?;
    }
    for (index, row) in rows.iter().enumerate() {
        let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let cells = export::cells(
            trade,
            &ExportRow {
                id: row.id,
                community: &row.community_name,
                room: &row.room_label,
                district: &row.district_name,
                circle: &row.business_circle_name,
                rooms: row.rooms,
                halls: row.halls,
                baths: row.baths,
                area: row.area,
                floor: row.floor,
                total_floors: row.total_floors,
                orientation: row.orientation,
                decoration: row.decoration,
                price: row.price,
                unit_price: row.unit_price,
                rent_type: row.rent_type,
                tags: &row.tags,
                status: row.status,
                pool: row.pool,
                maintainer: &row.maintainer_name,
                store: &row.store_name,
                owner_name: &row.owner_name,
                owner_phone: &row.owner_phone,
            },
        );
        for (column, cell) in cells.iter().enumerate() {
            let column = u16::try_from(column).unwrap_or_default();
            match cell {
                // Words as text, never a formula (a name starting with = stays a name).
                Cell::Text(text) => sheet.write_string(line, column, text)?,
                Cell::Number { value, format } => {
                    match formats.iter().find(|(code, _)| code == format) {
                        Some((_, format)) => {
                            sheet.write_number_with_format(line, column, *value, format)?
                        }
                        None => sheet.write_number(line, column, *value)?,
                    }
                }
            };
        }
    }
    book.save_to_buffer()
}
