//! Every validator rule on arbitrary text: none may panic, and a value a rule accepts when
//! required must also pass when the field is optional.
#![no_main]

use brokerdesk_core::validate::{Rule, check};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = std::str::from_utf8(data) else {
        return;
    };
    for rule in Rule::ALL {
        if check(rule, value, true).is_ok() {
            assert!(check(rule, value, false).is_ok(), "{rule:?} {value:?}");
        }
    }
});
