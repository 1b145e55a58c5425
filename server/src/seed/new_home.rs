//! The demo's new-home projects: five in 杭州 and 宁波 with house types and commission rules,
//! distributed so each demo user sees a different set (安居经纪's 西湖店 two, 滨江店 one, the
//! partner one, 宁波's store one; one project stays with the city). Opening dates count from
//! the day of seeding, so the opening-date filters always find something.

use chrono::{Days, NaiveDate, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

use crate::entity::{
    business_circle, city_site, district, new_home_commission_rule, new_home_distribution,
    new_home_house_type, new_home_project, organisation, store,
};
use crate::form::today;

/// `(name, rooms, halls, baths, area min ㎡, area max ㎡, price min 万, price max 万, status)`.
type HouseType = (&'static str, i16, i16, i16, i64, i64, i64, i64, i16);

struct Project {
    site: &'static str,
    name: &'static str,
    district: &'static str,
    circle: &'static str,
    sale_status: i16,
    property_type: i16,
    address: &'static str,
    /// 经度, 纬度 of the address.
    location: (f64, f64),
    developer: &'static str,
    /// Days from today; negative: already open.
    opening_in_days: Option<i64>,
    /// 元 per ㎡.
    average_price_yuan: i64,
    property_term: i16,
    selling_points: &'static str,
    house_types: &'static [HouseType],
    /// `(basis points, fixed 元)`: one rule from 60 days ago on, as a percentage or a fixed sum.
    commission: (Option<i64>, Option<i64>),
    /// Whole companies and single stores.
    companies: &'static [&'static str],
    stores: &'static [&'static str],
}

const PROJECTS: [Project; 5] = [
    Project {
        site: "杭州",
        name: "西溪云庐",
        district: "西湖区",
        circle: "西溪",
        sale_status: 3,
        property_type: 1,
        address: "杭州市西湖区五常大道与文一西路交叉口",
        location: (120.0598, 30.287),
        developer: "杭州云庐置业有限公司",
        opening_in_days: Some(-10),
        average_price_yuan: 42_000,
        property_term: 70,
        selling_points: "西溪湿地旁低密洋房；地铁5号线五常站约800米；精装交付，南北通透",
        house_types: &[
            ("A户型", 3, 2, 2, 98, 98, 405, 420, 3),
            ("B户型", 4, 2, 2, 128, 135, 530, 575, 3),
        ],
        commission: (Some(300), None),
        companies: &["安居经纪"],
        stores: &[],
    },
    Project {
        site: "杭州",
        name: "江南雲璟",
        district: "滨江区",
        circle: "江南大道",
        sale_status: 2,
        property_type: 1,
        address: "杭州市滨江区江南大道与江虹路交叉口",
        location: (120.2105, 30.2081),
        developer: "滨江雲璟房地产开发有限公司",
        opening_in_days: Some(5),
        average_price_yuan: 56_000,
        property_term: 70,
        selling_points: "钱江南岸一线江景；滨江区政府商圈，配套成熟",
        house_types: &[
            ("C户型", 3, 2, 2, 110, 115, 610, 650, 2),
            ("D户型", 4, 2, 3, 143, 143, 800, 820, 2),
        ],
        commission: (Some(250), None),
        companies: &[],
        stores: &["西湖店"],
    },
    Project {
        site: "杭州",
        name: "湖滨金座",
        district: "上城区",
        circle: "湖滨",
        sale_status: 3,
        property_type: 4,
        address: "杭州市上城区解放路与延安路交叉口",
        location: (120.1685, 30.2555),
        developer: "湖滨金座商业管理有限公司",
        opening_in_days: Some(-120),
        average_price_yuan: 38_000,
        property_term: 40,
        selling_points: "湖滨核心商圈甲级写字楼；双地铁交汇",
        house_types: &[("办公A", 0, 0, 1, 60, 220, 230, 840, 3)],
        commission: (None, Some(20_000)),
        companies: &["优居合作机构"],
        stores: &[],
    },
    Project {
        site: "杭州",
        name: "黄龙壹号",
        district: "西湖区",
        circle: "黄龙",
        sale_status: 1,
        property_type: 3,
        address: "杭州市西湖区曙光路与黄龙路交叉口",
        location: (120.1449, 30.2712),
        developer: "黄龙置地有限公司",
        opening_in_days: Some(60),
        average_price_yuan: 95_000,
        property_term: 70,
        selling_points: "黄龙商圈稀缺独栋；私家庭院",
        house_types: &[("独栋", 5, 3, 4, 320, 380, 3000, 3600, 1)],
        commission: (Some(150), None),
        companies: &[],
        stores: &[],
    },
    Project {
        site: "宁波",
        name: "天一江宸",
        district: "海曙区",
        circle: "天一广场",
        sale_status: 3,
        property_type: 1,
        address: "宁波市海曙区药行街与开明街交叉口",
        location: (121.5497, 29.8706),
        developer: "宁波江宸置业有限公司",
        opening_in_days: Some(-3),
        average_price_yuan: 33_000,
        property_term: 70,
        selling_points: "三江口核心，天一广场商圈；地铁1号线",
        house_types: &[("E户型", 3, 2, 1, 89, 95, 290, 315, 3)],
        commission: (Some(350), None),
        companies: &[],
        stores: &["天一店"],
    },
];

fn shifted(day: NaiveDate, days: i64) -> NaiveDate {
    if days >= 0 {
        day + Days::new(days as u64)
    } else {
        day - Days::new(days.unsigned_abs())
    }
}

fn missing(name: &str) -> DbErr {
    DbErr::RecordNotFound(format!("demo data names {name}"))
}

/// Writes the demo projects after the cities' reference data.
pub(super) async fn write(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let now = Utc::now();
    let today = today();
    for project in &PROJECTS {
        let site = city_site::Entity::find()
            .filter(city_site::Column::Name.eq(project.site))
            .one(db)
            .await?
            .ok_or_else(|| missing(project.site))?
            .id;
        let district = district::Entity::find()
            .filter(district::Column::SiteId.eq(site))
            .filter(district::Column::Name.eq(project.district))
            .one(db)
            .await?
            .ok_or_else(|| missing(project.district))?;
        let circle = business_circle::Entity::find()
            .filter(business_circle::Column::DistrictId.eq(district.id))
            .filter(business_circle::Column::Name.eq(project.circle))
            .one(db)
            .await?
            .map(|circle| circle.id);
        let row = new_home_project::ActiveModel {
            site_id: Set(site),
            name: Set(project.name.into()),
            sale_status: Set(project.sale_status),
            property_type: Set(project.property_type),
            district_id: Set(district.id),
            circle_id: Set(circle),
            address: Set(project.address.into()),
            lng: Set(Some(project.location.0)),
            lat: Set(Some(project.location.1)),
            developer: Set(project.developer.into()),
            opening_date: Set(project.opening_in_days.map(|days| shifted(today, days))),
            average_price_fen: Set(Some(project.average_price_yuan * 100)),
            property_term: Set(Some(project.property_term)),
            selling_points: Set(project.selling_points.into()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        for (sort, t) in project.house_types.iter().enumerate() {
            let (name, rooms, halls, baths, area_min, area_max, price_min, price_max, status) = *t;
            new_home_house_type::ActiveModel {
                site_id: Set(site),
                project_id: Set(row.id),
                name: Set(name.into()),
                rooms: Set(rooms),
                halls: Set(halls),
                baths: Set(baths),
                area_min: Set(area_min * 100),
                area_max: Set(area_max * 100),
                // 万元 in fen.
                price_min_fen: Set(Some(price_min * 1_000_000)),
                price_max_fen: Set(Some(price_max * 1_000_000)),
                sale_status: Set(status),
                sort: Set(sort as i32),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
        let (rate_bp, fixed_yuan) = project.commission;
        new_home_commission_rule::ActiveModel {
            site_id: Set(site),
            project_id: Set(row.id),
            kind: Set(if rate_bp.is_some() { 1 } else { 2 }),
            rate_bp: Set(rate_bp),
            amount_fen: Set(fixed_yuan.map(|yuan| yuan * 100)),
            valid_from: Set(shifted(today, -60)),
            valid_to: Set(None),
            sort: Set(0),
            ..Default::default()
        }
        .insert(db)
        .await?;
        for name in project.companies {
            let company = organisation::Entity::find()
                .filter(organisation::Column::Name.eq(*name))
                .one(db)
                .await?
                .ok_or_else(|| missing(name))?;
            distribute(db, site, row.id, company.id, None).await?;
        }
        for name in project.stores {
            let found = store::Entity::find()
                .filter(store::Column::Name.eq(*name))
                .one(db)
                .await?
                .ok_or_else(|| missing(name))?;
            distribute(db, site, row.id, found.organisation_id, Some(found.id)).await?;
        }
    }
    Ok(())
}

async fn distribute(
    db: &impl ConnectionTrait,
    site: i64,
    project: i64,
    organisation_id: i64,
    store_id: Option<i64>,
) -> Result<(), DbErr> {
    new_home_distribution::ActiveModel {
        site_id: Set(site),
        project_id: Set(project),
        organisation_id: Set(organisation_id),
        store_id: Set(store_id),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
