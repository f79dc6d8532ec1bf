/**
 * The tenant document an operator onboards a partner with (`npm run ops -- tenant create FILE`).
 * Validated with ajv; the TypeScript type is derived from the same schema.
 */
import Ajv, { type JSONSchemaType } from 'ajv';
import { offerOf, type LanguageOffer } from '../../pipeline/language-offer';
import { defaultLanguage, isLanguage, languageCodes } from '../../pipeline/languages';
import { globalKinds, phiKindProblems, phiKindSchema, type PhiKindSpec } from '../../pipeline/policy-gate/phi-kinds';
import { wordClassNames } from '../../pipeline/understanding/lexicon';
import { dayNames, isTimeZone, minuteOfClock, type DayName } from '../../pipeline/workflows/business-hours';
import { durationPattern, parseDuration } from '../durations';

export interface TenantDocument {
  tenant_id: string;
  name: string;
  /** IANA time zone the partner reads times and dates in (reports' days, the console); default
   *  `Asia/Kolkata` (`tenantTimeZone`). Handover business hours default to it. */
  time_zone?: string;
  cms: { base_url: string; api_key: string };
  /** At least one channel; a claimant is answered on the channel they wrote on (docs/channels.md). */
  channels: {
    whatsapp?: {
      phone_number_id: string;
      app_secret: string;
      access_token: string;
      graph_base: string;
      verify_token?: string;
    };
    sms?: SmsChannel;
  };
  /** Scopes granted to the first API client. */
  scopes?: string[];
  /** Tenant additions to the global deny list (policy tier 1). */
  deny_list?: string[];
  /** Tenant PHI kinds (policy tier 3), beside the global ones: e.g. its member-id format. */
  phi_kinds?: PhiKindSpec[];
  /** The language codes the tenant answers claimants in (loaded packs, pipeline/languages);
   *  default every loaded pack (docs/configuration.md, "Languages a tenant offers"). */
  languages?: string[];
  /** What a claimant writing in a language the tenant does not offer is answered in; one of
   *  `languages`; default `EN`. */
  default_language?: string;
  /** Template overrides: templates.<channel>.<language>.<name> = text. */
  templates?: Record<string, Record<string, Record<string, string>>>;
  /** Words the tenant adds to the intent grammar's word classes: vocabulary.<class> = words
   *  (docs/understanding.md). */
  vocabulary?: Record<string, string[]>;
  /** Retention of this tenant's data (docs/retention.md), each a duration (`90s`, `7d`, `3650d`);
   *  what is unset takes the deployment's default (`HOT_WINDOW`, `ARCHIVE_RETENTION`, ...). */
  retention?: TenantRetention;
  /** The human-handover workflow's SLA: how soon a person answers, in which business hours, and
   *  how long a claimant waits at most (docs/configuration.md, "Handover settings"). */
  handover?: TenantHandover;
}

/** A tenant's handover settings; what is unset takes the default (src/tenants/handover-settings.ts). */
export interface TenantHandover {
  /** Business time a person has for the first response (a duration); default `15m`. */
  first_response?: string;
  /** Real time a claimant may wait for a person before the workflow stops waiting; default `24h`. */
  max_wait?: string;
  business_hours?: {
    /** IANA time zone name of the claims handlers' office; default the tenant's `time_zone`. */
    time_zone?: string;
    /** Open days; default `mon` to `sat`. */
    days?: DayName[];
    /** Local opening time, `HH:MM` (24-hour); default `09:00`. */
    open?: string;
    /** Local closing time, `HH:MM` (`24:00` is midnight at the end of the day), after `open`; default `18:00`. */
    close?: string;
  };
  /** What a claimant is told to call when nobody answered within `max_wait`: E.164 or a short text. */
  support_number?: string;
}

/** A tenant's retention settings (docs/retention.md). */
export interface TenantRetention {
  /** How long finished workflows and their ledger events stay in Redis before they are archived. */
  hot_window?: string;
  /** How long the archive keeps them; then they leave behind a signed truncation checkpoint. */
  archive?: string;
  /** How long a claimant's consent record lives (documented; not yet applied, docs/retention.md). */
  consent?: string;
  /** How long a channel message id is remembered for dedupe (at least 60s); default `INBOUND_DEDUPE_SECONDS`. */
  dedupe?: string;
}

export type WhatsAppChannel = NonNullable<TenantDocument['channels']['whatsapp']>;

/** A Twilio-style SMS account (docs/channels.md). */
export interface SmsChannel {
  /** The receiving numbers, E.164: the tenant is found from the number a message was sent `To`. */
  numbers: string[];
  /** Account SID: the Basic-auth user and the `{AccountSid}` of the Messages resource. */
  account_sid: string;
  /** Auth token: the Basic-auth password, and the key of `X-Twilio-Signature`. */
  auth_token: string;
  /** Base of the provider's REST API, e.g. `https://api.twilio.com` (a fake stands in for tests). */
  api_base: string;
  /** Most segments one reply may take; longer replies use the template's short form. Default 3. */
  segment_budget?: number;
  /** Where the provider posts status callbacks. Default `PUBLIC_URL` + `/channels/sms/status`. */
  status_callback_url?: string;
}

export const allScopes = ['workflow:read', 'workflow:write', 'audit:read', 'tenant:admin', 'kb:read', 'kb:write', 'cms:events', 'webhook:admin', 'conversations:read', 'conversations:write', 'reports:read'] as const;

/** The tenant's time zone when its document names none: where the service's partners are. */
export const defaultTenantTimeZone = 'Asia/Kolkata';

/** The IANA time zone a tenant reads times and dates in: its document's `time_zone`, or `Asia/Kolkata`. */
export function tenantTimeZone(doc: Pick<TenantDocument, 'time_zone'>): string {
  return doc.time_zone ?? defaultTenantTimeZone;
}

/** What an IANA zone name looks like; whether Intl knows it is checked after the schema (`isTimeZone`). */
const timeZonePattern = '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$';

/** What a language code looks like (`EN`, `HI_EN`); whether a pack has it is checked after the schema. */
const languageCodePattern = '^[A-Z]{2,3}(_[A-Z]{2,3})?$';

/** `HH:MM`, 24-hour, or `24:00`. */
const clockPattern = '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$';

/** Handover settings get at most this much business time for a first response (a longer one is
 *  a mistake, and the due time is counted day by day). */
const firstResponseLimitMs = 7 * 86_400_000;

const schema: JSONSchemaType<TenantDocument> = {
  type: 'object',
  additionalProperties: false,
  required: ['tenant_id', 'name', 'cms', 'channels'],
  properties: {
    tenant_id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,39}$' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    time_zone: { type: 'string', minLength: 1, maxLength: 64, pattern: timeZonePattern, nullable: true },
    cms: {
      type: 'object', additionalProperties: false, required: ['base_url', 'api_key'],
      properties: { base_url: { type: 'string', pattern: '^https?://' }, api_key: { type: 'string', minLength: 8 } },
    },
    channels: {
      type: 'object', additionalProperties: false, required: [], minProperties: 1,
      properties: {
        whatsapp: {
          type: 'object', nullable: true, additionalProperties: false, required: ['phone_number_id', 'app_secret', 'access_token', 'graph_base'],
          properties: {
            phone_number_id: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$' },
            app_secret: { type: 'string', minLength: 8 },
            access_token: { type: 'string', minLength: 8 },
            graph_base: { type: 'string', pattern: '^https?://' },
            verify_token: { type: 'string', minLength: 8, nullable: true },
          },
        },
        sms: {
          type: 'object', nullable: true, additionalProperties: false, required: ['numbers', 'account_sid', 'auth_token', 'api_base'],
          properties: {
            numbers: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$' } },
            account_sid: { type: 'string', pattern: '^AC[0-9a-zA-Z]{8,64}$' },
            auth_token: { type: 'string', minLength: 8 },
            api_base: { type: 'string', pattern: '^https?://' },
            segment_budget: { type: 'integer', minimum: 1, maximum: 10, nullable: true },
            status_callback_url: { type: 'string', pattern: '^https?://', nullable: true },
          },
        },
      },
    },
    scopes: { type: 'array', items: { type: 'string', enum: [...allScopes] }, nullable: true },
    deny_list: { type: 'array', items: { type: 'string', minLength: 1 }, nullable: true },
    phi_kinds: { type: 'array', items: phiKindSchema, maxItems: 50, nullable: true },
    // Codes are checked against the loaded packs after the schema, with an error that names them.
    languages: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'string', pattern: languageCodePattern }, nullable: true },
    default_language: { type: 'string', pattern: languageCodePattern, nullable: true },
    templates: {
      type: 'object', nullable: true, required: [],
      // templates.<channel>.<language>: a language of a loaded pack (pipeline/languages).
      additionalProperties: {
        type: 'object', required: [], propertyNames: { enum: [...languageCodes] },
        additionalProperties: { type: 'object', required: [], additionalProperties: { type: 'string' } },
      },
    },
    vocabulary: {
      type: 'object', nullable: true, required: [],
      propertyNames: { enum: [...wordClassNames] },
      additionalProperties: { type: 'array', maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 60 } },
    },
    retention: {
      type: 'object', nullable: true, additionalProperties: false, required: [],
      properties: {
        hot_window: { type: 'string', pattern: durationPattern, nullable: true },
        archive: { type: 'string', pattern: durationPattern, nullable: true },
        consent: { type: 'string', pattern: durationPattern, nullable: true },
        dedupe: { type: 'string', pattern: durationPattern, nullable: true },
      },
    },
    handover: {
      type: 'object', nullable: true, additionalProperties: false, required: [],
      properties: {
        first_response: { type: 'string', pattern: durationPattern, nullable: true },
        max_wait: { type: 'string', pattern: durationPattern, nullable: true },
        business_hours: {
          type: 'object', nullable: true, additionalProperties: false, required: [],
          properties: {
            time_zone: { type: 'string', minLength: 1, maxLength: 64, pattern: timeZonePattern, nullable: true },
            days: { type: 'array', minItems: 1, maxItems: 7, uniqueItems: true, items: { type: 'string', enum: [...dayNames] }, nullable: true },
            open: { type: 'string', pattern: clockPattern, nullable: true },
            close: { type: 'string', pattern: clockPattern, nullable: true },
          },
        },
        support_number: { type: 'string', minLength: 1, maxLength: 40, pattern: '^(?=.*\\S)[^\\x00-\\x1f\\x7f]+$', nullable: true },
      },
    },
  },
};

const validate = new Ajv({ allErrors: true }).compile(schema);

/** The document, or a list of what is wrong with it. */
export function checkTenantDocument(value: unknown): { ok: true; doc: TenantDocument } | { ok: false; errors: string[] } {
  if (!validate(value)) return { ok: false, errors: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`) };
  const phiErrors = phiKindErrors(value.phi_kinds ?? []);
  if (phiErrors.length > 0) return { ok: false, errors: phiErrors };
  const retention = value.retention;
  if (retention?.hot_window && retention.archive && parseDuration(retention.archive) <= parseDuration(retention.hot_window)) {
    return { ok: false, errors: ['/retention/archive must be longer than /retention/hot_window'] };
  }
  if (retention?.hot_window && parseDuration(retention.hot_window) <= 0) return { ok: false, errors: ['/retention/hot_window must be longer than 0'] };
  if (retention?.dedupe && parseDuration(retention.dedupe) < 60_000) return { ok: false, errors: ['/retention/dedupe must be at least 60s (as INBOUND_DEDUPE_SECONDS)'] };
  if (value.time_zone !== undefined && !isTimeZone(value.time_zone)) {
    return { ok: false, errors: [`/time_zone ${JSON.stringify(value.time_zone)} is not an IANA time zone (e.g. Asia/Kolkata)`] };
  }
  const languageErrors = languageProblems(value.languages, value.default_language);
  if (languageErrors.length > 0) return { ok: false, errors: languageErrors };
  const handoverErrors = handoverProblems(value.handover);
  if (handoverErrors.length > 0) return { ok: false, errors: handoverErrors };
  return { ok: true, doc: value };
}

/** The languages a tenant document offers, as stages and the template registry read them (pipeline/language-offer.ts). */
export function tenantLanguageOffer(doc: Pick<TenantDocument, 'languages' | 'default_language'>): LanguageOffer {
  return offerOf(doc.languages, doc.default_language);
}

/** What the schema cannot see in `languages` and `default_language`: a code no pack has, a
 *  default that is not offered (EN when unset). */
function languageProblems(offered: string[] | undefined, defaultCode: string | undefined): string[] {
  const known = `the loaded packs are ${languageCodes.join(', ')}`;
  const errors = (offered ?? []).flatMap((code, i) => (isLanguage(code) ? [] : [`/languages/${i} ${JSON.stringify(code)} is not a language the service has a pack for (${known})`]));
  if (defaultCode !== undefined && !isLanguage(defaultCode)) {
    errors.push(`/default_language ${JSON.stringify(defaultCode)} is not a language the service has a pack for (${known})`);
  } else if (offered !== undefined && !offered.includes(defaultCode ?? defaultLanguage)) {
    errors.push(defaultCode !== undefined
      ? `/default_language ${JSON.stringify(defaultCode)} must be one of /languages (${offered.join(', ')})`
      : `/default_language is ${defaultLanguage} when unset, and /languages does not offer it: add ${defaultLanguage} to /languages or set default_language to one of ${offered.join(', ')}`);
  }
  return errors;
}

/** What the schema cannot see in `handover`: a zone Intl does not know, closing not after opening,
 *  durations of nothing or a first response too long to be meant. */
function handoverProblems(handover: TenantHandover | undefined): string[] {
  if (!handover) return [];
  const errors: string[] = [];
  if (handover.first_response !== undefined) {
    const ms = parseDuration(handover.first_response);
    if (ms <= 0) errors.push('/handover/first_response must be longer than 0');
    if (ms > firstResponseLimitMs) errors.push('/handover/first_response must be at most 7d');
  }
  if (handover.max_wait !== undefined && parseDuration(handover.max_wait) <= 0) errors.push('/handover/max_wait must be longer than 0');
  const hours = handover.business_hours;
  if (hours?.time_zone !== undefined && !isTimeZone(hours.time_zone)) {
    errors.push(`/handover/business_hours/time_zone ${JSON.stringify(hours.time_zone)} is not an IANA time zone (e.g. Asia/Kolkata)`);
  }
  const open = minuteOfClock(hours?.open ?? '09:00');
  const close = minuteOfClock(hours?.close ?? '18:00');
  if (open !== null && close !== null && close <= open) {
    errors.push(`/handover/business_hours/close must be after open (${hours?.open ?? '09:00'} to ${hours?.close ?? '18:00'})`);
  }
  return errors;
}

/** What the schema cannot see in `phi_kinds`: patterns that do not compile, a need nothing can
 *  meet, a name that is already a global kind or given twice. */
function phiKindErrors(kinds: PhiKindSpec[]): string[] {
  const taken = new Set(globalKinds.map((k) => k.kind));
  return kinds.flatMap((k, i) => {
    const errors = phiKindProblems(k).map((p) => `/phi_kinds/${i} ${p}`);
    if (taken.has(k.kind)) errors.push(`/phi_kinds/${i} kind ${k.kind} is already a kind`);
    taken.add(k.kind);
    return errors;
  });
}
