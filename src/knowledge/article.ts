/**
 * A knowledge-base article as partners write it (`PUT /v1/knowledge/articles/{id}`) and as the
 * service stores and returns it. Validated with ajv; the TypeScript types come from the same
 * schema. Limits are here so the API, the store and the docs (docs/knowledge-base.md) agree.
 */
import Ajv, { type JSONSchemaType } from 'ajv';
import { languageCodes } from '../../pipeline/languages';
import type { Language } from '../../pipeline/types';
import { AppError } from '../errors';

export type { Language };

/** An article is written in the languages of the loaded packs (pipeline/languages). */
export const articleLanguages: readonly Language[] = languageCodes;

/** Text per language: at least one language, and the same languages in `title` and `body`. */
export type LocalizedText = Partial<Record<Language, string>>;

/** What a partner sends. `id` is the path's; markup in `title` and `body` is kept as written. */
export interface ArticleContent {
  title: LocalizedText;
  body: LocalizedText;
  /** CMS reason codes (a claim's `reason_codes`) this article explains. */
  reason_codes: string[];
  /** Where the text comes from, so a reviewer can find it. */
  source: { document: string; section: string; version: string };
  /** Whether the source is an approved one (policy wording, a circular) rather than a draft. */
  trusted: boolean;
}

/** An article as stored and returned: the content plus fields the server sets. */
export interface Article extends ArticleContent {
  id: string;
  tenant_id: string;
  /** 1 on creation, +1 on every PUT of this id. */
  version: number;
  /** ISO 8601 time of the last PUT. */
  updated_at: string;
}

export const articleLimits = {
  /** Characters (code points) of one language's title. */
  titleChars: 300,
  /** Characters of one language's body. */
  bodyChars: 20_000,
  reasonCodes: 50,
  sourceFieldChars: 300,
  /** Bytes of a PUT body; more is 413 `payload_too_large`. Three full bodies in Devanagari (3 bytes a character) fit. */
  requestBytes: 256 * 1024,
} as const;

export const articleIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const reasonCodePattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S', nullable: true }) as const;
const localized = (max: number): JSONSchemaType<LocalizedText> => ({
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  required: [],
  properties: Object.fromEntries(languageCodes.map((code) => [code, text(max)])),
}) as unknown as JSONSchemaType<LocalizedText>;

const schema: JSONSchemaType<ArticleContent> = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'body', 'reason_codes', 'source', 'trusted'],
  properties: {
    title: localized(articleLimits.titleChars),
    body: localized(articleLimits.bodyChars),
    reason_codes: {
      type: 'array', maxItems: articleLimits.reasonCodes, uniqueItems: true,
      items: { type: 'string', pattern: reasonCodePattern.source },
    },
    source: {
      type: 'object', additionalProperties: false, required: ['document', 'section', 'version'],
      properties: {
        document: { type: 'string', minLength: 1, maxLength: articleLimits.sourceFieldChars },
        section: { type: 'string', minLength: 1, maxLength: articleLimits.sourceFieldChars },
        version: { type: 'string', minLength: 1, maxLength: 64 },
      },
    },
    trusted: { type: 'boolean' },
  },
};

const validate = new Ajv({ allErrors: true }).compile(schema);

/** Fields a GET returns that a partner may send back unchanged: ignored, the server sets them. */
const serverFields = ['tenant_id', 'version', 'updated_at'] as const;

/**
 * The content of an article body for `id`, or a 400 `invalid_request` naming every problem.
 * A body `id` must equal the path's.
 */
export function parseArticle(id: string, value: unknown): ArticleContent {
  if (!articleIdPattern.test(id)) throw new AppError('invalid_request', `article id must match ${articleIdPattern.source}`);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError('invalid_request', 'body must be a JSON object');
  const { id: bodyId, ...rest } = value as Record<string, unknown>;
  if (bodyId !== undefined && bodyId !== id) throw new AppError('invalid_request', 'id in the body differs from the id in the path');
  for (const field of serverFields) delete rest[field];
  if (!validate(rest)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new AppError('invalid_request', `article is invalid: ${problems.join('; ')}`);
  }
  const titled = articleLanguages.filter((l) => rest.title[l] !== undefined);
  const bodied = articleLanguages.filter((l) => rest.body[l] !== undefined);
  const unpaired = articleLanguages.filter((l) => titled.includes(l) !== bodied.includes(l));
  if (unpaired.length > 0) throw new AppError('invalid_request', `title and body must have the same languages; unpaired: ${unpaired.join(', ')}`);
  return rest;
}

/** The languages an article is written in. */
export function languagesOf(article: ArticleContent): Language[] {
  return articleLanguages.filter((l) => article.body[l] !== undefined);
}
