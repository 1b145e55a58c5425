//! Every fixed user-facing text of the client (spec §2, §4, §5, §8), in one place. The SPA reads
//! them through `messages()`; the other modules of core use these constants.

/// §8: code 10010003 or this server message means the login expired.
pub const LOGIN_AGAIN: &str = "请重新登录";
pub const LOGIN_EXPIRED: &str = "登录已过期，请重新登录";
pub const NETWORK_ERROR: &str = "网络响应错误";
/// An error response that carries neither `message` nor `errorMessage`.
pub const REQUEST_FAILED: &str = "请求失败";
pub const NO_PERMISSION: &str = "该用户没有访问权限";
/// A button kept on a local host (spec §6) for an action the route does not grant, said at the
/// click instead of after a form is filled: the server's own refusal.
pub const ACTION_REFUSED: &str = crate::error_code::NO_PERMISSION.message;
/// A role that opens no page: its holders are told [`NO_PERMISSION`] at login. Marked in the
/// role list and the 角色 pickers.
pub const ROLE_WITHOUT_MENUS: &str = "未设置权限";
pub const ROLE_WITHOUT_MENUS_HINT: &str = "该角色未勾选任何页面，持有该角色的员工无法登录系统";
pub const CANCEL_REQUEST: &str = "取消请求";
pub const URL_PARAM_ERROR: &str = "url参数错误";
/// A record that does not exist: the server's answer for an unknown id, and the detail page's
/// own for an address whose id is not a number at all.
pub const RECORD_NOT_FOUND: &str = "数据不存在或已被删除";
pub const COPY_SUCCESS: &str = "复制成功";
pub const DELETE_CONFIRM: &str = "此操作将永久删除该数据，是否继续？";
/// The title of a delete confirmation, naming what goes: `{what}` is the kind (门店), `{name}` the
/// record's name (西湖店), so a slip of the row is caught before 确定.
pub const DELETE_NAMED: &str = "确定删除{what}「{name}」吗？";
/// Asked before a dialog with changes not yet saved closes by Esc, its × or a click outside.
pub const DISCARD_CHANGES: &str = "放弃修改？";

/// §2 shared UI.
pub const EMPTY_DATA: &str = "~暂无数据~";
pub const PREV_PAGE: &str = "上一页";
pub const NEXT_PAGE: &str = "下一页";
/// The pagination total, `{total}` replaced by the count.
pub const PAGE_TOTAL: &str = "共{total}条";
pub const ENROLLMENT_TITLE: &str = "办理入职";

/// §4 chat.
pub const CHAT_THINKING: &str = "正在思考";
pub const CHAT_STOPPED: &str = "已终止回答";
pub const CHAT_STOPPING: &str = "终止中...";
pub const CHAT_NEW_SESSION: &str = "已开启全新会话";
pub const CHAT_BUSY_ANSWERING: &str = "正在回答，请稍后再试";
pub const CHAT_BUSY_STOPPING: &str = "终止中，请稍后再试";
pub const CHAT_ALREADY_NEW: &str = "已经是新对话了，我们继续吧~";
pub const CHAT_QUEUE_BUSY: &str = "当前排队用户过多，请稍后重试。";
/// Prefix of the text shown when the socket fails while thinking or stopping.
pub const CHAT_CONNECT_FAILED_PREFIX: &str = "[连接失败] ";
pub const CHAT_NETWORK_ERROR: &str = "对话网络错误，请刷新页面重试";

/// `[连接失败] <detail>`.
pub fn chat_connect_failed(detail: &str) -> String {
    format!("{CHAT_CONNECT_FAILED_PREFIX}{detail}")
}

/// `共N条`.
pub fn page_total(total: u64) -> String {
    PAGE_TOTAL.replace("{total}", &total.to_string())
}

/// `确定删除门店「西湖店」吗？`.
pub fn delete_named(what: &str, name: &str) -> String {
    DELETE_NAMED.replace("{what}", what).replace("{name}", name)
}

/// Every fixed text by the camelCase key the SPA uses.
pub fn all() -> Vec<(&'static str, &'static str)> {
    vec![
        ("loginAgain", LOGIN_AGAIN),
        ("loginExpired", LOGIN_EXPIRED),
        ("networkError", NETWORK_ERROR),
        ("requestFailed", REQUEST_FAILED),
        ("noPermission", NO_PERMISSION),
        ("actionRefused", ACTION_REFUSED),
        ("roleWithoutMenus", ROLE_WITHOUT_MENUS),
        ("roleWithoutMenusHint", ROLE_WITHOUT_MENUS_HINT),
        ("cancelRequest", CANCEL_REQUEST),
        ("urlParamError", URL_PARAM_ERROR),
        ("recordNotFound", RECORD_NOT_FOUND),
        ("copySuccess", COPY_SUCCESS),
        ("deleteConfirm", DELETE_CONFIRM),
        ("deleteNamed", DELETE_NAMED),
        ("discardChanges", DISCARD_CHANGES),
        ("emptyData", EMPTY_DATA),
        ("prevPage", PREV_PAGE),
        ("nextPage", NEXT_PAGE),
        ("pageTotal", PAGE_TOTAL),
        ("enrollmentTitle", ENROLLMENT_TITLE),
        ("chatThinking", CHAT_THINKING),
        ("chatStopped", CHAT_STOPPED),
        ("chatStopping", CHAT_STOPPING),
        ("chatNewSession", CHAT_NEW_SESSION),
        ("chatBusyAnswering", CHAT_BUSY_ANSWERING),
        ("chatBusyStopping", CHAT_BUSY_STOPPING),
        ("chatAlreadyNew", CHAT_ALREADY_NEW),
        ("chatQueueBusy", CHAT_QUEUE_BUSY),
        ("chatConnectFailedPrefix", CHAT_CONNECT_FAILED_PREFIX),
        ("chatNetworkError", CHAT_NETWORK_ERROR),
        ("required", crate::validate::REQUIRED),
        ("photoUnreadable", crate::media::PHOTO_UNREADABLE_MESSAGE),
        ("photoSize", crate::media::PHOTO_SIZE_MESSAGE),
        ("photosFull", crate::media::PHOTOS_FULL_MESSAGE),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(key: &str) -> &'static str {
        all()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
            .unwrap_or_else(|| panic!("no message {key}"))
    }

    #[test]
    fn quotes_the_error_catalogue() {
        assert_eq!(text("noPermission"), "该用户没有访问权限");
        assert_eq!(text("cancelRequest"), "取消请求");
        assert_eq!(text("urlParamError"), "url参数错误");
        assert_eq!(text("recordNotFound"), "数据不存在或已被删除");
        assert_eq!(
            crate::error_code::NOT_FOUND.message,
            RECORD_NOT_FOUND,
            "the server's answer for an unknown id and the page's own read alike"
        );
        assert_eq!(text("discardChanges"), "放弃修改？");
        assert_eq!(text("chatQueueBusy"), "当前排队用户过多，请稍后重试。");
        assert_eq!(text("chatNetworkError"), "对话网络错误，请刷新页面重试");
        assert_eq!(text("chatBusyAnswering"), "正在回答，请稍后再试");
        assert_eq!(text("chatBusyStopping"), "终止中，请稍后再试");
        assert_eq!(text("chatAlreadyNew"), "已经是新对话了，我们继续吧~");
        assert_eq!(text("loginExpired"), "登录已过期，请重新登录");
        assert_eq!(text("networkError"), "网络响应错误");
        assert_eq!(text("copySuccess"), "复制成功");
        assert_eq!(text("deleteConfirm"), "此操作将永久删除该数据，是否继续？");
        assert_eq!(delete_named("门店", "西湖店"), "确定删除门店「西湖店」吗？");
        assert_eq!(text("deleteNamed"), DELETE_NAMED);
        assert_eq!(
            chat_connect_failed("socket closed"),
            "[连接失败] socket closed"
        );
    }

    #[test]
    fn quotes_the_chat_and_ui_texts() {
        assert_eq!(text("chatThinking"), "正在思考");
        assert_eq!(text("chatStopped"), "已终止回答");
        assert_eq!(text("chatStopping"), "终止中...");
        assert_eq!(text("chatNewSession"), "已开启全新会话");
        assert_eq!(text("emptyData"), "~暂无数据~");
        assert_eq!(text("prevPage"), "上一页");
        assert_eq!(text("nextPage"), "下一页");
        assert_eq!(page_total(42), "共42条");
        assert_eq!(text("required"), "不能为空");
    }

    #[test]
    fn keys_are_unique() {
        let texts = all();
        for (i, (key, _)) in texts.iter().enumerate() {
            assert!(texts[i + 1..].iter().all(|(k, _)| k != key), "{key} twice");
        }
    }
}
