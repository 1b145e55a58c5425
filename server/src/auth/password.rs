//! Password hashing with argon2id (the crate's recommended parameters), run off the async
//! threads because a hash takes real CPU time.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::error::AppError;

/// A PHC-format argon2id hash of `password` with a fresh random salt.
pub async fn hash_password(password: &str) -> Result<String, AppError> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(AppError::internal)?
}

fn hash_now(password: &str) -> Result<String, AppError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(AppError::internal)
}

/// Whether `password` matches `stored`; an unreadable stored hash never matches.
pub async fn verify_password(password: &str, stored: &str) -> Result<bool, AppError> {
    let password = password.to_owned();
    let stored = stored.to_owned();
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&stored).is_ok_and(|hash| {
            Argon2::default()
                .verify_password(password.as_bytes(), &hash)
                .is_ok()
        })
    })
    .await
    .map_err(AppError::internal)
}

/// Spends the same work as a real check, so an unknown username answers no faster than a
/// wrong password (the answer itself is the same).
pub async fn verify_against_nothing(password: &str) -> Result<(), AppError> {
    static DECOY: OnceLock<String> = OnceLock::new();
    let decoy = match DECOY.get() {
        Some(hash) => hash.clone(),
        None => {
            let hash = hash_password("decoy password that no account has").await?;
            DECOY.get_or_init(|| hash).clone()
        }
    };
    verify_password(password, &decoy).await.map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hash = hash_password("Demo@2026").await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("Demo@2026", &hash).await.unwrap());
        assert!(!verify_password("demo@2026", &hash).await.unwrap());
        assert!(!verify_password("Demo@2026", "not a hash").await.unwrap());
    }
}
