//! Permissions (spec §6) and the session helpers that depend on where the SPA runs.

use std::net::{Ipv4Addr, Ipv6Addr};

/// The position name of the super administrator, who passes every permission check.
pub const SUPER_ADMIN_POSITION: &str = "超级管理员";

/// localhost, loopback, private IPv4 ranges and `*.local`: where developers run the SPA.
pub fn is_local_or_internal_host(hostname: &str) -> bool {
    let host = hostname
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim_end_matches('.')
        .to_ascii_lowercase();
    if host == "localhost" || host.ends_with(".localhost") || host.ends_with(".local") {
        return true;
    }
    if let Ok(ip) = host.parse::<Ipv4Addr>() {
        return ip.is_loopback() || ip.is_private();
    }
    host.parse::<Ipv6Addr>().is_ok_and(|ip| ip.is_loopback())
}

/// Logout tells the server everywhere except on `localhost` itself (spec §4), where a developer
/// may run the SPA without the upstream. Internal addresses still revoke the session.
pub fn logout_notifies_server(hostname: &str) -> bool {
    !hostname.trim().eq_ignore_ascii_case("localhost")
}

/// The local menu override applies only on a local or internal host with the flag set.
pub fn use_local_menu(hostname: &str, local_menu_flag: bool) -> bool {
    local_menu_flag && is_local_or_internal_host(hostname)
}

/// Whether the permission directive keeps a button: its action is allowed on the current
/// route, or the directive does not apply (local/internal host, super administrator).
pub fn permission_directive_keeps(
    action: &str,
    allowed_actions: &[String],
    hostname: &str,
    position_name: &str,
) -> bool {
    is_local_or_internal_host(hostname)
        || position_name == SUPER_ADMIN_POSITION
        || allowed_actions.iter().any(|allowed| allowed == action)
}

/// Whether a feature is visible: its code is among the user's permissions, or the user is the
/// super administrator, or this is local development with the local-menu flag.
pub fn has_feature(
    code: &str,
    permissions: &[String],
    position_name: &str,
    hostname: &str,
    local_menu_flag: bool,
) -> bool {
    position_name == SUPER_ADMIN_POSITION
        || use_local_menu(hostname, local_menu_flag)
        || permissions.iter().any(|permission| permission == code)
}

/// The site to use at load: the saved one if still among the user's sites, else the first,
/// else 0 (no site).
pub fn pick_site(saved_site_id: Option<i64>, site_ids: &[i64]) -> i64 {
    saved_site_id
        .filter(|saved| site_ids.contains(saved))
        .or_else(|| site_ids.first().copied())
        .unwrap_or(crate::constants::NO_SITE_ID)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logout_tells_the_server_except_on_localhost() {
        // "Logout tells the server (except on localhost)".
        assert!(!logout_notifies_server("localhost"));
        assert!(logout_notifies_server("127.0.0.1"));
        assert!(logout_notifies_server("brokerdesk.example.cn"));
    }

    #[test]
    fn recognises_local_and_internal_hosts() {
        for host in [
            "localhost",
            "LOCALHOST",
            "app.localhost",
            "127.0.0.1",
            "127.8.9.10",
            "::1",
            "[::1]",
            "10.0.0.8",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.20",
            "nas.local",
        ] {
            assert!(is_local_or_internal_host(host), "{host}");
        }
        for host in [
            "brokerdesk.example.com",
            "172.15.0.1",
            "172.32.0.1",
            "192.169.0.1",
            "8.8.8.8",
            "",
            "local",
            "10.0.0.256",
            "2001:db8::1",
        ] {
            assert!(!is_local_or_internal_host(host), "{host}");
        }
    }

    #[test]
    fn local_menu_needs_both_the_host_and_the_flag() {
        assert!(use_local_menu("localhost", true));
        assert!(!use_local_menu("localhost", false));
        assert!(!use_local_menu("crm.example.com", true));
    }

    #[test]
    fn directive_removes_buttons_not_in_the_allowed_list() {
        let allowed = vec!["add".to_string(), "edit".to_string()];
        let remote = "crm.example.com";
        assert!(permission_directive_keeps(
            "add",
            &allowed,
            remote,
            "经纪人"
        ));
        assert!(!permission_directive_keeps(
            "delete",
            &allowed,
            remote,
            "经纪人"
        ));
        // "It does not apply on localhost or an internal address, or for ... the super administrator."
        assert!(permission_directive_keeps(
            "delete",
            &allowed,
            "192.168.0.5",
            "经纪人"
        ));
        assert!(permission_directive_keeps(
            "delete",
            &allowed,
            remote,
            "超级管理员"
        ));
    }

    #[test]
    fn feature_visibility() {
        let permissions = vec!["house:export".to_string()];
        let remote = "crm.example.com";
        assert!(has_feature(
            "house:export",
            &permissions,
            "店长",
            remote,
            false
        ));
        assert!(!has_feature(
            "house:delete",
            &permissions,
            "店长",
            remote,
            false
        ));
        assert!(has_feature(
            "house:delete",
            &permissions,
            "超级管理员",
            remote,
            false
        ));
        assert!(has_feature(
            "house:delete",
            &permissions,
            "店长",
            "localhost",
            true
        ));
        assert!(!has_feature(
            "house:delete",
            &permissions,
            "店长",
            "localhost",
            false
        ));
    }

    #[test]
    fn picks_the_saved_site_if_still_present() {
        assert_eq!(pick_site(Some(3), &[1, 3]), 3);
        assert_eq!(pick_site(Some(9), &[1, 3]), 1);
        assert_eq!(pick_site(None, &[4]), 4);
        assert_eq!(pick_site(Some(9), &[]), 0);
    }
}
