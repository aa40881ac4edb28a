-- What every wrk script of `make bench` shares; each loads it with
-- dofile() from its own folder. Runs in wrk's main Lua state (setup, done)
-- and in each thread's (the helpers).
--
-- setup() numbers the threads 1, 2, ... (the global `id` of each thread's
-- state): request ids and idempotency keys carry it, so two threads never
-- make the same one. done() prints one line that tools/bench.sh parses:
--
--   BENCH requests=N duration_us=D p50_us=A p99_us=B max_us=M non2xx=S connect=C read=R write=W timeout=T
--
-- (non2xx is wrk's "Non-2xx or 3xx responses", an answer with a status
-- above 399; the four others are its socket errors).

local threads = 0

function setup(thread)
	threads = threads + 1
	thread:set("id", threads)
end

-- The non-empty lines of the file at path, in order. Fails (and so does
-- wrk) when there is none: a rotation of no callers would measure 401s.
function bench_lines(path)
	local t = {}
	for line in io.lines(path) do
		if line ~= "" then
			t[#t + 1] = line
		end
	end
	assert(#t > 0, (path or "?") .. ": no callers in it")
	return t
end

-- wrk's own headers (Host with the port) plus the given ones, as a new
-- table (wrk.format keeps the table it is given).
function bench_headers(extra)
	local h = {}
	for k, v in pairs(wrk.headers) do
		h[k] = v
	end
	for k, v in pairs(extra) do
		h[k] = v
	end
	return h
end

-- Where thread `id` starts in a rotation of n callers: spread out, so
-- that two threads do not call as the same caller in step.
function bench_start(n)
	return ((id or 1) - 1) * math.floor(n / 2) % n
end

function done(summary, latency, requests)
	local e = summary.errors
	io.write(string.format("BENCH requests=%d duration_us=%d p50_us=%d p99_us=%d "
		.. "max_us=%d non2xx=%d connect=%d read=%d write=%d timeout=%d\n",
		summary.requests, summary.duration,
		math.floor(latency:percentile(50)), math.floor(latency:percentile(99)),
		math.floor(latency.max), e.status, e.connect, e.read, e.write, e.timeout))
end
