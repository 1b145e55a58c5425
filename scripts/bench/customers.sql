-- The customer benchmark's data (scripts/bench/customers.sh), written after the demo seed: the
-- demo company (boss's) gets {{customers}} more customers, a tenth of them in the public pool
-- (公客, placed at the company alone) and the rest private (私客) to its agents and managers at
-- a desk (so spread over its stores), over the three demands, the levels, budgets of 30-810万,
-- areas, the city's districts and business circles, statuses, three years of entry dates and
-- planned follow-ups from 30 days past to 29 days ahead (about half due, a ninth unplanned);
-- then {{follow_ups}} follow-ups (跟进) spread evenly over them. Plain SQL for SQLite and
-- PostgreSQL alike; customers.sh fills in {{now}}, {{ago:column}} (that many seconds before now),
-- {{day:column}} (today plus that many days) and the sizes.

CREATE TABLE bench_base AS SELECT
  (SELECT site_id FROM "user" WHERE username = 'boss') AS site_id,
  (SELECT organisation_id FROM "user" WHERE username = 'boss') AS organisation_id,
  (SELECT COALESCE(MAX(id), 0) FROM customer) AS customer_max;

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

-- i numbers the customers (0 to {{customers}} - 1, from 100 × 100 × 100); every value follows
-- from it.
INSERT INTO customer (site_id, organisation_id, store_group_id, store_id, department_id, owner_id,
    name, sex, phone, phone_key, level, demand, budget_min, budget_max, area_min, area_max,
    district_ids, circle_ids, rooms, source, status, pool, tags, remark, entered_by,
    last_activity_at, last_follow_up_at, next_follow_up_on, created_at, updated_at)
SELECT c.site_id, c.organisation_id,
       CASE WHEN c.pool = 1 THEN kp.store_group_id END,
       CASE WHEN c.pool = 1 THEN kp.store_id END,
       CASE WHEN c.pool = 1 THEN kp.department_id END,
       CASE WHEN c.pool = 1 THEN kp.id END,
       CASE c.i % 6 WHEN 0 THEN '王' WHEN 1 THEN '李' WHEN 2 THEN '张' WHEN 3 THEN '刘' WHEN 4 THEN '陈' ELSE '杨' END
         || CASE c.i % 2 WHEN 0 THEN '先生' ELSE '女士' END,
       c.i % 2 + 1, c.phone, c.phone, 2 + c.i % 3, 1 + c.i / 3 % 3,
       CASE WHEN c.i % 11 = 0 THEN NULL ELSE c.budget * 1000000 END,
       CASE WHEN c.i % 13 = 0 THEN NULL ELSE (c.budget + 20 + c.i % 9 * 20) * 1000000 END,
       c.area * 100, (c.area + 20 + c.i % 3 * 10) * 100,
       CAST(ci.district_id AS TEXT), CAST(ci.id AS TEXT), 1 + c.i % 5,
       CASE c.i % 7 WHEN 0 THEN 1 WHEN 1 THEN 2 WHEN 2 THEN 3 WHEN 3 THEN 4 WHEN 4 THEN 5 WHEN 5 THEN 6 ELSE 9 END,
       c.status, c.pool,
       CASE c.i % 5 WHEN 0 THEN '1,3' WHEN 1 THEN '2' WHEN 2 THEN '4,6' WHEN 3 THEN '' ELSE '5,7' END,
       '', kp.id,
       {{ago:activity_ago}}, {{ago:follow_up_ago}},
       CASE WHEN c.i % 9 = 0 THEN NULL ELSE {{day:next_in}} END,
       {{ago:created_ago}}, {{ago:created_ago}}
FROM (
  SELECT s.*, b.site_id, b.organisation_id,
         CASE s.i % 20 WHEN 3 THEN 2 WHEN 11 THEN 3 ELSE 1 END AS status,
         CASE s.i % 10 WHEN 0 THEN 2 ELSE 1 END AS pool,
         '139' || CAST(10000000 + s.i * 7331 % 90000000 AS TEXT) AS phone,
         -- 30-629万 at the bottom, 40-160万 more at the top; 40-159 ㎡ and 20-40 ㎡ more.
         30 + s.i * 104729 % 600 AS budget, 40 + s.i * 7919 % 120 AS area,
         -- Entered over three years; touched within the hour, so the drop job leaves them be.
         s.i * 7919 % 94608000 AS created_ago, s.i % 3600 AS activity_ago,
         s.i % 30 * 86400 + 3600 AS follow_up_ago, s.i * 31 % 60 - 30 AS next_in
  FROM (
    SELECT CAST((a.i - 1) * 10000 + (m.i - 1) * 100 + (z.i - 1) AS BIGINT) AS i
    FROM bench_k a, bench_k m, bench_k z
    WHERE (a.i - 1) * 10000 + (m.i - 1) * 100 + (z.i - 1) < {{customers}}
  ) s, bench_base b
) c
JOIN bench_circle ci ON ci.k = c.i % (SELECT COUNT(*) FROM bench_circle)
-- Keepers in turn by nines, so that the level (i mod 3) and the demand (i / 3 mod 3) are spread
-- over every keeper and store.
JOIN bench_keeper kp ON kp.k = c.i / 9 % (SELECT COUNT(*) FROM bench_keeper)
ORDER BY c.i;

-- {{per_customer}} follow-ups for each new customer (by its owner, or its enterer while public),
-- the first {{follow_ups}} of them, a day apart back from its last.
INSERT INTO customer_follow_up (customer_id, user_id, way, content, next_on, at)
SELECT f.id, f.user_id, 1 + (f.id + f.n) % 4,
       CASE (f.id + f.n) % 4 WHEN 0 THEN '电话沟通，客户仍在看房，预算可再谈'
         WHEN 1 THEN '到店面谈，带看意向明确' WHEN 2 THEN '微信发送三套房源，等待回复'
         ELSE '客户出差，约下周再联系' END,
       CASE WHEN f.n = 1 THEN f.next_follow_up_on END,
       {{ago:at_ago}}
FROM (
  SELECT c.id, COALESCE(c.owner_id, c.entered_by) AS user_id, c.next_follow_up_on, k.i AS n,
         (c.id - b.customer_max - 1) % 30 * 86400 + 3600 + (k.i - 1) * 86400 AS at_ago
  FROM customer c
  JOIN bench_base b ON c.id > b.customer_max
  JOIN bench_k k ON k.i <= {{per_customer}}
  WHERE (c.id - b.customer_max - 1) * {{per_customer}} + k.i <= {{follow_ups}}
) f;

DROP TABLE bench_keeper;
DROP TABLE bench_circle;
DROP TABLE bench_k;
DROP TABLE bench_base;
