//! 网页解析 (the knowledge base's `web/analysis`): which addresses may be read, and how a web
//! page's HTML becomes text the import reads — its headings marked `#` like markdown, so a page
//! of headed sections becomes one point per heading (the text under it the answer), and a page
//! written as 问：/答： pairs reads as those pairs. Script, style and navigation are dropped.

use crate::knowledge::{DATA_SET_NAME_MAX, ImportedPoint, parse_import};

/// The longest address taken.
pub const URL_MAX: usize = 2000;
pub const URL_RULE: &str = "请输入以http://或https://开头的网址";
pub const URL_TOO_LONG: &str = "网址不能超过2000个字符";
/// The most of a page read, in bytes.
pub const PAGE_BYTES_MAX: usize = 2 * 1024 * 1024;
pub const PAGE_TOO_BIG: &str = "网页超过2MB，无法解析";
pub const PAGE_NOT_HTML: &str = "该网址不是网页（HTML或纯文本），无法解析";
pub const PAGE_TIMEOUT: &str = "网页在10秒内没有响应，请稍后重试";
pub const PAGE_UNREACHABLE: &str = "无法连接该网址，请检查网址是否正确";
pub const PAGE_NO_POINTS: &str =
    "网页中没有可导入的问答（需要标题及其下的正文，或问：/答：成对的文字）";

/// Seconds a page has to answer in full.
pub const PAGE_TIMEOUT_SECONDS: u64 = 10;

/// An address as given, trimmed, or why it cannot be read.
pub fn checked_url(url: &str) -> Result<String, String> {
    let url = url.trim();
    if url.chars().count() > URL_MAX {
        return Err(URL_TOO_LONG.to_owned());
    }
    let lower = url.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("http://")
        .or_else(|| lower.strip_prefix("https://"));
    match rest {
        Some(rest)
            if !rest.is_empty() && !rest.starts_with('/') && !url.contains(char::is_whitespace) =>
        {
            Ok(url.to_owned())
        }
        _ => Err(URL_RULE.to_owned()),
    }
}

/// What an HTTP answer's status says, when it is not a page.
pub fn status_problem(status: u16) -> Option<String> {
    (!(200..300).contains(&status)).then(|| format!("网页无法访问（HTTP {status}）"))
}

/// Whether a `Content-Type` is one this reads (HTML or plain text; none given is tried).
pub fn readable_content_type(content_type: &str) -> bool {
    let kind = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    kind.is_empty()
        || kind == "text/html"
        || kind == "application/xhtml+xml"
        || kind == "text/plain"
}

/// The character set a page names: its `Content-Type`'s `charset=`, else a `charset=` in the
/// first 2 KB of the page (`<meta charset="gbk">` or the http-equiv form); none: the reader tries
/// UTF-8, then GBK.
pub fn charset_label(content_type: &str, head: &[u8]) -> Option<String> {
    fn after_charset(text: &str) -> Option<String> {
        let lower = text.to_ascii_lowercase();
        let at = lower.find("charset=")? + "charset=".len();
        let label: String = lower[at..]
            .trim_start_matches(['"', '\'', ' '])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        (!label.is_empty()).then_some(label)
    }
    after_charset(content_type).or_else(|| {
        let head = &head[..head.len().min(2048)];
        after_charset(&String::from_utf8_lossy(head))
    })
}

/// A page read: its title (or the address, when it has none) and its text as markdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageText {
    pub title: String,
    pub markdown: String,
}

/// Elements whose content is not the page's text.
const SKIPPED: &[&str] = &[
    "script", "style", "noscript", "template", "svg", "nav", "iframe", "select", "button",
];
/// Elements that end a line.
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "br",
    "li",
    "tr",
    "section",
    "article",
    "header",
    "footer",
    "ul",
    "ol",
    "table",
    "blockquote",
    "pre",
    "hr",
    "dd",
    "dt",
    "dl",
    "main",
    "aside",
    "form",
    "figure",
    "figcaption",
    "address",
    "details",
    "summary",
    "body",
];

/// The text of an HTML page: headings on their own lines marked `# `, blocks on their own
/// lines, entities decoded, white space squeezed, scripts, styles and navigation dropped.
pub fn page_text(html: &str, url: &str) -> PageText {
    let mut out = String::new();
    let mut title = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&decode_entities(&rest[..open]));
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        let Some(close) = rest.find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[1..close];
        rest = &rest[close + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if name.is_empty() {
            continue;
        }
        if !closing && (name == "title" || SKIPPED.contains(&name.as_str())) {
            let (inner, after) = until_closing(rest, &name);
            if name == "title" && title.is_empty() {
                title = squeeze(&decode_entities(inner));
            }
            rest = after;
            continue;
        }
        let heading = name.len() == 2
            && name.starts_with('h')
            && name[1..].parse::<u8>().is_ok_and(|n| (1..=6).contains(&n));
        if heading {
            out.push_str(if closing { "\n" } else { "\n# " });
        } else if BLOCKS.contains(&name.as_str()) {
            out.push('\n');
        } else if name == "td" || name == "th" {
            out.push(' ');
        }
    }
    out.push_str(&decode_entities(rest));
    let markdown = out
        .lines()
        .map(squeeze)
        .filter(|line| !line.is_empty() && line != "#")
        .collect::<Vec<_>>()
        .join("\n");
    let title = if title.is_empty() {
        url.trim().to_owned()
    } else {
        title
    };
    PageText { title, markdown }
}

/// The name of the data set a page's points go to: its title, at most 50 characters.
pub fn data_set_name_of_page(title: &str) -> String {
    title.trim().chars().take(DATA_SET_NAME_MAX).collect()
}

/// The points of a page's text (as [`page_text`] gives it), or [`PAGE_NO_POINTS`].
pub fn page_points(page: &PageText) -> Result<Vec<ImportedPoint>, String> {
    parse_import("page.md", &page.markdown).map_err(|_| PAGE_NO_POINTS.to_owned())
}

/// The text up to `</name>` and what follows it (everything, when it is never closed).
fn until_closing<'a>(rest: &'a str, name: &str) -> (&'a str, &'a str) {
    let lower = rest.to_ascii_lowercase();
    let end_tag = format!("</{name}");
    match lower.find(&end_tag) {
        Some(at) => {
            let after = &rest[at..];
            let after = after.find('>').map_or("", |close| &after[close + 1..]);
            (&rest[..at], after)
        }
        None => (rest, ""),
    }
}

/// Runs of white space as one space, trimmed.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#39;`, `&nbsp;`, `&#NNN;` and `&#xHH;`; any
/// other `&` stays as it is.
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find(';').filter(|&end| end <= 10);
        let decoded = end.and_then(|end| {
            let name = &rest[1..end];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => name
                    .strip_prefix("#x")
                    .or_else(|| name.strip_prefix("#X"))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| name.strip_prefix('#').and_then(|dec| dec.parse().ok()))
                    .and_then(char::from_u32),
            };
            c.map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<!doctype html><html><head><meta charset="utf-8">
<title>门店制度 &amp; 流程</title><style>h1 { color: red }</style>
<script>var q = "<h2>不是问题</h2>";</script></head>
<body><nav><a href="/">首页</a><h2>导航</h2></nav>
<h1>门店制度</h1>
<h2>钥匙丢了怎么办？</h2><p>先报店长，<b>当天</b>换锁。</p><p>费用由&nbsp;责任人承担。</p>
<!-- <h2>注释里的问题</h2> -->
<h3>几点开门？</h3><div>早上8:30&#65292;周末照常。</div>
</body></html>"#;

    #[test]
    fn a_page_reads_as_headings_and_the_text_under_them() {
        let page = page_text(PAGE, "https://example.test/rules");
        assert_eq!(page.title, "门店制度 & 流程");
        assert_eq!(
            page.markdown,
            "# 门店制度\n# 钥匙丢了怎么办？\n先报店长，当天换锁。\n费用由 责任人承担。\n# 几点开门？\n早上8:30，周末照常。"
        );
        let points = page_points(&page).unwrap();
        let pairs: Vec<(&str, &str)> = points
            .iter()
            .map(|p| (p.question.as_str(), p.answer.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                (
                    "钥匙丢了怎么办？",
                    "先报店长，当天换锁。\n费用由 责任人承担。"
                ),
                ("几点开门？", "早上8:30，周末照常。"),
            ]
        );
    }

    #[test]
    fn a_page_of_question_and_answer_pairs_reads_as_them() {
        let page = page_text(
            "<p>问：周末谁值班？</p><p>答：店长排班。</p>",
            "http://a.test/",
        );
        assert_eq!(page.title, "http://a.test/");
        let points = page_points(&page).unwrap();
        assert_eq!(points.len(), 1);
        assert_eq!(
            (points[0].question.as_str(), points[0].answer.as_str()),
            ("周末谁值班？", "店长排班。")
        );
        assert_eq!(
            page_points(&page_text("<p>只有一段话。</p>", "x")),
            Err(PAGE_NO_POINTS.to_owned())
        );
    }

    #[test]
    fn only_web_addresses_are_read() {
        assert_eq!(
            checked_url(" https://a.test/x?y=1 "),
            Ok("https://a.test/x?y=1".to_owned())
        );
        assert_eq!(checked_url("HTTP://a.test"), Ok("HTTP://a.test".to_owned()));
        for bad in [
            "",
            "ftp://a.test",
            "a.test",
            "http://",
            "https:///x",
            "http://a b",
        ] {
            assert_eq!(checked_url(bad), Err(URL_RULE.to_owned()), "{bad}");
        }
        let long = format!("https://a.test/{}", "x".repeat(URL_MAX));
        assert_eq!(checked_url(&long), Err(URL_TOO_LONG.to_owned()));
        assert_eq!(
            status_problem(404).as_deref(),
            Some("网页无法访问（HTTP 404）")
        );
        assert_eq!(status_problem(200), None);
        assert!(readable_content_type("text/html; charset=gbk") && readable_content_type(""));
        assert!(!readable_content_type("application/pdf"));
        assert_eq!(data_set_name_of_page(&"长".repeat(60)), "长".repeat(50));
        assert_eq!(
            charset_label("text/html; charset=GBK", b"").as_deref(),
            Some("gbk")
        );
        assert_eq!(
            charset_label("text/html", br#"<head><meta charset="gb2312"></head>"#).as_deref(),
            Some("gb2312")
        );
        assert_eq!(charset_label("text/html", b"<p>charset</p>"), None);
    }
}
