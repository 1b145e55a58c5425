//! Opaque secrets handed to clients: login tokens and SMS codes. The client gets the plain
//! value; the database keeps only its SHA-256, so a leaked table opens no session.

use rand::{Rng, RngCore};
use sha2::{Digest, Sha256};

/// A fresh login token: 32 random bytes as 64 hex characters.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// A fresh 6-digit verification code, leading zeros kept.
pub fn new_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000))
}

/// The stored form of a secret.
pub fn digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// The stored form of a verification code: bound to its number, so equal codes sent to two
/// numbers are stored differently.
pub fn code_digest(mobile: &str, code: &str) -> String {
    digest(&format!("{mobile}:{code}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_64_hex_characters_and_differ() {
        let a = new_token();
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, new_token());
    }

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..100 {
            let code = new_code();
            assert_eq!(code.len(), 6);
            assert!(code.chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn digests_are_sha256_hex() {
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(
            code_digest("13800000001", "123456"),
            code_digest("13800000002", "123456")
        );
    }
}
