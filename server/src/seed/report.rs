//! The demo's new-home reports: each project's reporting rule, and reports of the demo agents in
//! every status (待审核, 审核通过 with its visit window running, 审核失败, 有效客户, 无效客户 after an
//! expired window, 已关闭), so the 我要报备 page and city operations' 报备审核 page are alive, and
//! the visited customers the demo's new-home deals are declared on.
//! Times count back from the moment of seeding.

use brokerdesk_core::report::{PhoneMode, ReportStatus, phone_key};
use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

use crate::entity::{new_home_project, new_home_report, new_home_report_rule, user};

/// `(project, phone mode, protection days, visit days)`.
const RULES: [(&str, PhoneMode, i32, i32); 5] = [
    ("西溪云庐", PhoneMode::Full, 30, 7),
    ("江南雲璟", PhoneMode::Masked, 30, 7),
    ("湖滨金座", PhoneMode::Full, 60, 15),
    ("黄龙壹号", PhoneMode::Masked, 30, 7),
    ("天一江宸", PhoneMode::Full, 30, 10),
];

struct Demo {
    reporter: &'static str,
    project: &'static str,
    customer: &'static str,
    sex: i16,
    phone: &'static str,
    status: ReportStatus,
    /// Days before seeding it was reported.
    days_ago: i64,
    reason: &'static str,
}

const REPORTS: [Demo; 14] = [
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "张伟",
        sex: 1,
        phone: "13905710001",
        status: ReportStatus::Pending,
        days_ago: 0,
        reason: "",
    },
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "刘芳",
        sex: 2,
        phone: "13905710002",
        status: ReportStatus::Approved,
        days_ago: 2,
        reason: "",
    },
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "陈静",
        sex: 2,
        phone: "13905710003",
        status: ReportStatus::Valid,
        days_ago: 6,
        reason: "",
    },
    Demo {
        reporter: "agent",
        project: "江南雲璟",
        customer: "杨洋",
        sex: 1,
        phone: "139****0004",
        status: ReportStatus::Failed,
        days_ago: 4,
        reason: "客户已于案场自然到访登记",
    },
    Demo {
        reporter: "agent",
        project: "江南雲璟",
        customer: "黄磊",
        sex: 1,
        phone: "139****0005",
        status: ReportStatus::Invalid,
        days_ago: 20,
        reason: "",
    },
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "周敏",
        sex: 2,
        phone: "13905710006",
        status: ReportStatus::Closed,
        days_ago: 9,
        reason: "",
    },
    Demo {
        reporter: "manager2",
        project: "西溪云庐",
        customer: "吴刚",
        sex: 1,
        phone: "13905710007",
        status: ReportStatus::Pending,
        days_ago: 1,
        reason: "",
    },
    Demo {
        reporter: "partner",
        project: "湖滨金座",
        customer: "郑爽",
        sex: 2,
        phone: "13905710008",
        status: ReportStatus::Approved,
        days_ago: 3,
        reason: "",
    },
    // Visited customers of the demo's new-home deals (`seed/new_home_deal.rs`).
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "许晴",
        sex: 2,
        phone: "13905710010",
        status: ReportStatus::Valid,
        days_ago: 12,
        reason: "",
    },
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "何涛",
        sex: 1,
        phone: "13905710011",
        status: ReportStatus::Valid,
        days_ago: 16,
        reason: "",
    },
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "冯雪",
        sex: 2,
        phone: "13905710012",
        status: ReportStatus::Valid,
        days_ago: 20,
        reason: "",
    },
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "蒋欣",
        sex: 2,
        phone: "13905710013",
        status: ReportStatus::Valid,
        days_ago: 24,
        reason: "",
    },
    Demo {
        reporter: "agent",
        project: "西溪云庐",
        customer: "韩梅",
        sex: 2,
        phone: "13905710014",
        status: ReportStatus::Valid,
        days_ago: 14,
        reason: "",
    },
    Demo {
        reporter: "nbmanager",
        project: "天一江宸",
        customer: "王磊",
        sex: 1,
        phone: "13905740009",
        status: ReportStatus::Pending,
        days_ago: 1,
        reason: "",
    },
];

fn missing(what: &str) -> DbErr {
    DbErr::Custom(format!("demo report: {what} is missing"))
}

async fn project_named(
    db: &impl ConnectionTrait,
    name: &str,
) -> Result<new_home_project::Model, DbErr> {
    new_home_project::Entity::find()
        .filter(new_home_project::Column::Name.eq(name))
        .one(db)
        .await?
        .ok_or_else(|| missing(name))
}

pub async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    for (name, mode, protection, visit) in RULES {
        let project = project_named(db, name).await?;
        new_home_report_rule::ActiveModel {
            site_id: Set(project.site_id),
            project_id: Set(project.id),
            phone_mode: Set(mode.code()),
            protection_days: Set(protection),
            visit_days: Set(visit),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    let now = Utc::now();
    for demo in REPORTS {
        let project = project_named(db, demo.project).await?;
        let (_, _, protection, visit) = RULES
            .iter()
            .find(|(name, ..)| *name == demo.project)
            .copied()
            .ok_or_else(|| missing(demo.project))?;
        let reporter = user::Entity::find()
            .filter(user::Column::Username.eq(demo.reporter))
            .one(db)
            .await?
            .ok_or_else(|| missing(demo.reporter))?;
        let reported_at = now - Duration::days(demo.days_ago);
        let approved_at = match demo.status {
            ReportStatus::Pending | ReportStatus::Failed | ReportStatus::Closed => None,
            _ => Some(reported_at + Duration::hours(2)),
        };
        let visit_deadline = approved_at.map(|at| at + Duration::days(visit.into()));
        let visited_at =
            (demo.status == ReportStatus::Valid).then(|| reported_at + Duration::days(1));
        new_home_report::ActiveModel {
            site_id: Set(project.site_id),
            organisation_id: Set(reporter.organisation_id.ok_or_else(|| missing("company"))?),
            store_group_id: Set(reporter.store_group_id),
            store_id: Set(reporter.store_id),
            department_id: Set(reporter.department_id),
            reporter_id: Set(reporter.id),
            project_id: Set(project.id),
            customer_name: Set(demo.customer.to_owned()),
            customer_sex: Set(Some(demo.sex)),
            customer_phone: Set(demo.phone.to_owned()),
            phone_key: Set(phone_key(demo.phone)),
            visit_date: Set((reported_at + Duration::days(2)).date_naive()),
            visit_slot: Set(2),
            remark: Set(String::new()),
            status: Set(demo.status.code()),
            reason: Set(demo.reason.to_owned()),
            reported_at: Set(reported_at),
            protected_until: Set(reported_at + Duration::days(protection.into())),
            approved_at: Set(approved_at),
            visit_deadline: Set(visit_deadline),
            visited_at: Set(visited_at),
            updated_at: Set(reported_at),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}
