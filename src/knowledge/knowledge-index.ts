/**
 * Full-text search over each tenant's knowledge base (docs/knowledge-base.md): one in-memory
 * index per tenant (tenant-index.ts), in each process that searches.
 *
 * - Built from Redis on the tenant's first search (or `refresh`): a process that starts rebuilds
 *   from what is stored.
 * - Kept current by the tenant's change log: before each search one non-blocking XREAD asks for
 *   changes after the last one applied, and only the articles named there are re-read and
 *   re-indexed. A write that returned before a search started, in any process, is in its results.
 * - When changes were trimmed from the log before this process applied them (the change numbers
 *   skip), the index is rebuilt.
 * - A tenant's search reads that tenant's index only; indexes share nothing. An article is also
 *   checked to carry the tenant's id before it is indexed.
 */
import type { Logger } from '../logger';
import type { Article, Language } from './article';
import type { ArticleStore } from './article-store';
import { TenantIndex, type KnowledgeHit } from './tenant-index';

export type { KnowledgeHit };

export interface KnowledgeSearchOptions {
  /** Only articles whose source is trusted (default false: all, each with its `trusted`). */
  trustedOnly?: boolean;
}

export interface KnowledgeIndexOptions {
  store: ArticleStore;
  log?: Logger;
  /** Question text beyond this many characters is ignored (default 500), which bounds a search's cost. */
  maxQueryChars?: number;
  /** Changes read per XREAD while catching up (default 1,000). */
  changeBatch?: number;
}

/** Per tenant: the index (null until built), the refresh running, and the one waiting to start. */
interface Slot {
  index: TenantIndex | null;
  running: Promise<void>;
  waiting: Promise<void> | null;
}

/** A rebuild yields to other work after indexing this many articles. */
const yieldEvery = 25;

export class KnowledgeIndex {
  private readonly store: ArticleStore;
  private readonly log: Logger | undefined;
  private readonly maxQueryChars: number;
  private readonly changeBatch: number;
  private readonly slots = new Map<string, Slot>();

  constructor(options: KnowledgeIndexOptions) {
    this.store = options.store;
    this.log = options.log;
    this.maxQueryChars = options.maxQueryChars ?? 500;
    this.changeBatch = options.changeBatch ?? 1000;
    if (!Number.isInteger(this.maxQueryChars) || this.maxQueryChars < 1) throw new Error('maxQueryChars must be a positive integer');
    if (!Number.isInteger(this.changeBatch) || this.changeBatch < 1) throw new Error('changeBatch must be a positive integer');
  }

  /**
   * The tenant's articles that best answer `text`, at most `limit`, best first. Articles that
   * explain any of `reasonCodes` (the claim's CMS reason codes) come first, found by code even
   * when no word of the question matches; then the others by relevance. Titles weigh more than
   * bodies, and `language`'s fields more than the other languages'.
   */
  async search(tenantId: string, text: string, reasonCodes: readonly string[], language: Language, limit: number, options: KnowledgeSearchOptions = {}): Promise<KnowledgeHit[]> {
    await this.refresh(tenantId);
    return this.slots.get(tenantId)!.index!.search({
      text: text.slice(0, this.maxQueryChars), reasonCodes, language, limit, trustedOnly: options.trustedOnly ?? false,
    });
  }

  /**
   * Brings the tenant's index up to date with Redis: builds it on first use, then applies the
   * changes logged since. Resolves after a refresh that started after this call, so every write
   * that finished before the call is in; concurrent callers share that refresh.
   */
  refresh(tenantId: string): Promise<void> {
    let slot = this.slots.get(tenantId);
    if (!slot) this.slots.set(tenantId, (slot = { index: null, running: Promise.resolve(), waiting: null }));
    if (slot.waiting) return slot.waiting;
    const s = slot;
    const next = s.running.catch(() => undefined).then(() => {
      s.waiting = null;
      return this.catchUp(tenantId, s);
    });
    s.waiting = next;
    s.running = next;
    return next;
  }

  /** Articles in the tenant's index in this process (0 before its first search). */
  size(tenantId: string): number {
    return this.slots.get(tenantId)?.index?.size ?? 0;
  }

  private async catchUp(tenantId: string, slot: Slot): Promise<void> {
    if (slot.index) {
      if (await this.apply(slot.index)) return;
      this.log?.warn({ tenant_id: tenantId }, 'knowledge index: changes were trimmed from the log before this process applied them; rebuilding');
    }
    slot.index = await this.build(tenantId);
  }

  /** A new index from every stored article, then the changes logged while it was read. */
  private async build(tenantId: string): Promise<TenantIndex> {
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      const index = new TenantIndex(tenantId, await this.store.head(tenantId));
      let sinceYield = 0;
      for await (const batch of this.store.scan(tenantId)) {
        for (const article of batch) {
          this.admit(index, article);
          // Indexing is CPU work; other requests of this process run between small slices of it.
          if (++sinceYield === yieldEvery) {
            sinceYield = 0;
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      }
      // A change made during the scan is in the log after the head read above; applying it
      // re-reads that article as it is now, whatever the scan saw.
      if (await this.apply(index)) {
        this.log?.info({ tenant_id: tenantId, articles: index.size, ms: Math.round(performance.now() - started) }, 'knowledge index built');
        return index;
      }
      if (attempt === 3) throw new Error(`knowledge index of ${tenantId}: more changes than the log keeps arrived during each of three rebuilds`);
    }
  }

  /** Applies the logged changes up to the end of the log; false when some were trimmed before being applied. */
  private async apply(index: TenantIndex): Promise<boolean> {
    for (;;) {
      const changes = await this.store.changesAfter(index.tenantId, index.position.streamId, this.changeBatch);
      if (changes.length === 0) return true;
      if (!changes.every((c, i) => c.n === index.position.n + 1 + i)) return false;
      const ids = [...new Set(changes.map((c) => c.id))];
      const current = await this.store.getMany(index.tenantId, ids);
      ids.forEach((id, i) => {
        const article = current[i];
        if (article) this.admit(index, article);
        else index.remove(id);
      });
      const last = changes[changes.length - 1]!;
      index.position = { streamId: last.streamId, n: last.n };
      if (changes.length < this.changeBatch) return true;
    }
  }

  private admit(index: TenantIndex, article: Article): void {
    // Keys are per tenant, so this only happens to a record copied by hand; it is never indexed.
    if (article.tenant_id !== index.tenantId) {
      this.log?.error({ tenant_id: index.tenantId, article_id: article.id }, 'knowledge article of another tenant in this tenant\'s keys; not indexed');
      return;
    }
    index.set(article);
  }
}
