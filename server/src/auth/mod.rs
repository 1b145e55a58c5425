//! Who the caller is: password hashes, login tokens, the `Session` extractor, and the menu
//! and action grants their roles give.

pub mod grants;
pub mod password;
pub mod session;
pub mod token;

pub use grants::Grants;
pub use session::Session;
