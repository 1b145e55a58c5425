#!/usr/bin/env bash
# The lead import benchmark of issue 10: for SQLite and PostgreSQL, a fresh demo database and the
# server on loopback; `manager` (西湖店) uploads a 10,000-row CSV of the template (9,900 new leads,
# 50 rows with a bad phone, 50 repeating a phone earlier in the file) through
# /api/v1/fm/crm/clue/import and polls import/progress until it is done; then the same file again
# (every row reported 已导入过, nothing added). Prints, per backend and run, the wall time from the
# upload to the last row's result and the counts the server reported.
#   BENCH_ROWS (10000)  BENCH_BACKENDS ("sqlite postgres")  BENCH_RUNS (3)
#   BENCH_BIN: the `brokerdesk` to measure (default: the release build, built if missing)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${BENCH_ROWS:-10000}
source scripts/bench/lib.sh

# One import of the run's file, timed from the upload to the end; a second, identical, after it.
measure() { # run-number
  python3 - "$base" "$rows" "$1" <<'PY'
import base64, json, sys, time, urllib.request
base, rows, run = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

def post(path, body, token=None):
    headers = {"content-type": "application/json"}
    if token:
        headers["token"] = token
    req = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
    answer = json.load(urllib.request.urlopen(req, timeout=600))
    if answer["code"] != 0:
        raise SystemExit(f"{path}: {answer}")
    return answer["data"]

token = post("/api/v2/fm/login/public/login/web", {"username": "manager", "password": "Demo@2026"})["token"]
lines = ["姓名,联系电话,性别,需求类型,意向区域,预算(万元),备注"]
bad = set(range(7, rows, rows // 50 or 1)) if rows >= 100 else set()
again = set(range(11, rows, rows // 50 or 1)) if rows >= 100 else set()
for i in range(rows):
    phone = f"15{run}{i:08d}"
    if i in bad:
        phone = "12345"
    elif i in again and i > 0:
        phone = f"15{run}{i - 1:08d}"
    lines.append(f"批量客户{i},{phone},{'男' if i % 2 else '女'},二手房购买,西湖区,{200 + i % 300},第{i}行")
content = base64.b64encode("\n".join(lines).encode()).decode()

def one(label):
    started = time.monotonic()
    job = post("/api/v1/fm/crm/clue/import", {"fileName": f"bench{run}.csv", "content": content}, token)
    while job["state"] == "running":
        time.sleep(0.05)
        job = post("/api/v1/fm/crm/clue/import/progress", {"id": job["id"]}, token)
    took = time.monotonic() - started
    results = job["results"]
    outcomes = {}
    for r in results:
        outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
    assert job["state"] == "done", job["message"]
    assert len(results) == rows, (len(results), rows)
    print(f"{label}: {took:.2f} s for {rows} rows, {len(results)} per-row results {json.dumps(outcomes, ensure_ascii=False)}")
    return took

one("first upload ")
one("same file again")
PY
}

for backend in $backends; do
  case $backend in
    sqlite) url="sqlite://$work/bench.db?mode=rwc" ;;
    postgres)
      if ! pg_isready -q -h 127.0.0.1 2>/dev/null; then echo "== postgres: not reachable, skipped"; continue; fi
      pg_db="bench_leads_$$"
      createdb -h 127.0.0.1 -U postgres "$pg_db"
      url="postgres://postgres@127.0.0.1/$pg_db" ;;
  esac
  echo "== $backend: $rows-row CSV import as manager ($(basename "$bin"))"
  start_server "$url"
  for run in $(seq 1 "$runs"); do
    echo "-- run $run"
    measure "$run"
  done
  stop_server
  if [ "$backend" = postgres ]; then dropdb -h 127.0.0.1 -U postgres --if-exists --force "$pg_db"; pg_db=; fi
done
