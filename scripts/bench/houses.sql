-- The houses benchmark's data (scripts/bench/houses.sh), written after the demo seed: the
-- demo company (boss's) gets {{communities}} more communities in its city, each with 4
-- buildings of 2 units of {{floors}} floors (one room a floor), and {{listings}} second-hand
-- listings on those rooms, spread over its keepers (so its stores), districts, prices, areas,
-- statuses and three years of dates. Plain SQL for SQLite and PostgreSQL alike; houses.sh
-- fills in {{now}}, {{ago:column}} (that many seconds before now) and the sizes. bench_name
-- (n, name, pinyin, initials) is loaded first, spelt by core (examples/community_names.rs).

CREATE TABLE bench_base AS SELECT
  (SELECT site_id FROM "user" WHERE username = 'boss') AS site_id,
  (SELECT organisation_id FROM "user" WHERE username = 'boss') AS organisation_id,
  (SELECT COALESCE(MAX(id), 0) FROM community) AS community_max,
  (SELECT COALESCE(MAX(id), 0) FROM room) AS room_max;

CREATE TABLE bench_k AS
  WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 100)
  SELECT i FROM k;

-- The city's business circles (each in its district), and the company's people at a desk.
CREATE TABLE bench_circle AS
  SELECT c.id, c.district_id, ROW_NUMBER() OVER (ORDER BY c.id) - 1 AS k
  FROM business_circle c, bench_base b WHERE c.site_id = b.site_id;
CREATE TABLE bench_keeper AS
  SELECT u.id, u.store_group_id, u.store_id, u.department_id,
         ROW_NUMBER() OVER (ORDER BY u.id) - 1 AS k
  FROM "user" u, bench_base b
  WHERE u.organisation_id = b.organisation_id AND u.store_id IS NOT NULL;

INSERT INTO community (site_id, district_id, business_circle_id, name, pinyin, initials,
                       address, property_type, build_year, offer_status, created_at, updated_at)
SELECT b.site_id, c.district_id, c.id, n.name, n.pinyin, n.initials,
       n.name || '路' || CAST(n.n % 300 + 1 AS TEXT) || '号', 1, 1985 + n.n % 40, 2,
       {{now}}, {{now}}
FROM bench_name n
JOIN bench_base b ON 1 = 1
JOIN bench_circle c ON c.k = n.n % (SELECT COUNT(*) FROM bench_circle)
WHERE NOT EXISTS (SELECT 1 FROM community x WHERE x.site_id = b.site_id AND x.name = n.name)
ORDER BY n.n
LIMIT {{communities}};

INSERT INTO building (site_id, community_id, name, floors, sort, created_at)
SELECT c.site_id, c.id, CAST(k.i AS TEXT) || '幢', {{floors}}, k.i, {{now}}
FROM community c JOIN bench_base b ON c.id > b.community_max JOIN bench_k k ON k.i <= 4;

INSERT INTO unit (site_id, community_id, building_id, name, sort, created_at)
SELECT bl.site_id, bl.community_id, bl.id, CAST(k.i AS TEXT) || '单元', k.i, {{now}}
FROM building bl JOIN bench_base b ON bl.community_id > b.community_max JOIN bench_k k ON k.i <= 2;

INSERT INTO room (site_id, community_id, building_id, unit_id, name, floor, created_at)
SELECT u.site_id, u.community_id, u.building_id, u.id, CAST(k.i * 100 + 1 AS TEXT), k.i, {{now}}
FROM unit u JOIN bench_base b ON u.community_id > b.community_max JOIN bench_k k ON k.i <= {{floors}};

-- i numbers the listings; every value below follows from it.
INSERT INTO listing (site_id, organisation_id, store_group_id, store_id, department_id,
    maintainer_id, room_id, community_id, district_id, business_circle_id, status, pool, area,
    rooms, halls, baths, floor, total_floors, orientation, decoration, price, unit_price,
    property_term, building_type, building_structure, heating, water, electricity, tags,
    description, owner_name, owner_phone, entered_by, last_activity_at, created_at, updated_at)
SELECT l.site_id, l.organisation_id,
       CASE WHEN l.pool = 1 THEN kp.store_group_id END,
       CASE WHEN l.pool = 1 THEN kp.store_id END,
       CASE WHEN l.pool = 1 THEN kp.department_id END,
       CASE WHEN l.pool = 1 THEN kp.id END,
       l.room_id, l.community_id, l.district_id, l.business_circle_id, l.status, l.pool, l.area,
       CASE WHEN l.area < 6000 THEN 1 WHEN l.area < 9000 THEN 2 WHEN l.area < 13000 THEN 3 ELSE 4 END,
       CASE WHEN l.area < 6000 THEN 1 ELSE 2 END,
       CASE WHEN l.area < 9000 THEN 1 ELSE 2 END,
       l.floor, {{floors}},
       CASE l.i % 5 WHEN 0 THEN 9 WHEN 1 THEN 2 WHEN 2 THEN 5 WHEN 3 THEN 1 ELSE 10 END,
       l.i % 5 + 1, l.price, l.price * 100 / l.area,
       CASE l.i % 5 WHEN 3 THEN 50 WHEN 4 THEN 40 ELSE 70 END, l.i % 3 + 1, 1, 3, 1, 1,
       CASE l.i % 5 WHEN 0 THEN '1,3' WHEN 1 THEN '2' WHEN 2 THEN '3,5,6' WHEN 3 THEN '' ELSE '4,7' END,
       '', CASE l.i % 4 WHEN 0 THEN '王志强' WHEN 1 THEN '李秀英' WHEN 2 THEN '张伟' ELSE '陈静' END,
       '139' || CAST(10000000 + l.i * 7331 % 90000000 AS TEXT), kp.id,
       {{ago:activity_ago}}, {{ago:created_ago}}, {{ago:created_ago}}
FROM (
  SELECT s.*,
         CASE s.i % 20 WHEN 3 THEN 2 WHEN 5 THEN 3 WHEN 9 THEN 4 WHEN 13 THEN 5 WHEN 17 THEN 6 ELSE 1 END AS status,
         CASE s.i % 20 WHEN 0 THEN 2 WHEN 7 THEN 2 ELSE 1 END AS pool,
         -- 1.5-6.5 万 per ㎡, the total to the 万 (1,000,000 fen).
         s.area * (15000 + s.i * 104729 % 50000) / 1000000 * 1000000 AS price,
         -- Entered over three years; touched within the hour, so the drop job leaves them be.
         s.i * 7919 % 94608000 AS created_ago, s.i % 3600 AS activity_ago
  FROM (
    SELECT r.site_id, b.organisation_id, r.id AS room_id, r.community_id, c.district_id,
           c.business_circle_id, r.floor, r.id - b.room_max - 1 AS i,
           -- 30-200 ㎡, in hundredths.
           3000 + r.id * 7919 % 17000 AS area
    FROM room r
    JOIN bench_base b ON r.id > b.room_max AND r.id <= b.room_max + {{listings}}
    JOIN community c ON c.id = r.community_id
  ) s
) l
JOIN bench_keeper kp ON kp.k = l.i % (SELECT COUNT(*) FROM bench_keeper);

DROP TABLE bench_keeper;
DROP TABLE bench_circle;
DROP TABLE bench_k;
DROP TABLE bench_base;
DROP TABLE bench_name;
