// paystack_sdk_hooks.mjs: a module resolve hook for paystack_sdk_client.mjs.
// @paystack/paystack-sdk 1.2.0's ESM build imports `./apis` and
// `../runtime` as CommonJS would (a directory, no extension), which Node's
// ESM loader refuses; a relative specifier that is not found is tried
// again as `<it>.js`, then `<it>/index.js`. Nothing else is changed.
export async function resolve(specifier, context, next) {
	try {
		return await next(specifier, context);
	} catch (e) {
		if (!specifier.startsWith('.') ||
		    (e.code !== 'ERR_MODULE_NOT_FOUND' && e.code !== 'ERR_UNSUPPORTED_DIR_IMPORT'))
			throw e;
		for (const tail of ['.js', '/index.js']) {
			try {
				return await next(specifier + tail, context);
			} catch (_) {
				// the next form
			}
		}
		throw e;
	}
}
