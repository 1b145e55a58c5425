//! The demo community dictionary: 40 communities of 杭州 and 宁波 with aliases, buildings, units
//! and a few rooms each, enough for the listings the demo enters on them. 宁波 gets two more
//! districts so its communities are not all in one.
//!
//! Written with a handful of multi-row inserts: every test starts on a freshly seeded database.

use std::collections::HashMap;

use brokerdesk_core::community::spell;
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};

use crate::entity::{building, business_circle, community, community_alias, district, room, unit};

/// Districts and circles added for 宁波, after the ones `demo_data` gives it.
const NINGBO_AREAS: [(&str, &[&str]); 2] = [
    ("鄞州区", &["东部新城", "南部商务区"]),
    ("江北区", &["老外滩"]),
];

/// One demo community.
struct Demo {
    site: &'static str,
    district: &'static str,
    circle: &'static str,
    name: &'static str,
    aliases: &'static [&'static str],
    address: &'static str,
    /// Core `propertyTypeMap`.
    property_type: i16,
    build_year: i32,
    developer: &'static str,
    property_company: &'static str,
    /// Fen per m² per month.
    fee: i64,
    /// Hundredths.
    plot: i32,
    /// Hundredths of a percent.
    green: i32,
    lng: f64,
    lat: f64,
    /// Core `communityOfferStatus`.
    offer: i16,
    buildings: u32,
    floors: i32,
}

macro_rules! demo {
    ($site:literal, $district:literal, $circle:literal, $name:literal, [$($alias:literal),*],
     $address:literal, $kind:literal, $year:literal, $developer:literal, $company:literal,
     $fee:literal, $plot:literal, $green:literal, $lng:literal, $lat:literal, $offer:literal,
     $buildings:literal, $floors:literal) => {
        Demo {
            site: $site, district: $district, circle: $circle, name: $name,
            aliases: &[$($alias),*], address: $address, property_type: $kind,
            build_year: $year, developer: $developer, property_company: $company, fee: $fee,
            plot: $plot, green: $green, lng: $lng, lat: $lat, offer: $offer,
            buildings: $buildings, floors: $floors,
        }
    };
}

#[rustfmt::skip]
const COMMUNITIES: [Demo; 40] = [
    demo!("杭州", "西湖区", "文三路", "西湖家园", ["西湖小区"], "西湖区文三路128号", 1, 2004, "浙江南都房产", "南都物业", 180, 220, 3500, 120.135, 30.281, 2, 3, 18),
    demo!("杭州", "西湖区", "文三路", "求是村", [], "西湖区求是路8号", 1, 1992, "杭州市房管局", "浙大后勤物业", 60, 150, 2800, 120.142, 30.276, 2, 3, 6),
    demo!("杭州", "西湖区", "文三路", "学院路公寓", [], "西湖区学院路77号", 1, 1999, "杭州城建开发", "新天地物业", 90, 180, 3000, 120.133, 30.279, 1, 2, 7),
    demo!("杭州", "西湖区", "文三路", "嘉绿苑", ["嘉绿东苑"], "西湖区嘉绿路36号", 1, 2001, "杭州嘉绿置业", "嘉绿物业", 120, 200, 3200, 120.128, 30.293, 2, 3, 11),
    demo!("杭州", "西湖区", "黄龙", "黄龙公寓", [], "西湖区黄龙路5号", 1, 2003, "浙江黄龙置业", "绿城物业", 280, 250, 3500, 120.146, 30.268, 2, 2, 18),
    demo!("杭州", "西湖区", "黄龙", "曙光新村", [], "西湖区曙光路60号", 1, 1988, "杭州市房管局", "曙光物业", 50, 140, 2500, 120.139, 30.271, 3, 3, 6),
    demo!("杭州", "西湖区", "黄龙", "金都华府", ["金都"], "西湖区天目山路238号", 1, 2008, "金都房产", "金都物业", 350, 280, 3800, 120.130, 30.273, 2, 3, 26),
    demo!("杭州", "西湖区", "西溪", "西溪诚园", [], "西湖区紫金港路21号", 1, 2012, "杭州城投置业", "滨江物业", 320, 220, 4000, 120.088, 30.282, 2, 3, 18),
    demo!("杭州", "西湖区", "西溪", "西溪花园", ["西溪花园凌波苑"], "西湖区文二西路600号", 1, 2005, "浙江西溪置业", "南都物业", 250, 160, 4500, 120.092, 30.277, 2, 3, 11),
    demo!("杭州", "西湖区", "西溪", "西溪蝶园", [], "西湖区丰潭路518号", 3, 2010, "绿城集团", "绿城物业", 550, 80, 5000, 120.096, 30.285, 2, 2, 3),
    demo!("杭州", "西湖区", "西溪", "桂花城", ["绿城桂花城"], "西湖区古墩路702号", 1, 2002, "绿城集团", "绿城物业", 260, 180, 4000, 120.104, 30.296, 2, 3, 11),
    demo!("杭州", "西湖区", "西溪", "城西银泰公寓", [], "西湖区丰潭路380号", 2, 2013, "银泰置业", "银泰物业", 480, 450, 3000, 120.111, 30.290, 2, 2, 33),
    demo!("杭州", "滨江区", "江南大道", "江南春城", [], "滨江区江南大道3888号", 1, 2007, "滨江集团", "滨江物业", 240, 230, 3600, 120.205, 30.208, 2, 3, 18),
    demo!("杭州", "滨江区", "江南大道", "东方郡", [], "滨江区江南大道4999号", 1, 2010, "滨江集团", "滨江物业", 380, 250, 3800, 120.211, 30.205, 2, 3, 26),
    demo!("杭州", "滨江区", "江南大道", "金色海岸", [], "滨江区闻涛路1899号", 1, 2006, "滨江集团", "滨江物业", 300, 200, 3500, 120.198, 30.214, 5, 2, 18),
    demo!("杭州", "滨江区", "江南大道", "星耀城", ["星耀城一期"], "滨江区江南大道228号", 2, 2011, "杭州星耀置业", "星耀物业", 420, 520, 2500, 120.214, 30.211, 2, 2, 33),
    demo!("杭州", "滨江区", "江南大道", "钱塘春晓", [], "滨江区滨盛路1508号", 1, 2004, "滨江集团", "滨江物业", 230, 190, 3700, 120.203, 30.209, 1, 2, 11),
    demo!("杭州", "滨江区", "滨江区政府", "湘湖人家", [], "滨江区长河路331号", 1, 2009, "湘湖置业", "开元物业", 200, 170, 3500, 120.193, 30.190, 2, 3, 11),
    demo!("杭州", "滨江区", "滨江区政府", "白金海岸", [], "滨江区闻涛路2277号", 1, 2008, "滨江集团", "滨江物业", 360, 210, 4000, 120.189, 30.207, 2, 2, 26),
    demo!("杭州", "滨江区", "滨江区政府", "春波小区", ["春波南苑"], "滨江区春波路55号", 1, 1998, "滨江区房管所", "春波物业", 70, 150, 3000, 120.186, 30.200, 2, 3, 6),
    demo!("杭州", "滨江区", "滨江区政府", "阳光郡", [], "滨江区江陵路2088号", 1, 2012, "滨江集团", "滨江物业", 330, 240, 3800, 120.209, 30.199, 3, 2, 18),
    demo!("杭州", "上城区", "湖滨", "湖滨花园", [], "上城区东坡路30号", 1, 2000, "杭州旅游开发", "湖滨物业", 210, 200, 3000, 120.168, 30.259, 2, 2, 11),
    demo!("杭州", "上城区", "湖滨", "涌金公寓", [], "上城区南山路18号", 1, 1997, "杭州城建开发", "涌金物业", 150, 190, 2800, 120.161, 30.248, 2, 2, 7),
    demo!("杭州", "上城区", "湖滨", "平海公寓", [], "上城区平海路66号", 2, 2003, "平海置业", "湖滨物业", 400, 380, 2000, 120.170, 30.258, 4, 1, 24),
    demo!("杭州", "上城区", "南星", "南星嘉苑", [], "上城区复兴路199号", 1, 2006, "南星置业", "金成物业", 220, 210, 3300, 120.175, 30.226, 2, 3, 18),
    demo!("杭州", "上城区", "南星", "复兴城市家园", ["复兴家园"], "上城区复兴路360号", 1, 2005, "杭州城建开发", "金成物业", 190, 200, 3200, 120.179, 30.222, 2, 3, 11),
    demo!("杭州", "上城区", "南星", "江景轩", [], "上城区之江路599号", 1, 2015, "钱江置业", "绿城物业", 520, 260, 3500, 120.171, 30.219, 1, 2, 33),
    demo!("杭州", "上城区", "南星", "望江商务中心", [], "上城区望江东路88号", 4, 2014, "望江置业", "南都物业", 800, 600, 2000, 120.184, 30.233, 2, 1, 28),
    demo!("宁波", "海曙区", "天一广场", "天一家园", ["天一新村"], "中山西路88号", 1, 2002, "宁波天一置业", "天一物业", 160, 200, 3000, 121.550, 29.870, 2, 3, 11),
    demo!("宁波", "海曙区", "天一广场", "月湖花园", [], "偃月街12号", 1, 1999, "月湖开发", "月湖物业", 120, 170, 3500, 121.545, 29.868, 2, 2, 7),
    demo!("宁波", "海曙区", "天一广场", "鼓楼公寓", [], "公园路50号", 1, 1995, "宁波城建开发", "鼓楼物业", 80, 160, 2500, 121.549, 29.875, 2, 2, 6),
    demo!("宁波", "海曙区", "天一广场", "和义大道公寓", [], "和义路99号", 2, 2009, "和义置业", "和义物业", 450, 420, 2000, 121.556, 29.874, 2, 1, 26),
    demo!("宁波", "鄞州区", "东部新城", "东湖花园", [], "中山东路2888号", 1, 2013, "东湖置业", "东湖物业", 300, 230, 3800, 121.612, 29.871, 2, 3, 18),
    demo!("宁波", "鄞州区", "东部新城", "东方都市", [], "海晏北路555号", 1, 2011, "东方置业", "东方物业", 280, 250, 3500, 121.620, 29.866, 2, 2, 26),
    demo!("宁波", "鄞州区", "东部新城", "泰和府", [], "宁穿路1800号", 3, 2016, "泰和置业", "绿城物业", 650, 90, 4500, 121.628, 29.861, 1, 2, 3),
    demo!("宁波", "鄞州区", "南部商务区", "南苑新村", ["南苑小区"], "天童南路400号", 1, 2004, "鄞州城建", "南苑物业", 110, 180, 3200, 121.558, 29.815, 2, 3, 7),
    demo!("宁波", "鄞州区", "南部商务区", "万达公寓", [], "四明中路999号", 2, 2010, "万达集团", "万达物业", 400, 500, 2500, 121.562, 29.820, 2, 1, 30),
    demo!("宁波", "鄞州区", "南部商务区", "雅戈尔东海府", [], "鄞县大道1200号", 1, 2014, "雅戈尔置业", "雅戈尔物业", 350, 240, 3800, 121.566, 29.826, 5, 2, 18),
    demo!("宁波", "江北区", "老外滩", "外滩花园", [], "人民路188号", 1, 2006, "外滩置业", "外滩物业", 260, 210, 3300, 121.562, 29.886, 2, 2, 18),
    demo!("宁波", "江北区", "老外滩", "甬江名都", [], "江北大道66号", 1, 2008, "江北城建", "江北物业", 230, 220, 3500, 121.567, 29.893, 2, 3, 11),
];

/// Units per building and rooms entered per unit (a dictionary fills up as listings come in).
const UNITS: u32 = 2;
const ROOMS_PER_UNIT: i32 = 3;

/// Writes the demo dictionary; `sites` are the demo's city sites by name.
pub(super) async fn write(
    db: &impl ConnectionTrait,
    sites: &HashMap<&'static str, i64>,
) -> Result<(), DbErr> {
    let now = Utc::now();
    ningbo_areas(db, sites["宁波"]).await?;
    let districts: HashMap<(i64, String), i64> = district::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|d| ((d.site_id, d.name), d.id))
        .collect();
    let circles: HashMap<(i64, String), i64> = business_circle::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|c| ((c.district_id, c.name), c.id))
        .collect();
    community::Entity::insert_many(COMMUNITIES.iter().map(|demo| {
        let site = sites[demo.site];
        let district = districts[&(site, demo.district.to_owned())];
        let spelling = spell(demo.name);
        community::ActiveModel {
            site_id: Set(site),
            district_id: Set(district),
            business_circle_id: Set(circles.get(&(district, demo.circle.to_owned())).copied()),
            name: Set(demo.name.into()),
            pinyin: Set(spelling.pinyin),
            initials: Set(spelling.initials),
            address: Set(demo.address.into()),
            property_type: Set(demo.property_type),
            build_year: Set(Some(demo.build_year)),
            developer: Set(demo.developer.into()),
            property_company: Set(demo.property_company.into()),
            property_fee: Set(Some(demo.fee)),
            plot_ratio: Set(Some(demo.plot)),
            green_ratio: Set(Some(demo.green)),
            lng: Set(Some(demo.lng)),
            lat: Set(Some(demo.lat)),
            offer_status: Set(demo.offer),
            created_by: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
    }))
    .exec(db)
    .await?;
    let communities: HashMap<String, community::Model> = community::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.name.clone(), c))
        .collect();
    let aliases: Vec<community_alias::ActiveModel> = COMMUNITIES
        .iter()
        .flat_map(|demo| {
            let row = &communities[demo.name];
            demo.aliases.iter().map(|alias| {
                let spelling = spell(alias);
                community_alias::ActiveModel {
                    site_id: Set(row.site_id),
                    community_id: Set(row.id),
                    name: Set((*alias).into()),
                    pinyin: Set(spelling.pinyin),
                    initials: Set(spelling.initials),
                    ..Default::default()
                }
            })
        })
        .collect();
    community_alias::Entity::insert_many(aliases)
        .exec(db)
        .await?;
    building::Entity::insert_many(COMMUNITIES.iter().flat_map(|demo| {
        let row = &communities[demo.name];
        (1..=demo.buildings).map(move |n| building::ActiveModel {
            site_id: Set(row.site_id),
            community_id: Set(row.id),
            name: Set(format!("{n}幢")),
            floors: Set(Some(demo.floors)),
            sort: Set(n as i32),
            created_at: Set(now),
            ..Default::default()
        })
    }))
    .exec(db)
    .await?;
    let buildings = building::Entity::find().all(db).await?;
    unit::Entity::insert_many(buildings.iter().flat_map(|b| {
        (1..=UNITS).map(move |n| unit::ActiveModel {
            site_id: Set(b.site_id),
            community_id: Set(b.community_id),
            building_id: Set(b.id),
            name: Set(format!("{n}单元")),
            sort: Set(n as i32),
            created_at: Set(now),
            ..Default::default()
        })
    }))
    .exec(db)
    .await?;
    let floors: HashMap<i64, i32> = buildings
        .iter()
        .map(|b| (b.id, b.floors.unwrap_or(6)))
        .collect();
    let units = unit::Entity::find().all(db).await?;
    room::Entity::insert_many(units.iter().flat_map(|u| {
        let top = floors[&u.building_id];
        (1..=ROOMS_PER_UNIT).map(move |n| {
            // Spread over the building: low, middle and high floors.
            let floor = (top * n / (ROOMS_PER_UNIT + 1)).max(1);
            room::ActiveModel {
                site_id: Set(u.site_id),
                community_id: Set(u.community_id),
                building_id: Set(u.building_id),
                unit_id: Set(u.id),
                name: Set(format!("{floor}0{n}")),
                floor: Set(Some(floor)),
                created_at: Set(now),
                ..Default::default()
            }
        })
    }))
    .exec(db)
    .await?;
    Ok(())
}

async fn ningbo_areas(db: &impl ConnectionTrait, site: i64) -> Result<(), DbErr> {
    let now = Utc::now();
    // After the city's districts, in the order listed here.
    let last = district::Entity::find()
        .filter(district::Column::SiteId.eq(site))
        .all(db)
        .await?
        .iter()
        .map(|d| d.sort)
        .max()
        .unwrap_or(0);
    for (sort, (name, circles)) in NINGBO_AREAS.into_iter().enumerate() {
        let row = district::Entity::insert(district::ActiveModel {
            site_id: Set(site),
            name: Set(name.into()),
            sort: Set(last + 1 + sort as i32),
            created_at: Set(now),
            ..Default::default()
        })
        .exec_with_returning(db)
        .await?;
        business_circle::Entity::insert_many(circles.iter().enumerate().map(|(n, circle)| {
            business_circle::ActiveModel {
                site_id: Set(site),
                district_id: Set(row.id),
                name: Set((*circle).into()),
                sort: Set(n as i32),
                created_at: Set(now),
                ..Default::default()
            }
        }))
        .exec(db)
        .await?;
    }
    Ok(())
}
