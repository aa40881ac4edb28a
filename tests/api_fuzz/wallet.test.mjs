// The wallet API fuzzed from its spec (fuzz.mjs; its own file, so node --test
// runs it beside the other API's).
import { fuzzTest } from './fuzz.mjs';

fuzzTest('wallet');
