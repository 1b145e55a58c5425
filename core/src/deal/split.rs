//! The ACN split (贝壳 ACN) of a deal's commission over the roles people played: 录入, 维护, 实勘,
//! 钥匙, 委托 on the listing side, 客源 and 成交 on the customer side. A company keeps one
//! template of shares in basis points (100 bp = 1%) totalling 100%; a contract's split is filled
//! from it with the listing's role holders, a role nobody holds going to the deal's closer (成交),
//! and the commission is divided in fen by `money::split_fen` (largest remainder, ties to the
//! earlier role), so the parts always sum to the whole.

use serde::{Deserialize, Serialize};

use crate::enums::DEAL_ROLE;
use crate::money::split_fen;
use crate::org::TransitionError;

/// A whole: 10,000 basis points.
pub const WHOLE_BP: i64 = 10_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum DealRole {
    Entry = 1,
    Maintain = 2,
    Survey = 3,
    Key = 4,
    Entrust = 5,
    CustomerSource = 6,
    Closer = 7,
}

impl DealRole {
    pub const ALL: [DealRole; 7] = [
        DealRole::Entry,
        DealRole::Maintain,
        DealRole::Survey,
        DealRole::Key,
        DealRole::Entrust,
        DealRole::CustomerSource,
        DealRole::Closer,
    ];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<DealRole> {
        Self::ALL.into_iter().find(|r| i64::from(r.code()) == code)
    }

    pub fn label(self) -> &'static str {
        DEAL_ROLE
            .label_of(i64::from(self.code()))
            .unwrap_or_default()
    }

    /// The ACN role a city's listing role (房源角色, `/coc/config/role`) stands for: 录入人 is
    /// 录入. Roles of other names take no part in the split.
    pub fn of_listing_role(name: &str) -> Option<DealRole> {
        let name = name.trim();
        Self::ALL
            .into_iter()
            .find(|role| name.starts_with(role.label()))
    }
}

impl From<DealRole> for i16 {
    fn from(role: DealRole) -> i16 {
        role.code()
    }
}

impl TryFrom<i16> for DealRole {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的分佣角色 {code}"))
    }
}

/// A company's shares by role, in [`DealRole::ALL`] order, in basis points.
pub type Template = [i64; 7];

/// The template of a company that has not set its own: the deal's two sides weigh about the same,
/// the closer most.
pub const DEFAULT_TEMPLATE: Template = [1000, 1500, 500, 500, 1000, 2000, 3500];

pub const SHARE_OUT_OF_RANGE: &str = "每个角色的分成比例须在0%到100%之间";
pub const CHOOSE_PERSON: &str = "请为每个分成角色选择人员";
pub const CHOOSE_ROLE: &str = "请为每一行选择分佣角色";

/// `分成比例合计须为100%，当前为95.00%`.
pub fn not_whole(total_bp: i64) -> String {
    format!(
        "分成比例合计须为100%，当前为{}.{:02}%",
        total_bp / 100,
        (total_bp % 100).abs()
    )
}

/// Checks shares: each within 0..=100%, all together exactly 100%.
pub fn check_shares(shares: &[i64]) -> Result<(), TransitionError> {
    if shares.iter().any(|&bp| !(0..=WHOLE_BP).contains(&bp)) {
        return Err(TransitionError::new(SHARE_OUT_OF_RANGE));
    }
    let total: i64 = shares.iter().sum();
    if total != WHOLE_BP {
        return Err(TransitionError::new(not_whole(total)));
    }
    Ok(())
}

/// One person's part of a deal's commission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SplitLine {
    pub role: DealRole,
    pub user_id: i64,
    pub share_bp: i64,
}

/// A contract's split from its company's `template`: each role with a share goes to the person
/// holding it on the listing (the first, if several), 客源 to `customer_source`, 成交 and every
/// role nobody holds to `closer`.
pub fn fill(
    template: &Template,
    holders: &[(DealRole, i64)],
    customer_source: i64,
    closer: i64,
) -> Vec<SplitLine> {
    DealRole::ALL
        .into_iter()
        .zip(template.iter().copied())
        .filter(|(_, share)| *share > 0)
        .map(|(role, share_bp)| {
            let user_id = match role {
                DealRole::CustomerSource => customer_source,
                DealRole::Closer => closer,
                _ => holders
                    .iter()
                    .find(|(held, _)| *held == role)
                    .map_or(closer, |(_, user)| *user),
            };
            SplitLine {
                role,
                user_id,
                share_bp,
            }
        })
        .collect()
}

/// The commission of `total_fen` divided over `lines` in fen: refused unless the shares total
/// 100%; the parts are non-negative and sum to the total exactly.
pub fn amounts(total_fen: i64, lines: &[SplitLine]) -> Result<Vec<i64>, TransitionError> {
    let shares: Vec<i64> = lines.iter().map(|line| line.share_bp).collect();
    check_shares(&shares)?;
    if lines.iter().any(|line| line.user_id <= 0) {
        return Err(TransitionError::new(CHOOSE_PERSON));
    }
    split_fen(total_fen, &shares).map_err(|_| TransitionError::new(not_whole(shares.iter().sum())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn roles_are_the_acn_seven() {
        let labels: Vec<_> = DealRole::ALL.iter().map(|r| r.label()).collect();
        assert_eq!(
            labels,
            ["录入", "维护", "实勘", "钥匙", "委托", "客源", "成交"]
        );
        assert_eq!(DealRole::of_listing_role("钥匙人"), Some(DealRole::Key));
        assert_eq!(
            DealRole::of_listing_role("维护人"),
            Some(DealRole::Maintain)
        );
        assert_eq!(DealRole::of_listing_role("带看人"), None);
        assert_eq!(DEFAULT_TEMPLATE.iter().sum::<i64>(), WHOLE_BP);
    }

    #[test]
    fn a_role_nobody_holds_goes_to_the_closer() {
        let lines = fill(
            &DEFAULT_TEMPLATE,
            &[
                (DealRole::Entry, 11),
                (DealRole::Key, 12),
                (DealRole::Key, 13),
            ],
            21,
            22,
        );
        let people: Vec<_> = lines.iter().map(|l| (l.role, l.user_id)).collect();
        assert_eq!(
            people,
            [
                (DealRole::Entry, 11),
                (DealRole::Maintain, 22),
                (DealRole::Survey, 22),
                (DealRole::Key, 12),
                (DealRole::Entrust, 22),
                (DealRole::CustomerSource, 21),
                (DealRole::Closer, 22),
            ]
        );
        // A role the template gives nothing takes no line.
        let mut template = DEFAULT_TEMPLATE;
        template[2] = 0;
        template[6] += 500;
        assert_eq!(fill(&template, &[], 1, 2).len(), 6);
    }

    #[test]
    fn the_commission_splits_to_the_fen() {
        let lines = fill(&DEFAULT_TEMPLATE, &[], 1, 2);
        let parts = amounts(1_000_001, &lines).unwrap();
        assert_eq!(parts.iter().sum::<i64>(), 1_000_001);
        assert_eq!(parts[0], 100_000);
        let mut short = lines.clone();
        short[0].share_bp -= 500;
        assert_eq!(
            amounts(100, &short).unwrap_err().message,
            "分成比例合计须为100%，当前为95.00%"
        );
        short[0].share_bp = -1;
        assert_eq!(
            amounts(100, &short).unwrap_err().message,
            SHARE_OUT_OF_RANGE
        );
    }

    /// Any template of seven shares totalling 100%.
    fn template() -> impl Strategy<Value = Template> {
        prop::collection::vec(0i64..=WHOLE_BP, 6).prop_map(|mut cuts| {
            cuts.sort_unstable();
            let mut shares = [0i64; 7];
            let mut last = 0;
            for (i, cut) in cuts.iter().enumerate() {
                shares[i] = cut - last;
                last = *cut;
            }
            shares[6] = WHOLE_BP - last;
            shares
        })
    }

    proptest! {
        /// For any commission and any split template, the parts are non-negative and sum
        /// exactly to the whole.
        #[test]
        fn parts_sum_to_the_whole(total in 0i64..10_000_000_000, template in template()) {
            let lines = fill(&template, &[(DealRole::Entry, 5)], 6, 7);
            let parts = amounts(total, &lines).unwrap();
            prop_assert_eq!(parts.len(), lines.len());
            prop_assert!(parts.iter().all(|part| *part >= 0));
            prop_assert_eq!(parts.iter().sum::<i64>(), total);
        }
    }
}
