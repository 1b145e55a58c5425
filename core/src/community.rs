//! 小区 (the community dictionary): how a typed query finds a community, and the values its
//! form turns into stored numbers.
//!
//! A community is found by its name or an alias containing the typed text (`西湖`), or, for a
//! query of Latin letters and digits, by the start of its spelling in pinyin (`xihu`) or of its
//! initials (`xhjy`). The spelling is made once, when a name is written, by [`spell`] (the
//! `pinyin` feature, which the server enables: the browser module carries no character table);
//! the server's query applies [`matches`] in SQL and its tests hold the two to the same answers.

use serde::Serialize;

use crate::decimal::Decimal;

/// How a name is spelt for search: full pinyin without tones or separators, and the first
/// letter of each syllable. Latin letters and digits stand for themselves (lower-cased).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Spelling {
    pub pinyin: String,
    pub initials: String,
}

/// Characters whose reading in a place name is not their most common one: 金都 is jindu, not
/// jindou; 大厦 is dasha, not daxia.
#[cfg(feature = "pinyin")]
const PLACE_READINGS: &[(char, &str)] = &[('都', "du"), ('厦', "sha")];

/// Spells `name` for search: `西湖家园` → `xihujiayuan` / `xhjy`, `SOHO 1期` → `soho1qi` /
/// `soho1q`. Characters with several readings take their reading in place names
/// ([`PLACE_READINGS`]), else their most common one; punctuation and spaces are dropped.
#[cfg(feature = "pinyin")]
pub fn spell(name: &str) -> Spelling {
    use pinyin::ToPinyin;
    let mut spelling = Spelling::default();
    for (c, reading) in name.chars().zip(name.to_pinyin()) {
        let place = PLACE_READINGS
            .iter()
            .find(|(p, _)| *p == c)
            .map(|(_, r)| *r);
        if let Some(reading) = place {
            spelling.pinyin.push_str(reading);
            spelling.initials.push_str(&reading[..1]);
        } else if let Some(reading) = reading {
            // Typed as `v` on every pinyin keyboard (绿 → lv).
            spelling.pinyin.push_str(&reading.plain().replace('ü', "v"));
            spelling.initials.push_str(reading.first_letter());
        } else if c.is_ascii_alphanumeric() {
            let c = c.to_ascii_lowercase();
            spelling.pinyin.push(c);
            spelling.initials.push(c);
        }
    }
    spelling
}

/// A typed query, normalised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query {
    /// Latin letters and digits, lower-cased, without spaces or apostrophes (`xi'an` → `xian`):
    /// a pinyin or initials prefix, or text inside a name.
    Letters(String),
    /// Anything with other characters (Chinese): text inside a name or alias.
    Text(String),
}

/// Reads a typed query; `None` when nothing is left to search for.
pub fn parse_query(typed: &str) -> Option<Query> {
    let trimmed = typed.trim();
    if trimmed.is_empty() {
        return None;
    }
    let letters: String = trimmed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\'' && *c != '’')
        .collect();
    if letters.chars().all(|c| c.is_ascii_alphanumeric()) {
        Some(Query::Letters(letters.to_ascii_lowercase()))
    } else {
        Some(Query::Text(trimmed.to_owned()))
    }
}

/// What a community is found by: its name or one alias, with their spellings.
#[derive(Debug, Clone, Copy)]
pub struct Keys<'a> {
    pub name: &'a str,
    pub pinyin: &'a str,
    pub initials: &'a str,
}

/// Whether `query` finds a community known by `keys` (its name and each alias in turn).
pub fn matches(query: &Query, keys: &Keys<'_>) -> bool {
    match query {
        Query::Text(text) => keys.name.contains(text.as_str()),
        Query::Letters(letters) => {
            keys.initials.starts_with(letters.as_str())
                || keys.pinyin.starts_with(letters.as_str())
                || keys.name.to_ascii_lowercase().contains(letters.as_str())
        }
    }
}

/// The first text after every text starting with `prefix` (`xhjy` → `xhjz`), so a prefix
/// search is a range an index answers: `prefix <= column < prefix_end(prefix)`. `prefix` is a
/// [`Query::Letters`] value, whose last character is never the largest.
pub fn prefix_end(prefix: &str) -> String {
    let mut chars: Vec<char> = prefix.chars().collect();
    if let Some(last) = chars.pop() {
        chars.push(char::from_u32(u32::from(last) + 1).unwrap_or(char::MAX));
    }
    chars.into_iter().collect()
}

/// Longest alias, in characters.
pub const ALIAS_MAX: usize = 50;
/// Most aliases one community keeps.
pub const ALIASES_MAX: usize = 10;

/// The aliases typed in one field, separated by commas (`,` `，` `、`) or new lines: trimmed,
/// without empties or repeats, and none the community's own name.
pub fn aliases(typed: &str, name: &str) -> Result<Vec<String>, String> {
    let mut kept: Vec<String> = Vec::new();
    for alias in typed.split([',', '，', '、', '\n']).map(str::trim) {
        if alias.is_empty() || alias == name.trim() || kept.iter().any(|k| k == alias) {
            continue;
        }
        if alias.chars().count() > ALIAS_MAX {
            return Err(format!("每个别名不能超过{ALIAS_MAX}个字符"));
        }
        kept.push(alias.to_owned());
    }
    if kept.len() > ALIASES_MAX {
        return Err(format!("别名最多{ALIASES_MAX}个"));
    }
    Ok(kept)
}

/// A decimal with up to two places as whole hundredths (`2.5` → 250; 物业费 in 元 → fen, 容积率,
/// 绿化率 in %). The form's rule has already bounded it.
pub fn hundredths(text: &str) -> Option<i64> {
    let decimal = Decimal::parse(text)?;
    if decimal.is_negative() {
        return None;
    }
    let text = decimal.round_half_up(2).to_text(false);
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}")[..2].parse().ok()?;
    whole.checked_mul(100)?.checked_add(fraction)
}

/// Whether `text` is a longitude or latitude in degrees with up to six decimals, within
/// `-limit..=limit`. Read exactly, without floats: the browser module needs no float parser.
pub fn degrees(text: &str, limit: u64) -> bool {
    let Some(decimal) = Decimal::parse(text) else {
        return false;
    };
    let (_, fraction) = text.trim().split_once('.').unwrap_or(("", ""));
    fraction.len() <= 6 && decimal.cmp_abs(limit) != std::cmp::Ordering::Greater
}

/// A room's floor against its building's 总层数 (unknown floors allow any): a room is not above
/// the top floor. Below-ground floors are the room form's own range.
pub fn room_floor_within(floor: Option<i64>, floors: Option<i64>) -> Result<(), String> {
    match (floor, floors) {
        (Some(floor), Some(floors)) if floor > floors => {
            Err(format!("所在楼层不能高于该栋座的总层数（{floors}层）"))
        }
        _ => Ok(()),
    }
}

/// Where a new building or unit goes when its form gives no 排序: after its siblings (the largest
/// of their orders plus one, within the order's 0-9999), so 5幢 added to 1-4幢 shows last.
pub fn next_part_sort(siblings: impl IntoIterator<Item = i64>) -> i64 {
    siblings
        .into_iter()
        .max()
        .map_or(1, |last| (last + 1).min(crate::org::fields::SORT_MAX))
}

/// The three parts of a community whose names are unique among their siblings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// 栋座, unique in its community.
    Building,
    /// 单元, unique in its building.
    Unit,
    /// 房号, unique in its unit.
    Room,
}

impl Part {
    /// The words a name of this part may end with that say nothing about which one it is
    /// (`9幢` and `9栋` are one building), longest first.
    const fn unit_words(self) -> &'static [&'static str] {
        match self {
            Part::Building => &["号楼", "幢", "栋", "座", "楼"],
            Part::Unit => &["单元"],
            Part::Room => &["号房", "室", "号"],
        }
    }
}

/// A building's, unit's or room's name as kept: full-width letters, digits and signs (what a
/// Chinese IME types in full-width mode) as half-width, spaces trimmed and runs of them as one
/// (`　１５０１ ` → `1501`).
pub fn part_name(typed: &str) -> String {
    let half: String = typed
        .chars()
        .map(|c| match u32::from(c) {
            0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect();
    half.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What a part's name is compared by among its siblings (重盘 starts with one flat entered
/// twice): the kept name without spaces, Latin letters lower-cased, and without a trailing
/// unit word, so `１５０１`, `1501室` and `1501` are one room and `9幢`, `９栋`, `9号楼` one
/// building. A name that is only a unit word is compared whole.
pub fn part_key(part: Part, name: &str) -> String {
    let compact: String = part_name(name)
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    part.unit_words()
        .iter()
        .find_map(|word| compact.strip_suffix(word).filter(|rest| !rest.is_empty()))
        .unwrap_or(&compact)
        .to_owned()
}

/// A room a listing stands on is not deleted (the listing would lose its place): the refusal
/// names the listing. `房号「2403」已有租房房源（房源编号229），无法删除`.
pub fn room_in_use(room: &str, trade: crate::listing::trade::Trade, listing_id: i64) -> String {
    let noun = match trade {
        crate::listing::trade::Trade::Sale => "二手房",
        crate::listing::trade::Trade::Lease => "租房",
    };
    format!("房号「{room}」已有{noun}房源（房源编号{listing_id}），无法删除")
}

/// §3 communityOfferStatus 在售/在租: what a community shows while a listing is on it.
pub const ON_OFFER: i16 = 2;

/// The 在售状态 a community shows: 在售/在租 while the company has a listing on the market in
/// it (sale or rental, in a status that holds the room, [`crate::listing::lifecycle::ACTIVE`]),
/// whatever was stored; otherwise the status kept in the dictionary (未挂牌, 已封盘, 无效, 已售,
/// or 在售/在租 as the dictionary's keeper set it, for another agency's offer). The list's
/// filter asks the same: `stored = s AND NOT listed`, or for 在售/在租 `stored = 2 OR listed`.
pub fn shown_offer_status(stored: i16, listed: bool) -> i16 {
    if listed { ON_OFFER } else { stored }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_room_is_not_above_its_buildings_top_floor() {
        assert_eq!(super::room_floor_within(Some(18), Some(18)), Ok(()));
        assert_eq!(super::room_floor_within(Some(-2), Some(18)), Ok(()));
        assert_eq!(super::room_floor_within(Some(30), None), Ok(()));
        assert_eq!(
            super::room_floor_within(Some(19), Some(18)),
            Err("所在楼层不能高于该栋座的总层数（18层）".to_owned())
        );
    }

    use super::*;

    fn keys<'a>(name: &'a str, pinyin: &'a str, initials: &'a str) -> Keys<'a> {
        Keys {
            name,
            pinyin,
            initials,
        }
    }

    #[test]
    fn a_query_finds_communities_by_name_spelling_or_initials() {
        let xihu = keys("西湖家园", "xihujiayuan", "xhjy");
        let soho = keys("SOHO国际", "sohoguoji", "sohogj");
        // (typed, finds 西湖家园, finds SOHO国际)
        let table = [
            ("xhjy", true, false),
            ("XHJY", true, false),
            ("xh", true, false),
            ("xihu", true, false),
            ("xi hu", true, false),
            ("xi'hu", true, false),
            ("xihujiayuan", true, false),
            ("西湖", true, false),
            ("家园", true, false),
            ("西湖 家园", false, false),
            ("jiayuan", false, false),
            ("hjy", false, false),
            ("xhjyx", false, false),
            ("soho", false, true),
            ("oho", false, true),
            ("sohogj", false, true),
            ("国际", false, true),
        ];
        for (typed, in_xihu, in_soho) in table {
            let query = parse_query(typed).unwrap();
            assert_eq!(matches(&query, &xihu), in_xihu, "{typed} / 西湖家园");
            assert_eq!(matches(&query, &soho), in_soho, "{typed} / SOHO国际");
        }
    }

    #[test]
    fn an_empty_query_searches_for_nothing() {
        assert_eq!(parse_query("  "), None);
        assert_eq!(parse_query(" Xh "), Some(Query::Letters("xh".into())));
        assert_eq!(parse_query("西湖"), Some(Query::Text("西湖".into())));
    }

    #[test]
    fn a_prefix_range_ends_after_every_longer_text() {
        assert_eq!(prefix_end("xhjy"), "xhjz");
        assert_eq!(prefix_end("xz"), "x{");
        assert_eq!(prefix_end("a9"), "a:");
        for inside in ["xhjy", "xhjya", "xhjyzzzz", "xhjy9"] {
            assert!(
                "xhjy" <= inside && inside < prefix_end("xhjy").as_str(),
                "{inside}"
            );
        }
        assert!("xhka" >= prefix_end("xhjy").as_str());
    }

    #[cfg(feature = "pinyin")]
    #[test]
    fn names_are_spelt_in_pinyin_and_initials() {
        for (name, pinyin, initials) in [
            ("西湖家园", "xihujiayuan", "xhjy"),
            ("绿城·桂花园", "lvchengguihuayuan", "lcghy"),
            ("SOHO 1期", "soho1qi", "soho1q"),
            ("天一广场", "tianyiguangchang", "tygc"),
            // Read as in place names, not as their most common reading.
            ("金都华府", "jinduhuafu", "jdhf"),
            ("环球大厦", "huanqiudasha", "hqds"),
        ] {
            assert_eq!(
                spell(name),
                Spelling {
                    pinyin: pinyin.into(),
                    initials: initials.into()
                },
                "{name}"
            );
        }
    }

    #[test]
    fn a_new_part_goes_after_its_siblings() {
        assert_eq!(next_part_sort([]), 1);
        assert_eq!(next_part_sort([1, 4, 2]), 5);
        assert_eq!(next_part_sort([0, 0]), 1);
        assert_eq!(next_part_sort([9999]), 9999);
    }

    #[test]
    fn aliases_are_split_trimmed_and_bounded() {
        assert_eq!(
            aliases("西湖小区， 西湖家园、西湖小区,\n老西湖", "西湖家园").unwrap(),
            vec!["西湖小区", "老西湖"]
        );
        assert_eq!(aliases("", "x").unwrap(), Vec::<String>::new());
        let long = "长".repeat(ALIAS_MAX + 1);
        assert_eq!(aliases(&long, "x").unwrap_err(), "每个别名不能超过50个字符");
        let many = (0..=ALIASES_MAX).map(|n| n.to_string()).collect::<Vec<_>>();
        assert_eq!(aliases(&many.join(","), "x").unwrap_err(), "别名最多10个");
    }

    #[test]
    fn form_numbers_become_hundredths_and_degrees() {
        assert_eq!(hundredths("2.5"), Some(250));
        assert_eq!(hundredths("2.50"), Some(250));
        assert_eq!(hundredths("35"), Some(3500));
        assert_eq!(hundredths("0.05"), Some(5));
        assert_eq!(hundredths("-1"), None);
        assert_eq!(hundredths("abc"), None);
        assert!(degrees("120.153576", 180));
        assert!(degrees("-30.287459", 90));
        assert!(degrees("90.000", 90));
        assert!(!degrees("90.000001", 90));
        assert!(!degrees("91", 90));
        assert!(!degrees("120.1234567", 180));
        assert!(!degrees("东经120", 180));
    }

    #[test]
    fn part_names_keep_half_width_trimmed_text() {
        assert_eq!(part_name("　１５０１ "), "1501");
        assert_eq!(part_name("Ａ座"), "A座");
        assert_eq!(part_name(" 1  单元 "), "1 单元");
        assert_eq!(part_name("9幢"), "9幢");
    }

    #[test]
    fn part_names_compare_without_width_spaces_or_unit_words() {
        let same = |part, a: &str, b: &str| part_key(part, a) == part_key(part, b);
        for typed in [
            "１５０１",
            "1501室",
            "1501号",
            "1501号房",
            " 1501 ",
            "15 01",
            "１５０１室",
        ] {
            assert!(same(Part::Room, typed, "1501"), "{typed}");
        }
        assert!(!same(Part::Room, "1502", "1501"));
        assert!(!same(Part::Room, "1501", "150"));
        for typed in ["9栋", "９幢", "9座", "9号楼", "9楼", "９ 幢"] {
            assert!(same(Part::Building, typed, "9幢"), "{typed}");
        }
        assert!(!same(Part::Building, "19幢", "9幢"));
        assert!(same(Part::Building, "a座", "Ａ栋"));
        assert!(same(Part::Unit, "１单元", "1"));
        assert!(!same(Part::Unit, "2单元", "1单元"));
        // A unit word alone is a name of its own, and another part's word is kept.
        assert_eq!(part_key(Part::Building, "楼"), "楼");
        assert_eq!(part_key(Part::Room, "1501栋"), "1501栋");
        assert_eq!(part_key(Part::Building, "1501室"), "1501室");
    }

    #[test]
    fn a_community_with_a_listing_on_the_market_shows_on_offer() {
        let label = |code: i16| crate::enums::COMMUNITY_OFFER_STATUS.label_of(i64::from(code));
        assert_eq!(label(shown_offer_status(1, true)), Some("在售/在租"));
        assert_eq!(shown_offer_status(1, false), 1);
        assert_eq!(shown_offer_status(5, true), ON_OFFER);
        assert_eq!(shown_offer_status(3, false), 3);
    }
}
