//! The people forms: staff, onboarding, login (and its SMS step) and change of mobile.

use super::org::{ORGANISATION, name};
use super::{Control, Field, Form, PASSWORD_POLICY, Rule};
use crate::enums::{EDUCATION, MARITAL_STATUS, SEX, WORKING_STATUS};
use crate::org::fields::{NAME_MAX, REMARK_MAX};
use crate::validate::Rule as Validator;

const USERNAME: Field = Field::text("username", "用户名", 30)
    .rule(Rule::Username)
    .required();
const NEW_PASSWORD: Field = Field::text("password", "初始密码", 32)
    .control(Control::Password)
    .rule(Rule::NewPassword)
    .hint(PASSWORD_POLICY)
    .required();

const REAL_NAME: Field = name("realName", "姓名");
const MOBILE: Field = Field::text("mobile", "手机号码", 11)
    .rule(Rule::Validator(Validator::Mobile))
    .required();
const SEX_FIELD: Field = Field::select("sex", "性别", Some(SEX));
const ID_NUMBER: Field = Field::text("idNumber", "身份证号", 18).rule(Rule::IdCard);
const BANK_CARD: Field = Field::text("bankCard", "银行卡号", 25).rule(Rule::BankCard);
const EDUCATION_FIELD: Field = Field::select("education", "学历", Some(EDUCATION));
const MARITAL_FIELD: Field = Field::select("maritalStatus", "婚姻状况", Some(MARITAL_STATUS));
const ENTRY_DATE: Field = Field::text("entryDate", "入职日期", 10)
    .control(Control::Date)
    .rule(Rule::Date);
const ADDRESS: Field = Field::text("address", "联系地址", REMARK_MAX);
const EMERGENCY_CONTACT: Field =
    Field::text("emergencyContact", "紧急联系人", NAME_MAX).rule(Rule::Name);
/// Labelled 联系电话, so a landline is as good as a mobile.
const EMERGENCY_MOBILE: Field = Field::text("emergencyMobile", "紧急联系电话", 20)
    .rule(Rule::Validator(Validator::PhoneOrLandline));

/// Where a person works. Optional here: company staff (总经办) sit in no store, and a new
/// company's first general manager is hired before it has one. A caller who reaches only stores
/// is answered 请选择所属门店 on this field by the server, and the page defaults their one store.
const STORE: Field = Field::select("storeId", "所属门店", None);
const DEPARTMENT: Field =
    Field::select("departmentId", "所属部门", None).control(Control::TreeSelect);
const POSITION: Field = Field::select("positionId", "岗位", None);
/// Without a role a person can never log in (该用户没有访问权限): the form says so. Not
/// required: a new company's first people may be placed before its roles are made.
const ROLES: Field = Field::select("roleIds", "角色", None)
    .control(Control::MultiSelect)
    .hint("未分配角色的员工无法登录系统");

const fn working_status(label: &'static str) -> Field {
    Field::select("workingStatus", label, Some(WORKING_STATUS))
}

pub const STAFF: Form = Form {
    kind: "staff",
    fields: &[
        USERNAME,
        NEW_PASSWORD,
        REAL_NAME,
        MOBILE,
        SEX_FIELD,
        ID_NUMBER,
        BANK_CARD,
        EDUCATION_FIELD,
        MARITAL_FIELD,
        ENTRY_DATE,
        ADDRESS,
        EMERGENCY_CONTACT,
        EMERGENCY_MOBILE,
        ORGANISATION,
        STORE,
        DEPARTMENT,
        POSITION,
        ROLES,
        working_status("任职状态"),
    ],
};

pub const STAFF_EDIT: Form = Form {
    kind: "staffEdit",
    fields: &[
        REAL_NAME,
        MOBILE,
        SEX_FIELD,
        ID_NUMBER,
        BANK_CARD,
        EDUCATION_FIELD,
        MARITAL_FIELD,
        ENTRY_DATE,
        ADDRESS,
        EMERGENCY_CONTACT,
        EMERGENCY_MOBILE,
        STORE,
        DEPARTMENT,
        POSITION,
        ROLES,
    ],
};

/// 发起入职: the account, who, and where the person will work.
pub const ONBOARDING_START: Form = Form {
    kind: "onboardingStart",
    fields: &[
        USERNAME,
        NEW_PASSWORD,
        REAL_NAME,
        MOBILE,
        ORGANISATION,
        STORE,
        DEPARTMENT,
        POSITION,
        ROLES,
        working_status("入职状态"),
    ],
};

/// The onboarding's details saved as a draft: only name and mobile are needed yet.
pub const ONBOARDING: Form = Form {
    kind: "onboarding",
    fields: &[
        REAL_NAME,
        MOBILE,
        SEX_FIELD,
        ID_NUMBER,
        BANK_CARD,
        EDUCATION_FIELD,
        MARITAL_FIELD,
        ENTRY_DATE,
        ADDRESS,
        EMERGENCY_CONTACT,
        EMERGENCY_MOBILE,
        working_status("入职状态"),
    ],
};

/// 提交审批: every detail the approver needs.
pub const ONBOARDING_SUBMIT: Form = Form {
    kind: "onboardingSubmit",
    fields: &[
        REAL_NAME,
        MOBILE,
        SEX_FIELD,
        ID_NUMBER.required(),
        BANK_CARD.required(),
        EDUCATION_FIELD.required(),
        MARITAL_FIELD.required(),
        ENTRY_DATE.required(),
        ADDRESS,
        EMERGENCY_CONTACT,
        EMERGENCY_MOBILE,
        // The status the hire will work in is asked before approval, so the field says it
        // (its `*`) rather than only the refusal after 提交审批.
        working_status("入职状态").required(),
    ],
};

/// The login form: an existing password is only required, whatever policy it predates.
pub const LOGIN: Form = Form {
    kind: "login",
    fields: &[
        Field::text("username", "用户名", 50)
            .rule(Rule::Typed)
            .required(),
        Field::text("password", "密码", 64)
            .control(Control::Password)
            .rule(Rule::Typed)
            .required(),
    ],
};

const CELLPHONE: Field = Field::text("cellphone", "手机号码", 11)
    .rule(Rule::Validator(Validator::Tel))
    .required();
const SMS_CODE: Field = Field::text("code", "验证码", 6)
    .rule(Rule::Validator(Validator::SmsCode))
    .required();

/// The SMS step of a login, asked for after a few failed logins of the username: the account's
/// bound mobile and the code sent to it.
pub const LOGIN_CODE: Form = Form {
    kind: "loginCode",
    fields: &[CELLPHONE, SMS_CODE],
};

/// 修改手机号: the new number and its SMS code.
pub const CHANGE_MOBILE: Form = Form {
    kind: "changeMobile",
    fields: &[CELLPHONE, SMS_CODE],
};

/// A staff status change (调整状态, 离职, 锁定...): the status it moves to, where chosen, and why.
pub const STAFF_STATUS: Form = Form {
    kind: "staffStatus",
    fields: &[
        working_status("调整后状态"),
        Field::text("reason", "原因", REMARK_MAX).control(Control::Textarea),
    ],
};

/// 取消入职: why, if the user says.
pub const ONBOARDING_CANCEL: Form = Form {
    kind: "onboardingCancel",
    fields: &[Field::text("reason", "原因", REMARK_MAX).control(Control::Textarea)],
};

/// 驳回: the reason the submitter reads.
pub const ONBOARDING_REJECT: Form = Form {
    kind: "onboardingReject",
    fields: &[Field::text("reason", "驳回原因", REMARK_MAX)
        .control(Control::Textarea)
        .rule(Rule::Typed)
        .required()],
};
