//! Property-style checks: no input makes a rule panic, and query protection round-trips.
//! Inputs come from a small deterministic generator over characters that matter to the rules
//! (digits, signs, separators, brackets, CJK, control and astral characters).

use std::collections::BTreeMap;

use brokerdesk_core::chat::{self, Conversation, Reply};
use brokerdesk_core::request::{RequestContext, RequestSpec, classify_blob_text, shape_request};
use brokerdesk_core::{
    decimal::Decimal, enums, format, permission, query_crypto, routes, storage, text, validate,
};

const ALPHABET: &str = "0123456789 .-+*,:/?&=%Xx「」!ab中文\u{0}\u{7f}\u{1F3E0}<>\"'`";

/// A linear congruential generator: deterministic, dependency-free.
struct Inputs {
    seed: u64,
    alphabet: Vec<char>,
}

impl Inputs {
    fn new(seed: u64) -> Inputs {
        Inputs {
            seed,
            alphabet: ALPHABET.chars().collect(),
        }
    }

    fn next(&mut self) -> u64 {
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.seed >> 33
    }

    fn string(&mut self, max_len: u64) -> String {
        let len = self.next() % (max_len + 1);
        (0..len)
            .map(|_| {
                let index = self.next() as usize % self.alphabet.len();
                self.alphabet[index]
            })
            .collect()
    }
}

#[test]
fn text_rules_never_panic() {
    let mut inputs = Inputs::new(7);
    for _ in 0..3_000 {
        let value = inputs.string(30);
        for rule in validate::Rule::ALL {
            let _ = validate::check(rule, &value, true);
        }
        let _ = Decimal::parse(&value).map(|d| d.round_half_up(2).shift_right(4).to_text(true));
        let _ = format::round(&value, 2);
        let _ = format::thousands(&value, Some(0));
        let _ = format::amount(&value);
        let _ = format::format_phone(&value, format::MaskLevel::Middle);
        let _ = format::bank_card(&value);
        let _ = format::date(1_700_000_000_000, &value, 480);
        let _ = text::parse_placeholders(&value);
        let _ = text::is_external_link(&value);
        let _ = permission::is_local_or_internal_host(&value);
        let _ = routes::match_route(["/a/:id", "/b"].into_iter(), &value);
        let _ = storage::unwrap(&value, 0);
        let _ = classify_blob_text(&value);
        let _ = query_crypto::sanitize_query_value(&value);
        let _ = query_crypto::decrypt_value_or_raw(&value, "brokerdesk-key16", "brokerdesk-iv-16");
        let _ = enums::table("sex").map(|table| table.label(&value));
    }
}

#[test]
fn numbers_at_the_edges_never_panic() {
    for time in [i64::MIN, -1, 0, 1, i64::MAX] {
        for now in [i64::MIN, 0, i64::MAX] {
            for offset in [i32::MIN, -720, 0, 480, i32::MAX] {
                let _ = format::relative(time, now, offset);
                let _ = format::date(time, "YYYY-MM-DD HH:mm:ss", offset);
            }
        }
        let _ = format::fen_amount(time);
    }
}

#[test]
fn query_values_round_trip() {
    let mut inputs = Inputs::new(11);
    for _ in 0..500 {
        let value = inputs.string(60);
        let hex =
            query_crypto::encrypt_value(&value, "brokerdesk-key16", "brokerdesk-iv-16").unwrap();
        let back = query_crypto::decrypt_value(&hex, "brokerdesk-key16", "brokerdesk-iv-16");
        assert_eq!(back.as_deref(), Ok(value.as_str()));
    }
}

#[test]
fn requests_and_chat_never_panic() {
    let mut inputs = Inputs::new(13);
    let mut conversation = Conversation::new("u");
    for _ in 0..1_000 {
        let text = inputs.string(20);
        let mut params = serde_json::Map::new();
        params.insert(text.clone(), serde_json::Value::String(text.clone()));
        let spec = RequestSpec {
            method: Some(text.clone()),
            url: text.clone(),
            params: Some(params),
            ..RequestSpec::default()
        };
        let _ = shape_request(&spec, &RequestContext::default());
        let mut query = BTreeMap::new();
        query.insert(text.clone(), text.clone());
        let _ = query_crypto::decrypt_query(&query, "k", "iv");

        let tag = [
            "start",
            "",
            "end",
            "stop",
            "textError",
            "usage",
            "doc",
            "systemTag",
        ][inputs.next() as usize % 8];
        let reply = Reply {
            msg: text.clone(),
            tag: tag.into(),
            uuid: conversation.uu_id.clone(),
        };
        // Blocked actions answer with a toast; only panics would fail this test.
        let _ = match inputs.next() % 5 {
            0 => chat::ask(&mut conversation, &text, None),
            1 => chat::retry(&mut conversation).map(|_| ()),
            2 => chat::delete_pair(&mut conversation, inputs.next() as usize % 4),
            3 => chat::new_conversation(&mut conversation, &text),
            _ => {
                chat::stop(&mut conversation);
                Ok(())
            }
        };
        chat::reply(&mut conversation, &reply);
    }
}

#[test]
fn form_checks_never_panic() {
    let mut inputs = Inputs::new(13);
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).expect("a date");
    for form in brokerdesk_core::forms::ALL {
        for _ in 0..200 {
            let mut values = serde_json::Map::new();
            for field in form.fields {
                values.insert(field.name.to_owned(), inputs.string(40).into());
            }
            let _ = brokerdesk_core::forms::check(form, &mut values, today);
        }
    }
}
