//! The customer forms (客户): entering or editing a customer, and following one up. Status and
//! pool are not fields: they move by the pool table (`customer::pool`).

use super::new_home::{amount, date};
use super::org::name;
use super::{Control, Field, Form, Rule, When};
use crate::enums::{
    CUSTOMER_DEMAND, CUSTOMER_LEVEL, CUSTOMER_SEX, CUSTOMER_SOURCE, CUSTOMER_TAG, FOLLOW_UP_WAY,
    ROOM_COUNT, VIEWING_KIND,
};

/// Longest remark and follow-up.
pub const REMARK_MAX: usize = 500;

pub const CUSTOMER: Form = Form {
    kind: "customer",
    fields: &[
        name("name", "客户姓名"),
        Field::select("sex", "称呼", Some(CUSTOMER_SEX)).required(),
        Field::text("phone", "联系电话", 20)
            .rule(Rule::ContactPhone)
            .required(),
        Field::text("phone2", "备用电话", 20).rule(Rule::ContactPhone),
        Field::select("level", "客户等级", Some(CUSTOMER_LEVEL)).required(),
        Field::select("demand", "需求类型", Some(CUSTOMER_DEMAND)).required(),
        amount("budgetMin", "预算下限(万元)"),
        amount("budgetMax", "预算上限(万元)").rule(Rule::AmountNotBelow("budgetMin", "预算下限")),
        amount("areaMin", "面积下限(㎡)"),
        amount("areaMax", "面积上限(㎡)").rule(Rule::AmountNotBelow("areaMin", "面积下限")),
        Field::select("districtIds", "意向区域", None).control(Control::MultiSelect),
        Field::select("circleIds", "意向商圈", None).control(Control::MultiSelect),
        Field::select("rooms", "意向户型", Some(ROOM_COUNT)),
        Field::select("source", "客户来源", Some(CUSTOMER_SOURCE)).required(),
        Field::select("tags", "客户标签", Some(CUSTOMER_TAG))
            .control(Control::MultiSelect)
            .rule(Rule::Choices),
        Field::text("remark", "备注", REMARK_MAX).control(Control::Textarea),
    ],
};

/// 写跟进: how, what was said, and when to follow up next (a reminder on the home page).
pub const CUSTOMER_FOLLOW_UP: Form = Form {
    kind: "customerFollowUp",
    fields: &[
        Field::select("way", "跟进方式", Some(FOLLOW_UP_WAY)).required(),
        Field::text("content", "跟进内容", REMARK_MAX)
            .control(Control::Textarea)
            .required(),
        date("nextAt", "下次跟进日期").from_today(),
    ],
};

/// 转公客: why the customer goes to the public pool, kept in its history for the colleague who
/// claims it next.
pub const CUSTOMER_RELEASE: Form = Form {
    kind: "customerRelease",
    fields: &[Field::text("remark", "转公客原因", REMARK_MAX)
        .control(Control::Textarea)
        .required()],
};

/// 设为无效: why the customer is no longer worked (an empty number, a buyer who gave up…), kept in
/// its history for the manager who may restore it.
pub const CUSTOMER_INVALIDATE: Form = Form {
    kind: "customerInvalidate",
    fields: &[Field::text("remark", "无效原因", REMARK_MAX)
        .control(Control::Textarea)
        .required()],
};

/// 写带看: what was shown (a listing of the kind, or a new-home project), when, who went along
/// and what the customer said. When it may be entered and what may be shown: core
/// `customer::viewing`.
pub const CUSTOMER_VIEWING: Form = Form {
    kind: "customerViewing",
    fields: &[
        Field::select("kind", "带看类型", Some(VIEWING_KIND)).required(),
        Field::select("listingId", "带看房源", None).required_when(When {
            field: "kind",
            values: &["1", "2"],
        }),
        Field::select("projectId", "带看楼盘", None).required_when(When {
            field: "kind",
            values: &["3"],
        }),
        Field::text("viewDate", "带看日期", 10)
            .control(Control::Date)
            .rule(Rule::RecentDate(crate::customer::viewing::BACKDATE_DAYS))
            .required(),
        Field::text("viewTime", "带看时间", 5)
            .control(Control::Time)
            .rule(Rule::ClockTime)
            .required(),
        Field::select("companionId", "陪同人", None),
        Field::text("feedback", "客户反馈", REMARK_MAX).control(Control::Textarea),
    ],
};

/// The customer's feedback, written after the viewing by those who were there.
pub const CUSTOMER_VIEWING_FEEDBACK: Form = Form {
    kind: "customerViewingFeedback",
    fields: &[Field::text("feedback", "客户反馈", REMARK_MAX)
        .control(Control::Textarea)
        .required()],
};
