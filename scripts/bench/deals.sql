-- The deals benchmark's data (scripts/bench/deals.sh), written after the demo seed: the demo
-- company (boss's) gets {{contracts}} more contracts over the last year, each with its
-- commission order (one per contract, as the schema keeps it) and its ACN split of seven lines
-- by core's default template (the remainder fen to 成交, so the parts sum to the commission);
-- a third of them settled (paid in full, their split counting as performance from then), the
-- rest spread over the other order statuses, partly paid ones with one receipt. People rotate
-- over the company's staff at a desk, so every store has its share. Plain SQL for SQLite and
-- PostgreSQL alike; deals.sh fills in {{now}}, {{ago:column}} and {{contracts}}.

CREATE TABLE bench_base AS SELECT
  (SELECT site_id FROM "user" WHERE username = 'boss') AS site_id,
  (SELECT organisation_id FROM "user" WHERE username = 'boss') AS organisation_id,
  (SELECT COALESCE(MAX(id), 0) FROM deal_contract) AS contract_max;

CREATE TABLE bench_keeper AS
  SELECT u.id, u.store_group_id, u.store_id, u.department_id,
         ROW_NUMBER() OVER (ORDER BY u.id) - 1 AS k
  FROM "user" u, bench_base b
  WHERE u.organisation_id = b.organisation_id AND u.store_id IS NOT NULL;

-- The seven roles with core's default shares (basis points), 成交 last.
CREATE TABLE bench_role (role integer, share_bp bigint);
INSERT INTO bench_role VALUES (1, 1000), (2, 1500), (3, 500), (4, 500), (5, 1000), (6, 2000), (7, 3500);

CREATE TABLE bench_n AS
  WITH RECURSIVE n(i) AS (SELECT CAST(0 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < {{contracts}} - 1)
  SELECT i FROM n;

-- i numbers the contracts; every value below follows from it. A third settle (i % 3 = 0).
CREATE TABLE bench_deal AS
SELECT n.i, b.site_id, b.organisation_id, kp.id AS agent_id, kp.store_group_id, kp.store_id,
       kp.department_id,
       CASE WHEN n.i % 4 = 3 THEN 2 ELSE 1 END AS kind,
       -- 100-500 万 for a sale (commission 1% each side), 2,000-12,000 元 a month for a lease
       -- (one month's rent from the customer).
       CASE WHEN n.i % 4 = 3 THEN (200000 + n.i * 7919 % 1000000) / 100 * 100
            ELSE (100 + n.i * 104729 % 400) * 1000000 END AS price,
       CASE n.i % 3 WHEN 0 THEN 20
         ELSE CASE n.i % 12 WHEN 1 THEN 5 WHEN 2 THEN 16 WHEN 4 THEN 10 WHEN 5 THEN 100
                            WHEN 7 THEN 15 WHEN 8 THEN 0 WHEN 10 THEN 16 ELSE 15 END END AS order_status,
       n.i * 7919 % 31536000 AS created_ago
FROM bench_n n
JOIN bench_base b ON 1 = 1
JOIN bench_keeper kp ON kp.k = n.i % (SELECT COUNT(*) FROM bench_keeper);

INSERT INTO deal_contract (site_id, organisation_id, store_group_id, store_id, department_id,
    agent_id, kind, code, status, listing_id, address, owner_name, owner_phone, customer_name,
    customer_phone, customer_id, customer_source_id, price, lease_months, deposit,
    owner_commission, customer_commission, payment_schedule, attachments, remark, signed_on,
    created_by, created_at, updated_at)
SELECT d.site_id, d.organisation_id, d.store_group_id, d.store_id,
       d.department_id, d.agent_id, d.kind, 'BM' || CAST(1000000 + d.i AS TEXT),
       CASE d.order_status WHEN 20 THEN 3 WHEN 100 THEN 9 ELSE 2 END, NULL,
       '压测小区' || CAST(d.i % 500 AS TEXT) || '幢' || CAST(d.i % 2000 AS TEXT) || '室',
       '王业主', '13700001111', '张客户', '13700002222', NULL, d.agent_id, d.price,
       CASE WHEN d.kind = 2 THEN 12 END, CASE WHEN d.kind = 2 THEN d.price * 2 ELSE 0 END,
       CASE WHEN d.kind = 2 THEN 0 ELSE d.price / 100 END,
       CASE WHEN d.kind = 2 THEN d.price ELSE d.price / 100 END,
       '', '', '', NULL, d.agent_id, {{ago:created_ago}}, {{ago:created_ago}}
FROM bench_deal d;

-- Settled a few days after signing, never in the future.
CREATE TABLE bench_order AS
SELECT d.*, c.id AS contract_id,
       CASE WHEN d.kind = 2 THEN d.price ELSE d.price / 100 * 2 END AS receivable,
       CASE WHEN d.created_ago > (d.i % 20) * 86400 THEN d.created_ago - (d.i % 20) * 86400 ELSE 0 END AS settled_ago
FROM bench_deal d
JOIN bench_base b ON 1 = 1
JOIN deal_contract c ON c.organisation_id = d.organisation_id AND c.id > b.contract_max
  AND c.code = 'BM' || CAST(1000000 + d.i AS TEXT);

INSERT INTO commission_order (site_id, organisation_id, store_group_id, store_id,
    department_id, agent_id, contract_id, code, receivable, paid, status, reason, settled_at,
    created_at, updated_at)
SELECT o.site_id, o.organisation_id, o.store_group_id, o.store_id, o.department_id,
       o.agent_id, o.contract_id, 'YJ-BM' || CAST(1000000 + o.i AS TEXT), o.receivable,
       CASE o.order_status WHEN 20 THEN o.receivable WHEN 16 THEN o.receivable / 2 ELSE 0 END,
       o.order_status, CASE o.order_status WHEN 0 THEN '佣金有误' ELSE '' END,
       CASE WHEN o.order_status = 20 THEN {{ago:settled_ago}} END,
       {{ago:created_ago}}, {{ago:created_ago}}
FROM bench_order o;

INSERT INTO order_receipt (order_id, pay_way, amount, remark, confirmed_by, received_at)
SELECT c.id, o.i % 5 + 1,
       CASE o.order_status WHEN 20 THEN o.receivable ELSE o.receivable / 2 END, '', o.agent_id,
       {{ago:settled_ago}}
FROM bench_order o JOIN commission_order c ON c.contract_id = o.contract_id
WHERE o.order_status IN (16, 20);

-- Seven lines a contract, each at its person's seat: role r of contract i goes to keeper
-- (i + r); the parts floor their share and 成交 takes what is left.
INSERT INTO deal_split (site_id, organisation_id, store_group_id, store_id, department_id,
    user_id, contract_id, role, share_bp, amount, settled_at)
SELECT o.site_id, o.organisation_id, kp.store_group_id, kp.store_id, kp.department_id, kp.id,
       o.contract_id, r.role, r.share_bp,
       CASE WHEN r.role = 7 THEN o.receivable
              - o.receivable * 1000 / 10000 - o.receivable * 1500 / 10000 - o.receivable * 500 / 10000
              - o.receivable * 500 / 10000 - o.receivable * 1000 / 10000 - o.receivable * 2000 / 10000
            ELSE o.receivable * r.share_bp / 10000 END,
       CASE WHEN o.order_status = 20 THEN {{ago:settled_ago}} END
FROM bench_order o
JOIN bench_role r ON 1 = 1
JOIN bench_keeper kp ON kp.k = (o.i + r.role) % (SELECT COUNT(*) FROM bench_keeper);

DROP TABLE bench_order;
DROP TABLE bench_deal;
DROP TABLE bench_n;
DROP TABLE bench_role;
DROP TABLE bench_keeper;
DROP TABLE bench_base;

-- 业绩 kept per month (m0034's back-fill, as the server's migration fills it from settled lines):
-- a person at their seat, a store, a company; the fen and how many deals have a line there.
DELETE FROM performance_month;
INSERT INTO performance_month (level, kind, month, site_id, organisation_id,
    store_group_id, store_id, department_id, user_id, amount, deals)
SELECT 1, 1, month, site_id, organisation_id, store_group_id, store_id, department_id, user_id, CAST(SUM(fen) AS BIGINT),
       COUNT(DISTINCT deal)
FROM (SELECT {{china_month:settled_at}} AS month, site_id, organisation_id AS organisation_id,
             COALESCE(store_group_id, 0) AS store_group_id, COALESCE(store_id, 0) AS store_id,
             COALESCE(department_id, 0) AS department_id, user_id AS user_id, amount AS fen,
             contract_id AS deal
      FROM deal_split WHERE settled_at IS NOT NULL) lines
GROUP BY month, site_id, organisation_id, store_group_id, store_id, department_id, user_id;
INSERT INTO performance_month (level, kind, month, site_id, organisation_id,
    store_group_id, store_id, department_id, user_id, amount, deals)
SELECT 2, 1, month, site_id, organisation_id, store_group_id, store_id, 0, 0, CAST(SUM(fen) AS BIGINT),
       COUNT(DISTINCT deal)
FROM (SELECT {{china_month:settled_at}} AS month, site_id, organisation_id AS organisation_id,
             COALESCE(store_group_id, 0) AS store_group_id, COALESCE(store_id, 0) AS store_id,
             COALESCE(department_id, 0) AS department_id, user_id AS user_id, amount AS fen,
             contract_id AS deal
      FROM deal_split WHERE settled_at IS NOT NULL) lines
GROUP BY month, site_id, organisation_id, store_group_id, store_id;
INSERT INTO performance_month (level, kind, month, site_id, organisation_id,
    store_group_id, store_id, department_id, user_id, amount, deals)
SELECT 3, 1, month, site_id, organisation_id, 0, 0, 0, 0, CAST(SUM(fen) AS BIGINT),
       COUNT(DISTINCT deal)
FROM (SELECT {{china_month:settled_at}} AS month, site_id, organisation_id AS organisation_id,
             COALESCE(store_group_id, 0) AS store_group_id, COALESCE(store_id, 0) AS store_id,
             COALESCE(department_id, 0) AS department_id, user_id AS user_id, amount AS fen,
             contract_id AS deal
      FROM deal_split WHERE settled_at IS NOT NULL) lines
GROUP BY month, site_id, organisation_id;
INSERT INTO performance_month (level, kind, month, site_id, organisation_id,
    store_group_id, store_id, department_id, user_id, amount, deals)
SELECT 1, 2, month, site_id, organisation_id, store_group_id, store_id, department_id, user_id, CAST(SUM(fen) AS BIGINT),
       COUNT(DISTINCT deal)
FROM (SELECT {{china_month:settled_at}} AS month, site_id, COALESCE(organisation_id, 0) AS organisation_id,
             COALESCE(store_group_id, 0) AS store_group_id, COALESCE(store_id, 0) AS store_id,
             COALESCE(department_id, 0) AS department_id, COALESCE(user_id, 0) AS user_id, amount_fen AS fen,
             deal_id AS deal
      FROM new_home_deal_share WHERE settled_at IS NOT NULL) lines
GROUP BY month, site_id, organisation_id, store_group_id, store_id, department_id, user_id;
INSERT INTO performance_month (level, kind, month, site_id, organisation_id,
    store_group_id, store_id, department_id, user_id, amount, deals)
SELECT 2, 2, month, site_id, organisation_id, store_group_id, store_id, 0, 0, CAST(SUM(fen) AS BIGINT),
       COUNT(DISTINCT deal)
FROM (SELECT {{china_month:settled_at}} AS month, site_id, COALESCE(organisation_id, 0) AS organisation_id,
             COALESCE(store_group_id, 0) AS store_group_id, COALESCE(store_id, 0) AS store_id,
             COALESCE(department_id, 0) AS department_id, COALESCE(user_id, 0) AS user_id, amount_fen AS fen,
             deal_id AS deal
      FROM new_home_deal_share WHERE settled_at IS NOT NULL) lines
GROUP BY month, site_id, organisation_id, store_group_id, store_id;
INSERT INTO performance_month (level, kind, month, site_id, organisation_id,
    store_group_id, store_id, department_id, user_id, amount, deals)
SELECT 3, 2, month, site_id, organisation_id, 0, 0, 0, 0, CAST(SUM(fen) AS BIGINT),
       COUNT(DISTINCT deal)
FROM (SELECT {{china_month:settled_at}} AS month, site_id, COALESCE(organisation_id, 0) AS organisation_id,
             COALESCE(store_group_id, 0) AS store_group_id, COALESCE(store_id, 0) AS store_id,
             COALESCE(department_id, 0) AS department_id, COALESCE(user_id, 0) AS user_id, amount_fen AS fen,
             deal_id AS deal
      FROM new_home_deal_share WHERE settled_at IS NOT NULL) lines
GROUP BY month, site_id, organisation_id;
