//! Every enumeration of spec §3 with its Chinese label, one table each. The SPA shows labels
//! and fills selects from these tables; the server serves the same tables and checks stored
//! values against them.

use serde::Serialize;

/// A stored value: most enumerations are numbers, a few are codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum EnumValue {
    Number(i64),
    Code(&'static str),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EnumEntry {
    pub value: EnumValue,
    pub label: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnumTable {
    /// The name the SPA asks for (`payWay`).
    pub name: &'static str,
    pub entries: &'static [EnumEntry],
}

impl EnumTable {
    /// The label of a value; numbers may be given as text (`"2"`), as form fields hold them.
    pub fn label(&self, value: &str) -> Option<&'static str> {
        let value = value.trim();
        self.entries
            .iter()
            .find(|entry| match entry.value {
                EnumValue::Number(number) => value.parse::<i64>() == Ok(number),
                EnumValue::Code(code) => code == value,
            })
            .map(|entry| entry.label)
    }

    pub fn label_of(&self, value: i64) -> Option<&'static str> {
        self.label(&value.to_string())
    }

    pub fn contains(&self, value: &str) -> bool {
        self.label(value).is_some()
    }
}

const fn n(value: i64, label: &'static str) -> EnumEntry {
    EnumEntry {
        value: EnumValue::Number(value),
        label,
    }
}

const fn c(code: &'static str, label: &'static str) -> EnumEntry {
    EnumEntry {
        value: EnumValue::Code(code),
        label,
    }
}

macro_rules! tables {
    ($($(#[$doc:meta])* $constant:ident = $name:literal [$($entry:expr),* $(,)?];)*) => {
        $(
            $(#[$doc])*
            pub const $constant: EnumTable = EnumTable { name: $name, entries: &[$($entry),*] };
        )*
        /// Every table, in the order of the spec.
        pub const ALL: &[EnumTable] = &[$($constant),*];
    };
}

tables! {
    PAY_WAY = "payWay" [n(1, "现金"), n(2, "银行转账"), n(3, "支付宝"), n(4, "微信"), n(5, "POS机")];
    ORDER_STATUS = "orderStatus" [
        n(10, "待审核"), n(0, "已驳回"), n(5, "草稿"), n(15, "待付款"), n(16, "部分付款"),
        n(20, "已结清"), n(100, "已关闭"),
    ];
    /// What a second-hand deal is (not in the spec: our design, docs/deals.md).
    CONTRACT_KIND = "contractKind" [n(1, "买卖"), n(2, "租赁")];
    /// A deal or lease contract's status (core `deal::contract`).
    CONTRACT_STATUS = "contractStatus" [n(1, "草签"), n(2, "已签约"), n(3, "已结佣"), n(9, "已解约")];
    CONTRACT_ACTION = "contractAction" [c("sign", "签约"), c("cancel", "解约"), c("settle", "结佣")];
    /// What moves a commission order (core `deal::order`).
    ORDER_ACTION = "orderAction" [
        c("submit", "提交审核"), c("approve", "审核通过"), c("reject", "驳回"),
        c("pay", "确认收款"), c("close", "关闭"),
    ];
    /// The ACN roles a deal's commission is split over (贝壳 ACN).
    DEAL_ROLE = "dealRole" [
        n(1, "录入"), n(2, "维护"), n(3, "实勘"), n(4, "钥匙"), n(5, "委托"), n(6, "客源"),
        n(7, "成交"),
    ];
    PROPERTY_TYPE = "propertyTypeMap" [n(1, "住宅"), n(2, "商住"), n(3, "别墅"), n(4, "写字楼"), n(5, "商铺")];
    SALE_STATUS = "saleStatus" [n(1, "待售"), n(2, "即将开盘"), n(3, "在售"), n(4, "待开下期"), n(5, "售罄")];
    /// How a new-home commission rule pays (not in the spec: our design, docs/new-homes.md).
    COMMISSION_KIND = "commissionKind" [n(1, "按成交价比例"), n(2, "每套固定金额")];
    WORKING_STATUS = "workingStatus" [
        c("PENDING", "待入职"), c("INCUMBENCY_FORMAL", "正式"), c("PART_TIME", "兼职"),
        c("LEAVE", "离职"), c("INCUMBENCY_INTERNSHIP", "实习"), c("LOCKED", "已锁定"),
    ];
    /// Levels 2, 3, 4 display as one, two, three stars.
    CUSTOMER_LEVEL = "customerLevel" [n(2, "★"), n(3, "★★"), n(4, "★★★")];
    CUSTOMER_DEMAND = "customerDemand" [n(1, "二手房购买"), n(2, "新房购买"), n(3, "租房")];
    SEX = "sex" [n(0, "未知"), n(1, "男"), n(2, "女")];
    EDUCATION = "education" [
        n(1, "小学"), n(2, "初中"), n(3, "高中"), n(4, "中专"), n(5, "大专"), n(6, "本科"),
        n(7, "硕士"), n(8, "博士"), n(9, "其他"),
    ];
    MARITAL_STATUS = "maritalStatus" [n(1, "未婚"), n(2, "已婚"), n(3, "离异"), n(4, "丧偶")];
    COMMUNITY_OFFER_STATUS = "communityOfferStatus" [
        n(1, "未挂牌"), n(2, "在售/在租"), n(3, "已封盘"), n(4, "无效"), n(5, "已售"),
    ];
    REPORT_STATUS = "reportStatus" [
        n(1, "待审核"), n(2, "审核通过"), n(3, "审核失败"), n(4, "有效客户"), n(5, "无效客户"),
        n(6, "已关闭"),
    ];
    DEAL_STATUS = "dealStatus" [
        n(1, "待结佣"), n(2, "部分结佣"), n(3, "已结佣"), n(4, "已关闭"), n(5, "业绩待审核"),
    ];
    PERFORMANCE_TYPE = "performanceType" [n(1, "客户成交人"), n(2, "客户合作人"), n(3, "项目方分成")];
    /// What can be done to a new-home report: the table `report` names these.
    REPORT_ACTION = "reportAction" [
        c("approve", "审核通过"), c("reject", "审核失败"), c("visit", "确认到访"),
        c("invalidate", "无效客户"), c("close", "关闭"), c("expire", "过期失效"),
    ];
    /// How a new-home project takes reports: the customer's whole mobile or 前三后四.
    REPORT_PHONE_MODE = "reportPhoneMode" [n(1, "全号报备"), n(2, "隐号报备")];
    /// What can be done to a new-home deal: the table `new_home_deal` names these.
    DEAL_ACTION = "dealAction" [
        c("approve", "业绩审核通过"), c("settlePart", "部分结佣"), c("settle", "结佣完成"),
        c("close", "关闭"),
    ];
    HOUSE_STATUS = "houseStatus" [
        n(1, "有效"), n(2, "封盘"), n(3, "暂缓"), n(4, "预定"), n(5, "我司成交"), n(6, "他司成交"),
    ];
    ORGANISATION_SCOPE = "organisationScope" [n(2, "经纪公司"), n(3, "独立经纪人"), n(4, "合作机构")];
    /// A dialogue assistant answers staff's questions in the chat panel; a creation assistant
    /// writes copy (listing descriptions, notices) from a request.
    ASSISTANT_KIND = "assistantKind" [n(1, "对话助手"), n(2, "创作助手")];
    /// What an assistant may draw on: knowledge bases (searched for passages) and the functions
    /// over the brokerage's own data (called by a configured chat model as the asker).
    ASSISTANT_SOURCE_TYPE = "assistantSourceType" [n(1, "知识库"), n(2, "业务数据函数")];
    /// The functions over the brokerage's own data an assistant may call, by the name the model
    /// calls them (`chat::functions` gives each its plain summary).
    ASSISTANT_FUNCTION = "assistantFunction" [
        c("listing_search", "房源搜索"), c("customer_lookup", "客户查询"),
        c("deal_summary", "成交合同汇总"), c("performance_summary", "业绩汇总"),
    ];
    APP_TYPE = "appType" [
        n(1, "房源应用"), n(2, "客源应用"), n(3, "交易应用"), n(4, "办公应用"), n(5, "数据应用"),
        n(6, "第三方应用"),
    ];
    INVALID_REASON = "invalidReason" [
        n(1, "空号/停机"), n(2, "号码错误"), n(3, "无购房意向"), n(4, "已在他处成交"),
        n(5, "重复客户"), n(6, "同行"), n(7, "其他"),
    ];
    /// What a listing's photo shows (our design, docs/houses.md).
    PHOTO_CATEGORY = "photoCategory" [
        n(1, "客厅"), n(2, "卧室"), n(3, "厨房"), n(4, "卫生间"), n(5, "阳台"), n(6, "户型图"),
        n(7, "外景"), n(8, "小区环境"), n(9, "其他"),
    ];
    KEY_TYPE = "keyType" [n(1, "钥匙在店"), n(2, "业主保管"), n(3, "物业保管"), n(4, "密码锁"), n(5, "无钥匙")];
    /// Where a registered key is: in its place, or lent out (core `listing::key`).
    KEY_STATUS = "keyStatus" [n(1, "在库"), n(2, "借出中")];
    /// What can be done to a listing's key: the key table `listing::key` names these.
    KEY_ACTION = "keyAction" [c("register", "登记钥匙"), c("lend", "借出"), c("return", "归还")];
    WINDOW_TYPE = "windowType" [n(1, "普通窗"), n(2, "飘窗"), n(3, "落地窗"), n(4, "转角窗")];
    DECORATION = "decoration" [n(1, "毛坯"), n(2, "简装"), n(3, "中装"), n(4, "精装"), n(5, "豪装")];
    ORIENTATION = "orientation" [
        n(1, "东"), n(2, "南"), n(3, "西"), n(4, "北"), n(5, "东南"), n(6, "东北"), n(7, "西南"),
        n(8, "西北"), n(9, "南北"), n(10, "东西"),
    ];
    BUILDING_TYPE = "buildingType" [n(1, "板楼"), n(2, "塔楼"), n(3, "板塔结合"), n(4, "平房"), n(5, "别墅")];
    BUILDING_STRUCTURE = "buildingStructure" [
        n(1, "钢混结构"), n(2, "砖混结构"), n(3, "框架结构"), n(4, "钢结构"), n(5, "砖木结构"),
    ];
    HEATING_TYPE = "heatingType" [n(1, "集中供暖"), n(2, "自供暖"), n(3, "无供暖")];
    WATER_TYPE = "waterType" [n(1, "民水"), n(2, "商水")];
    ELECTRICITY_TYPE = "electricityType" [n(1, "民电"), n(2, "商电")];
    ROOM_COUNT = "roomCount" [n(1, "一室"), n(2, "二室"), n(3, "三室"), n(4, "四室"), n(5, "五室及以上")];
    WEEKDAY = "weekday" [
        n(1, "周一"), n(2, "周二"), n(3, "周三"), n(4, "周四"), n(5, "周五"), n(6, "周六"), n(7, "周日"),
    ];
    TIME_OF_DAY = "timeOfDay" [n(1, "上午"), n(2, "下午"), n(3, "晚上")];
    /// How a knowledge base's data set came in: typed in by hand, or imported from a file.
    KNOWLEDGE_SOURCE = "knowledgeSource" [n(1, "手动录入"), n(2, "文件导入")];
    /// The asker's verdict on an answer in the chat panel (👍 / 👎); 0 until they give one.
    CHAT_VOTE = "chatVote" [n(0, "未评价"), n(1, "有用"), n(2, "没用")];
    /// How a logged chat turn ended (对话日志 状态): `chat::log_status` names the values.
    CHAT_LOG_STATUS = "chatLogStatus" [n(0, "已回答"), n(6, "未找到答案"), n(2, "出错"), n(3, "已终止")];
    /// Where a knowledge base's batch import (批量导入) stands: `knowledge::ImportStatus` moves it.
    KNOWLEDGE_IMPORT_STATUS = "knowledgeImportStatus" [n(1, "导入中"), n(2, "已完成"), n(3, "已停止")];
    /// Where a knowledge point's vector stands while an embeddings endpoint is configured:
    /// not made yet (or the point changed since), made, or the endpoint refused it.
    KNOWLEDGE_VECTOR_STAGE = "knowledgeVectorStage" [
        c("waiting", "待向量化"), c("done", "已向量化"), c("failed", "失败"),
    ];
    /// How far one file of a batch import has come.
    KNOWLEDGE_FILE_STAGE = "knowledgeFileStage" [
        n(0, "排队中"), n(1, "解析中"), n(2, "切分中"), n(3, "索引中"), n(4, "已完成"), n(5, "失败"),
        n(6, "已停止"),
    ];
    /// Where a lead (线索) came from: typed in by an agent, a batch import, or a property
    /// portal (安居客, 58同城 and the like).
    CLUE_SOURCE = "clueSource" [n(1, "手工录入"), n(2, "批量导入"), n(3, "门户网站")];
    /// Where a lead stands: the lead table `lead::states` moves it.
    CLUE_STATUS = "clueStatus" [n(1, "待分配"), n(2, "跟进中"), n(3, "已转客户"), n(4, "无效")];
    /// What can be done to a lead: the lead table `lead::states` names these.
    CLUE_ACTION = "clueAction" [
        c("assign", "分配"), c("claim", "认领"), c("release", "退回线索池"),
        c("invalidate", "标记无效"), c("restore", "恢复"), c("convert", "转为客户"),
    ];
    /// What a batch import did with one row (the server's `outcome`).
    CLUE_IMPORT_OUTCOME = "clueImportOutcome" [
        c("added", "已添加"), c("invalid", "有错误"), c("duplicate", "重复"),
        c("repeated", "已导入过"), c("example", "已跳过"),
    ];
    /// A viewing slot is weekday × 10 + time of day: 11 is Monday morning, 73 Sunday evening.
    VIEWING_SLOT = "viewingSlot" [
        n(11, "周一上午"), n(12, "周一下午"), n(13, "周一晚上"),
        n(21, "周二上午"), n(22, "周二下午"), n(23, "周二晚上"),
        n(31, "周三上午"), n(32, "周三下午"), n(33, "周三晚上"),
        n(41, "周四上午"), n(42, "周四下午"), n(43, "周四晚上"),
        n(51, "周五上午"), n(52, "周五下午"), n(53, "周五晚上"),
        n(61, "周六上午"), n(62, "周六下午"), n(63, "周六晚上"),
        n(71, "周日上午"), n(72, "周日下午"), n(73, "周日晚上"),
    ];
    /// Property-right term in years (§9 "40, 50, 70 years").
    PROPERTY_TERM = "propertyTerm" [n(40, "40年"), n(50, "50年"), n(70, "70年")];
    /// Which pool a second-hand listing is in: its maintainer's store, or the company's 公盘.
    HOUSE_POOL = "housePool" [n(1, "私盘"), n(2, "公盘")];
    /// What can be done to a listing: the lifecycle table `listing::lifecycle` names these.
    HOUSE_ACTION = "houseAction" [
        c("seal", "封盘"), c("unseal", "解封"), c("defer", "暂缓"), c("resume", "恢复有效"),
        c("reserve", "预定"), c("cancelReserve", "取消预定"), c("dealOurs", "我司成交"),
        c("dealOthers", "他司成交"), c("release", "转公盘"), c("claim", "认领"), c("drop", "掉公"),
        c("relist", "重新上架"), c("dealUndone", "合同解约"),
    ];
    /// Why a listing is sealed (封盘).
    HOUSE_SEAL_REASON = "houseSealReason" [
        n(1, "业主要求暂停出售"), n(2, "独家委托"), n(3, "已收意向金"), n(4, "产权核查中"), n(9, "其他"),
    ];
    /// Why a listing is set aside as no longer valid (暂缓).
    HOUSE_INVALID_REASON = "houseInvalidReason" [
        n(1, "业主暂不出售"), n(2, "联系不上业主"), n(3, "价格严重偏离"), n(4, "房源信息虚假"),
        n(5, "产权有问题"), n(9, "其他"),
    ];
    /// Why a sealed listing is back on the market (解封): the seal's reasons, lifted.
    HOUSE_UNSEAL_REASON = "houseUnsealReason" [
        n(1, "业主恢复出售"), n(2, "独家委托到期"), n(3, "意向金已退还"), n(4, "产权核查完毕"), n(9, "其他"),
    ];
    /// Why a private listing is handed to the company's public pool (转公盘), either trade.
    HOUSE_RELEASE_REASON = "houseReleaseReason" [
        n(1, "无暇维护"), n(2, "联系不上业主"), n(3, "维护人调岗或离职"), n(4, "业主要求更换经纪人"),
        n(9, "其他"),
    ];
    /// Selling points shown as tags on a listing.
    HOUSE_TAG = "houseTag" [
        n(1, "满五唯一"), n(2, "满二"), n(3, "近地铁"), n(4, "学区房"), n(5, "随时可看"),
        n(6, "南北通透"), n(7, "有电梯"), n(8, "带车位"), n(9, "急售"),
    ];
    /// How a customer is addressed (§3 sex: 先生 for 1, 女士 for 2); the customer form offers
    /// these two.
    CUSTOMER_SEX = "customerSex" [n(1, "先生"), n(2, "女士")];
    /// Where a customer stands (not in the spec: our design, docs/customers.md).
    CUSTOMER_STATUS = "customerStatus" [n(1, "有效"), n(2, "已成交"), n(3, "无效")];
    /// Which pool a customer is in: an agent's own (私客) or the company's (公客).
    CUSTOMER_POOL = "customerPool" [n(1, "私客"), n(2, "公客")];
    /// What can be done to a customer: the pool table `customer::pool` names these.
    CUSTOMER_ACTION = "customerAction" [
        c("claim", "认领"), c("release", "转公客"), c("transfer", "转移"), c("deal", "成交"),
        c("invalidate", "设为无效"), c("restore", "恢复有效"), c("drop", "掉公"),
    ];
    /// Where a customer came from.
    CUSTOMER_SOURCE = "customerSource" [
        n(1, "门店接待"), n(2, "电话咨询"), n(3, "网络平台"), n(4, "老客户介绍"), n(5, "社区开发"),
        n(6, "线索转化"), n(9, "其他"),
    ];
    /// What an agent notes about a customer at a glance.
    CUSTOMER_TAG = "customerTag" [
        n(1, "急需"), n(2, "全款"), n(3, "贷款"), n(4, "首套"), n(5, "改善"), n(6, "学区"),
        n(7, "投资"),
    ];
    /// How a customer was followed up.
    FOLLOW_UP_WAY = "followUpWay" [n(1, "电话"), n(2, "到访"), n(3, "面谈"), n(4, "微信")];
    /// Where a customer's phone must be unique (the company's dictionary `customer.phoneScope`).
    PHONE_SCOPE = "phoneScope" [n(1, "个人"), n(2, "门店"), n(3, "公司")];
    /// What a viewing (带看) shows: a second-hand listing, a rental or a new-home project.
    VIEWING_KIND = "viewingKind" [n(1, "二手房"), n(2, "租房"), n(3, "新房")];
    /// What a listing offers: a sale (二手房) or a lease (租房). Not in the spec: our design,
    /// docs/houses.md.
    HOUSE_TRADE = "houseTrade" [n(1, "出售"), n(2, "出租")];
    /// A rental's status: the second-hand codes, a deal read as let (租出).
    RENTAL_STATUS = "rentalStatus" [
        n(1, "有效"), n(2, "封盘"), n(3, "暂缓"), n(4, "预定"), n(5, "我司租出"), n(6, "他司租出"),
    ];
    /// What can be done to a rental: the lifecycle table's codes, read as a lease; 重新上架 brings
    /// a let rental back when its tenant leaves.
    RENTAL_ACTION = "rentalAction" [
        c("seal", "封盘"), c("unseal", "解封"), c("defer", "暂缓"), c("resume", "恢复有效"),
        c("reserve", "预定"), c("cancelReserve", "取消预定"), c("dealOurs", "我司租出"),
        c("dealOthers", "他司租出"), c("release", "转公盘"), c("claim", "认领"), c("drop", "掉公"),
        c("relist", "重新上架"), c("dealUndone", "合同解约"),
    ];
    /// Why a rental is sealed (封盘).
    RENTAL_SEAL_REASON = "rentalSealReason" [
        n(1, "业主要求暂停出租"), n(2, "独家委托"), n(3, "已收定金"), n(4, "房屋维修中"), n(9, "其他"),
    ];
    /// Why a rental is set aside (暂缓).
    RENTAL_INVALID_REASON = "rentalInvalidReason" [
        n(1, "业主暂不出租"), n(2, "联系不上业主"), n(3, "租金严重偏离"), n(4, "房源信息虚假"),
        n(5, "业主自住"), n(9, "其他"),
    ];
    /// Why a sealed rental is back on the market (解封).
    RENTAL_UNSEAL_REASON = "rentalUnsealReason" [
        n(1, "业主恢复出租"), n(2, "独家委托到期"), n(3, "定金已退还"), n(4, "房屋维修完毕"), n(9, "其他"),
    ];
    /// 整租 lets the whole home; 合租 a room of it.
    RENT_TYPE = "rentType" [n(1, "整租"), n(2, "合租")];
    /// Deposit and payment terms: months of deposit, months paid at a time.
    RENT_PAYMENT = "rentPayment" [
        n(1, "押一付一"), n(2, "押一付三"), n(3, "押二付一"), n(4, "押二付三"), n(5, "押一付六"),
        n(6, "押一付十二"), n(7, "面议"),
    ];
    /// Furniture and appliances a rental comes with.
    RENTAL_FACILITY = "rentalFacility" [
        n(1, "床"), n(2, "衣柜"), n(3, "沙发"), n(4, "桌椅"), n(5, "电视"), n(6, "冰箱"),
        n(7, "洗衣机"), n(8, "空调"), n(9, "热水器"), n(10, "燃气灶"), n(11, "宽带"), n(12, "暖气"),
    ];
    /// A rental's selling points.
    RENTAL_TAG = "rentalTag" [
        n(1, "近地铁"), n(2, "随时看房"), n(3, "拎包入住"), n(4, "独立卫生间"), n(5, "独立阳台"),
        n(6, "可短租"), n(7, "可养宠物"), n(8, "民水民电"), n(9, "首次出租"),
    ];
}

pub fn table(name: &str) -> Option<&'static EnumTable> {
    ALL.iter().find(|table| table.name == name)
}

pub fn names() -> impl Iterator<Item = &'static str> {
    ALL.iter().map(|table| table.name)
}

/// The form of address after a surname: 先生 for 1, 女士 for 2, empty otherwise.
pub fn sex_title(sex: i64) -> &'static str {
    match sex {
        1 => "先生",
        2 => "女士",
        _ => "",
    }
}

/// A person as the customer pages address them: the name and 先生/女士 for the sex (`张伟 先生`),
/// the name alone for an unknown sex. A name that already ends with a title (`赵先生`, as leads are
/// often written) is not titled twice.
pub fn addressed(name: &str, sex: i64) -> String {
    let name = name.trim();
    let title = sex_title(sex);
    if title.is_empty() || ["先生", "女士"].iter().any(|t| name.ends_with(t)) {
        name.to_owned()
    } else {
        format!("{name} {title}")
    }
}

/// Stars shown for a customer level (2 → 1, 3 → 2, 4 → 3); 0 for other levels.
pub fn customer_level_stars(level: i64) -> u8 {
    match level {
        2..=4 => (level - 1) as u8,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(table: &EnumTable) -> Vec<(String, &'static str)> {
        table
            .entries
            .iter()
            .map(|entry| {
                let value = match entry.value {
                    EnumValue::Number(n) => n.to_string(),
                    EnumValue::Code(code) => code.to_string(),
                };
                (value, entry.label)
            })
            .collect()
    }

    fn values(table: &EnumTable) -> Vec<String> {
        labels(table).into_iter().map(|(value, _)| value).collect()
    }

    #[test]
    fn values_are_the_specs() {
        // "payWay: 1 cash, 2 bank, 3 Alipay, 4 WeChat, 5 POS."
        assert_eq!(values(&PAY_WAY), ["1", "2", "3", "4", "5"]);
        assert_eq!(PAY_WAY.label("3"), Some("支付宝"));
        assert_eq!(PAY_WAY.label_of(4), Some("微信"));
        // "orderStatus: 10 pending review, 0 rejected, 5 draft, 15 awaiting payment, 16 partly paid,
        //  20 settled, 100 closed."
        assert_eq!(
            values(&ORDER_STATUS),
            ["10", "0", "5", "15", "16", "20", "100"]
        );
        assert_eq!(ORDER_STATUS.label_of(0), Some("已驳回"));
        assert_eq!(ORDER_STATUS.label_of(100), Some("已关闭"));
        // "propertyTypeMap: 1 residential, 2 commercial-residential, 3 villa, 4 office, 5 shop."
        assert_eq!(PROPERTY_TYPE.label_of(2), Some("商住"));
        assert_eq!(PROPERTY_TYPE.label_of(5), Some("商铺"));
        // "saleStatus: 1 to be sold, 2 opening soon, 3 on sale, 4 next phase, 5 sold out."
        assert_eq!(SALE_STATUS.label_of(5), Some("售罄"));
        // "workingStatus: PENDING, INCUMBENCY_FORMAL, PART_TIME, LEAVE, INCUMBENCY_INTERNSHIP, plus locked."
        assert_eq!(
            values(&WORKING_STATUS),
            [
                "PENDING",
                "INCUMBENCY_FORMAL",
                "PART_TIME",
                "LEAVE",
                "INCUMBENCY_INTERNSHIP",
                "LOCKED"
            ]
        );
        // "Customer demand: 1 second-hand purchase, 2 new-home purchase, 3 rental."
        assert_eq!(values(&CUSTOMER_DEMAND), ["1", "2", "3"]);
        // "Sex: 0 unknown, 1 male, 2 female."
        assert_eq!(values(&SEX), ["0", "1", "2"]);
        // "Education: 1 to 9. Marital status: 1 to 4."
        assert_eq!(
            values(&EDUCATION),
            (1..=9).map(|v| v.to_string()).collect::<Vec<_>>()
        );
        assert_eq!(values(&MARITAL_STATUS), ["1", "2", "3", "4"]);
        // "Community offer status: 1 not offered, 2 on sale/rent, 3 sealed, 4 invalid, 5 sold."
        assert_eq!(COMMUNITY_OFFER_STATUS.label_of(2), Some("在售/在租"));
        // "Organisation scope: brokerage company 2, independent broker 3, partner organisation 4."
        assert_eq!(
            labels(&ORGANISATION_SCOPE),
            [
                ("2".into(), "经纪公司"),
                ("3".into(), "独立经纪人"),
                ("4".into(), "合作机构")
            ]
        );
        // "App types: 1 to 6."
        assert_eq!(values(&APP_TYPE), ["1", "2", "3", "4", "5", "6"]);
        // Report, deal, performance and house statuses: six, five, three and six entries.
        assert_eq!(REPORT_STATUS.entries.len(), 6);
        assert_eq!(DEAL_STATUS.label_of(5), Some("业绩待审核"));
        assert_eq!(PERFORMANCE_TYPE.label_of(3), Some("项目方分成"));
        assert_eq!(HOUSE_STATUS.entries.len(), 6);
    }

    #[test]
    fn sex_titles_and_stars() {
        // "The display label is 先生 for 1, 女士 for 2 and empty otherwise."
        assert_eq!(sex_title(1), "先生");
        assert_eq!(sex_title(2), "女士");
        assert_eq!(sex_title(0), "");
        assert_eq!(sex_title(7), "");
        assert_eq!(addressed("张伟", 1), "张伟 先生");
        assert_eq!(addressed(" 李娜 ", 2), "李娜 女士");
        assert_eq!(addressed("张伟", 0), "张伟");
        assert_eq!(addressed("赵先生", 1), "赵先生", "not 赵先生 先生");
        assert_eq!(addressed("钱女士", 2), "钱女士");
        assert_eq!(addressed("孙女士", 1), "孙女士", "the name as written wins");
        // "Customer levels 2, 3 and 4 display as one, two and three stars."
        assert_eq!(customer_level_stars(2), 1);
        assert_eq!(customer_level_stars(4), 3);
        assert_eq!(customer_level_stars(1), 0);
        assert_eq!(CUSTOMER_LEVEL.label_of(3), Some("★★"));
    }

    #[test]
    fn the_other_lists_exist() {
        for name in [
            "invalidReason",
            "keyType",
            "windowType",
            "decoration",
            "orientation",
            "buildingType",
            "buildingStructure",
            "heatingType",
            "waterType",
            "electricityType",
            "roomCount",
            "viewingSlot",
        ] {
            assert!(table(name).is_some_and(|t| !t.entries.is_empty()), "{name}");
        }
        assert_eq!(VIEWING_SLOT.entries.len(), 21);
        assert_eq!(VIEWING_SLOT.label("73"), Some("周日晚上"));
    }

    #[test]
    fn every_table_has_unique_values_and_labels() {
        for table in ALL {
            let entries = labels(table);
            for (i, (value, label)) in entries.iter().enumerate() {
                assert!(!label.is_empty());
                for (other_value, other_label) in &entries[i + 1..] {
                    assert_ne!(value, other_value, "{} value {value} twice", table.name);
                    assert_ne!(label, other_label, "{} label {label} twice", table.name);
                }
            }
        }
        let names: Vec<&str> = names().collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(name), "{name} twice");
        }
    }

    #[test]
    fn lookups_tolerate_text_and_refuse_strangers() {
        assert_eq!(SEX.label(" 1 "), Some("男"));
        assert_eq!(SEX.label("男"), None);
        assert_eq!(SEX.label("1.0"), None);
        assert!(WORKING_STATUS.contains("LOCKED"));
        assert!(!WORKING_STATUS.contains("locked"));
        assert!(table("nope").is_none());
    }
}
