//! Who the caller is: password hashes, login tokens, the `Session` extractor, the menu and
//! action grants their roles give, and the per-process cache of what each token opens.

pub mod cache;
pub mod grants;
pub mod known;
pub mod password;
pub mod session;
pub mod token;

pub use cache::CallerCache;
pub use grants::Grants;
pub use known::Known;
pub use session::Session;
