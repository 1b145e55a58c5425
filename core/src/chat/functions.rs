//! The functions over the brokerage's own data an assistant may call, as people read them: the
//! name the model calls (`listing_search`), its title (core `assistantFunction`, 房源搜索) and a
//! plain summary of what it answers. What the model is told (its description and arguments) is
//! the server's.

use crate::enums::ASSISTANT_FUNCTION;

/// Each function's name and its plain summary, in the order the admin pages list them.
const SUMMARIES: [(&str, &str); 4] = [
    (
        "listing_search",
        "按区域、价格、户型搜索本人可见的二手房和租房",
    ),
    ("customer_lookup", "按姓名或手机号后几位查找本人可见的客户"),
    ("deal_summary", "汇总某月本人可见的二手房买卖和租赁合同"),
    ("performance_summary", "查看本人或本人所在门店某月的业绩"),
];

/// A function as people read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FunctionInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
}

/// Every function, in the order the admin pages list them.
pub fn all() -> impl Iterator<Item = FunctionInfo> {
    SUMMARIES.iter().filter_map(|(name, _)| info(name))
}

/// The function called `name` (spaces around it ignored).
pub fn info(name: &str) -> Option<FunctionInfo> {
    let name = name.trim();
    let (name, summary) = SUMMARIES.iter().find(|(known, _)| *known == name)?;
    Some(FunctionInfo {
        name,
        title: ASSISTANT_FUNCTION.label(name)?,
        summary,
    })
}

/// What the log pages show for a function called `name`: its title, else the name as called
/// (a model may call a function the catalogue does not have).
pub fn title(name: &str) -> String {
    info(name).map_or_else(|| name.trim().to_owned(), |info| info.title.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enums::EnumValue;

    #[test]
    fn every_function_has_a_title_and_a_plain_summary() {
        let names: Vec<&str> = all().map(|info| info.name).collect();
        let table: Vec<&str> = ASSISTANT_FUNCTION
            .entries
            .iter()
            .filter_map(|entry| match entry.value {
                EnumValue::Code(code) => Some(code),
                EnumValue::Number(_) => None,
            })
            .collect();
        assert_eq!(
            names, table,
            "one summary per function, in the table's order"
        );
        for info in all() {
            assert!(!info.summary.is_ascii(), "{}", info.name);
            // Plain words: no argument names or values of the model's schema.
            assert!(
                !info.summary.contains('=')
                    && !info.summary.chars().any(|c| c.is_ascii_alphabetic()),
                "{}: {}",
                info.name,
                info.summary
            );
        }
    }

    #[test]
    fn titles_for_the_log_pages() {
        assert_eq!(title("listing_search"), "房源搜索");
        assert_eq!(title(" performance_summary "), "业绩汇总");
        assert_eq!(title("drop_tables"), "drop_tables");
        assert_eq!(
            info("customer_lookup").map(|info| info.summary),
            Some("按姓名或手机号后几位查找本人可见的客户")
        );
    }
}
