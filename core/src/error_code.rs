//! The error-code catalogue (spec §8): every non-zero `code` the server answers with, its HTTP
//! status and its Chinese message. The server's one error type takes code, status and fixed
//! texts from here; the client classifies answers by these codes; `server/README.md`'s table
//! is tested equal to [`markdown_table`].

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorCode {
    pub code: u32,
    /// The HTTP status: 200 for business failures (the client decides by `code`), the protocol
    /// status for protocol failures.
    pub http: u16,
    /// The message shown to the user. `N` stands for a number filled in by [`ErrorCode::with_n`];
    /// where the message names the case (what is taken, what still uses a record) this is the
    /// generic one.
    pub message: &'static str,
    /// What else answers with this code, for the documentation table; empty when nothing.
    pub note: &'static str,
}

impl ErrorCode {
    /// The message with its `N` replaced by `n`.
    pub fn with_n(&self, n: i64) -> String {
        self.message.replacen('N', &n.to_string(), 1)
    }
}

const fn e(code: u32, http: u16, message: &'static str, note: &'static str) -> ErrorCode {
    ErrorCode {
        code,
        http,
        message,
        note,
    }
}

pub const MALFORMED_JSON: ErrorCode = e(
    10000001,
    400,
    "请求体不是合法的JSON",
    "also 请求体不能为空 / 请求体应为JSON对象",
);
pub const WRONG_FIELD: ErrorCode = e(
    10000002,
    400,
    "字段 x 的值不合法",
    "also 缺少必填字段：x / 字段 x 类型错误，应为字符串(整数, 布尔值, …)",
);
pub const NOT_JSON: ErrorCode = e(
    10000003,
    415,
    "请求体必须为JSON（Content-Type: application/json）",
    "",
);
pub const INVALID: ErrorCode = e(
    10000004,
    200,
    "输入有误",
    "an input failed validation; the message is core's validator message (e.g. 仅支持中国大陆手机号码, 请输入用户名, 身份证号格式错误, 名称不能为空) and `errors` names the field",
);
pub const FORBIDDEN_SITE: ErrorCode = e(
    10000403,
    200,
    "无权访问该城市站点",
    "a `siteId` header that is not one of the caller's sites",
);
pub const ROUTE_NOT_FOUND: ErrorCode = e(10000404, 404, "接口不存在", "unknown path under `/api`");
pub const METHOD_NOT_ALLOWED: ErrorCode = e(10000405, 405, "请求方法不支持", "");
pub const DUPLICATE: ErrorCode = e(
    10000409,
    200,
    "数据已存在，请勿重复提交",
    "or what is taken: 用户名已存在, 该手机号已被其他员工使用, 该范围内已存在同名角色, ...",
);
pub const PAYLOAD_TOO_LARGE: ErrorCode = e(
    10000413,
    413,
    "请求体过大，不能超过1MB",
    "the limit of the route asked: 1MB for most, more for uploads and imports (`payload_too_large`)",
);

/// The refusal of a body over a route's limit of `limit_bytes`, naming that limit in MB (the
/// catalogue's message is this for the 1 MB most routes take).
pub fn payload_too_large(limit_bytes: usize) -> String {
    const MB: usize = 1024 * 1024;
    format!("请求体过大，不能超过{}MB", limit_bytes.div_ceil(MB).max(1))
}

#[cfg(test)]
mod payload_tests {
    #[test]
    fn the_refusal_names_the_route_s_limit() {
        assert_eq!(
            super::payload_too_large(1024 * 1024),
            super::PAYLOAD_TOO_LARGE.message
        );
        assert_eq!(
            super::payload_too_large(32 * 1024 * 1024),
            "请求体过大，不能超过32MB"
        );
        assert_eq!(
            super::payload_too_large(8 * 1024 * 1024),
            "请求体过大，不能超过8MB"
        );
    }
}
pub const INTERNAL: ErrorCode = e(
    10000500,
    500,
    "服务器内部错误，请稍后再试",
    "details only in the log",
);
pub const BAD_CREDENTIALS: ErrorCode = e(10010001, 200, "用户名或密码错误", "");
/// The client's expiry flow keys on this code (spec §8).
pub const LOGIN_REQUIRED: ErrorCode = e(
    10010003,
    200,
    crate::messages::LOGIN_EXPIRED,
    "no token, forged, expired or revoked token; user not yet onboarded; `userId` header naming someone else; a lock or a departure that ended the session is told with 10010005's or 10010006's message",
);
pub const THROTTLED: ErrorCode = e(
    10010004,
    200,
    "登录失败次数过多，请N分钟后再试",
    "10 failed logins from this client address in 15 minutes",
);
pub const ACCOUNT_LOCKED: ErrorCode = e(10010005, 200, "账号已被锁定，请联系管理员", "");
pub const ACCOUNT_LEFT: ErrorCode = e(10010006, 200, "账号已离职，无法登录", "");
pub const CODE_INVALID: ErrorCode = e(10010007, 200, "验证码错误或已过期", "");
pub const CODE_TOO_FREQUENT: ErrorCode = e(
    10010008,
    200,
    "验证码发送过于频繁，请N秒后再试",
    "one code per number per 60 s; 10 codes per client address per 15 minutes",
);
pub const MOBILE_TAKEN: ErrorCode = e(10010009, 200, "该手机号已被其他账号使用", "");
pub const CODE_ATTEMPTS_EXCEEDED: ErrorCode = e(
    10010010,
    200,
    "验证码错误次数过多，请重新获取",
    "5 wrong guesses spend a code",
);
pub const NO_MOBILE: ErrorCode = e(10010011, 200, "当前账号未绑定手机号", "");
pub const SMS_FAILED: ErrorCode = e(10010012, 200, "短信发送失败，请稍后再试", "");
pub const ACCOUNT_PENDING: ErrorCode = e(
    10010013,
    200,
    "账号尚未入职，无法登录",
    "the person's onboarding is not approved yet",
);
pub const SMS_NOT_CONFIGURED: ErrorCode = e(
    10010014,
    200,
    "未配置短信网关，无法发送验证码，请联系管理员",
    "a production start without `BROKERDESK_SMS_WEBHOOK`",
);
pub const VERIFY_CODE_REQUIRED: ErrorCode = e(
    10010015,
    200,
    "登录失败次数较多，请输入短信验证码",
    "3 failed logins of this username in 15 minutes; prelogin answers `needVerifyCode: true`",
);
pub const NO_PERMISSION: ErrorCode = e(
    10020001,
    200,
    "无权限执行该操作",
    "the caller's roles lack the page or action the call needs",
);
pub const OUT_OF_SCOPE: ErrorCode = e(
    10020002,
    200,
    "无权限访问该数据",
    "a record outside the caller's data scope; also 不能修改自己的状态",
);
pub const NOT_FOUND: ErrorCode = e(10020003, 200, crate::messages::RECORD_NOT_FOUND, "");
pub const GRANT_TOO_WIDE: ErrorCode = e(
    10020004,
    200,
    "不能授予超出自身范围的数据权限",
    "also 不能授予自身没有的菜单或操作权限 / 不能分配超出自身权限的角色",
);
pub const TRANSITION_REFUSED: ErrorCode = e(
    10020005,
    200,
    "当前状态不允许该操作",
    "当前状态为「X」，不能执行「Y」: a status change the transition table refuses",
);
pub const IN_USE: ErrorCode = e(
    10020006,
    200,
    "该数据仍在使用中，无法删除",
    "or what still uses the record, e.g. 该部门下还有下级部门或员工，无法删除",
);
pub const GLOBAL_ONLY: ErrorCode = e(10020007, 200, "全局数据仅超级管理员可修改", "");
pub const STATUS_UNKNOWN: ErrorCode = e(
    10020008,
    500,
    "数据状态异常，请联系管理员",
    "a stored status outside core's vocabulary, e.g. 入职状态「X」无法识别，请联系管理员",
);

/// Every code, in code order.
pub const CATALOGUE: &[ErrorCode] = &[
    MALFORMED_JSON,
    WRONG_FIELD,
    NOT_JSON,
    INVALID,
    FORBIDDEN_SITE,
    ROUTE_NOT_FOUND,
    METHOD_NOT_ALLOWED,
    DUPLICATE,
    PAYLOAD_TOO_LARGE,
    INTERNAL,
    BAD_CREDENTIALS,
    LOGIN_REQUIRED,
    THROTTLED,
    ACCOUNT_LOCKED,
    ACCOUNT_LEFT,
    CODE_INVALID,
    CODE_TOO_FREQUENT,
    MOBILE_TAKEN,
    CODE_ATTEMPTS_EXCEEDED,
    NO_MOBILE,
    SMS_FAILED,
    ACCOUNT_PENDING,
    SMS_NOT_CONFIGURED,
    VERIFY_CODE_REQUIRED,
    NO_PERMISSION,
    OUT_OF_SCOPE,
    NOT_FOUND,
    GRANT_TOO_WIDE,
    TRANSITION_REFUSED,
    IN_USE,
    GLOBAL_ONLY,
    STATUS_UNKNOWN,
];

pub fn find(code: u32) -> Option<&'static ErrorCode> {
    CATALOGUE.iter().find(|entry| entry.code == code)
}

/// The documentation table (`| code | HTTP | message |`), success row first.
pub fn markdown_table() -> String {
    let mut table =
        String::from("| code | HTTP | message |\n| --- | --- | --- |\n| 0 | 200 | (success) |\n");
    for entry in CATALOGUE {
        let note = if entry.note.is_empty() {
            String::new()
        } else {
            format!(" ({})", entry.note)
        };
        table.push_str(&format!(
            "| {} | {} | {}{note} |\n",
            entry.code, entry.http, entry.message
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_non_zero_and_in_order() {
        assert!(CATALOGUE.windows(2).all(|pair| pair[0].code < pair[1].code));
        assert!(CATALOGUE.iter().all(|entry| entry.code != 0));
    }

    #[test]
    fn the_login_expiry_code_is_the_one_of_spec_8() {
        assert_eq!(LOGIN_REQUIRED.code, 10010003);
        assert_eq!(LOGIN_REQUIRED.message, "登录已过期，请重新登录");
    }

    #[test]
    fn numbers_fill_the_messages_that_wait_for_one() {
        assert_eq!(THROTTLED.with_n(15), "登录失败次数过多，请15分钟后再试");
        assert_eq!(
            CODE_TOO_FREQUENT.with_n(42),
            "验证码发送过于频繁，请42秒后再试"
        );
    }

    #[test]
    fn business_failures_answer_http_200_and_protocol_failures_their_status() {
        assert_eq!(find(10020003).map(|entry| entry.http), Some(200));
        assert_eq!(find(10000413).map(|entry| entry.http), Some(413));
        assert_eq!(find(12345), None);
    }

    #[test]
    fn the_table_has_a_row_per_code() {
        let table = markdown_table();
        assert_eq!(table.lines().count(), CATALOGUE.len() + 3);
        assert!(table.contains("| 10020007 | 200 | 全局数据仅超级管理员可修改 |\n"));
    }
}
