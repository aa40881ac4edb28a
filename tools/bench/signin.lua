-- POST /console/api/session, a console sign-in per request:
-- wrk -s signin.lua URL -- FILE
--
-- FILE holds one "EMAIL PASSWORD" a line (tools/bench/callers.sh makes a
-- console user for each partner); each request signs the next one in,
-- with the Origin the console checks (the URL's own). Argon2id
-- dominates it: the row is logins per second.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "common.lua")

local reqs, i

function init(args)
	local lines = bench_lines(args[1])
	local origin = wrk.scheme .. "://" .. wrk.host .. (wrk.port and (":" .. wrk.port) or "")
	reqs = {}
	for k, v in ipairs(lines) do
		local email, password = v:match("^(%S+) (%S+)$")
		assert(email, args[1] .. ": not EMAIL PASSWORD: " .. v)
		reqs[k] = wrk.format("POST", nil, bench_headers({ ["Content-Type"] = "application/json",
		    Origin = origin }), '{"email":"' .. email .. '","password":"' .. password .. '"}')
	end
	i = bench_start(#reqs)
end

function request()
	i = i % #reqs + 1
	return reqs[i]
end
