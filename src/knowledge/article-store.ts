/**
 * The knowledge base in Redis, per tenant (docs/knowledge-base.md): articles by id, their ids in
 * order for listing, and a capped change log that every write appends to in the same Lua script
 * (putArticle, deleteArticle). Search indexes in any process follow that log
 * (knowledge-index.ts).
 */
import { execReplies, type Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runDeleteArticle, runPutArticle, runPutArticles } from '../redis/scripts';
import { parseArticle, type Article, type ArticleContent } from './article';

/** A place in a tenant's change log: the stream entry id and the change number `n` there. */
export interface ChangePosition {
  streamId: string;
  n: number;
}

/** One change log entry. */
export interface Change extends ChangePosition {
  op: 'put' | 'delete';
  id: string;
}

export interface ArticleStoreOptions {
  redis: Redis;
  keys: Keys;
  /** Approximate length the change log is trimmed to (default 10,000). */
  changeLogCap?: number;
}

/** An article to write: its id and content. */
export type ArticleInput = ArticleContent & { id: string };

export class ArticleStore {
  private readonly redis: Redis;
  private readonly keys: Keys;
  private readonly cap: number;

  constructor(options: ArticleStoreOptions) {
    this.redis = options.redis;
    this.keys = options.keys;
    this.cap = options.changeLogCap ?? 10_000;
    if (!Number.isInteger(this.cap) || this.cap < 100) throw new Error('changeLogCap must be an integer of at least 100');
  }

  /**
   * Creates or replaces an article (version 1, or the stored version plus one) and logs the
   * change. Throws `invalid_request` when the content breaks the article rules (article.ts).
   */
  async put(tenantId: string, id: string, content: ArticleContent, nowMs: number): Promise<{ created: boolean; article: Article }> {
    const [head, tail] = this.serialise(tenantId, id, content, nowMs);
    const { created, version } = await runPutArticle(this.redis, this.keys, tenantId, { id, jsonHead: head, jsonTail: tail }, this.cap);
    return { created, article: JSON.parse(`${head}${version}${tail}`) as Article };
  }

  /**
   * Writes many articles in pipelined batches (each still its own atomic script call), for
   * loading a knowledge base: thousands take about a second. Returns how many were written.
   */
  async putMany(tenantId: string, articles: readonly ArticleInput[], nowMs: number, batchSize = 500): Promise<number> {
    // Validate everything first, so a bad article in the middle leaves nothing half-loaded.
    const calls = articles.map(({ id, ...content }) => {
      const [jsonHead, jsonTail] = this.serialise(tenantId, id, content, nowMs);
      return { id, jsonHead, jsonTail };
    });
    for (let i = 0; i < calls.length; i += batchSize) {
      await runPutArticles(this.redis, this.keys, tenantId, calls.slice(i, i + batchSize), this.cap);
    }
    return calls.length;
  }

  async get(tenantId: string, id: string): Promise<Article | null> {
    const json = await this.redis.hget(this.keys.knowledgeArticles(tenantId), id);
    return json === null ? null : (JSON.parse(json) as Article);
  }

  /** Articles by id, null where there is none, in the order asked. */
  async getMany(tenantId: string, ids: readonly string[]): Promise<(Article | null)[]> {
    if (ids.length === 0) return [];
    const values = await this.redis.hmget(this.keys.knowledgeArticles(tenantId), ...ids);
    return values.map((json) => (json === null ? null : (JSON.parse(json) as Article)));
  }

  /** Deletes an article and logs the change; false when there was none. */
  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await runDeleteArticle(this.redis, this.keys, tenantId, id, this.cap)).kind === 'deleted';
  }

  /** One page of articles in id order (code-point order), after the id `after` when given. */
  async list(tenantId: string, limit: number, after: string | null): Promise<{ items: Article[]; next: string | null }> {
    const ids = await this.redis.zrangebylex(this.keys.knowledgeIds(tenantId), after === null ? '-' : `(${after}`, '+', 'LIMIT', 0, limit + 1);
    const page = ids.slice(0, limit);
    // An article deleted between the two reads is left out of the page.
    const items = (await this.getMany(tenantId, page)).filter((a): a is Article => a !== null);
    return { items, next: ids.length > limit ? page[page.length - 1]! : null };
  }

  /** The newest place in the change log: where an index built from a scan starting now resumes. */
  async head(tenantId: string): Promise<ChangePosition> {
    const [entries, counter] = (await execReplies(this.redis.multi()
      .xrevrange(this.keys.knowledgeChanges(tenantId), '+', '-', 'COUNT', 1)
      .get(this.keys.knowledgeVersion(tenantId)))) as [[string, string[]][], string | null];
    const last = entries[0];
    if (last) return { streamId: last[0], n: Number(fieldOf(last[1], 'n')) };
    // No log (never written, or deleted by hand): the next change is the counter's next number.
    return { streamId: '0-0', n: Number(counter ?? 0) };
  }

  /** Up to `count` changes after the stream entry `afterStreamId`, oldest first. One non-blocking XREAD. */
  async changesAfter(tenantId: string, afterStreamId: string, count: number): Promise<Change[]> {
    const reply = await this.redis.xread('COUNT', count, 'STREAMS', this.keys.knowledgeChanges(tenantId), afterStreamId);
    const entries = reply?.[0]?.[1] ?? [];
    return entries.map(([streamId, fields]) => ({
      streamId, n: Number(fieldOf(fields, 'n')), op: fieldOf(fields, 'op') === 'delete' ? 'delete' : 'put', id: fieldOf(fields, 'id') ?? '',
    }));
  }

  /** Every article of the tenant, in batches (HSCAN: an article written meanwhile may be missed or seen twice). */
  async *scan(tenantId: string, batch = 500): AsyncGenerator<Article[]> {
    const key = this.keys.knowledgeArticles(tenantId);
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.hscan(key, cursor, 'COUNT', batch);
      const articles: Article[] = [];
      for (let i = 1; i < flat.length; i += 2) articles.push(JSON.parse(flat[i]!) as Article);
      if (articles.length > 0) yield articles;
      cursor = next;
    } while (cursor !== '0');
  }

  /** The stored JSON split around the version, which the script fills in. Fields in a fixed order. */
  private serialise(tenantId: string, id: string, content: ArticleContent, nowMs: number): [string, string] {
    const c = parseArticle(id, content);
    const json = JSON.stringify({
      id, tenant_id: tenantId, title: c.title, body: c.body, reason_codes: c.reason_codes,
      source: { document: c.source.document, section: c.source.section, version: c.source.version },
      trusted: c.trusted, updated_at: new Date(nowMs).toISOString(),
    });
    return [`${json.slice(0, -1)},"version":`, '}'];
  }
}

/**
 * Loads articles into a tenant's knowledge base in pipelined batches (for onboarding and
 * benchmarks); every article is validated first. Returns how many were written.
 */
export function seedArticles(store: ArticleStore, tenantId: string, articles: readonly ArticleInput[], nowMs: number): Promise<number> {
  return store.putMany(tenantId, articles, nowMs);
}

function fieldOf(fields: string[], name: string): string | undefined {
  for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}
