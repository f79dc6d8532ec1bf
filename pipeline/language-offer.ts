/**
 * The languages a tenant answers in (tenant document `languages`, `default_language`;
 * docs/understanding.md, "Languages a tenant offers"), and the language a claimant's reply is
 * written in under that offer: their own when it is offered; else the same language in its other
 * form (Tamil script for a claimant writing romanised Tamil, or the other way round), when the
 * tenant offers that; else the tenant's default language, with a line saying which languages it
 * offers (reply template `languages_offered`).
 */
import { defaultLanguage, isLanguage, languageCodes, packOf } from './languages';
import type { Language } from './vocabulary';

/** A tenant's offer, as stages and the template registry read it. */
export interface LanguageOffer {
  /** The codes it answers in (loaded packs only), in the order the tenant listed them. */
  languages: readonly Language[];
  /** What a claimant writing in a language it does not offer is answered in; one of `languages`. */
  defaultLanguage: Language;
}

/** A tenant whose document names no languages offers every loaded pack, with the packs' default. */
export const everyLanguage: LanguageOffer = { languages: languageCodes, defaultLanguage };

/** The language a reply is written in, and whether it is the default because the claimant's is not offered. */
export interface ReplyLanguage {
  language: Language;
  /** The claimant's language is offered in no form: the reply adds the `languages_offered` line. */
  notOffered: boolean;
}

/** The native code of a language (itself, or the one a romanised form is of). */
function baseOf(code: Language): Language {
  return isLanguage(code) ? packOf(code).romanised_of ?? code : code;
}

/** How a claimant writing in `claimant` is answered under `offer` (see the header). */
export function replyLanguage(offer: LanguageOffer, claimant: Language): ReplyLanguage {
  if (offer.languages.includes(claimant)) return { language: claimant, notOffered: false };
  const base = baseOf(claimant);
  // The native form first, then a romanised one (in the packs' order).
  const sameLanguage = offer.languages.includes(base) ? base : offer.languages.find((c) => c !== claimant && baseOf(c) === base);
  if (sameLanguage !== undefined) return { language: sameLanguage, notOffered: false };
  return { language: offer.defaultLanguage, notOffered: true };
}

/**
 * The offered languages as the `languages_offered` line names them: one name per language (a
 * romanised form is its language), in the offer's order. WhatsApp shows each in its own script
 * (`native_name`), so a claimant finds theirs; SMS uses the English `name`, so a reply in a Latin
 * script stays in GSM-7 (a native name would make the whole SMS UCS-2, 70 characters a segment).
 */
export function offeredLanguageNames(offer: LanguageOffer, form: 'native' | 'english'): string[] {
  const bases = [...new Set(offer.languages.filter(isLanguage).map(baseOf))];
  return bases.filter(isLanguage).map((code) => (form === 'native' ? packOf(code).native_name : packOf(code).name));
}

/**
 * The offer a tenant document's `languages` and `default_language` make at run time: the listed
 * codes that are loaded packs (a stored document may name a pack removed since; the document was
 * checked when it was put), every pack when it lists none; its default, or the packs' default
 * (EN), when offered, else the first offered.
 */
export function offerOf(listed: readonly string[] | undefined, defaultCode: string | undefined): LanguageOffer {
  const loaded = (listed ?? languageCodes).filter(isLanguage);
  const offered = loaded.length > 0 ? loaded : languageCodes;
  const wanted = defaultCode ?? defaultLanguage;
  return { languages: offered, defaultLanguage: offered.includes(wanted) ? wanted : offered[0]! };
}
