//! The `regex` crate as the oracle of core's hand-written matchers. The browser module keeps
//! small matchers over ASCII (a regex engine would add tens of kilobytes to it); each documents
//! the regular expression it implements. Here generated strings (drawn from each pattern itself,
//! from the characters these fields see, and from any text) must get the same answer from the
//! matcher and from that expression, compiled by `regex`.

use std::sync::LazyLock;

use brokerdesk_core::org::dictionary::{self, ValueType};
use brokerdesk_core::org::fields;
use brokerdesk_core::validate::Rule;
use proptest::prelude::*;
use proptest::string::string_regex;
use regex::Regex;

/// A matcher and the expression its comment documents.
struct Documented {
    name: &'static str,
    pattern: &'static str,
    matcher: Box<dyn Fn(&str) -> bool + Send + Sync>,
    /// The largest value of the `bounded_decimal` rules, whose comments say it in words.
    bound: Option<u64>,
    /// Whether the matcher trims its input first (the form fields do).
    trims: bool,
}

const LANDLINE: &str = r"(0[0-9]{2}-?)?[0-9]{8}|(0[0-9]{3}-?)?[0-9]{7}";
/// A plain non-negative decimal: no sign, no leading zeros, up to two decimals.
const PLAIN_DECIMAL: &str = r"(0|[1-9][0-9]*)(\.[0-9]{1,2})?";

fn documented() -> Vec<Documented> {
    let plain = |name, pattern, rule: Rule| Documented {
        name,
        pattern,
        matcher: Box::new(move |v| rule.accepts(v)),
        bound: None,
        trims: false,
    };
    let bounded = |name, rule: Rule, max, decimals: usize| Documented {
        name,
        pattern: if decimals == 0 {
            "0|[1-9][0-9]*"
        } else {
            PLAIN_DECIMAL
        },
        matcher: Box::new(move |v| rule.accepts(v)),
        bound: Some(max),
        trims: false,
    };
    vec![
        plain("number", r"[0-9]+(\.[0-9]+)?", Rule::Number),
        plain("pInt", r"[1-9][0-9]*", Rule::PInt),
        plain("int", r"-?[0-9]+", Rule::Int),
        plain("tel", r"1[0-9]{10}", Rule::Tel),
        plain("mobile", r"1[0-9]{10}", Rule::Mobile),
        plain("tel2", r"1[0-9*]{10}", Rule::Tel2),
        plain("landline", LANDLINE, Rule::Landline),
        plain(
            "phoneOrLandline",
            r"(\+?86)?1[0-9]{10}|(0[0-9]{2}-?)?[0-9]{8}|(0[0-9]{3}-?)?[0-9]{7}",
            Rule::PhoneOrLandline,
        ),
        plain("alnum1to6", r"[A-Za-z0-9]{1,6}", Rule::Alnum1To6),
        plain("smsCode", r"[0-9]{6}", Rule::SmsCode),
        plain("bankCard", r"[0-9 ]{15,25}", Rule::BankCard),
        bounded("int0to99", Rule::Int0To99, 99, 0),
        bounded("int0to100", Rule::Int0To100, 100, 0),
        bounded("decimal0to99", Rule::Decimal0To99, 99, 2),
        bounded("decimal0to100", Rule::Decimal0To100, 100, 2),
        bounded("decimal0to999999", Rule::Decimal0To999999, 999_999, 2),
        bounded(
            "decimal0to99999999",
            Rule::Decimal0To99999999,
            99_999_999,
            2,
        ),
        Documented {
            name: "username",
            pattern: r"[A-Za-z][A-Za-z0-9_]{3,29}",
            matcher: Box::new(|v| fields::username(v).is_ok()),
            bound: None,
            trims: true,
        },
        Documented {
            name: "dictKey",
            pattern: r"[A-Za-z][A-Za-z0-9_.]{0,49}",
            matcher: Box::new(|v| fields::dict_key(v).is_ok()),
            bound: None,
            trims: true,
        },
        Documented {
            name: "actionCode",
            pattern: r"[A-Za-z][A-Za-z0-9_]{0,29}",
            matcher: Box::new(|v| fields::action_code("code", "操作编码", v).is_ok()),
            bound: None,
            trims: true,
        },
        Documented {
            name: "permissionCode",
            pattern: r"[A-Za-z][A-Za-z0-9_]{0,29}(:[A-Za-z][A-Za-z0-9_]{0,29}){0,5}",
            matcher: Box::new(|v| fields::permission_code(v).is_ok()),
            bound: None,
            trims: true,
        },
        Documented {
            name: "siteCode",
            pattern: r"[a-z0-9_-]{1,50}",
            matcher: Box::new(|v| fields::site_code(v).is_ok()),
            bound: None,
            trims: true,
        },
        Documented {
            name: "dictionary number",
            pattern: r"-?[0-9]+(\.[0-9]+)?",
            matcher: Box::new(|v| dictionary::check_value(ValueType::Number, v).is_ok()),
            bound: None,
            trims: true,
        },
    ]
}

struct Compiled {
    documented: Documented,
    regex: Regex,
}

static ORACLES: LazyLock<Vec<Compiled>> = LazyLock::new(|| {
    documented()
        .into_iter()
        .map(|documented| Compiled {
            regex: Regex::new(&format!("^(?:{})$", documented.pattern)).unwrap(),
            documented,
        })
        .collect()
});

/// Whether a value of the plain-decimal shape is at most `max` (compared in hundredths).
fn within(value: &str, max: u64) -> bool {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    if whole.len() > 12 {
        return false;
    }
    let hundredths = |whole: &str, fraction: &str| -> u64 {
        let cents: String = fraction.chars().chain("00".chars()).take(2).collect();
        whole.parse::<u64>().unwrap() * 100 + cents.parse::<u64>().unwrap()
    };
    hundredths(whole, fraction) <= max * 100
}

fn oracle_says(oracle: &Compiled, value: &str) -> bool {
    oracle.regex.is_match(value) && oracle.documented.bound.is_none_or(|max| within(value, max))
}

/// Every oracle's answer must be the matcher's. The form fields trim what they are given (the
/// validators check a value as typed), so their matchers are asked about trimmed text.
fn agree(value: &str) -> Result<(), TestCaseError> {
    for oracle in ORACLES.iter() {
        let asked = if oracle.documented.trims {
            value.trim()
        } else {
            value
        };
        prop_assert_eq!(
            (oracle.documented.matcher)(asked),
            oracle_says(oracle, asked),
            "{} on {:?} (pattern {})",
            oracle.documented.name,
            asked,
            oracle.documented.pattern
        );
    }
    Ok(())
}

/// Strings drawn from every documented pattern: each is valid for at least one matcher and a
/// near miss for the others.
fn from_patterns() -> BoxedStrategy<String> {
    let strategies: Vec<BoxedStrategy<String>> = documented()
        .into_iter()
        .map(|documented| string_regex(documented.pattern).unwrap().boxed())
        .collect();
    proptest::strategy::Union::new(strategies).boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn matchers_agree_on_strings_of_their_patterns(value in from_patterns()) {
        agree(&value)?;
    }

    #[test]
    fn matchers_agree_on_the_characters_these_fields_see(
        value in r"[0-9]{0,3}[0-9Xx*+. _-]{0,4}[0-9]{0,20}[a-zA-Z0-9 ._-]{0,6}"
    ) {
        agree(&value)?;
    }

    #[test]
    fn matchers_agree_on_any_text(value in r"\PC{0,32}") {
        agree(&value)?;
    }

    #[test]
    fn matchers_agree_on_numbers_around_their_bounds(
        whole in prop_oneof![0u64..=120, 999_990u64..=1_000_010, 99_999_990u64..=100_000_010],
        fraction in prop_oneof![Just(String::new()), r"\.[0-9]{1,3}"],
        lead in prop_oneof![Just(""), Just("0"), Just("-")],
    ) {
        agree(&format!("{lead}{whole}{fraction}"))?;
    }
}

/// The ID number rule's documented shape; it also checks the birth date and the GB 11643 check
/// character, which no pattern expresses.
const ID_SHAPE: &str = r"^[1-9][0-9]{16}[0-9Xx]$";

/// The ISO 7064 MOD 11-2 check character of the first 17 digits.
fn check_character(first17: &str) -> char {
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    let sum: u32 = first17
        .bytes()
        .zip(WEIGHTS)
        .map(|(digit, weight)| u32::from(digit - b'0') * weight)
        .sum();
    b"10X98765432"[(sum % 11) as usize] as char
}

proptest! {
    #[test]
    fn id_numbers_outside_the_shape_are_refused(value in r"[0-9Xx]{16,19}|[1-9][0-9]{16}[0-9Xx ]") {
        let shape = Regex::new(ID_SHAPE).unwrap();
        prop_assert!(!Rule::IdCard.accepts(&value) || shape.is_match(&value));
    }

    #[test]
    fn id_numbers_of_real_dates_with_their_check_character_are_accepted(
        region in 100_000u32..=999_999,
        year in 1900i32..=2025,
        month in 1u32..=12,
        day in 1u32..=28,
        sequence in 0u32..=999,
    ) {
        let first17 = format!("{region}{year}{month:02}{day:02}{sequence:03}");
        let id = format!("{first17}{}", check_character(&first17));
        prop_assert!(Regex::new(ID_SHAPE).unwrap().is_match(&id));
        prop_assert!(Rule::IdCard.accepts(&id), "{}", id);
        let wrong = if id.ends_with('0') { '1' } else { '0' };
        let wrong = format!("{first17}{wrong}");
        prop_assert!(!Rule::IdCard.accepts(&wrong), "{}", wrong);
    }
}
