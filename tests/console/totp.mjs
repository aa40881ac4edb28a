// A third party's TOTP (npm otplib, RFC 6238) reading the console's
// enrolment: given the otpauth:// URI the console answered, checks its
// form (issuer cediramp, SHA1, 6 digits, 30 s) and prints the current
// code, as an authenticator app would show it. Exit 1 on a URI no app
// would take. Run by t_console.c (TOTP_CLIENT).
import { authenticator } from 'otplib';

const uri = process.argv[2] ?? '';
let u;
try {
	u = new URL(uri);
} catch {
	console.error(`totp.mjs: not a URI: ${uri}`);
	process.exit(1);
}
const p = u.searchParams;
const bad = [];
if (u.protocol !== 'otpauth:' || u.host !== 'totp') bad.push('not otpauth://totp/');
if (!decodeURIComponent(u.pathname).startsWith('/cediramp:')) bad.push('label is not cediramp:ACCOUNT');
if (p.get('issuer') !== 'cediramp') bad.push('issuer');
if ((p.get('algorithm') ?? 'SHA1') !== 'SHA1') bad.push('algorithm');
if ((p.get('digits') ?? '6') !== '6') bad.push('digits');
if ((p.get('period') ?? '30') !== '30') bad.push('period');
if (!/^[A-Z2-7]+$/.test(p.get('secret') ?? '')) bad.push('secret is not base32');
if (bad.length) {
	console.error(`totp.mjs: ${bad.join(', ')}`);
	process.exit(1);
}
console.log(authenticator.generate(p.get('secret')));
