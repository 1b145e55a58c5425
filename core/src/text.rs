//! Links and 「placeholder」 tokens in text (spec §5). Text becomes tokens, never HTML, so the
//! SPA renders it without injecting markup.

use serde::{Deserialize, Serialize};

/// Marks a placeholder as an image: `「!abc123」`, after markdown's image marker.
pub const IMAGE_MARKER: char = '!';

/// A link opens outside the SPA when it starts with http:, https:, mailto: or tel:.
pub fn is_external_link(href: &str) -> bool {
    let href = href.trim_start();
    ["http:", "https:", "mailto:", "tel:"].iter().any(|scheme| {
        href.get(..scheme.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(scheme))
    })
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TextToken {
    Text {
        text: String,
    },
    /// `「abc123」`: a link to the item `abc123`.
    Link {
        key: String,
    },
    /// `「!abc123」`: a preview of the image `abc123`.
    Image {
        key: String,
    },
}

fn placeholder(inner: &str) -> Option<TextToken> {
    let (image, key) = match inner.strip_prefix(IMAGE_MARKER) {
        Some(key) => (true, key),
        None => (false, inner),
    };
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let key = key.to_string();
    Some(if image {
        TextToken::Image { key }
    } else {
        TextToken::Link { key }
    })
}

/// Splits text into plain runs and 「letters/digits」 placeholders; anything else in corner
/// brackets stays text.
pub fn parse_placeholders(text: &str) -> Vec<TextToken> {
    let mut tokens = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('「') {
        let after = &rest[open + '「'.len_utf8()..];
        let Some(close) = after.find('」') else {
            break;
        };
        match placeholder(&after[..close]) {
            Some(token) => {
                plain.push_str(&rest[..open]);
                if !plain.is_empty() {
                    tokens.push(TextToken::Text {
                        text: std::mem::take(&mut plain),
                    });
                }
                tokens.push(token);
            }
            None => plain.push_str(&rest[..open + '「'.len_utf8() + close + '」'.len_utf8()]),
        }
        rest = &after[close + '」'.len_utf8()..];
    }
    plain.push_str(rest);
    if !plain.is_empty() {
        tokens.push(TextToken::Text { text: plain });
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &str) -> TextToken {
        TextToken::Text { text: t.into() }
    }

    #[test]
    fn external_links() {
        // "A link is external if it starts with http:, https:, mailto: or tel:."
        for href in [
            "http://a.cn",
            "https://a.cn",
            "mailto:x@a.cn",
            "tel:13812345678",
            "HTTPS://A.CN",
        ] {
            assert!(is_external_link(href), "{href}");
        }
        for href in [
            "/work/home/index",
            "ftp://a.cn",
            "javascript:alert(1)",
            "",
            "htt",
            "中",
        ] {
            assert!(!is_external_link(href), "{href}");
        }
    }

    #[test]
    fn placeholders_become_links_or_images() {
        assert_eq!(
            parse_placeholders("详见「doc12」和「!img7」。"),
            vec![
                text("详见"),
                TextToken::Link {
                    key: "doc12".into()
                },
                text("和"),
                TextToken::Image { key: "img7".into() },
                text("。"),
            ]
        );
    }

    #[test]
    fn other_bracketed_text_stays_text() {
        assert_eq!(
            parse_placeholders("「滨江花园」很好"),
            vec![text("「滨江花园」很好")]
        );
        assert_eq!(
            parse_placeholders("a「」b「x y」c「!」"),
            vec![text("a「」b「x y」c「!」")]
        );
        assert_eq!(parse_placeholders("未闭合「abc"), vec![text("未闭合「abc")]);
        assert_eq!(parse_placeholders("<b>「x1」</b>")[0], text("<b>"));
        assert_eq!(parse_placeholders(""), vec![]);
    }
}
