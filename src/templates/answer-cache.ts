/**
 * The query-reason answer cache (spec: "a cache check through the template registry tests
 * whether the exact question was already answered"). An approved answer is kept as the reply
 * request the template registry renders (template and variables) plus the article it cites, under
 * a hash of the normalised question, its language and the claim's reason codes. A kept answer is
 * used only while every article it cites is unchanged (same version): editing or deleting one
 * retires it. The claim's own opening (its approval and amount) is not kept: a hit gets the
 * asking claim's. Writes are best effort, after the hand-off: a lost write costs one search.
 */
import type { CachedAnswer } from '../../pipeline/types';
import type { ArticleStore } from '../knowledge/article-store';
import type { Metrics } from '../metrics';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';

/** How long an approved answer is kept. */
export const answerCacheTtlSeconds = 7 * 24 * 3600;

export class AnswerCache {
  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly articles: ArticleStore, private readonly metrics: Metrics) {}

  async lookup(tenantId: string, key: string): Promise<CachedAnswer | null> {
    const raw = await this.redis.get(this.keys.answerCache(tenantId, key));
    const kept = raw ? (JSON.parse(raw) as CachedAnswer) : null;
    // Every article it cites must be as it was: one edited, deleted or untrusted retires it.
    const cited = kept ? [{ articleId: kept.articleId, articleVersion: kept.articleVersion }, ...(kept.alsoCited ?? [])] : [];
    const articles = await Promise.all(cited.map((c) => this.articles.get(tenantId, c.articleId)));
    const hit = kept !== null && articles.every((a, i) => a !== null && a.version === cited[i]!.articleVersion && a.trusted);
    this.metrics.answerCache.inc({ result: hit ? 'hit' : 'miss' });
    return hit ? kept : null;
  }

  async store(tenantId: string, key: string, value: CachedAnswer): Promise<void> {
    await this.redis.set(this.keys.answerCache(tenantId, key), JSON.stringify(value), 'EX', answerCacheTtlSeconds);
  }
}
