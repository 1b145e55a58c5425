//! Facade of the display rules: formats, enumerations, filter ranges, text tokens, image
//! compression and storage values.

use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::{NumberList, StringRecord, Unknown, from_js, record, to_js};
use crate::format::MaskLevel;
use crate::request::number_text;
use crate::{enums, format, media, ranges, storage, text};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "string | number")]
    pub type NumberLike;
    #[wasm_bindgen(typescript_type = "MaskLevel")]
    pub type MaskLevelJs;
    #[wasm_bindgen(typescript_type = "EnumEntry[] | undefined")]
    pub type EnumEntriesOrUndefined;
    #[wasm_bindgen(typescript_type = "FilterRange[] | undefined")]
    pub type FilterRangesOrUndefined;
    #[wasm_bindgen(typescript_type = "TextToken[]")]
    pub type TextTokenList;
    #[wasm_bindgen(typescript_type = "CompressionPlan")]
    pub type CompressionPlanJs;
    #[wasm_bindgen(typescript_type = "StorageRead")]
    pub type StorageReadJs;
    #[wasm_bindgen(typescript_type = "StorageKeys")]
    pub type StorageKeysJs;
}

/// A number as JavaScript would print it, or the text as given.
fn number_like_text(value: &NumberLike) -> String {
    match value.as_string() {
        Some(text) => text,
        None => value.as_f64().map(number_text).unwrap_or_default(),
    }
}

pub(super) fn whole(value: f64) -> i64 {
    if value.is_finite() {
        value.trunc() as i64
    } else {
        0
    }
}

fn mask_level(level: Option<MaskLevelJs>) -> MaskLevel {
    let level = level
        .and_then(|level| level.as_f64())
        .map_or(0, |n| n as u8);
    MaskLevel::from_level(level)
}

#[wasm_bindgen(js_name = formatPhone)]
pub fn format_phone(value: &str, level: Option<MaskLevelJs>) -> String {
    format::format_phone(value, mask_level(level))
}

#[wasm_bindgen(js_name = maskPhone)]
pub fn mask_phone(value: &str, level: Option<MaskLevelJs>) -> String {
    format::mask_phone(value, mask_level(level))
}

/// Half-up rounding on the decimal value; text that is not a number comes back as given.
#[wasm_bindgen(js_name = roundDecimal)]
pub fn round_decimal(value: NumberLike, places: u8) -> String {
    let text = number_like_text(&value);
    format::round(&text, usize::from(places)).unwrap_or(text)
}

#[wasm_bindgen(js_name = formatThousands)]
pub fn format_thousands(value: NumberLike, places: Option<u8>) -> String {
    let text = number_like_text(&value);
    format::thousands(&text, places.map(usize::from)).unwrap_or(text)
}

#[wasm_bindgen(js_name = formatAmount)]
pub fn format_amount(value: NumberLike) -> String {
    let text = number_like_text(&value);
    format::amount(&text).unwrap_or(text)
}

#[wasm_bindgen(js_name = fenToYuan)]
pub fn fen_to_yuan(fen: f64) -> String {
    format::fen_to_yuan(whole(fen))
}

#[wasm_bindgen(js_name = formatFenAmount)]
pub fn format_fen_amount(fen: f64) -> String {
    format::fen_amount(whole(fen))
}

#[wasm_bindgen(js_name = formatBankCard)]
pub fn format_bank_card(value: &str) -> String {
    format::bank_card(value)
}

/// Tokens YYYY MM M DD D HH H mm ss; '' for a time out of range.
#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(time_ms: f64, pattern: &str, utc_offset_minutes: i32) -> String {
    format::date(whole(time_ms), pattern, utc_offset_minutes).unwrap_or_default()
}

#[wasm_bindgen(js_name = relativeTime)]
pub fn relative_time(time_ms: f64, now_ms: f64, utc_offset_minutes: i32) -> String {
    format::relative(whole(time_ms), whole(now_ms), utc_offset_minutes).unwrap_or_default()
}

#[wasm_bindgen(js_name = enumNames)]
pub fn enum_names() -> Vec<String> {
    enums::names().map(String::from).collect()
}

#[wasm_bindgen(js_name = enumTable)]
pub fn enum_table(name: &str) -> Result<EnumEntriesOrUndefined, JsError> {
    match enums::table(name) {
        Some(table) => to_js(table.entries),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

#[wasm_bindgen(js_name = enumLabel)]
pub fn enum_label(name: &str, value: NumberLike) -> Option<String> {
    let table = enums::table(name)?;
    table.label(&number_like_text(&value)).map(String::from)
}

#[wasm_bindgen(js_name = sexTitle)]
pub fn sex_title(sex: f64) -> String {
    enums::sex_title(whole(sex)).into()
}

/// `张伟 先生`; `赵先生` stays `赵先生`.
#[wasm_bindgen(js_name = customerAddressed)]
pub fn customer_addressed(name: &str, sex: Option<f64>) -> String {
    enums::addressed(name, sex.map(whole).unwrap_or_default())
}

#[wasm_bindgen(js_name = customerLevelStars)]
pub fn customer_level_stars(level: f64) -> u8 {
    enums::customer_level_stars(whole(level))
}

#[wasm_bindgen(js_name = rangeNames)]
pub fn range_names() -> Vec<String> {
    ranges::ALL
        .iter()
        .map(|(name, _)| (*name).to_string())
        .collect()
}

#[wasm_bindgen(js_name = filterRanges)]
pub fn filter_ranges(name: &str) -> Result<FilterRangesOrUndefined, JsError> {
    match ranges::ranges(name) {
        Some(list) => to_js(list),
        None => Ok(JsValue::UNDEFINED.unchecked_into()),
    }
}

#[wasm_bindgen(js_name = isExternalLink)]
pub fn is_external_link(href: &str) -> bool {
    text::is_external_link(href)
}

#[wasm_bindgen(js_name = parsePlaceholders)]
pub fn parse_placeholders(value: &str) -> Result<TextTokenList, JsError> {
    to_js(&text::parse_placeholders(value))
}

#[wasm_bindgen(js_name = compressionPlan)]
pub fn compression_plan(
    width: u32,
    height: u32,
    file_bytes: f64,
) -> Result<CompressionPlanJs, JsError> {
    let bytes = if file_bytes.is_finite() && file_bytes > 0.0 {
        file_bytes as u64
    } else {
        0
    };
    to_js(&media::compression_plan(width, height, bytes))
}

/// Why the photo uploader refuses a picked file of `mime` type and `bytes` size before
/// compressing it; empty when it takes it.
#[wasm_bindgen(js_name = photoSourceProblem)]
pub fn photo_source_problem(mime: &str, bytes: f64) -> String {
    let bytes = if bytes.is_finite() && bytes > 0.0 {
        bytes as u64
    } else {
        0
    };
    media::check_photo_source(mime, bytes)
        .err()
        .unwrap_or_default()
        .to_owned()
}

/// The text to write to localStorage for a value, expiring after `expireMinutes` when given.
#[wasm_bindgen(js_name = storageWrap)]
pub fn storage_wrap(
    value: Unknown,
    now_ms: f64,
    expire_minutes: Option<f64>,
) -> Result<String, JsError> {
    let value: Value = from_js(value, "存储数据")?;
    serde_json::to_string(&storage::wrap(value, whole(now_ms), expire_minutes))
        .map_err(|error| JsError::new(&error.to_string()))
}

#[derive(Serialize)]
struct StorageRead {
    expired: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Value>,
}

#[wasm_bindgen(js_name = storageUnwrap)]
pub fn storage_unwrap(text: &str, now_ms: f64) -> Result<StorageReadJs, JsError> {
    let read = match storage::unwrap(text, whole(now_ms)) {
        storage::Loaded::Value(value) => StorageRead {
            expired: false,
            value: Some(value),
        },
        storage::Loaded::Expired => StorageRead {
            expired: true,
            value: None,
        },
    };
    to_js(&read)
}

#[wasm_bindgen(js_name = storageKeys)]
pub fn storage_keys(user_id: &str) -> Result<StorageKeysJs, JsError> {
    let keys = record([
        ("token", storage::TOKEN_KEY.to_string()),
        ("userId", storage::USER_ID_KEY.to_string()),
        ("siteId", storage::SITE_ID_KEY.to_string()),
        ("themeType", storage::THEME_TYPE_KEY.to_string()),
        ("menuCollapsed", storage::MENU_COLLAPSED_KEY.to_string()),
        ("tagViews", storage::TAG_VIEWS_KEY.to_string()),
        ("menu", storage::menu_key(user_id)),
        ("site", storage::site_key(user_id)),
    ]);
    to_js(&keys)
}

/// Page sizes of the pagination bar.
#[wasm_bindgen(js_name = pageSizes)]
pub fn page_sizes() -> Result<NumberList, JsError> {
    to_js(&crate::constants::PAGE_SIZES)
}

/// `共N条`.
#[wasm_bindgen(js_name = pageTotal)]
pub fn page_total(total: f64) -> String {
    crate::messages::page_total(whole(total).max(0) as u64)
}

/// `确定删除门店「西湖店」吗？`: the title of a delete confirmation.
#[wasm_bindgen(js_name = deleteNamed)]
pub fn delete_named(what: &str, name: &str) -> String {
    crate::messages::delete_named(what, name)
}

#[wasm_bindgen(js_name = enumLabels)]
pub fn enum_labels(name: &str) -> Result<StringRecord, JsError> {
    let entries = enums::table(name).map_or(&[][..], |table| table.entries);
    let labels = record(entries.iter().map(|entry| {
        let key = match entry.value {
            enums::EnumValue::Number(n) => n.to_string(),
            enums::EnumValue::Code(code) => code.to_string(),
        };
        (key, entry.label)
    }));
    to_js(&labels)
}

/// The question–answer template a knowledge base import reads (CSV), to download and fill.
#[wasm_bindgen(js_name = knowledgeCsvTemplate)]
pub fn knowledge_csv_template() -> String {
    crate::knowledge::csv_template()
}

/// The file extensions a knowledge base import reads, as an `accept` list (`.txt,.md,…`).
#[wasm_bindgen(js_name = knowledgeImportAccept)]
pub fn knowledge_import_accept() -> String {
    crate::knowledge::IMPORT_KINDS
        .iter()
        .map(|kind| format!(".{kind}"))
        .collect::<Vec<_>>()
        .join(",")
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "KnowledgeImportFormats")]
    pub type KnowledgeImportFormatsJs;
}

/// What the import dialogs say of the shapes each file kind is read in, with a txt file as it
/// is understood.
#[wasm_bindgen(js_name = knowledgeImportFormats)]
pub fn knowledge_import_formats() -> Result<KnowledgeImportFormatsJs, JsError> {
    #[derive(serde::Serialize)]
    struct Format {
        kinds: &'static str,
        rule: &'static str,
    }
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Formats {
        formats: Vec<Format>,
        txt_example: &'static str,
    }
    to_js(&Formats {
        formats: crate::knowledge::IMPORT_FORMATS
            .iter()
            .map(|&(kinds, rule)| Format { kinds, rule })
            .collect(),
        txt_example: crate::knowledge::IMPORT_TXT_EXAMPLE,
    })
}

/// Whether an import file goes to the server as bytes (base64: xlsx, docx, pdf) or as text.
#[wasm_bindgen(js_name = knowledgeImportIsBinary)]
pub fn knowledge_import_is_binary(file_name: &str) -> bool {
    crate::knowledge::is_binary_import(file_name)
}

/// Why a file cannot be imported by its kind (仅支持导入…), or nothing when it can: the batch
/// dialog sends the readable files and lists the others with this reason.
#[wasm_bindgen(js_name = knowledgeImportRefusal)]
pub fn knowledge_import_refusal(file_name: &str) -> Option<String> {
    crate::knowledge::import_kind(file_name).err()
}

/// A similarity (score or threshold, 0–1) as a percentage: `30%`, `43.22%`.
#[wasm_bindgen(js_name = similarityPercent)]
pub fn similarity_percent(ratio: f64) -> String {
    crate::knowledge::similarity_percent(ratio)
}

/// The threshold a new assistant starts with, in percent as its form takes it (`25`).
#[wasm_bindgen(js_name = thresholdDefaultPercent)]
pub fn threshold_default_percent() -> f64 {
    (crate::knowledge::THRESHOLD_DEFAULT * 100.0).round()
}

/// The warning under a threshold given in percent (`15`) too low to keep unrelated questions
/// unanswered, or nothing.
#[wasm_bindgen(js_name = thresholdWarning)]
pub fn threshold_warning(percent: f64) -> Option<String> {
    crate::knowledge::threshold_warning(percent / 100.0)
}

/// A duration in milliseconds as people read it: `350毫秒`, `1.2秒`.
#[wasm_bindgen(js_name = formatDuration)]
pub fn format_duration(ms: f64) -> String {
    crate::format::duration_ms(ms.max(0.0).round() as u64)
}

/// A knowledge base's delete warning naming the assistants that answer from it, or nothing.
#[wasm_bindgen(js_name = knowledgeDeleteWarning)]
pub fn knowledge_delete_warning(assistant_names: Vec<String>) -> Option<String> {
    crate::knowledge::delete_warning(&assistant_names)
}

/// Why a file of `size` bytes cannot be imported (over core's 20 MB), or nothing when it can.
#[wasm_bindgen(js_name = knowledgeImportFileTooLarge)]
pub fn knowledge_import_file_too_large(file_name: &str, size: f64) -> Option<String> {
    crate::knowledge::import_file_too_large(file_name, size as u64)
}
