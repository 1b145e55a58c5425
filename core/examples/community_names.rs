//! Community names for the houses benchmark (`scripts/bench/houses.sh`), spelt as the server
//! stores them (`community::spell`): prints `n<TAB>name<TAB>pinyin<TAB>initials`, one line per
//! name, N distinct names (default 6000) made of a place word and a kind of estate.
//!   cargo run -q -p brokerdesk-core --features pinyin --example community_names -- 6000

use brokerdesk_core::community::spell;

const PLACES: [&str; 100] = [
    "翠湖", "锦绣", "碧水", "金桂", "银杏", "紫荆", "丹桂", "绿洲", "青山", "白鹭", "蓝湾", "红枫",
    "东港", "西城", "南山", "北岸", "中天", "华府", "盛世", "新港", "海棠", "芙蓉", "牡丹", "玉兰",
    "梧桐", "香樟", "松涛", "竹海", "梅园", "荷塘", "星河", "月湾", "云栖", "雨润", "风华", "晨曦",
    "朝阳", "夕照", "明珠", "宝石", "钱江", "运河", "之江", "富春", "天目", "良渚", "临平", "余杭",
    "萧山", "滨海", "九溪", "龙井", "虎跑", "灵隐", "北山", "孤山", "断桥", "柳浪", "曲院", "花港",
    "三墩", "古荡", "翠苑", "文新", "蒋村", "五常", "闲林", "仓前", "良户", "乔司", "丁桥", "笕桥",
    "九堡", "下沙", "彭埠", "四季", "采荷", "凯旋", "景芳", "闸弄", "望江", "近江", "清波", "紫阳",
    "长庆", "朝晖", "米市", "潮鸣", "和睦", "大关", "上塘", "石桥", "康桥", "半山", "祥符", "勾庄",
    "东新", "新华", "文晖", "湖墅",
];

const KINDS: [&str; 60] = [
    "家园", "花园", "小区", "公寓", "新村", "嘉园", "名苑", "华庭", "雅苑", "丽都", "佳苑", "新苑",
    "绿园", "豪庭", "名邸", "府邸", "湾畔", "水岸", "首府", "天地", "国际", "广场", "大厦", "人家",
    "山庄", "别墅", "云庭", "里", "苑", "府", "城", "郡", "湾", "居", "坊", "庐", "阁", "轩", "墅",
    "园", "东区", "西区", "南区", "北区", "一期", "二期", "三期", "四期", "五期", "六期", "北苑",
    "南苑", "东苑", "西苑", "上园", "锦园", "春苑", "秋苑", "雅居", "华府",
];

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(6000)
        .min(PLACES.len() * KINDS.len());
    // Kind-major, so consecutive names share a place word less often than a kind.
    for n in 0..count {
        let name = format!("{}{}", PLACES[n % PLACES.len()], KINDS[n / PLACES.len()]);
        let spelling = spell(&name);
        println!("{n}\t{name}\t{}\t{}", spelling.pinyin, spelling.initials);
    }
}
