//! A route's own body limit: axum's `DefaultBodyLimit` with the limit told to the request too,
//! so a body over it is refused naming that limit (32MB on an import), not the 1MB of most routes.

use axum::Extension;
use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;

use super::BODY_LIMIT_BYTES;

/// The body limit of the route a request is for; absent, [`BODY_LIMIT_BYTES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyLimit(pub usize);

impl BodyLimit {
    pub fn of(extensions: &axum::http::Extensions) -> usize {
        extensions
            .get::<Self>()
            .map_or(BODY_LIMIT_BYTES, |limit| limit.0)
    }
}

pub trait LimitBody {
    /// The routes added so far accept bodies up to `bytes`, and say so when refusing more.
    #[must_use]
    fn limit_body(self, bytes: usize) -> Self;
}

impl<S: Clone + Send + Sync + 'static> LimitBody for OpenApiRouter<S> {
    fn limit_body(self, bytes: usize) -> Self {
        self.layer(DefaultBodyLimit::max(bytes))
            .layer(Extension(BodyLimit(bytes)))
    }
}
