//! Query decryption on arbitrary ciphertext never panics, and whatever encrypts decrypts back.
#![no_main]

use brokerdesk_core::query_crypto::{decrypt_value, decrypt_value_or_raw, encrypt_value};
use libfuzzer_sys::fuzz_target;

const KEY: &str = "brokerdeskKey016";
const IV: &str = "brokerdeskIv0016";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = decrypt_value_or_raw(text, KEY, IV);
    let sealed = encrypt_value(text, KEY, IV).expect("16-byte key and IV");
    assert_eq!(decrypt_value(&sealed, KEY, IV).as_deref(), Ok(text));
});
