//! The demo knowledge base: the brokerage's own rules (报备, 带看, 佣金, 房源录入, 钥匙管理, 客户
//! 管理), as an assistant answers them without a language model.

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

use crate::entity::{knowledge, knowledge_data_set, knowledge_point, user};
use crate::knowledge::content::SOURCE_MANUAL;
use crate::knowledge::retrieval::terms_of;
use crate::knowledge::{content_hash, indexes_text};

pub const DEMO_KNOWLEDGE: &str = "经纪业务规则";

type Qa = (&'static str, &'static str, &'static [&'static str]);

const SETS: &[(&str, &[Qa])] = &[
    (
        "报备规则",
        &[
            (
                "新房客户报备需要填写哪些信息？",
                "报备时需填写客户姓名、手机号（可隐号报备，保留前三位和后四位）、意向楼盘、预计到访时间和报备经纪人。信息不全的报备不会提交给项目方审核。",
                &["报备要填什么", "客户报备资料"],
            ),
            (
                "客户报备的有效期是多久？",
                "报备审核通过后，客户在项目方的保护期一般为30天，具体以楼盘合作协议为准。保护期内客户首次到访并完成带看确认，报备才转为有效客户。",
                &["报备保护期"],
            ),
            (
                "报备审核失败怎么办？",
                "先查看审核失败原因：常见为客户已被其他渠道报备（撞单）、手机号有误或超出项目报备时段。信息有误的可修改后重新报备；撞单的以项目方判定为准，不可重复报备。",
                &["报备被驳回", "撞单"],
            ),
            (
                "同一个客户可以同时报备多个楼盘吗？",
                "可以。同一客户可报备多个楼盘，每个楼盘单独审核、单独计算保护期，但同一楼盘不能由两名经纪人重复报备。",
                &[],
            ),
            (
                "报备后多久要带客户到访？",
                "报备通过后需在约定的到访时间前后24小时内带客户到访，超时未到访的报备在项目方可能失效，需要重新报备。",
                &["报备到访时间"],
            ),
        ],
    ),
    (
        "带看规范",
        &[
            (
                "带看前需要做哪些准备？",
                "带看前确认房源状态和钥匙位置，与业主或项目方约好看房时间，提前规划带看路线，准备好房源资料和带看确认单，并在系统中登记带看计划。",
                &["看房前准备", "带看准备工作"],
            ),
            (
                "带看时客户需要签带看确认单吗？",
                "需要。每次带看都要让客户在带看确认单上签字（或在系统内电子确认），确认单是后续判定客户归属和业绩的重要依据。",
                &["带看单"],
            ),
            (
                "一次带看最多可以看几套房？",
                "建议一次带看不超过5套房源，看房顺序按先次后优安排，每套房看完及时记录客户反馈。",
                &[],
            ),
            (
                "带看后需要做什么？",
                "带看结束24小时内在系统中录入带看记录，填写客户反馈、意向程度和下次跟进时间，并向业主反馈带看情况。",
                &["带看反馈", "带看记录"],
            ),
            (
                "客户临时取消带看怎么处理？",
                "及时通知业主或项目方取消预约，在系统中将带看计划标记为取消并写明原因，同时与客户重新约定看房时间。",
                &["带看取消"],
            ),
            (
                "新房带看和二手房带看有什么区别？",
                "新房带看需先完成报备并在项目案场登记到访，由案场置业顾问配合讲解；二手房带看需提前借钥匙或联系业主开门，带看全程由经纪人陪同。",
                &[],
            ),
        ],
    ),
    (
        "佣金与业绩",
        &[
            (
                "佣金比例是多少？",
                "二手房买卖佣金一般为成交价的2%，由买方支付；租赁佣金为一个月租金。新房佣金按与开发商签订的分销协议比例结算。具体以门店公示的收费标准为准。",
                &["中介费多少", "服务费比例"],
            ),
            (
                "佣金什么时候结算？",
                "二手房在网签完成并收齐佣金后进入结佣流程；新房在客户签约且开发商回款后结佣。结佣状态分为待结佣、部分结佣和已结佣。",
                &["结佣时间"],
            ),
            (
                "成交业绩怎么分配？",
                "业绩按房源角色分成比例分配：录入人、维护人、钥匙人、实勘人和成交人各按城市配置的比例分得，合计100%。合作成交的，客户合作人按约定比例分成。",
                &["业绩分成", "分佣规则"],
            ),
            (
                "佣金可以打折吗？",
                "佣金折扣需经店长审批，折扣超过门店权限的需报区域经理审批，未经审批私自打折的差额由经办人承担。",
                &["佣金优惠"],
            ),
            (
                "业绩待审核是什么意思？",
                "成交录入后业绩先进入待审核状态，由店长或财务核对成交价、佣金和分成比例后审核通过，审核通过的业绩才计入个人和门店的业绩统计。",
                &[],
            ),
        ],
    ),
    (
        "房源录入",
        &[
            (
                "录入二手房源需要哪些信息？",
                "录入房源需填写小区、楼栋单元门牌号、面积、户型、朝向、楼层、装修、挂牌价和业主联系方式，并上传至少3张实勘照片。",
                &["房源录入要求", "新增房源"],
            ),
            (
                "房源重复录入怎么办？",
                "系统按小区和门牌号判重，已存在的房源不能重复录入。发现重复房源请联系维护人合并，先录入者保留录入人身份。",
                &["重复房源"],
            ),
            (
                "房源状态有哪些？",
                "房源状态包括有效、封盘、暂缓、预定、我司成交和他司成交。封盘和暂缓的房源不能带看，成交后状态由系统自动变更。",
                &[],
            ),
            (
                "房源多久需要维护一次？",
                "有效房源至少每7天跟进一次业主，更新挂牌价和房源状态。超过30天未跟进的房源会被系统自动掉入公盘。",
                &["房源跟进", "掉公盘"],
            ),
            (
                "实勘照片有什么要求？",
                "实勘照片需为实地拍摄，包含客厅、卧室、厨房、卫生间和户型图，照片横拍、无水印、不出现业主个人信息，单张不超过10MB。",
                &["房源照片"],
            ),
        ],
    ),
    (
        "钥匙管理",
        &[
            (
                "钥匙怎么借出？",
                "在系统钥匙管理中登记借钥匙，填写借用人、用途和预计归还时间，由钥匙管理员核对后交接。带看结束后当天归还。",
                &["借钥匙", "钥匙借用"],
            ),
            (
                "钥匙丢失了怎么办？",
                "钥匙丢失须在1小时内报告店长并通知业主，由借用人承担换锁费用，并在系统中登记钥匙丢失记录。",
                &["钥匙遗失"],
            ),
            (
                "收房源钥匙需要签什么？",
                "收取业主钥匙时需与业主签订钥匙托管协议，登记钥匙数量和类型，录入系统后由钥匙管理员统一保管，钥匙人享有对应的业绩分成。",
                &["钥匙托管"],
            ),
            (
                "钥匙可以借给其他门店吗？",
                "可以跨店借用，但需本店钥匙管理员同意并在系统中登记借用门店和经纪人，归还时双方确认。",
                &[],
            ),
        ],
    ),
    (
        "客户管理",
        &[
            (
                "客户多久不跟进会掉公客？",
                "私客超过15天未跟进会自动掉入公客池，其他经纪人可以认领。跟进需在系统中留下有效跟进记录。",
                &["私客保护", "公客池"],
            ),
            (
                "客户等级怎么划分？",
                "客户按意向分为一星、二星、三星：三星为近期有明确购房意向并已看房的客户，一星为意向不明确的客户。等级影响跟进频率要求。",
                &["客户星级"],
            ),
            (
                "无效客户怎么标记？",
                "确认客户为空号、号码错误、无购房意向、已在他处成交或同行时，在系统中标记为无效客户并选择无效原因，店长可复核。",
                &[],
            ),
            (
                "客户信息可以导出吗？",
                "客户信息属于公司资产，普通经纪人不能导出，店长及以上权限导出时系统会记录操作日志。严禁将客户信息泄露给第三方。",
                &["客户资料导出"],
            ),
            (
                "新客户录入需要哪些信息？",
                "录入客户需填写姓名、手机号、客户需求（二手房购买、新房购买或租房）、预算和意向区域，手机号系统判重。",
                &["录入客户"],
            ),
        ],
    ),
];

/// Writes the demo knowledge base, created by the demo's administrator.
pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let now = Utc::now();
    let admin = user::Entity::find()
        .filter(user::Column::Username.eq("admin"))
        .one(db)
        .await?
        .map(|admin| admin.id);
    let base = knowledge::ActiveModel {
        name: Set(DEMO_KNOWLEDGE.into()),
        description: Set(
            "门店经纪业务规则问答：报备、带看、佣金与业绩、房源录入、钥匙管理、客户管理".into(),
        ),
        created_by: Set(admin),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    for (name, points) in SETS {
        let set = knowledge_data_set::ActiveModel {
            knowledge_id: Set(base.id),
            name: Set((*name).into()),
            source: Set(SOURCE_MANUAL),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        for (question, answer, indexes) in *points {
            let indexes: Vec<String> = indexes.iter().map(|i| (*i).to_owned()).collect();
            knowledge_point::ActiveModel {
                knowledge_id: Set(base.id),
                data_set_id: Set(set.id),
                question: Set((*question).into()),
                answer: Set((*answer).into()),
                indexes: Set(indexes_text(&indexes)),
                terms: Set(terms_of(question, &indexes, answer)),
                content_hash: Set(content_hash(question, answer)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::knowledge::bm25::{TermIndex, best};
    use crate::knowledge::retrieval::distinct_tokens;

    /// The demo assistant's threshold, the default (25%).
    const THRESHOLD: f64 = brokerdesk_core::knowledge::THRESHOLD_DEFAULT;

    /// The demo base's best answer to `query` at the demo assistant's threshold, with its score.
    fn answer(query: &str) -> Option<(&'static str, f64)> {
        best_of(query).filter(|(_, score)| *score >= THRESHOLD)
    }

    /// The demo base's best point for `query`, whatever its score.
    fn best_of(query: &str) -> Option<(&'static str, f64)> {
        let mut questions = Vec::new();
        let mut rows = Vec::new();
        for (question, answer, indexes) in SETS.iter().flat_map(|(_, points)| points.iter()) {
            let indexes: Vec<String> = indexes.iter().map(|i| (*i).to_owned()).collect();
            questions.push(*question);
            rows.push((questions.len() as i64, terms_of(question, &indexes, answer)));
        }
        let index = Arc::new(TermIndex::build(String::new(), rows));
        best(&distinct_tokens(query), &[index], 0.0, 1)
            .first()
            .map(|(id, score)| (questions[*id as usize - 1], *score))
    }

    #[test]
    fn the_demo_base_answers_its_questions_asked_in_staffs_words() {
        for (query, expected) in [
            ("客户报备的有效期是多久？", "客户报备的有效期是多久？"),
            ("报备要填什么", "新房客户报备需要填写哪些信息？"),
            ("带客户看房之前要准备什么", "带看前需要做哪些准备？"),
            ("带看确认单要客户签字吗", "带看时客户需要签带看确认单吗？"),
            ("钥匙丢了怎么办", "钥匙丢失了怎么办？"),
            ("钥匙管理有哪些规定？请详细说明", "钥匙怎么借出？"),
            ("中介费多少钱", "佣金比例是多少？"),
            ("业绩怎么分", "成交业绩怎么分配？"),
            ("撞单了怎么办", "报备审核失败怎么办？"),
            ("房源照片怎么拍", "实勘照片有什么要求？"),
            ("客户信息能导出吗", "客户信息可以导出吗？"),
            (
                "新房和二手房带看有什么不同",
                "新房带看和二手房带看有什么区别？",
            ),
        ] {
            let found = answer(query);
            assert_eq!(found.map(|(q, _)| q), Some(expected), "{query}: {found:?}");
        }
    }

    /// One question of the evaluation set: its kind, what is asked, the expected point's question.
    struct Case {
        kind: &'static str,
        query: &'static str,
        expected: Option<&'static str>,
    }

    fn evaluation() -> Vec<Case> {
        include_str!("../../tests/data/retrieval_eval.tsv")
            .lines()
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|line| {
                let mut fields = line.split('\t');
                let (kind, query, expected) = (
                    fields.next().expect("kind"),
                    fields.next().expect("query"),
                    fields.next().expect("expected"),
                );
                Case {
                    kind,
                    query,
                    expected: (expected != "-").then_some(expected),
                }
            })
            .collect()
    }

    /// What the evaluation measures at one threshold.
    #[derive(Debug)]
    struct Measure {
        /// Right answers among the answers given.
        precision: f64,
        /// Right answers among the answerable questions.
        recall: f64,
        /// Unanswerable questions that got no answer, among them.
        none_kept: f64,
    }

    fn measure(found: &[(&Case, Option<(&'static str, f64)>)], threshold: f64) -> Measure {
        let given =
            |hit: &Option<(&'static str, f64)>| hit.filter(|(_, score)| *score >= threshold);
        let answered = found.iter().filter(|(_, hit)| given(hit).is_some()).count();
        let right = found
            .iter()
            .filter(|(case, hit)| {
                case.expected.is_some() && given(hit).map(|h| h.0) == case.expected
            })
            .count();
        let answerable = found
            .iter()
            .filter(|(case, _)| case.expected.is_some())
            .count();
        let unanswerable = found.len() - answerable;
        let kept = found
            .iter()
            .filter(|(case, hit)| case.expected.is_none() && given(hit).is_none())
            .count();
        Measure {
            precision: right as f64 / answered.max(1) as f64,
            recall: right as f64 / answerable as f64,
            none_kept: kept as f64 / unanswerable as f64,
        }
    }

    /// The evaluation set (server/tests/data/retrieval_eval.tsv) answered at the default
    /// threshold: right points for staff's own words, none for what the base does not hold. The
    /// sweep over thresholds is printed (`--nocapture`) to show where the default stands.
    #[test]
    fn the_evaluation_set_is_answered_at_the_default_threshold() {
        let cases = evaluation();
        assert!(cases.len() >= 40, "{}", cases.len());
        let found: Vec<(&Case, Option<(&'static str, f64)>)> = cases
            .iter()
            .map(|case| (case, best_of(case.query)))
            .collect();
        for (case, hit) in &found {
            let verdict = match (hit.filter(|(_, s)| *s >= THRESHOLD), case.expected) {
                (Some((q, _)), Some(e)) if q == e => "ok",
                (None, None) => "ok",
                _ => "WRONG",
            };
            eprintln!("{verdict:5} {:10} {} → {hit:?}", case.kind, case.query);
        }
        for hundredths in (10..=60).step_by(5) {
            let threshold = f64::from(hundredths) / 100.0;
            eprintln!("threshold {threshold:.2}: {:?}", measure(&found, threshold));
        }
        let at_default = measure(&found, THRESHOLD);
        assert!(at_default.recall >= 0.9, "{at_default:?}");
        assert!(at_default.none_kept >= 0.9, "{at_default:?}");
        assert!(at_default.precision >= 0.9, "{at_default:?}");
        // An administrator may lower an assistant's threshold: questions the base does not answer
        // (公司有食堂吗 shares only 公司 with a point) still find nothing at 10% and 15%.
        for low in [0.10, 0.15] {
            let measured = measure(&found, low);
            assert!(measured.none_kept >= 0.9, "{low}: {measured:?}");
            assert!(measured.precision >= 0.9, "{low}: {measured:?}");
        }
    }

    #[test]
    fn questions_the_demo_base_does_not_answer_stay_under_the_threshold() {
        // 没来 is no word of the base: 带看 and 客户 alone are not the question, and the
        // 带看确认单 point is not its answer (it was, at 72%, while unknown words counted nothing).
        for query in [
            "带看的时候客户没来怎么办？",
            "值班能出去吗",
            "今天午饭吃什么",
            "公司年会什么时候开",
            "房贷利率是多少",
        ] {
            assert_eq!(answer(query), None, "{query}");
        }
    }
}
