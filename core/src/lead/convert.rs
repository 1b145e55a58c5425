//! 转为客户: what the customer form starts with when a lead becomes a customer. The agent checks
//! it, chooses the level and completes the wish; the customer form (core `customer`) decides.

use serde::{Deserialize, Serialize};

use crate::customer::phone;
use crate::listing::price;

/// 线索转化 in core `customerSource`.
pub const SOURCE_FROM_LEAD: i64 = 6;

/// The lead as the pool shows it to its agent (the phone whole, perhaps spaced for reading).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LeadFacts {
    pub name: String,
    pub phone: String,
    /// Core `sex`: 0 未知, 1 男, 2 女.
    pub sex: Option<i64>,
    /// Core `customerDemand`.
    pub demand: Option<i64>,
    /// Fen.
    pub budget: Option<i64>,
    pub remark: String,
}

/// The customer form's first values.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerStart {
    pub name: String,
    /// Core `customerSex`: 1 先生, 2 女士; none when the lead's sex is unknown.
    pub sex: Option<i64>,
    /// The phone as the form takes it: its digits, a mobile without +86.
    pub phone: String,
    pub demand: Option<i64>,
    /// The lead's budget as the upper bound, in 万.
    pub budget_max: String,
    pub source: i64,
    pub remark: String,
}

/// The customer form's first values for `lead`: 男 → 先生, 女 → 女士; the budget as its upper
/// bound; the source 线索转化.
pub fn customer_start(lead: &LeadFacts) -> CustomerStart {
    CustomerStart {
        name: lead.name.trim().to_owned(),
        sex: match lead.sex {
            Some(1) => Some(1),
            Some(2) => Some(2),
            _ => None,
        },
        phone: phone::normalise(&lead.phone),
        demand: lead.demand,
        budget_max: lead.budget.map(price::fen_to_wan_text).unwrap_or_default(),
        source: SOURCE_FROM_LEAD,
        remark: lead.remark.trim().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enums::{CUSTOMER_SEX, CUSTOMER_SOURCE, SEX};

    #[test]
    fn a_lead_starts_its_customer_form() {
        let start = customer_start(&LeadFacts {
            name: " 林先生 ".into(),
            phone: "139 0000 7777".into(),
            sex: Some(1),
            demand: Some(2),
            budget: Some(280_500_000),
            remark: "看新房".into(),
        });
        assert_eq!(
            start,
            CustomerStart {
                name: "林先生".into(),
                sex: Some(1),
                phone: "13900007777".into(),
                demand: Some(2),
                budget_max: "280.5".into(),
                source: 6,
                remark: "看新房".into(),
            }
        );
        assert_eq!(SEX.label("1"), Some("男"));
        assert_eq!(CUSTOMER_SEX.label("1"), Some("先生"));
        assert_eq!(SEX.label("2"), Some("女"));
        assert_eq!(CUSTOMER_SEX.label("2"), Some("女士"));
        assert_eq!(CUSTOMER_SOURCE.label("6"), Some("线索转化"));
    }

    #[test]
    fn what_the_lead_does_not_say_is_left_open() {
        let start = customer_start(&LeadFacts {
            phone: "+86 138-1234-5678".into(),
            sex: Some(0),
            ..LeadFacts::default()
        });
        assert_eq!(start.sex, None, "未知 is neither 先生 nor 女士");
        assert_eq!(start.phone, "13812345678");
        assert_eq!(start.budget_max, "");
    }
}
