//! What a listing offers: a sale (二手房, /work/house/old) or a lease (租房, /work/house/rental).
//! Both are one machinery: the same table, lifecycle, pools, follow-ups, owner-phone rule and
//! roles; the trade decides the price's meaning (a total in 万, or a monthly rent in 元), the
//! words its statuses and actions read as, its reasons, its form and its list's ranges.

use serde::{Deserialize, Serialize};

use crate::enums::{
    EnumTable, HOUSE_ACTION, HOUSE_INVALID_REASON, HOUSE_RELEASE_REASON, HOUSE_SEAL_REASON,
    HOUSE_STATUS, HOUSE_TAG, HOUSE_UNSEAL_REASON, RENTAL_ACTION, RENTAL_INVALID_REASON,
    RENTAL_SEAL_REASON, RENTAL_STATUS, RENTAL_TAG, RENTAL_UNSEAL_REASON,
};
use crate::forms::{self, Form};

/// Core `houseTrade`, stored as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum Trade {
    Sale = 1,
    Lease = 2,
}

impl Trade {
    pub const ALL: [Trade; 2] = [Trade::Sale, Trade::Lease];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i64) -> Option<Trade> {
        Self::ALL.into_iter().find(|t| i64::from(t.code()) == code)
    }

    /// The entity name of its audit records and status history, and of its API routes'
    /// family: `secondHand` (/api/v1/fm/house/old/…), `rental` (/api/v1/fm/house/rental/…).
    pub fn kind(self) -> &'static str {
        match self {
            Trade::Sale => "secondHand",
            Trade::Lease => "rental",
        }
    }

    /// How its statuses read (`houseStatus`, `rentalStatus`).
    pub fn statuses(self) -> EnumTable {
        match self {
            Trade::Sale => HOUSE_STATUS,
            Trade::Lease => RENTAL_STATUS,
        }
    }

    /// How its actions read (`houseAction`, `rentalAction`).
    pub fn actions(self) -> EnumTable {
        match self {
            Trade::Sale => HOUSE_ACTION,
            Trade::Lease => RENTAL_ACTION,
        }
    }

    /// The reasons of 封盘.
    pub fn seal_reasons(self) -> EnumTable {
        match self {
            Trade::Sale => HOUSE_SEAL_REASON,
            Trade::Lease => RENTAL_SEAL_REASON,
        }
    }

    /// The reasons of 解封.
    pub fn unseal_reasons(self) -> EnumTable {
        match self {
            Trade::Sale => HOUSE_UNSEAL_REASON,
            Trade::Lease => RENTAL_UNSEAL_REASON,
        }
    }

    /// The reasons of 转公盘: giving a listing up reads the same in either trade.
    pub fn release_reasons(self) -> EnumTable {
        HOUSE_RELEASE_REASON
    }

    /// The reasons of 暂缓.
    pub fn invalid_reasons(self) -> EnumTable {
        match self {
            Trade::Sale => HOUSE_INVALID_REASON,
            Trade::Lease => RENTAL_INVALID_REASON,
        }
    }

    pub fn tags(self) -> EnumTable {
        match self {
            Trade::Sale => HOUSE_TAG,
            Trade::Lease => RENTAL_TAG,
        }
    }

    /// The add and edit forms.
    pub fn forms(self) -> (&'static Form, &'static Form) {
        match self {
            Trade::Sale => (&forms::SECOND_HAND, &forms::SECOND_HAND_EDIT),
            Trade::Lease => (&forms::RENTAL, &forms::RENTAL_EDIT),
        }
    }

    /// The §9 ranges its list filters by, in filter-bar order (`rent` is ours: §9 has none).
    pub fn list_ranges(self) -> &'static [&'static str] {
        match self {
            Trade::Sale => &["price", "area", "floor", "averagePrice", "propertyTerm"],
            Trade::Lease => &["rent", "area", "floor"],
        }
    }

    /// What a room with a listing of the trade on the market is: `在售`, `在租` (the entry form's
    /// 房号 list marks such a room `301（在售）`).
    pub fn market_word(self) -> &'static str {
        match self {
            Trade::Sale => "在售",
            Trade::Lease => "在租",
        }
    }

    /// 录入 from a room the company already has on the market in this trade (重盘), said where
    /// the room is chosen, naming the room in full (a community has many a `902`) and the
    /// listing on it: `2幢1单元902已有在售房源（房源编号12，西湖店张三维护），不能重复录入，请选择其他房号`.
    /// `keeper` is who keeps it (`西湖店张三维护`, `公盘`) for a caller who may read the listing,
    /// empty otherwise (then only its number is said).
    pub fn room_taken_message(self, room: &str, id: i64, keeper: &str) -> String {
        let word = self.market_word();
        let listing = if keeper.is_empty() {
            format!("房源编号{id}")
        } else {
            format!("房源编号{id}，{keeper}")
        };
        format!("{room}已有{word}房源（{listing}），不能重复录入，请选择其他房号")
    }

    /// Why a listing off the market is not edited.
    pub fn closed_message(self) -> &'static str {
        match self {
            Trade::Sale => "已成交的房源不能编辑",
            Trade::Lease => "已租出的房源不能编辑，请先重新上架",
        }
    }
}

impl From<Trade> for i16 {
    fn from(trade: Trade) -> i16 {
        trade.code()
    }
}

impl TryFrom<i16> for Trade {
    type Error = String;
    fn try_from(code: i16) -> Result<Self, String> {
        Self::from_code(i64::from(code)).ok_or_else(|| format!("未知的房源类型 {code}"))
    }
}

/// Who keeps a listing, as 重盘 and the room tags say it: `西湖店张三维护`, or `公盘` when
/// nobody does (a public listing).
pub fn keeper_phrase(store: &str, maintainer: Option<&str>) -> String {
    match maintainer {
        Some(name) => format!("{store}{name}维护"),
        None => "公盘".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_trade_reads_in_its_own_words() {
        assert_eq!(Trade::from_code(2), Some(Trade::Lease));
        assert_eq!(Trade::Lease.kind(), "rental");
        assert_eq!(Trade::Lease.statuses().label_of(5), Some("我司租出"));
        assert_eq!(Trade::Sale.statuses().label_of(5), Some("我司成交"));
        assert_eq!(Trade::Lease.actions().label("relist"), Some("重新上架"));
        assert_eq!(
            Trade::Lease.seal_reasons().label_of(1),
            Some("业主要求暂停出租")
        );
        assert_eq!(keeper_phrase("西湖店", Some("张三")), "西湖店张三维护");
        assert_eq!(keeper_phrase("西湖店", None), "公盘");
        assert_eq!(
            Trade::Sale.room_taken_message("2幢1单元902", 12, "西湖店张三维护"),
            "2幢1单元902已有在售房源（房源编号12，西湖店张三维护），不能重复录入，请选择其他房号"
        );
        assert_eq!(
            Trade::Lease.room_taken_message("3幢2单元1502", 7, ""),
            "3幢2单元1502已有在租房源（房源编号7），不能重复录入，请选择其他房号"
        );
        // The two tables name the same statuses and actions, one code each.
        for trade in Trade::ALL {
            assert_eq!(trade.statuses().entries.len(), 6);
        }
        assert_eq!(Trade::Lease.forms().0.kind, "rental");
        for name in Trade::Lease.list_ranges() {
            assert!(crate::ranges::ranges(name).is_some(), "{name}");
        }
    }
}
