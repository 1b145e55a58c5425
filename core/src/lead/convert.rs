//! 转为客户: what the customer form starts with when a lead becomes a customer. The agent checks
//! it, chooses the level and completes the wish; the customer form (core `customer`) decides.
//! A lead's 意向区域 is free text, a customer's the city's districts: the districts the text
//! names are chosen, and text naming no district is kept in the remark rather than lost.

use serde::{Deserialize, Serialize};

use crate::customer::phone;
use crate::customer::wish::BudgetUnit;

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
    /// Fen: the budget stated, or a range's upper bound.
    pub budget: Option<i64>,
    /// Fen: a range's lower bound (`200-300`); none when one figure was stated.
    pub budget_min: Option<i64>,
    /// 意向区域 as typed or imported (`西湖区、滨江`).
    pub area: String,
    pub remark: String,
}

/// A district of the city, as the customer form lists them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct District {
    pub id: i64,
    pub name: String,
}

/// What 意向区域 says in the city's districts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AreaReading {
    /// The districts named, in the order the text names them.
    pub district_ids: Vec<i64>,
    /// Whether the text says more than district names (a road, a community, a district of
    /// another city): it is then kept in the remark.
    pub rest: bool,
}

/// Characters between district names that say nothing of their own.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || "、,，;；/|和及与或".contains(c)
}

/// The district names of `text`: each district by its name (`西湖区`) or its name without the
/// suffix 区/县/市 (`滨江` for 滨江区), longer names first so that one place is read once.
pub fn read_area(text: &str, districts: &[District]) -> AreaReading {
    let chars: Vec<char> = text.chars().collect();
    let mut taken = vec![false; chars.len()];
    let mut names: Vec<(Vec<char>, i64)> = Vec::new();
    for district in districts {
        let full: Vec<char> = district.name.trim().chars().collect();
        if full.is_empty() {
            continue;
        }
        if let Some((last, short)) = full.split_last()
            && "区县市".contains(*last)
            && short.len() >= 2
        {
            names.push((short.to_vec(), district.id));
        }
        names.push((full, district.id));
    }
    names.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
    let mut found: Vec<(usize, i64)> = Vec::new();
    for (name, id) in &names {
        let mut at = 0;
        while at + name.len() <= chars.len() {
            let span = at..at + name.len();
            if chars[span.clone()] == name[..] && !taken[span.clone()].contains(&true) {
                taken[span].iter_mut().for_each(|t| *t = true);
                found.push((at, *id));
                at += name.len();
            } else {
                at += 1;
            }
        }
    }
    found.sort_unstable();
    let mut district_ids: Vec<i64> = Vec::new();
    for (_, id) in found {
        if !district_ids.contains(&id) {
            district_ids.push(id);
        }
    }
    let rest = chars
        .iter()
        .zip(&taken)
        .any(|(c, taken)| !taken && !is_separator(*c));
    AreaReading { district_ids, rest }
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
    /// A range's lower bound, in the customer form's unit for the demand (万, or 元 a month for
    /// a rental); empty when the lead stated one figure.
    pub budget_min: String,
    /// The lead's budget, or its range's upper bound, in the same unit.
    pub budget_max: String,
    /// The districts the lead's 意向区域 names.
    pub district_ids: Vec<i64>,
    pub source: i64,
    /// The lead's remark, and its 意向区域 when that says more than districts.
    pub remark: String,
}

/// The phone as the customer form takes it: its digits, a mobile without +86; a phone the
/// caller sees masked stays as shown (the server keeps the lead's own).
fn form_phone(phone: &str) -> String {
    if phone.contains('*') {
        phone.trim().to_owned()
    } else {
        phone::normalise(phone)
    }
}

/// The customer form's first values for `lead`: 男 → 先生, 女 → 女士; the budget's bounds (one
/// figure as the upper bound, a range as both); the districts its 意向区域 names among the city's `districts`; the source 线索转化.
pub fn customer_start(lead: &LeadFacts, districts: &[District]) -> CustomerStart {
    let area = lead.area.trim();
    let reading = read_area(area, districts);
    let unit = BudgetUnit::of_demand(lead.demand.unwrap_or_default());
    let typed = |fen: Option<i64>| fen.map(|fen| unit.typed(fen)).unwrap_or_default();
    let remark = lead.remark.trim();
    let remark = if reading.rest {
        [remark.to_owned(), format!("意向区域：{area}")]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("；")
    } else {
        remark.to_owned()
    };
    CustomerStart {
        name: lead.name.trim().to_owned(),
        sex: match lead.sex {
            Some(1) => Some(1),
            Some(2) => Some(2),
            _ => None,
        },
        phone: form_phone(&lead.phone),
        demand: lead.demand,
        budget_min: typed(lead.budget_min),
        budget_max: typed(lead.budget),
        district_ids: reading.district_ids,
        source: SOURCE_FROM_LEAD,
        remark,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enums::{CUSTOMER_SEX, CUSTOMER_SOURCE, SEX};

    fn hangzhou() -> Vec<District> {
        [
            (1, "西湖区"),
            (2, "滨江区"),
            (3, "上城区"),
            (4, "余杭区"),
            (5, "临平区"),
            (6, "桐庐县"),
        ]
        .into_iter()
        .map(|(id, name)| District {
            id,
            name: name.into(),
        })
        .collect()
    }

    #[test]
    fn a_lead_starts_its_customer_form() {
        let start = customer_start(
            &LeadFacts {
                name: " 林先生 ".into(),
                phone: "139 0000 7777".into(),
                sex: Some(1),
                demand: Some(2),
                budget: Some(280_500_000),
                budget_min: None,
                area: "西湖区、滨江".into(),
                remark: "看新房".into(),
            },
            &hangzhou(),
        );
        assert_eq!(
            start,
            CustomerStart {
                name: "林先生".into(),
                sex: Some(1),
                phone: "13900007777".into(),
                demand: Some(2),
                budget_min: String::new(),
                budget_max: "280.5".into(),
                district_ids: vec![1, 2],
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
    fn a_rental_lead_budget_starts_in_yuan_a_month() {
        let rental = LeadFacts {
            demand: Some(3),
            budget: Some(450_000),
            ..LeadFacts::default()
        };
        assert_eq!(customer_start(&rental, &hangzhou()).budget_max, "4500");
    }

    #[test]
    fn a_budget_range_carries_both_bounds() {
        let purchase = LeadFacts {
            demand: Some(1),
            budget_min: Some(200_000_000),
            budget: Some(300_000_000),
            ..LeadFacts::default()
        };
        let start = customer_start(&purchase, &hangzhou());
        assert_eq!(
            (start.budget_min.as_str(), start.budget_max.as_str()),
            ("200", "300")
        );
        let rental = LeadFacts {
            demand: Some(3),
            budget_min: Some(300_000),
            budget: Some(450_000),
            ..LeadFacts::default()
        };
        let start = customer_start(&rental, &hangzhou());
        assert_eq!(
            (start.budget_min.as_str(), start.budget_max.as_str()),
            ("3000", "4500")
        );
    }

    #[test]
    fn what_the_lead_does_not_say_is_left_open() {
        let start = customer_start(
            &LeadFacts {
                phone: "+86 138-1234-5678".into(),
                sex: Some(0),
                ..LeadFacts::default()
            },
            &hangzhou(),
        );
        assert_eq!(start.sex, None, "未知 is neither 先生 nor 女士");
        assert_eq!(start.phone, "13812345678");
        assert_eq!(start.budget_max, "");
        assert_eq!(start.district_ids, Vec::<i64>::new());
        assert_eq!(start.remark, "");
        // A phone shown masked stays masked: the server keeps the lead's own.
        let masked = customer_start(
            &LeadFacts {
                phone: "139 **** 7777".into(),
                ..LeadFacts::default()
            },
            &[],
        );
        assert_eq!(masked.phone, "139 **** 7777");
    }

    #[test]
    fn the_area_names_the_city_districts() {
        let read = |text: &str| read_area(text, &hangzhou());
        assert_eq!(
            read("西湖区、滨江"),
            AreaReading {
                district_ids: vec![1, 2],
                rest: false
            }
        );
        assert_eq!(
            read("滨江 西湖").district_ids,
            [2, 1],
            "in the text's order"
        );
        assert_eq!(read("西湖区，西湖区").district_ids, [1], "once each");
        assert_eq!(
            read("桐庐县或余杭"),
            AreaReading {
                district_ids: vec![6, 4],
                rest: false
            }
        );
        assert_eq!(
            read("西湖区文三路"),
            AreaReading {
                district_ids: vec![1],
                rest: true
            }
        );
        assert_eq!(
            read("朝阳区"),
            AreaReading {
                district_ids: vec![],
                rest: true
            }
        );
        assert_eq!(read(""), AreaReading::default());
        // A name without its suffix must still be a name: 上城 is one, a lone 城 is not.
        assert_eq!(read("城区").district_ids, Vec::<i64>::new());
    }

    #[test]
    fn area_text_naming_no_district_is_kept_in_the_remark() {
        let start = |area: &str, remark: &str| {
            customer_start(
                &LeadFacts {
                    area: area.into(),
                    remark: remark.into(),
                    ..LeadFacts::default()
                },
                &hangzhou(),
            )
        };
        let road = start("西湖区文三路", "想要两房");
        assert_eq!(road.district_ids, [1]);
        assert_eq!(road.remark, "想要两房；意向区域：西湖区文三路");
        let elsewhere = start(" 朝阳区 ", "");
        assert_eq!(elsewhere.district_ids, Vec::<i64>::new());
        assert_eq!(elsewhere.remark, "意向区域：朝阳区");
        assert_eq!(start("西湖区、滨江", "想要两房").remark, "想要两房");
    }
}
