//! Query-parameter protection (spec §2, §9): AES-128-CBC with PKCS7 padding, ciphertext as hex,
//! falling back to the raw value on failure. Key and IV come from configuration as UTF-8 strings
//! of 16 bytes each, the convention of the common browser crypto library (UTF-8 parsed key and
//! IV, hex of the ciphertext), so links made by either side open in the other.

use std::collections::BTreeMap;

use aes::Aes128;
use cbc::cipher::block_padding::Pkcs7;
use cbc::cipher::{BlockDecryptMut, BlockEncryptMut, KeyIvInit};
use serde::{Deserialize, Serialize};

use crate::messages::URL_PARAM_ERROR;

/// The query parameter that forces a refresh; it is never encrypted.
pub const CACHED_PARAM: &str = "cached";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryCryptoError {
    /// Key or IV is not exactly 16 bytes of UTF-8.
    BadKey,
    /// Not hex, not whole blocks, bad padding or not UTF-8 after decryption.
    BadCiphertext,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueryDecryptResult {
    pub ok: bool,
    /// Decrypted values; a value that failed keeps its raw text.
    pub query: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

type Encryptor = cbc::Encryptor<Aes128>;
type Decryptor = cbc::Decryptor<Aes128>;

fn key_and_iv<'a>(
    key: &'a str,
    iv: &'a str,
) -> Result<(&'a [u8; 16], &'a [u8; 16]), QueryCryptoError> {
    let key = key
        .as_bytes()
        .try_into()
        .map_err(|_| QueryCryptoError::BadKey)?;
    let iv = iv
        .as_bytes()
        .try_into()
        .map_err(|_| QueryCryptoError::BadKey)?;
    Ok((key, iv))
}

/// Encrypts a value to lowercase hex.
pub fn encrypt_value(value: &str, key: &str, iv: &str) -> Result<String, QueryCryptoError> {
    let (key, iv) = key_and_iv(key, iv)?;
    let cipher = Encryptor::new(key.into(), iv.into());
    Ok(hex::encode(
        cipher.encrypt_padded_vec_mut::<Pkcs7>(value.as_bytes()),
    ))
}

/// Decrypts hex (either case) back to the value.
pub fn decrypt_value(
    ciphertext_hex: &str,
    key: &str,
    iv: &str,
) -> Result<String, QueryCryptoError> {
    let (key, iv) = key_and_iv(key, iv)?;
    let bytes = hex::decode(ciphertext_hex.trim()).map_err(|_| QueryCryptoError::BadCiphertext)?;
    if bytes.is_empty() {
        return Err(QueryCryptoError::BadCiphertext);
    }
    let cipher = Decryptor::new(key.into(), iv.into());
    let plain = cipher
        .decrypt_padded_vec_mut::<Pkcs7>(&bytes)
        .map_err(|_| QueryCryptoError::BadCiphertext)?;
    String::from_utf8(plain).map_err(|_| QueryCryptoError::BadCiphertext)
}

/// Encrypts, or returns the raw value when the key or IV is unusable.
pub fn encrypt_value_or_raw(value: &str, key: &str, iv: &str) -> String {
    encrypt_value(value, key, iv).unwrap_or_else(|_| value.to_string())
}

/// Decrypts, or returns the raw value when it is not a ciphertext of this key.
pub fn decrypt_value_or_raw(ciphertext_hex: &str, key: &str, iv: &str) -> String {
    decrypt_value(ciphertext_hex, key, iv).unwrap_or_else(|_| ciphertext_hex.to_string())
}

/// Decrypts every query value except `cached`. Empty values stay empty. When any value fails,
/// the result is not ok and carries 'url参数错误'; failed values keep their raw text.
pub fn decrypt_query(query: &BTreeMap<String, String>, key: &str, iv: &str) -> QueryDecryptResult {
    let mut ok = true;
    let mut decrypted = BTreeMap::new();
    for (name, value) in query {
        let plain = if name == CACHED_PARAM || value.is_empty() {
            value.clone()
        } else {
            decrypt_value(value, key, iv).unwrap_or_else(|_| {
                ok = false;
                value.clone()
            })
        };
        decrypted.insert(name.clone(), plain);
    }
    QueryDecryptResult {
        ok,
        query: decrypted,
        message: (!ok).then(|| URL_PARAM_ERROR.to_string()),
    }
}

/// The navigation helper's refresh marker: `cached=<now in ms>`.
pub fn with_cached_param(
    mut query: BTreeMap<String, String>,
    now_ms: f64,
) -> BTreeMap<String, String> {
    // `as` saturates and maps NaN to 0.
    let stamp = now_ms.max(0.0) as u64;
    query.insert(CACHED_PARAM.into(), stamp.to_string());
    query
}

/// Strips characters that could break out of an attribute or script (`< > " ' \``) and
/// control characters, then trims.
pub fn sanitize_query_value(value: &str) -> String {
    value
        .chars()
        .filter(|c| !matches!(c, '<' | '>' | '"' | '\'' | '`') && !c.is_control())
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "brokerdesk-key16";
    const IV: &str = "brokerdesk-iv-16";

    /// Computed independently with Node's crypto:
    /// `node -e "const c=require('crypto').createCipheriv('aes-128-cbc',Buffer.from('brokerdesk-key16'),
    ///  Buffer.from('brokerdesk-iv-16'));console.log(c.update('id=42&title=滨江花园','utf8','hex')+c.final('hex'))"`
    const NODE_VECTOR: &str = "67019e56418d7c853f6def708f9a70a21442259c0524ddf0dc2da856f9ec402c";

    #[test]
    fn matches_an_independent_implementation() {
        assert_eq!(
            encrypt_value("id=42&title=滨江花园", KEY, IV).unwrap(),
            NODE_VECTOR
        );
        assert_eq!(
            decrypt_value(NODE_VECTOR, KEY, IV).unwrap(),
            "id=42&title=滨江花园"
        );
        assert_eq!(
            decrypt_value(&NODE_VECTOR.to_uppercase(), KEY, IV).unwrap(),
            "id=42&title=滨江花园"
        );
    }

    #[test]
    fn round_trips_generated_values() {
        let alphabet: Vec<char> = "aZ09 -_=&?%中文房源\u{1F3E0}".chars().collect();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for len in 0..200 {
            let value: String = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    alphabet[(seed >> 33) as usize % alphabet.len()]
                })
                .collect();
            let hex = encrypt_value(&value, KEY, IV).unwrap();
            assert_eq!(hex.len() % 32, 0);
            assert_eq!(decrypt_value(&hex, KEY, IV).unwrap(), value);
        }
    }

    #[test]
    fn falls_back_to_the_raw_value() {
        assert_eq!(decrypt_value_or_raw("滨江花园", KEY, IV), "滨江花园");
        assert_eq!(decrypt_value_or_raw("abc", KEY, IV), "abc");
        assert_eq!(decrypt_value_or_raw("00112233", KEY, IV), "00112233");
        assert_eq!(encrypt_value_or_raw("42", "short", IV), "42");
        assert_eq!(
            decrypt_value("00", "short", IV),
            Err(QueryCryptoError::BadKey)
        );
        assert_eq!(
            decrypt_value("", KEY, IV),
            Err(QueryCryptoError::BadCiphertext)
        );
    }

    #[test]
    fn decrypts_a_query_except_cached() {
        let mut query = BTreeMap::new();
        query.insert("id".to_string(), encrypt_value("42", KEY, IV).unwrap());
        query.insert("cached".to_string(), "1700000000000".to_string());
        query.insert("empty".to_string(), String::new());
        let result = decrypt_query(&query, KEY, IV);
        assert!(result.ok);
        assert_eq!(result.message, None);
        assert_eq!(result.query["id"], "42");
        assert_eq!(result.query["cached"], "1700000000000");
        assert_eq!(result.query["empty"], "");
    }

    #[test]
    fn a_failed_value_gives_url_param_error() {
        let mut query = BTreeMap::new();
        query.insert("id".to_string(), "not-hex".to_string());
        let result = decrypt_query(&query, KEY, IV);
        assert!(!result.ok);
        assert_eq!(result.message.as_deref(), Some("url参数错误"));
        assert_eq!(result.query["id"], "not-hex");
    }

    #[test]
    fn adds_the_cached_timestamp() {
        let query = with_cached_param(BTreeMap::new(), 1_700_000_000_123.9);
        assert_eq!(query["cached"], "1700000000123");
        assert_eq!(with_cached_param(BTreeMap::new(), f64::NAN)["cached"], "0");
    }

    #[test]
    fn sanitises_query_values() {
        assert_eq!(
            sanitize_query_value(" <script>alert('x')</script> "),
            "scriptalert(x)/script"
        );
        assert_eq!(sanitize_query_value("滨江\u{0}花园\n"), "滨江花园");
        assert_eq!(sanitize_query_value("a`b\"c"), "abc");
    }
}
