//! The navigation guard of spec §2: what happens before each navigation.

use serde::{Deserialize, Serialize};

pub const LOGIN_PATH: &str = "/login";
pub const NOT_FOUND_PATH: &str = "/404";
/// Routes the spec calls open: reachable with or without a session.
pub const OPEN_PATHS: [&str; 3] = [LOGIN_PATH, NOT_FOUND_PATH, "/useInfo"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GuardInput {
    pub path: String,
    pub has_session: bool,
    /// Whether the loaded user info carries a userId.
    pub has_user_id: bool,
    /// The target route's `meta.permission`; absent for routes that do not say.
    #[serde(default)]
    pub permission: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum GuardDecision {
    Pass,
    Redirect {
        to: String,
    },
    /// Session but no user yet: load user info and menu, then decide again.
    LoadUser,
}

/// Open routes (/login, /404, /useInfo) always pass; no session → /login; no userId → load the user first; a route whose
/// permission is explicitly false → /404; otherwise pass.
pub fn guard_decision(input: &GuardInput) -> GuardDecision {
    if OPEN_PATHS.contains(&input.path.as_str()) {
        GuardDecision::Pass
    } else if !input.has_session {
        GuardDecision::Redirect {
            to: LOGIN_PATH.into(),
        }
    } else if !input.has_user_id {
        GuardDecision::LoadUser
    } else if input.permission == Some(false) {
        GuardDecision::Redirect {
            to: NOT_FOUND_PATH.into(),
        }
    } else {
        GuardDecision::Pass
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decide(path: &str, session: bool, user: bool, permission: Option<bool>) -> GuardDecision {
        guard_decision(&GuardInput {
            path: path.into(),
            has_session: session,
            has_user_id: user,
            permission,
        })
    }

    fn redirect(to: &str) -> GuardDecision {
        GuardDecision::Redirect { to: to.into() }
    }

    #[test]
    fn open_routes_pass_without_a_session() {
        // "/404: open." "/useInfo: open, lazy loaded."
        for path in ["/404", "/useInfo", "/login"] {
            assert_eq!(
                decide(path, false, false, None),
                GuardDecision::Pass,
                "{path}"
            );
        }
        assert_eq!(
            decide("/enrollment", false, false, None),
            redirect("/login")
        );
    }

    #[test]
    fn follows_the_navigation_rules_in_order() {
        // "/login always passes."
        assert_eq!(
            decide("/login", false, false, Some(false)),
            GuardDecision::Pass
        );
        // "Any other path without a login session goes to /login."
        assert_eq!(
            decide("/work/home/index", false, true, Some(true)),
            redirect("/login")
        );
        // "With a session and no userId in the user info, user info and the user menu are loaded first."
        assert_eq!(
            decide("/work/home/index", true, false, None),
            GuardDecision::LoadUser
        );
        // "A route whose meta permission is explicitly false goes to /404."
        assert_eq!(
            decide("/enrollment", true, true, Some(false)),
            redirect("/404")
        );
        assert_eq!(
            decide("/enrollment", true, true, Some(true)),
            GuardDecision::Pass
        );
        assert_eq!(decide("/404", true, true, None), GuardDecision::Pass);
    }

    #[test]
    fn decisions_serialise_as_tagged_objects() {
        let json = serde_json::to_value(redirect("/404")).unwrap();
        assert_eq!(json, serde_json::json!({"kind": "redirect", "to": "/404"}));
        let json = serde_json::to_value(GuardDecision::LoadUser).unwrap();
        assert_eq!(json, serde_json::json!({"kind": "loadUser"}));
    }
}
