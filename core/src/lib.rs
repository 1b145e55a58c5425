//! brokerdesk-core: every client rule of the product, written once.
//!
//! Pure functions over plain types: no clock, randomness, storage or I/O. Time, page width and
//! hostname are arguments. Compiled natively (unit tests, linked by the server, which validates
//! its inputs with the same rules the browser shows) and to wasm (`wasm` feature, `src/wasm/`).

pub mod audit;
pub mod audit_snapshot;
pub mod chat;
pub mod china_time;
pub mod community;
pub mod constants;
pub mod customer;
pub mod deal;
pub mod decimal;
pub mod enums;
pub mod error_code;
pub mod format;
pub mod forms;
pub mod guard;
pub mod knowledge;
pub mod knowledge_words;
pub mod lead;
pub mod listing;
pub mod media;
pub mod menu;
pub mod messages;
pub mod money;
pub mod new_home;
pub mod new_home_deal;
pub mod org;
pub mod permission;
pub mod query_crypto;
pub mod ranges;
pub mod report;
pub mod request;
pub mod routes;
pub mod storage;
pub mod tabs;
pub mod text;
pub mod validate;
pub mod web_page;

#[cfg(feature = "wasm")]
mod wasm;
