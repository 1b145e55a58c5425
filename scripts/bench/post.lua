-- wrk script: every request is the SPA's authenticated POST (token header, JSON body).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["token"] = os.getenv("BENCH_TOKEN")
wrk.body = os.getenv("BENCH_BODY") or "{}"
