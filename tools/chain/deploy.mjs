// deploy.mjs ARTIFACTS_DIR: sets up the sandbox chain on a local Anvil node.
//
// Environment:
//   RPC_URL        http://127.0.0.1:PORT (any other host is refused)
//   DEPLOYER_KEY, OPERATOR_KEY, CUSTODY_KEY, WALLET_KEY, TREASURY_KEY
//                  64 hex digits each, no 0x, all distinct
//   STATE_FILE     optional: where the deployment is remembered between runs
//   OPERATOR_ADDRESS  optional: the operator is this address instead of
//                  OPERATOR_KEY's (a key cediramp-signer keeps in a PKCS#11
//                  token, which never leaves it); it is funded the same
//   OWNER_ADDRESS  optional: the gateway's owner, who alone adds and removes
//                  operators (cediramp-signer's owner key, for `cediramp-admin
//                  signer rotate`); DEPLOYER_KEY's address when unset
//
// Steps:
//   1. anvil_setBalance 1000 ETH on each of the five addresses and the owner
//      holding less than 100 ETH;
//   2. reuse the deployment named by STATE_FILE when its gateway and tokens
//      have code on this node and the gateway's owner() and treasury()
//      match (not its operators: a rotation changes them); otherwise deploy
//      from DEPLOYER_KEY the four SandboxTokens (USDT, USDC, USDC_E with 6
//      decimals, DAI with 18) and CediGateway(operator, treasury, owner);
//   3. from CUSTODY_KEY, approve the gateway for type(uint256).max on every
//      token whose allowance is lower; mint WALLET_FUNDS of every token to
//      the sandbox wallet (WALLET_KEY's address) where it holds none;
//   4. write STATE_FILE and print CHAIN_ID, CHAIN_GATEWAY, CHAIN_TREASURY,
//      CHAIN_CUSTODY, CHAIN_TOKEN_USDT, CHAIN_TOKEN_USDC, CHAIN_TOKEN_USDC_E,
//      CHAIN_TOKEN_DAI, OPERATOR_ADDRESS, OWNER_ADDRESS, WALLET_ADDRESS as KEY=VALUE lines on
//      stdout (addresses lowercase), nothing else.
// Exit 0; on any failure (bad usage included) one line on stderr, exit 1.
// Progress notes ("deployed ...", "reused ...") go to stderr.
//
// Transactions of one step are sent together with explicit nonces and then
// awaited, so with `anvil --block-time 1` the whole run takes a couple of
// blocks; with auto-mining it takes well under a second.
import { readFileSync, writeFileSync, renameSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { Buffer } from 'node:buffer';
import { JsonRpcProvider, Network, Wallet, Contract, ContractFactory, MaxUint256, getAddress, toQuantity } from 'ethers';

const TOKENS = [
	// [key in the output, name, symbol, decimals]
	['USDT', 'Tether USD (sandbox)', 'USDT', 6],
	['USDC', 'USD Coin (sandbox)', 'USDC', 6],
	['USDC_E', 'Bridged USDC (sandbox)', 'USDC_E', 6],
	['DAI', 'Dai (sandbox)', 'DAI', 18],
];
const KEYS = ['DEPLOYER_KEY', 'OPERATOR_KEY', 'CUSTODY_KEY', 'WALLET_KEY', 'TREASURY_KEY'];
const ETHER = 10n ** 18n;
const FUND_BELOW = 100n * ETHER;
const FUND_TO = 1000n * ETHER;
const DEADLINE_MS = 60_000;
const WALLET_FUNDS = 10_000n; // whole tokens the sandbox wallet starts with

class Usage extends Error {}

function oneLine(s) {
	return String(s).replace(/\s+/g, ' ').trim().slice(0, 400);
}

function lower(addr) {
	return getAddress(addr).toLowerCase();
}

function parseRpcUrl(s) {
	const m = /^http:\/\/127\.0\.0\.1:(\d{1,5})\/?$/.exec(s || '');
	if (!m || Number(m[1]) < 1 || Number(m[1]) > 65535) {
		throw new Usage(`RPC_URL must be http://127.0.0.1:PORT, got ${JSON.stringify(oneLine(s || ''))}`);
	}
	return `http://127.0.0.1:${Number(m[1])}/`;
}

function parseKeys(env) {
	const seen = new Set();
	const keys = {};
	for (const k of KEYS) {
		const v = env[k] || '';
		if (!/^[0-9a-fA-F]{64}$/.test(v)) throw new Usage(`${k} must be 64 hex digits without 0x`);
		if (seen.has(v.toLowerCase())) throw new Usage(`${k} repeats another key: the five keys must be distinct`);
		seen.add(v.toLowerCase());
		try {
			keys[k] = `0x${v.toLowerCase()}`;
			new Wallet(keys[k]); // range check (0 < key < n)
		} catch {
			throw new Usage(`${k} is not a valid secp256k1 private key`);
		}
	}
	return keys;
}

function loadArtifact(dir, name) {
	let a;
	try {
		a = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
	} catch (e) {
		throw new Error(`artifact ${name}: ${e.message}`);
	}
	if (!Array.isArray(a.abi) || typeof a.bytecode !== 'string' || !/^0x[0-9a-f]+$/.test(a.bytecode)) {
		throw new Error(`artifact ${name}: no abi or bytecode (run tools/chain/compile.mjs)`);
	}
	return a;
}

// eth_chainId by hand first: ethers' provider would retry forever (and log)
// when nothing listens, and with the chain id known up front it does not
// have to detect the network at all.
// (node:http rather than fetch: fetch refuses some ports, 6666 for one.)
function chainId(url) {
	const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
	return new Promise((resolve, reject) => {
		const req = request(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
			timeout: 5000,
		}, (res) => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', (d) => { text += d; });
			res.on('end', () => {
				let reply = null;
				try {
					reply = JSON.parse(text);
				} catch {
					// reported below
				}
				if (res.statusCode !== 200 || !reply || typeof reply.result !== 'string' || !/^0x[0-9a-f]+$/i.test(reply.result)) {
					reject(new Error(`eth_chainId at ${url} failed: HTTP ${res.statusCode} ${oneLine(text).slice(0, 200)}`));
				} else {
					resolve(BigInt(reply.result));
				}
			});
		});
		req.on('timeout', () => req.destroy(new Error('timed out')));
		req.on('error', (e) => reject(new Error(`no node at ${url}: ${e.code || e.message}`)));
		req.end(body);
	});
}

function readState(file, id) {
	if (!file || !existsSync(file)) return null;
	try {
		const s = JSON.parse(readFileSync(file, 'utf8'));
		if (String(s.chainId) !== id.toString()) return null;
		const tokens = {};
		for (const [key] of TOKENS) tokens[key] = lower(s.tokens[key]);
		return { gateway: lower(s.gateway), tokens };
	} catch {
		return null; // unreadable or from an older layout: deploy anew
	}
}

async function hasCode(provider, addr) {
	const code = await provider.getCode(addr);
	return code !== '0x';
}

async function reusable(provider, state, gatewayAbi, owner, treasury) {
	if (!state) return false;
	for (const addr of [state.gateway, ...Object.values(state.tokens)]) {
		if (!(await hasCode(provider, addr))) return false;
	}
	try {
		const gw = new Contract(state.gateway, gatewayAbi, provider);
		const [ow, tr] = await Promise.all([gw.owner(), gw.treasury()]);
		return lower(ow) === owner && lower(tr) === treasury;
	} catch {
		return false;
	}
}

async function receiptOf(tx, what) {
	const r = await tx.wait(1, DEADLINE_MS);
	if (!r || r.status !== 1) throw new Error(`${what}: transaction ${tx.hash} failed`);
	return r;
}

async function main() {
	if (process.argv.length !== 3 || process.argv[2] === '') {
		throw new Usage('usage: node tools/chain/deploy.mjs ARTIFACTS_DIR (env RPC_URL, DEPLOYER_KEY, OPERATOR_KEY, CUSTODY_KEY, WALLET_KEY, TREASURY_KEY, optional STATE_FILE)');
	}
	const url = parseRpcUrl(process.env.RPC_URL);
	const keys = parseKeys(process.env);
	const stateFile = process.env.STATE_FILE || '';
	const tokenArt = loadArtifact(process.argv[2], 'SandboxToken');
	const gatewayArt = loadArtifact(process.argv[2], 'CediGateway');

	const id = await chainId(url);
	const provider = new JsonRpcProvider(url, Network.from(id), {
		staticNetwork: true,
		pollingInterval: 100,
		cacheTimeout: -1,
	});
	const w = {};
	for (const k of KEYS) w[k] = new Wallet(keys[k], provider);
	const addr = Object.fromEntries(KEYS.map((k) => [k, w[k].address.toLowerCase()]));
	if (process.env.OPERATOR_ADDRESS) {
		if (!/^0x[0-9a-fA-F]{40}$/.test(process.env.OPERATOR_ADDRESS)) {
			throw new Usage('OPERATOR_ADDRESS must be 0x and 40 hex digits');
		}
		addr.OPERATOR_KEY = process.env.OPERATOR_ADDRESS.toLowerCase();
	}
	let owner = addr.DEPLOYER_KEY;
	if (process.env.OWNER_ADDRESS) {
		if (!/^0x[0-9a-fA-F]{40}$/.test(process.env.OWNER_ADDRESS)) {
			throw new Usage('OWNER_ADDRESS must be 0x and 40 hex digits');
		}
		owner = process.env.OWNER_ADDRESS.toLowerCase();
	}

	// 1. gas money (the owner's too: it pays for a rotation's setOperator)
	await Promise.all([...new Set([...KEYS.map((k) => addr[k]), owner])].map(async (a) => {
		const bal = await provider.getBalance(a);
		if (bal < FUND_BELOW) await provider.send('anvil_setBalance', [a, toQuantity(FUND_TO)]);
	}));

	// 2. the contracts
	let state = readState(stateFile, id);
	if (await reusable(provider, state, gatewayArt.abi, owner, addr.TREASURY_KEY)) {
		process.stderr.write(`deploy: reused gateway ${state.gateway} from ${stateFile}\n`);
	} else {
		const deployer = w.DEPLOYER_KEY;
		let nonce = await provider.getTransactionCount(deployer.address, 'pending');
		const tokenFactory = new ContractFactory(tokenArt.abi, tokenArt.bytecode, deployer);
		const gatewayFactory = new ContractFactory(gatewayArt.abi, gatewayArt.bytecode, deployer);
		const pending = [];
		for (const [key, name, symbol, decimals] of TOKENS) {
			pending.push([key, await tokenFactory.deploy(name, symbol, decimals, { nonce: nonce++ })]);
		}
		pending.push(['GATEWAY', await gatewayFactory.deploy(addr.OPERATOR_KEY, addr.TREASURY_KEY, owner,
			{ nonce: nonce++ })]);
		const deployed = {};
		await Promise.all(pending.map(async ([key, c]) => {
			const r = await receiptOf(c.deploymentTransaction(), `deploying ${key}`);
			if (!r.contractAddress) throw new Error(`deploying ${key}: no contract address in the receipt`);
			deployed[key] = r.contractAddress.toLowerCase();
		}));
		state = { gateway: deployed.GATEWAY, tokens: {} };
		for (const [key] of TOKENS) state.tokens[key] = deployed[key];
		process.stderr.write(`deploy: deployed gateway ${state.gateway} and ${TOKENS.length} tokens\n`);
	}

	// 3. custody's allowances for the gateway
	const custody = w.CUSTODY_KEY;
	const allowances = await Promise.all(TOKENS.map(([key]) =>
		new Contract(state.tokens[key], tokenArt.abi, provider).allowance(custody.address, state.gateway)));
	let nonce = await provider.getTransactionCount(custody.address, 'pending');
	const approvals = [];
	for (let i = 0; i < TOKENS.length; i++) {
		if (allowances[i] === MaxUint256) continue;
		const key = TOKENS[i][0];
		const token = new Contract(state.tokens[key], tokenArt.abi, custody);
		approvals.push(receiptOf(await token.approve(state.gateway, MaxUint256, { nonce: nonce++ }), `approving ${key}`));
	}
	await Promise.all(approvals);

	// 3b. the sandbox wallet's starting coins (only where it holds none)
	const wallet = w.WALLET_KEY;
	const balances = await Promise.all(TOKENS.map(([key]) =>
		new Contract(state.tokens[key], tokenArt.abi, provider).balanceOf(wallet.address)));
	nonce = await provider.getTransactionCount(w.DEPLOYER_KEY.address, 'pending');
	const mints = [];
	for (let i = 0; i < TOKENS.length; i++) {
		if (balances[i] !== 0n) continue;
		const [key, , , decimals] = TOKENS[i];
		const token = new Contract(state.tokens[key], tokenArt.abi, w.DEPLOYER_KEY);
		mints.push(receiptOf(await token.mint(wallet.address, WALLET_FUNDS * 10n ** BigInt(decimals),
			{ nonce: nonce++ }), `funding the wallet with ${key}`));
	}
	await Promise.all(mints);

	// 4. remember and tell
	if (stateFile) {
		const body = {
			chainId: id.toString(),
			gateway: state.gateway,
			operator: addr.OPERATOR_KEY,
			owner,
			treasury: addr.TREASURY_KEY,
			custody: addr.CUSTODY_KEY,
			tokens: state.tokens,
		};
		writeFileSync(`${stateFile}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
		renameSync(`${stateFile}.tmp`, stateFile);
	}
	const out = [
		['CHAIN_ID', id.toString()],
		['CHAIN_GATEWAY', state.gateway],
		['CHAIN_TREASURY', addr.TREASURY_KEY],
		['CHAIN_CUSTODY', addr.CUSTODY_KEY],
		['CHAIN_TOKEN_USDT', state.tokens.USDT],
		['CHAIN_TOKEN_USDC', state.tokens.USDC],
		['CHAIN_TOKEN_USDC_E', state.tokens.USDC_E],
		['CHAIN_TOKEN_DAI', state.tokens.DAI],
		['OPERATOR_ADDRESS', addr.OPERATOR_KEY],
		['OWNER_ADDRESS', owner],
		['WALLET_ADDRESS', addr.WALLET_KEY],
	];
	process.stdout.write(out.map(([k, v]) => `${k}=${v}\n`).join(''));
	provider.destroy();
}

const timer = setTimeout(() => {
	process.stderr.write(`deploy: gave up after ${DEADLINE_MS / 1000} s\n`);
	process.exit(1);
}, DEADLINE_MS);

main().then(
	() => {
		clearTimeout(timer);
		process.exitCode = 0;
	},
	(e) => {
		clearTimeout(timer);
		const msg = e instanceof Usage ? e.message : oneLine(e.shortMessage || e.message || e);
		process.stderr.write(`deploy: ${msg}\n`);
		process.exit(1);
	},
);
