//! Authorization, structurally: a route declares the menu page or action it needs ([`need`]),
//! and receives the data only as a [`Scoped`] handle from [`Caller::require`], which filters
//! every query on a [`Placed`] table by the caller's data scope ([`scope`]).
//!
//! After lldap's access control: no handler holds a raw connection for organisation data, and a
//! forgotten filter is a missing call that does not compile rather than a clause left out.

// Loads the caller before any scope exists.
#[allow(clippy::disallowed_methods)]
pub mod caller;
pub mod need;
pub mod placed;
pub mod scope;
pub mod scoped;
pub mod unscoped;

pub use caller::Caller;
pub use need::Need;
pub use scope::{Place, Placed, Scope};
pub use scoped::Scoped;
pub use unscoped::Unscoped;
