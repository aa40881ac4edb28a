// gateway.mjs ARTIFACTS_DIR: CediGateway's owner and operators, checked
// with npm ethers against the test stack's Anvil node (RPC_URL, on
// 127.0.0.1 only).
//
// It deploys a gateway and a SandboxToken of its own, from fresh random
// keys funded with anvil_setBalance (the stack's own gateway is left
// alone), and checks:
//   - the constructor's operator may convert, and the owner is owner();
//   - setOperator from anyone but the owner reverts NotOwner, and changes
//     nothing; setOperator(address(0), ...) reverts ZeroAddress;
//   - the owner's setOperator(new, true) emits OperatorSet and lets the new
//     key convert while the old one still may (a rotation's overlap);
//   - setOperator(old, false): the old key's convert reverts NotOperator.
//
// Prints `ok` and exits 0, or one `FAIL ...` line per failed check and
// exits 1; exits 2 on bad usage.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonRpcProvider, Wallet, ContractFactory, Contract, Interface, toQuantity, id as keccakText } from 'ethers';

const ETHER = 10n ** 18n;

function usage(msg) {
	process.stderr.write(`gateway: ${msg}\nusage: RPC_URL=http://127.0.0.1:PORT node tests/chain/gateway.mjs ARTIFACTS_DIR\n`);
	process.exit(2);
}

const url = process.env.RPC_URL || '';
if (!/^http:\/\/127\.0\.0\.1:\d{1,5}\/?$/.test(url)) usage('RPC_URL must be http://127.0.0.1:PORT');
if (process.argv.length !== 3) usage('one argument');
const art = (name) => JSON.parse(readFileSync(join(process.argv[2], `${name}.json`), 'utf8'));
const gwArt = art('CediGateway');
const tokArt = art('SandboxToken');
const iface = new Interface(gwArt.abi);

const failures = [];
function check(cond, what) {
	if (!cond) failures.push(`FAIL ${what}`);
}

// The custom error a failed call reverted with (its name), or '' when it
// did not revert.
async function revertName(promise) {
	try {
		const tx = await promise;
		await tx.wait();
		return '';
	} catch (e) {
		const data = e.data || (e.info && e.info.error && e.info.error.data) || '';
		try {
			return iface.parseError(data).name;
		} catch {
			return `(unparsed: ${e.shortMessage || e.message})`;
		}
	}
}

async function main() {
	const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true, pollingInterval: 100, cacheTimeout: -1 });
	const [deployer, owner, op1, op2, payer, treasury] = Array.from({ length: 6 }, () => Wallet.createRandom(provider));
	for (const w of [deployer, owner, op1, op2, payer]) {
		await provider.send('anvil_setBalance', [w.address, toQuantity(10n * ETHER)]);
	}
	const token = await new ContractFactory(tokArt.abi, tokArt.bytecode, deployer).deploy('Test', 'TST', 6);
	await token.waitForDeployment();
	const gwDeployed = await new ContractFactory(gwArt.abi, gwArt.bytecode, deployer)
		.deploy(op1.address, treasury.address, owner.address);
	await gwDeployed.waitForDeployment();
	const gwAddr = await gwDeployed.getAddress();
	const tokAddr = await token.getAddress();
	await (await token.mint(payer.address, 1000n)).wait();
	await (await new Contract(tokAddr, tokArt.abi, payer).approve(gwAddr, 1000n)).wait();
	const as = (w) => new Contract(gwAddr, gwArt.abi, w);
	const convert = (w, n) => as(w).convert(keccakText(`gateway.mjs ${n} ${Date.now()}`), tokAddr, payer.address, 10n);

	check((await as(owner).owner()) === owner.address, 'owner() is the constructor\'s owner');
	check(await as(owner).isOperator(op1.address), 'the constructor\'s operator is an operator');
	check((await revertName(convert(op1, 1))) === '', 'the operator converts');

	check((await revertName(as(op1).setOperator(op2.address, true))) === 'NotOwner', 'an operator\'s setOperator reverts NotOwner');
	check((await revertName(as(op2).setOperator(op2.address, true))) === 'NotOwner', 'a stranger\'s setOperator reverts NotOwner');
	check(!(await as(owner).isOperator(op2.address)), 'a refused setOperator changed nothing');
	check((await revertName(convert(op2, 2))) === 'NotOperator', 'a key that is not an operator cannot convert');
	check((await revertName(as(owner).setOperator('0x0000000000000000000000000000000000000000', true))) === 'ZeroAddress',
		'setOperator(address(0)) reverts ZeroAddress');

	const added = await (await as(owner).setOperator(op2.address, true)).wait();
	const ev = added.logs.map((l) => { try { return iface.parseLog(l); } catch { return null; } }).find((l) => l && l.name === 'OperatorSet');
	check(ev && ev.args[0] === op2.address && ev.args[1] === true, 'setOperator emits OperatorSet(new, true)');
	check((await revertName(convert(op2, 3))) === '', 'the added operator converts');
	check((await revertName(convert(op1, 4))) === '', 'the old operator still converts until removed');

	await (await as(owner).setOperator(op1.address, false)).wait();
	check(!(await as(owner).isOperator(op1.address)), 'the removed operator is no longer one');
	check((await revertName(convert(op1, 5))) === 'NotOperator', 'the removed operator\'s convert reverts NotOperator');
	check((await revertName(convert(op2, 6))) === '', 'the new operator still converts');
	check((await new Contract(tokAddr, tokArt.abi, provider).balanceOf(treasury.address)) === 40n,
		'the four conversions of 10 reached the treasury');
	provider.destroy();
}

main().then(() => {
	if (failures.length) {
		process.stdout.write(`${failures.join('\n')}\n`);
		process.exit(1);
	}
	process.stdout.write('ok\n');
}, (e) => {
	process.stdout.write(`FAIL ${e.shortMessage || e.message}\n`);
	process.exit(1);
});
