/**
 * Which phone numbers an erasure accepts (`POST /v1/claimants/erasure`, `npm run ops -- claimant
 * erase`; docs/retention.md): one claimant's full number, never a part of one.
 *
 * - E.164 as written on the wire: `+`, the country code, the national number, nothing else (no
 *   spaces, no national prefix `0`), at most 15 digits.
 * - India (+91): exactly ten digits after the code, the first 6-9: the mobile numbers that write
 *   on WhatsApp and SMS, the only ones a claimant can have here.
 * - Any other country: a number libphonenumber-js (its full metadata, pinned in package.json)
 *   finds valid for that country, in its own E.164 form; its per-country tables are kept with
 *   Google's libphonenumber, which a hand-kept list would not be.
 *
 * Refusing a prefix is defence in depth: the erasure matches each stored entry's tenant and phone
 * exactly in any case (src/claimants/erasure.ts), so a prefix would find nothing; the 400 says so
 * to the caller instead of a 200 that erased nobody.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

const e164Shape = /^\+[1-9]\d{6,14}$/;
const indianMobile = /^\+91[6-9]\d{9}$/;

/** What the API and the CLI say of a number they refuse. */
export const phoneRule = 'phone must be one claimant\'s full number in E.164, such as +919800000000 (India: +91 and ten digits, the first 6-9)';

/** Whether `phone` is a full, valid number of one claimant, in E.164. */
export function isClaimantPhone(phone: unknown): phone is string {
  if (typeof phone !== 'string' || !e164Shape.test(phone)) return false;
  if (phone.startsWith('+91')) return indianMobile.test(phone);
  const parsed = parsePhoneNumberFromString(phone);
  return parsed !== undefined && parsed.number === phone && parsed.isValid();
}
