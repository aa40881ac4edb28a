-- POST /api/mobile-money/transfer, a wallet per request:
--   wrk -s transfer.lua URL -- FILE PREFIX
--
-- FILE holds `TOKEN BENEFICIARY_ID` a line (a funded wallet and its
-- verified beneficiary, made by tools/bench/callers.sh); each request pays
-- 5.00 GHS from the next wallet to its beneficiary, under an idempotency
-- key of its own, PREFIX-THREAD-N (the key is optional; clients that move
-- money send one, so the bench measures that path). PREFIX tells apart the
-- runs sharing one database (warm-up, servers).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "common.lua")

local wallets, prefix, i, n = {}, nil, 0, 0

function init(args)
	for _, line in ipairs(bench_lines(args[1])) do
		local token, bn = line:match("^(%S+) (%S+)$")
		assert(token, args[1] .. ": expected TOKEN BENEFICIARY_ID: " .. line)
		wallets[#wallets + 1] = {
			auth = "Bearer " .. token,
			body = '{"beneficiaryId":"' .. bn
				.. '","amount":"5.00","currency":"GHS","reference":"bench"}',
		}
	end
	prefix = assert(args[2], "no key prefix")
	i = bench_start(#wallets)
end

function request()
	i = i % #wallets + 1
	n = n + 1
	local w = wallets[i]
	return wrk.format("POST", nil, bench_headers({
		Authorization = w.auth,
		["Content-Type"] = "application/json",
		["X-Idempotency-Key"] = prefix .. "-" .. id .. "-" .. n,
	}), w.body)
end
