//! Every business constant and limit of spec §9 (and the delays §8 names), in one place.
//! The SPA reads them through `constants()`; nothing else in the product repeats a number.

/// Request timeout.
pub const REQUEST_TIMEOUT_MS: u32 = 60_000;
/// The loading overlay appears only for requests slower than this.
pub const LOADING_DELAY_MS: u32 = 100;
pub const SUCCESS_TOAST_MS: u32 = 1_000;
pub const WARNING_TOAST_MS: u32 = 3_000;
pub const DEBOUNCE_MS: u32 = 500;
/// §8: the login-expired warning shows after 300 ms, the logout follows 1 s later.
pub const LOGIN_EXPIRED_WARNING_DELAY_MS: u32 = 300;
pub const LOGIN_EXPIRED_LOGOUT_DELAY_MS: u32 = 1_000;
/// §8: the network-error toast shows after 500 ms.
pub const NETWORK_ERROR_TOAST_DELAY_MS: u32 = 500;

/// Chat reply timeout of the store-based chat.
pub const STORE_CHAT_REPLY_TIMEOUT_MS: u32 = 65_000;
/// Chat reply timeout of a single-tool chat.
pub const TOOL_CHAT_REPLY_TIMEOUT_MS: u32 = 35_000;
pub const PING_INTERVAL_MS: u32 = 5_000;
pub const RECONNECT_LIMIT: u32 = 5;
/// More unanswered pings than this force a reconnect.
pub const MAX_UNANSWERED_PINGS: u32 = 1;
/// WebSocket close code of a deliberate close.
pub const WS_NORMAL_CLOSE_CODE: u32 = 1_000;

pub const TAB_WIDTH_PX: u32 = 150;
pub const FALLBACK_PAGE_WIDTH_PX: u32 = 1_920;

pub const PAGE_SIZES: [u32; 7] = [5, 10, 20, 30, 40, 50, 100];
pub const DEFAULT_PAGE_SIZE: u32 = 10;
pub const PAGINATION_LEFT_COLLAPSED_PX: u32 = 58;
pub const PAGINATION_LEFT_OPEN_PX: u32 = 230;

pub const EMPTY_PLACEHOLDER_DELAY_MS: u32 = 500;
pub const LAZY_LOAD_THRESHOLD: f64 = 0.1;

pub const IMAGE_MAX_SIDE_PX: u32 = 1_920;
/// Files under this size are compressed more gently.
pub const IMAGE_SMALL_FILE_BYTES: u32 = 307_200;
pub const JPEG_QUALITY: f64 = 0.5;
pub const JPEG_QUALITY_SMALL_FILE: f64 = 0.75;

pub const SMOOTH_SCROLL_MS: u32 = 400;
pub const PDF_SCALE: u32 = 2;
pub const PDF_PAGE_FORMAT: &str = "a4";
pub const MAPS_VERSION: &str = "1.4.4";

pub const DEFAULT_THEME_TYPE: u32 = 1;
/// Session `siteId` when the user has no site.
pub const NO_SITE_ID: i64 = 0;
/// Relative dates count days up to this many, then show the date.
pub const RELATIVE_DATE_MAX_DAYS: u32 = 10;
/// Business time is China time (UTC+8) wherever the browser's clock is set: the day a date
/// field means, the time a viewing happened, every time shown.
pub const BUSINESS_UTC_OFFSET_MINUTES: i32 = 480;

/// Every numeric constant by the camelCase key the SPA uses.
pub fn numeric() -> Vec<(&'static str, f64)> {
    vec![
        ("requestTimeoutMs", REQUEST_TIMEOUT_MS.into()),
        ("loadingDelayMs", LOADING_DELAY_MS.into()),
        ("successToastMs", SUCCESS_TOAST_MS.into()),
        ("warningToastMs", WARNING_TOAST_MS.into()),
        ("debounceMs", DEBOUNCE_MS.into()),
        (
            "loginExpiredWarningDelayMs",
            LOGIN_EXPIRED_WARNING_DELAY_MS.into(),
        ),
        (
            "loginExpiredLogoutDelayMs",
            LOGIN_EXPIRED_LOGOUT_DELAY_MS.into(),
        ),
        (
            "networkErrorToastDelayMs",
            NETWORK_ERROR_TOAST_DELAY_MS.into(),
        ),
        (
            "storeChatReplyTimeoutMs",
            STORE_CHAT_REPLY_TIMEOUT_MS.into(),
        ),
        ("toolChatReplyTimeoutMs", TOOL_CHAT_REPLY_TIMEOUT_MS.into()),
        ("pingIntervalMs", PING_INTERVAL_MS.into()),
        ("reconnectLimit", RECONNECT_LIMIT.into()),
        ("maxUnansweredPings", MAX_UNANSWERED_PINGS.into()),
        ("wsNormalCloseCode", WS_NORMAL_CLOSE_CODE.into()),
        ("tabWidth", TAB_WIDTH_PX.into()),
        ("fallbackPageWidth", FALLBACK_PAGE_WIDTH_PX.into()),
        ("defaultPageSize", DEFAULT_PAGE_SIZE.into()),
        (
            "paginationLeftCollapsed",
            PAGINATION_LEFT_COLLAPSED_PX.into(),
        ),
        ("paginationLeftOpen", PAGINATION_LEFT_OPEN_PX.into()),
        ("emptyPlaceholderDelayMs", EMPTY_PLACEHOLDER_DELAY_MS.into()),
        ("lazyLoadThreshold", LAZY_LOAD_THRESHOLD),
        ("imageMaxSide", IMAGE_MAX_SIDE_PX.into()),
        ("imageSmallFileBytes", IMAGE_SMALL_FILE_BYTES.into()),
        ("jpegQuality", JPEG_QUALITY),
        ("jpegQualitySmallFile", JPEG_QUALITY_SMALL_FILE),
        ("photosPerListing", crate::media::PHOTOS_PER_LISTING as f64),
        ("smoothScrollMs", SMOOTH_SCROLL_MS.into()),
        ("pdfScale", PDF_SCALE.into()),
        ("defaultThemeType", DEFAULT_THEME_TYPE.into()),
        ("noSiteId", NO_SITE_ID as f64),
        ("relativeDateMaxDays", RELATIVE_DATE_MAX_DAYS.into()),
        (
            "businessUtcOffsetMinutes",
            BUSINESS_UTC_OFFSET_MINUTES.into(),
        ),
    ]
}

/// The textual settings of §9.
pub fn textual() -> Vec<(&'static str, &'static str)> {
    vec![
        ("pdfPageFormat", PDF_PAGE_FORMAT),
        ("mapsVersion", MAPS_VERSION),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(key: &str) -> f64 {
        numeric()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
            .unwrap_or_else(|| panic!("no constant {key}"))
    }

    #[test]
    fn quotes_section_9() {
        // "Request timeout 60000 ms. Loading delay 100 ms. Success toast 1 s, warning toast 3 s.
        //  Default debounce 500 ms. Login-expired logout delay 1 s."
        assert_eq!(value("requestTimeoutMs"), 60000.0);
        assert_eq!(value("loadingDelayMs"), 100.0);
        assert_eq!(value("successToastMs"), 1000.0);
        assert_eq!(value("warningToastMs"), 3000.0);
        assert_eq!(value("debounceMs"), 500.0);
        assert_eq!(value("loginExpiredLogoutDelayMs"), 1000.0);
        // "Chat reply timeout: 65 s (store-based chat) or 35 s (single-tool chat). Ping every 5 s.
        //  Reconnect limit 5."
        assert_eq!(value("storeChatReplyTimeoutMs"), 65000.0);
        assert_eq!(value("toolChatReplyTimeoutMs"), 35000.0);
        assert_eq!(value("pingIntervalMs"), 5000.0);
        assert_eq!(value("reconnectLimit"), 5.0);
        // "Tab width 150 px, fallback page width 1920."
        assert_eq!(value("tabWidth"), 150.0);
        assert_eq!(value("fallbackPageWidth"), 1920.0);
        // "Pagination bar left offset: 58px collapsed, 230px open."
        assert_eq!(value("paginationLeftCollapsed"), 58.0);
        assert_eq!(value("paginationLeftOpen"), 230.0);
        // "Empty placeholder delay 500 ms. Lazy-load visibility threshold 0.1."
        assert_eq!(value("emptyPlaceholderDelayMs"), 500.0);
        assert_eq!(value("lazyLoadThreshold"), 0.1);
        // "Image compression: maximum side 1920, 307200-byte threshold."
        assert_eq!(value("imageMaxSide"), 1920.0);
        assert_eq!(value("imageSmallFileBytes"), 307200.0);
        // "Smooth-scroll animation 400 ms." "PDF export: A4, scale 2"
        assert_eq!(value("smoothScrollMs"), 400.0);
        assert_eq!(value("pdfScale"), 2.0);
        // §8: "after 300 ms", "toast after 500 ms"
        assert_eq!(value("loginExpiredWarningDelayMs"), 300.0);
        assert_eq!(value("networkErrorToastDelayMs"), 500.0);
    }

    #[test]
    fn page_sizes_and_text_settings_are_the_spec_ones() {
        assert_eq!(PAGE_SIZES, [5, 10, 20, 30, 40, 50, 100]);
        assert!(textual().contains(&("mapsVersion", "1.4.4")));
    }

    #[test]
    fn keys_are_unique() {
        let keys = numeric();
        for (i, (key, _)) in keys.iter().enumerate() {
            assert!(keys[i + 1..].iter().all(|(k, _)| k != key), "{key} twice");
        }
    }
}
