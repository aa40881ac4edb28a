-- POST /v1/withdrawals, a partner per request:
--   wrk -s withdraw.lua URL -- FILE PREFIX
--
-- FILE holds one partner API key a line; each request withdraws 1 USDT
-- (about 15 GHS, above MTN's 5 GHS minimum) of the next partner to an MTN
-- number that succeeds in the sandbox, under a reference_id of its own,
-- PREFIX-THREAD-N (reference_id is the idempotency key: a repeated one
-- would be answered from the first withdrawal, not measured).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "common.lua")

local keys, prefix, i, n = {}, nil, 0, 0

function init(args)
	for k, v in ipairs(bench_lines(args[1])) do
		keys[k] = "Bearer " .. v
	end
	prefix = assert(args[2], "no reference prefix")
	i = bench_start(#keys)
end

function request()
	i = i % #keys + 1
	n = n + 1
	return wrk.format("POST", nil, bench_headers({
		Authorization = keys[i],
		["Content-Type"] = "application/json",
	}), '{"amount":"1","currency":"USDT","recipient_phone":"+233241234567",'
		.. '"mobile_network":"MTN","reference_id":"' .. prefix .. "-" .. id .. "-" .. n .. '"}')
end
