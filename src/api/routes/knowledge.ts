/**
 * The tenant's knowledge base, managed by the partner (docs/knowledge-base.md): articles by id
 * (`kb:write` to change, `kb:read` to read), the list in id order, and search, so a partner can
 * see which articles a claimant's question retrieves. Everything is the token's tenant's; another
 * tenant's article is 404.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { detectLanguage } from '../../../pipeline/language';
import { AppError } from '../../errors';
import { articleIdPattern, articleLanguages, articleLimits, parseArticle, reasonCodePattern, type Article, type Language } from '../../knowledge/article';
import type { Services } from '../../services';
import { principal, requireScope } from '../authenticate';
import { parseJson, readRaw } from '../body';
import { queryParam } from '../query';
import { decodeCursor, encodeCursor } from '../cursors';

const maxListLimit = 100;
const maxSearchLimit = 20;
const maxQuestionChars = 500;

function intParam(ctx: Context, name: string, fallback: number, max: number): number {
  const raw = queryParam(ctx, name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new AppError('invalid_request', `${name} must be an integer from 1 to ${max}`);
  return value;
}

/** An article without its bodies, as the list shows it. */
function summary({ body: _body, ...rest }: Article): Omit<Article, 'body'> {
  return rest;
}

function notFound(): AppError {
  return new AppError('article_not_found', 'no such article');
}

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const knowledgePorts = ['clock', 'knowledge'] as const satisfies readonly (keyof Services)[];
export type KnowledgePorts = Pick<Services, (typeof knowledgePorts)[number]>;

export function knowledgeRoutes(s: KnowledgePorts): Router {
  const router = new Router();
  const { articles, index } = s.knowledge;

  router.put('/v1/knowledge/articles/:id', requireScope('kb:write'), async (ctx) => {
    const id = ctx.params.id!;
    if (!ctx.is('application/json')) throw new AppError('unsupported_media_type', 'send the article as application/json');
    const content = parseArticle(id, parseJson(await readRaw(ctx, articleLimits.requestBytes)));
    const result = await articles.put(principal(ctx).tenant_id, id, content, s.clock.now());
    ctx.status = result.created ? 201 : 200;
    if (result.created) ctx.set('Location', `/v1/knowledge/articles/${encodeURIComponent(id)}`);
    ctx.body = result.article;
  });

  router.get('/v1/knowledge/articles/:id', requireScope('kb:read'), async (ctx) => {
    const id = ctx.params.id!;
    const article = articleIdPattern.test(id) ? await articles.get(principal(ctx).tenant_id, id) : null;
    if (!article) throw notFound();
    ctx.body = article;
  });

  router.delete('/v1/knowledge/articles/:id', requireScope('kb:write'), async (ctx) => {
    const id = ctx.params.id!;
    if (!articleIdPattern.test(id) || !(await articles.delete(principal(ctx).tenant_id, id))) throw notFound();
    ctx.status = 204;
  });

  router.get('/v1/knowledge/articles', requireScope('kb:read'), async (ctx) => {
    const limit = intParam(ctx, 'limit', 20, maxListLimit);
    const cursor = queryParam(ctx, 'cursor');
    const after = cursor === undefined ? null : decodeCursor(cursor, articleIdPattern)[0]!;
    const page = await articles.list(principal(ctx).tenant_id, limit, after);
    ctx.body = { items: page.items.map(summary), next_cursor: page.next === null ? null : encodeCursor(page.next) };
  });

  router.get('/v1/knowledge/search', requireScope('kb:read'), async (ctx) => {
    const q = queryParam(ctx, 'q');
    if (q === undefined || q.trim() === '') throw new AppError('invalid_request', 'q (the question) is required');
    if (q.length > maxQuestionChars) throw new AppError('invalid_request', `q must be at most ${maxQuestionChars} characters`);
    const codesRaw = queryParam(ctx, 'reason_codes');
    const reasonCodes = codesRaw === undefined ? [] : codesRaw.split(',').map((c) => c.trim()).filter((c) => c !== '');
    if (reasonCodes.length > articleLimits.reasonCodes || !reasonCodes.every((c) => reasonCodePattern.test(c))) {
      throw new AppError('invalid_request', `reason_codes must be up to ${articleLimits.reasonCodes} comma-separated codes matching ${reasonCodePattern.source}`);
    }
    const languageRaw = queryParam(ctx, 'language');
    if (languageRaw !== undefined && !(articleLanguages as readonly string[]).includes(languageRaw)) throw new AppError('invalid_request', `language must be one of ${articleLanguages.join(', ')}`);
    // Without one, the language is read from the question, as the workflow reads the claimant's.
    const language = (languageRaw as Language | undefined) ?? detectLanguage(q);
    const trustedRaw = queryParam(ctx, 'trusted_only');
    if (trustedRaw !== undefined && trustedRaw !== 'true' && trustedRaw !== 'false') throw new AppError('invalid_request', 'trusted_only must be true or false');
    const limit = intParam(ctx, 'limit', 5, maxSearchLimit);
    const hits = await index.search(principal(ctx).tenant_id, q, reasonCodes, language, limit, { trustedOnly: trustedRaw === 'true' });
    ctx.body = {
      language,
      items: hits.map((h) => ({ score: h.score, matched_reason_codes: h.matchedReasonCodes, article: h.article })),
    };
  });
  return router;
}
