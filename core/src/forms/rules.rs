//! The rules a form field can carry, over the validators of [`crate::validate`] and the field
//! rules of [`crate::org::fields`]. Each takes a non-empty trimmed value and gives the value to
//! keep or the message to show.

use chrono::NaiveDate;
use serde_json::{Map, Value};

use super::{Field, text_of};
use crate::org::{dictionary, fields};
use crate::validate;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Text within the field's length.
    Text,
    /// Text the user types rather than picks or fills in (login): empty says 请输入{label}.
    Typed,
    /// A name: within the length and without emoji (姓名, 角色名称, 门店名称...).
    Name,
    /// One of the field's enum table, or a record the page listed (checked by the server).
    Choice,
    /// A validator of spec §5 (手机号码, 固话...).
    Validator(validate::Rule),
    /// A customer's, a lead's or a new listing owner's phone: tidied of spaces and dashes
    /// ([`crate::customer::phone::tidy`]), then [`crate::customer::phone::accepts`].
    ContactPhone,
    /// An owner's phone on a listing's edit: a [`Rule::ContactPhone`], or the number still masked
    /// as the form showed it, which the server keeps ([`crate::listing::owner_phone::kept`]).
    OwnerPhone,
    /// A GB 11643 ID number whose birth date has come; kept upper-cased.
    IdCard,
    /// Digits in groups; kept without spaces.
    BankCard,
    Username,
    /// The password policy, for a new password.
    NewPassword,
    SiteCode,
    DictKey,
    /// A code of letters, digits and `_` (action or app code).
    Code,
    RoutePath,
    /// A permission code: colon-separated codes (`work:store:staff:add`).
    PermissionCode,
    /// A name, not the system's reserved 超级管理员.
    PositionName,
    /// A display order 0-9999.
    Sort,
    /// 0-100 with up to two decimals.
    Percent,
    /// `YYYY-MM-DD`.
    Date,
    /// A search's number of hits, 1-20.
    TopK,
    /// A search's lowest score, 0-1 with two decimals.
    Threshold,
    /// A dictionary value that reads as the type chosen in `valueType`.
    DictionaryValue,
    /// Several of the field's enum table (a multi-select).
    Choices,
    /// A positive amount with up to two decimals, at most `max` (总价 in 万, area in ㎡).
    PositiveDecimal,
    /// A lead's budget: one [`Rule::PositiveDecimal`] or a range of two (`200-300`), the lower
    /// not above the upper; kept as `200-300` ([`crate::customer::wish::budget_span`]).
    BudgetSpan,
    /// A floor between the field's bounds, not 0, and not above the form's `totalFloors`.
    FloorOf,
    /// A whole number within the field's `min` and `max` (室, 厅, 卫, 召回条数).
    Whole,
    /// Degrees within the field's `min` and `max`, up to six decimals (经度, 纬度).
    Degrees,
    /// A community's aliases, separated by commas ([`crate::community::aliases`]).
    Aliases,
    /// 0-99999999 with up to two decimals (money in 元, areas in ㎡).
    Amount,
    /// An [`Rule::Amount`] not below the field named first, labelled second (面积上限 ≥ 面积下限).
    AmountNotBelow(&'static str, &'static str),
    /// A [`Rule::Date`] not before the field named first, labelled second (截止日期 ≥ 生效日期).
    DateNotBefore(&'static str, &'static str),
    /// A property-right term of spec §9: 40, 50 or 70 years.
    PropertyTerm,
    /// A [`Rule::Date`] not after today and at most the given days before it (带看日期).
    RecentDate(i64),
    /// A time of day `HH:MM`, 00:00-23:59.
    ClockTime,
}

impl Rule {
    /// Its own message for an empty required value, where the label's default does not fit.
    pub(super) fn required_message(self, label: &str) -> Option<String> {
        match self {
            Rule::Validator(rule) => Some(rule.required_message().to_owned()),
            Rule::ContactPhone | Rule::OwnerPhone => Some(
                validate::Rule::PhoneOrLandline
                    .required_message()
                    .to_owned(),
            ),
            Rule::IdCard | Rule::BankCard | Rule::Typed | Rule::Username | Rule::NewPassword => {
                Some(format!("请输入{label}"))
            }
            _ => None,
        }
    }
}

/// A character that is an emoji or its joiner/selector, which names must not carry.
fn is_emoji(c: char) -> bool {
    matches!(u32::from(c),
        0x1F000..=0x1FAFF | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0xFE0F | 0x200D)
}

fn within(field: &Field, value: &str) -> Result<(), String> {
    match field.max_length {
        Some(max) if value.chars().count() > max => {
            Err(format!("{}不能超过{max}个字符", field.label))
        }
        _ => Ok(()),
    }
}

fn name(field: &Field, value: &str) -> Result<String, String> {
    within(field, value)?;
    if value.chars().any(is_emoji) {
        return Err(format!("{}不能包含表情符号", field.label));
    }
    Ok(value.to_owned())
}

fn message(error: fields::FieldError) -> String {
    error.message
}

/// A phone as people type it, tidied and kept by the one phone rule of
/// [`crate::customer::phone`].
fn contact_phone(value: &str) -> Result<String, String> {
    let tidy = crate::customer::phone::tidy(value);
    if crate::customer::phone::accepts(&tidy) {
        Ok(tidy)
    } else {
        Err(validate::Rule::PhoneOrLandline.invalid_message().to_owned())
    }
}

/// Applies `field`'s rule to a non-empty trimmed `value`; `values` are the form's other fields.
pub(super) fn apply(
    field: &Field,
    value: &str,
    values: &Map<String, Value>,
    today: NaiveDate,
) -> Result<String, String> {
    let label = field.label;
    let kept = value.to_owned();
    match field.rule {
        Rule::Text | Rule::Typed => within(field, value).map(|()| kept),
        Rule::Name => name(field, value),
        Rule::Choice => match field.choices {
            Some(table) if !table.contains(value) => Err(format!("请选择{label}")),
            _ => Ok(kept),
        },
        Rule::Validator(rule) => validate::check(rule, value, true)
            .map(|()| kept)
            .map_err(|error| error.message.to_owned()),
        Rule::ContactPhone => contact_phone(value),
        Rule::OwnerPhone => {
            if crate::listing::owner_phone::is_masked(value) {
                Ok(kept)
            } else {
                contact_phone(value)
            }
        }
        Rule::IdCard => id_card(value, today),
        Rule::BankCard => validate::check(validate::Rule::BankCard, value, true)
            .map(|()| value.replace(' ', ""))
            .map_err(|error| error.message.to_owned()),
        Rule::Username => fields::username(value).map_err(message),
        Rule::NewPassword => fields::password(value).map_err(message),
        Rule::SiteCode => fields::site_code(value).map_err(message),
        Rule::DictKey => fields::dict_key(value).map_err(message),
        Rule::Code => fields::action_code(field.name, label, value).map_err(message),
        Rule::RoutePath => fields::route_path(value).map_err(message),
        Rule::PermissionCode => fields::permission_code(value).map_err(message),
        Rule::PositionName => {
            name(field, value)?;
            fields::position_name(value).map_err(message)
        }
        Rule::Sort => match value.parse::<i64>() {
            Ok(sort) => fields::sort(field.name, Some(sort))
                .map(|_| kept)
                .map_err(message),
            Err(_) => Err(fields::SORT_RULE.to_owned()),
        },
        Rule::Percent => validate::check(validate::Rule::Decimal0To100, value, true)
            .map(|()| kept)
            .map_err(|error| error.message.to_owned()),
        Rule::Date => match fields::date(field.name, "", value, true).map_err(message)? {
            Some(day) if field.from_today && day < today => Err(format!("{label}不能早于今天")),
            _ => Ok(kept),
        },
        Rule::Choices => match field.choices {
            Some(table) if value.split(',').any(|item| !table.contains(item)) => {
                Err(format!("请选择{label}"))
            }
            _ => Ok(kept),
        },
        Rule::PositiveDecimal => positive_decimal(field, value).map(|()| kept),
        Rule::BudgetSpan => budget_span(field, value, values),
        Rule::FloorOf => {
            let floor = integer(field, value)?;
            if floor == 0 {
                return Err(format!("{label}不能为0，地下层请填负数"));
            }
            // A total that is itself wrong answers on its own field.
            let total = text_of(values.get("totalFloors")).parse::<i64>().ok();
            match total.filter(|total| *total >= 1) {
                Some(total) if floor > total => Err(format!("{label}不能高于总楼层")),
                _ => Ok(kept),
            }
        }
        Rule::Whole => {
            let (min, max) = (field.min.unwrap_or(i64::MIN), field.max.unwrap_or(i64::MAX));
            match value.parse::<i64>() {
                Ok(number) if (min..=max).contains(&number) => Ok(number.to_string()),
                _ => Err(format!("{label}须为{min}到{max}之间的整数")),
            }
        }
        Rule::Degrees => {
            let limit = field.max.unwrap_or_default();
            if crate::community::degrees(value, limit.unsigned_abs()) {
                Ok(kept)
            } else {
                Err(format!(
                    "{label}须为-{limit}到{limit}之间的数字，最多六位小数"
                ))
            }
        }
        Rule::Aliases => {
            crate::community::aliases(value, &text_of(values.get("name"))).map(|_| kept)
        }
        Rule::TopK => crate::knowledge::top_k(value).map(|_| kept),
        Rule::Threshold => crate::knowledge::threshold(value).map(|_| kept),
        Rule::Amount => amount(value).map(|_| kept),
        Rule::AmountNotBelow(lower, lower_label) => {
            let upper = amount(value)?;
            match crate::new_home::hundredths(&text_of(values.get(lower))) {
                Some(lower) if upper < lower => Err(format!("{label}不能小于{lower_label}")),
                _ => Ok(kept),
            }
        }
        Rule::DateNotBefore(earlier, earlier_label) => {
            let this = fields::date(field.name, "", value, true).map_err(message)?;
            let other = fields::date(earlier, "", &text_of(values.get(earlier)), false)
                .ok()
                .flatten();
            match (this, other) {
                (Some(this), Some(other)) if this < other => {
                    Err(format!("{label}不能早于{earlier_label}"))
                }
                _ => Ok(kept),
            }
        }
        Rule::RecentDate(days) => {
            let day = fields::date(field.name, "", value, true).map_err(message)?;
            match day {
                Some(day) if day > today => Err(format!("{label}不能晚于今天")),
                Some(day) if (today - day).num_days() > days => {
                    Err(format!("{label}只能在{days}天以内"))
                }
                _ => Ok(kept),
            }
        }
        Rule::ClockTime => clock_time(value)
            .map(|(hour, minute)| format!("{hour:02}:{minute:02}"))
            .ok_or_else(|| format!("请输入正确的{label}，如14:30")),
        Rule::PropertyTerm => {
            let known = crate::ranges::PROPERTY_TERM_YEARS
                .iter()
                .filter_map(|range| range.min)
                .any(|years| value.parse::<f64>() == Ok(years));
            if known {
                Ok(kept)
            } else {
                Err(format!("请选择{label}"))
            }
        }
        Rule::DictionaryValue => {
            let value_type = text_of(values.get("valueType"));
            match dictionary::ValueType::from_code(&value_type) {
                Some(value_type) => dictionary::check_value(value_type, value),
                // The type field answers for itself.
                None => Ok(kept),
            }
        }
    }
}

/// `H:MM` or `HH:MM` as hour and minute.
pub fn clock_time(value: &str) -> Option<(u32, u32)> {
    let (hour, minute) = value.split_once(':')?;
    let digits = |text: &str, len: std::ops::RangeInclusive<usize>| {
        (len.contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse::<u32>().ok())
            .flatten()
    };
    let (hour, minute) = (digits(hour, 1..=2)?, digits(minute, 2..=2)?);
    (hour < 24 && minute < 60).then_some((hour, minute))
}

/// What an amount must be (the validator's own words for its range).
const AMOUNT_RULE: &str = "请输入0-99999999之间的数字，最多两位小数";

fn amount(value: &str) -> Result<i64, String> {
    validate::check(validate::Rule::Decimal0To99999999, value, true)
        .map_err(|error| error.message.to_owned())?;
    crate::new_home::hundredths(value).ok_or_else(|| AMOUNT_RULE.to_owned())
}

fn integer(field: &Field, value: &str) -> Result<i64, String> {
    let (min, max) = (field.min.unwrap_or(i64::MIN), field.max.unwrap_or(i64::MAX));
    match value.parse::<i64>() {
        Ok(number) if (min..=max).contains(&number) => Ok(number),
        _ => Err(format!("{}须为{min}到{max}之间的整数", field.label)),
    }
}

fn positive_decimal(field: &Field, value: &str) -> Result<(), String> {
    let max = field.max.unwrap_or(i64::MAX);
    let message = || format!("{}须为大于0且不超过{max}的数字，最多两位小数", field.label);
    let hundredths = crate::listing::price::hundredths(value).ok_or_else(message)?;
    if hundredths == 0 || hundredths > max.saturating_mul(100) {
        return Err(message());
    }
    Ok(())
}

/// A lead's budget, one figure or a range, in its demand's unit: 万 for a purchase, a monthly
/// rent in 元 for a rental (labelled 月租(元) then). A rent is at least [`RENT_MIN_YUAN`], so a
/// figure typed in 万 under a rental (0.35) is refused rather than kept as 0.35元/月.
fn budget_span(field: &Field, value: &str, values: &Map<String, Value>) -> Result<String, String> {
    use crate::customer::wish::BudgetUnit;
    let demand = text_of(values.get("demand"))
        .parse::<i64>()
        .unwrap_or_default();
    let unit = BudgetUnit::of_demand(demand);
    let field = &Field {
        label: unit.single_label(),
        ..*field
    };
    let amount = crate::listing::price::hundredths;
    let figure = |text: &str| {
        positive_decimal(field, text)?;
        if unit == BudgetUnit::YuanPerMonth
            && amount(text).is_some_and(|fen| fen < RENT_MIN_YUAN * 100)
        {
            return Err(format!(
                "{}不能低于{RENT_MIN_YUAN}元：租房的预算按每月租金填写，如 4500",
                field.label
            ));
        }
        Ok(())
    };
    // A side left empty (`-5`, `200-`) is no amount.
    let Some((low, high)) = crate::customer::wish::budget_span(value) else {
        return figure(value).map(|()| value.to_owned());
    };
    figure(high)?;
    let Some(low) = low else {
        return Ok(high.to_owned());
    };
    figure(low)?;
    if amount(low) > amount(high) {
        return Err(format!("{}的下限不能大于上限", field.label));
    }
    Ok(format!("{low}-{high}"))
}

/// The least monthly rent in 元 a rental lead's budget states.
pub const RENT_MIN_YUAN: i64 = 100;

fn id_card(value: &str, today: NaiveDate) -> Result<String, String> {
    validate::check(validate::Rule::IdCard, value, true)
        .map_err(|error| error.message.to_owned())?;
    // The validator has read a calendar date at positions 7-14.
    let number = |range: std::ops::Range<usize>| value[range].parse::<u32>().unwrap_or_default();
    let birth = NaiveDate::from_ymd_opt(number(6..10) as i32, number(10..12), number(12..14));
    if birth.is_some_and(|birth| birth > today) {
        return Err("身份证号的出生日期不能晚于今天".to_owned());
    }
    Ok(value.to_ascii_uppercase())
}
