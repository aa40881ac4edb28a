-- GET with a caller per request: wrk -s get.lua URL -- FILE
--
-- FILE holds one bearer credential a line (a partner API key or a wallet
-- token); each request carries the next one, `Authorization: Bearer
-- <line>`, round the file; a line `cookie=SESSION` is a console session
-- instead (`Cookie: __Host-cediramp_session=SESSION`). A file of one line is the hot caller. A line
-- may also name its own path after the credential, `CREDENTIAL PATH` (a
-- path with its query, e.g. /v1/withdrawals/wd_...): that request goes
-- there instead of URL's path (the growth rows, tools/bench/growth.sh:
-- a line per id of a detail endpoint). The requests are formatted once,
-- in init(), so the rotation costs the client an index and nothing more
-- (the hello-world row runs through this same script, so it pays the
-- same).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "common.lua")

local reqs, i

function init(args)
	local callers = bench_lines(args[1])
	reqs = {}
	for k, v in ipairs(callers) do
		local cred, path = v:match("^(%S+) (/%S*)$")
		local session = (cred or v):match("^cookie=(%S+)$")
		local h = session and { Cookie = "__Host-cediramp_session=" .. session } or
		    { Authorization = "Bearer " .. (cred or v) }
		reqs[k] = wrk.format("GET", path, bench_headers(h))
	end
	i = bench_start(#reqs)
end

function request()
	i = i % #reqs + 1
	return reqs[i]
end
