//! 看房时间: when a listing (二手房 or 租房) can be viewed, as a set of §3 viewing slots
//! ("weekday by time-of-day viewing slots", core `viewingSlot`). A slot is weekday × 10 + time
//! of day: 11 is 周一上午, 73 周日晚上. The entry form shows them as a grid (weekday rows ×
//! 上午/下午/晚上 columns) built from [`grid`]; the detail page reads them as one line from
//! [`slots_text`] (周一至周五 晚上；周六、周日 全天). The listing forms' `viewingSlots` field
//! takes only codes of the table (`forms::listing`); the server stores the set sorted, once each.

use serde::Serialize;

use crate::enums::VIEWING_SLOT;

/// The weekdays of the grid's rows, Monday first: the first half of each `viewingSlot` label.
pub const WEEKDAYS: [&str; 7] = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"];
/// The times of day of the grid's columns: the second half of each `viewingSlot` label.
pub const DAY_PARTS: [&str; 3] = ["上午", "下午", "晚上"];

/// The slot of weekday `day` (1 Monday … 7 Sunday) at time of day `part` (1 上午, 2 下午, 3 晚上).
pub const fn slot(day: i64, part: i64) -> i64 {
    day * 10 + part
}

/// One cell of the grid: its slot code and its §3 label (周一上午).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SlotCell {
    pub value: i64,
    pub label: &'static str,
}

/// One row of the grid: a weekday and its cells in [`DAY_PARTS`] order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SlotRow {
    pub weekday: &'static str,
    pub cells: Vec<SlotCell>,
}

/// The picker's grid: column heads and one row per weekday.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SlotGrid {
    pub parts: Vec<&'static str>,
    pub rows: Vec<SlotRow>,
}

/// The grid of every slot of §3, labels from `viewingSlot`.
pub fn grid() -> SlotGrid {
    SlotGrid {
        parts: DAY_PARTS.to_vec(),
        rows: (1..=7)
            .map(|day| SlotRow {
                weekday: WEEKDAYS[(day - 1) as usize],
                cells: (1..=3)
                    .map(|part| {
                        let value = slot(day, part);
                        SlotCell {
                            value,
                            label: VIEWING_SLOT.label_of(value).unwrap_or_default(),
                        }
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// `周一`, `周六、周日`, `周一至周五`, `每天`: consecutive weekdays `first..=last` (1-based).
fn days_text(first: usize, last: usize) -> String {
    match last - first {
        _ if first == 1 && last == 7 => "每天".to_owned(),
        0 => WEEKDAYS[first - 1].to_owned(),
        1 => format!("{}、{}", WEEKDAYS[first - 1], WEEKDAYS[last - 1]),
        _ => format!("{}至{}", WEEKDAYS[first - 1], WEEKDAYS[last - 1]),
    }
}

/// `全天`, or the times of day in order (`上午、晚上`).
fn parts_text(parts: [bool; 3]) -> String {
    if parts.iter().all(|&on| on) {
        return "全天".to_owned();
    }
    DAY_PARTS
        .iter()
        .zip(parts)
        .filter(|(_, on)| *on)
        .map(|(label, _)| *label)
        .collect::<Vec<_>>()
        .join("、")
}

/// The set as one line a person reads: consecutive weekdays with the same times of day go
/// together, groups split by `；` — `周一至周五 晚上；周六、周日 全天`. Empty for no slot;
/// codes that are no slot are left out.
pub fn slots_text(codes: &[i64]) -> String {
    let mut week = [[false; 3]; 7];
    for &code in codes {
        if VIEWING_SLOT.label_of(code).is_some() {
            week[(code / 10 - 1) as usize][(code % 10 - 1) as usize] = true;
        }
    }
    let mut groups = Vec::new();
    let mut day = 0;
    while day < 7 {
        let parts = week[day];
        let mut last = day;
        while last + 1 < 7 && week[last + 1] == parts {
            last += 1;
        }
        if parts.iter().any(|&on| on) {
            groups.push(format!(
                "{} {}",
                days_text(day + 1, last + 1),
                parts_text(parts)
            ));
        }
        day = last + 1;
    }
    groups.join("；")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_is_weekday_by_time_of_day_with_the_labels_of_section_3() {
        // §3 "weekday by time-of-day viewing slots": 7 weekdays × 上午/下午/晚上.
        let grid = grid();
        assert_eq!(grid.parts, ["上午", "下午", "晚上"]);
        assert_eq!(grid.rows.len(), 7);
        let mut seen = 0;
        for (day, row) in grid.rows.iter().enumerate() {
            assert_eq!(row.weekday, WEEKDAYS[day]);
            for (part, cell) in row.cells.iter().enumerate() {
                assert_eq!(cell.label, format!("{}{}", WEEKDAYS[day], DAY_PARTS[part]));
                assert_eq!(VIEWING_SLOT.label_of(cell.value), Some(cell.label));
                seen += 1;
            }
        }
        assert_eq!(seen, VIEWING_SLOT.entries.len(), "every slot is a cell");
        assert_eq!(grid.rows[0].cells[0].value, 11);
        assert_eq!(
            grid.rows[6].cells[2],
            SlotCell {
                value: 73,
                label: "周日晚上"
            }
        );
    }

    #[test]
    fn the_set_reads_as_one_line() {
        assert_eq!(slots_text(&[]), "");
        assert_eq!(slots_text(&[11]), "周一 上午");
        assert_eq!(
            slots_text(&[13, 23, 33, 43, 53, 61, 62, 63, 71, 72, 73]),
            "周一至周五 晚上；周六、周日 全天"
        );
        assert_eq!(slots_text(&[62, 72]), "周六、周日 下午");
        assert_eq!(
            slots_text(&[11, 13, 21, 23, 31, 33]),
            "周一至周三 上午、晚上"
        );
        assert_eq!(slots_text(&[13, 33]), "周一 晚上；周三 晚上");
        let every: Vec<i64> = VIEWING_SLOT
            .entries
            .iter()
            .map(|e| match e.value {
                crate::enums::EnumValue::Number(n) => n,
                crate::enums::EnumValue::Code(_) => unreachable!(),
            })
            .collect();
        assert_eq!(slots_text(&every), "每天 全天");
        assert_eq!(
            slots_text(&[72, 99, 62]),
            "周六、周日 下午",
            "unknown codes are left out"
        );
    }
}
