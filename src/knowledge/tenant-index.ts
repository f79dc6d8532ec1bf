/**
 * One tenant's search index in memory: a MiniSearch index (BM25+) with two fields, the titles and
 * the bodies of all the article's languages as plain text; the articles themselves; which
 * articles explain each reason code and which are written in each language; and how many
 * articles hold each term. knowledge-index.ts keeps it in step with Redis.
 *
 * Two fields rather than one per language: scoring costs one step per field a term occurs in,
 * per article, and a word such as "claim" occurs in most articles, in the English and Hinglish
 * text alike. The claimant's language is preferred by a document boost instead.
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { articleLanguages, languagesOf, type Article, type Language } from './article';
import type { ChangePosition } from './article-store';
import { plainText } from '../../pipeline/plain-text';
import { processTerm, termsOf, tokenize } from './search-terms';

export interface KnowledgeHit {
  article: Article;
  /** Text relevance (BM25+ with the boosts below); 0 for an article found by reason code alone. */
  score: number;
  /** The asked reason codes this article explains; hits with any come first. */
  matchedReasonCodes: string[];
}

export interface TenantQuery {
  text: string;
  reasonCodes: readonly string[];
  language: Language;
  limit: number;
  trustedOnly: boolean;
}

/** What is indexed of an article: every language's title, and every language's body, as plain text. */
interface IndexedArticle {
  id: string;
  title: string;
  body: string;
}

/** A title match weighs twice a body match; an article written in the asked language 1.25 times another. */
const titleBoost = 2;
const languageBoost = 1.25;

// Matching: exact; by prefix from 4 characters; with typos, for a word no article has as
// written, from 5 characters (one edit, two from 8, as MiniSearch counts them). The query
// planner below expands terms by the same rules.
const prefixFrom = 4;
const fuzzyFrom = 5;
const fuzzyDistance = (term: string) => (term.length >= fuzzyFrom ? Math.min(2, Math.round(term.length * 0.2)) : 0);

/** A term in more articles than this share of them (and than `commonFloor`) is common. */
const commonShare = 0.1;
const commonFloor = 200;
const maxQueryTerms = 16;

export class TenantIndex {
  /** While an article is added: the terms MiniSearch took from it, for the document frequencies. */
  private collecting: Set<string> | null = null;
  private readonly index = new MiniSearch<IndexedArticle>({
    fields: ['title', 'body'],
    tokenize,
    processTerm: (word) => {
      const term = processTerm(word);
      if (term && this.collecting) this.collecting.add(term);
      return term;
    },
  });
  private readonly articles = new Map<string, Article>();
  private readonly byReasonCode = new Map<string, Set<string>>();
  private readonly byLanguage = new Map<Language, Set<string>>(articleLanguages.map((l) => [l, new Set()]));
  /** Every indexed term → how many articles contain it; a radix tree, to expand terms as MiniSearch does. */
  private readonly vocabulary = new SearchableMap<number>();

  constructor(readonly tenantId: string, public position: ChangePosition) {}

  get size(): number {
    return this.articles.size;
  }

  set(article: Article): void {
    this.remove(article.id);
    this.collecting = new Set();
    try {
      this.index.add(indexed(article));
      this.count(this.collecting, 1);
    } finally {
      this.collecting = null;
    }
    this.articles.set(article.id, deepFreeze(article));
    for (const l of languagesOf(article)) this.byLanguage.get(l)!.add(article.id);
    for (const code of article.reason_codes) {
      let ids = this.byReasonCode.get(code);
      if (!ids) this.byReasonCode.set(code, (ids = new Set()));
      ids.add(article.id);
    }
  }

  remove(id: string): void {
    const old = this.articles.get(id);
    if (!old) return;
    // discard() hides the document at once; MiniSearch vacuums its postings later.
    this.index.discard(id);
    const doc = indexed(old);
    this.count(termsOf(`${doc.title}\n${doc.body}`), -1);
    this.articles.delete(id);
    for (const ids of this.byLanguage.values()) ids.delete(id);
    for (const code of old.reason_codes) this.byReasonCode.get(code)?.delete(id);
  }

  /** Up to `limit` hits: those explaining one of the reason codes first, then by score. */
  search(q: TenantQuery): KnowledgeHit[] {
    const codes = new Set(q.reasonCodes);
    const wanted = (a: Article) => !q.trustedOnly || a.trusted;
    const matched = (a: Article) => (codes.size === 0 ? [] : a.reason_codes.filter((c) => codes.has(c)));
    const explains = (a: Article) => codes.size > 0 && a.reason_codes.some((c) => codes.has(c));

    const plan = this.plan(q.text);
    const inLanguage = this.byLanguage.get(q.language)!;
    const results = plan.terms.length === 0 ? [] : this.index.search(plan.terms.join(' '), {
      fields: plan.fields,
      boost: { title: titleBoost },
      boostDocument: (id: string) => (inLanguage.has(id) ? languageBoost : 1),
      prefix: (term) => term.length >= prefixFrom && !plan.exactOnly.has(term),
      fuzzy: (term) => (plan.exactOnly.has(term) || this.vocabulary.has(term) ? false : fuzzyDistance(term) || false),
    } satisfies SearchOptions);
    // A question's words can reach thousands of articles; only the best `limit` become hits, so
    // each result costs a lookup and a comparison, and no object unless it makes the top.
    const top = new TopK<Candidate>(q.limit, byCandidateRank);
    for (const result of results) {
      const article = this.articles.get(result.id as string);
      if (!article || !wanted(article)) continue;
      top.offer({ article, score: result.score, explains: explains(article) });
    }
    let best = top.items();
    // Articles explaining a code the claim has are answers even when the question shares no word:
    // they rank after the scored ones that explain a code and before the rest. They can only make
    // the top when fewer than `limit` scored hits explain a code, and then every scored article
    // that explains one is already among those hits.
    if (codes.size > 0 && best.filter((c) => c.explains).length < q.limit) {
      const seen = new Set(best.map((c) => c.article.id));
      const byCode = new TopK<Candidate>(q.limit, byCandidateRank);
      for (const b of best) byCode.offer(b);
      for (const code of codes) {
        for (const id of this.byReasonCode.get(code) ?? []) {
          const article = this.articles.get(id);
          if (seen.has(id) || !article || !wanted(article)) continue;
          seen.add(id);
          byCode.offer({ article, score: 0, explains: true });
        }
      }
      best = byCode.items();
    }
    return best.map((c) => ({ article: c.article, score: c.score, matchedReasonCodes: matched(c.article) }));
  }

  /**
   * The terms of a question worth searching for. A term that a large share of the articles
   * contain says little about which one answers (its BM25 weight is near zero) yet costs the most
   * to score, so such terms are left out while a rarer one remains, as Elasticsearch's
   * `cutoff_frequency` did. Prefix and typo matches count: a rare word whose expansions reach
   * too many articles is searched as written only. A question of common words alone searches its two
   * least common, in titles only (fewer and shorter than bodies, and a title that has them is a
   * fair answer to such a question). Words that match nothing, exactly or expanded, are dropped.
   */
  private plan(text: string): { terms: string[]; exactOnly: Set<string>; fields: string[] } {
    const common = Math.max(commonFloor, this.articles.size * commonShare);
    const rare: string[] = [];
    const exactOnly = new Set<string>();
    const fallback: { term: string; cost: number }[] = [];
    for (const term of termsOf(text).slice(0, maxQueryTerms)) {
      const exact = this.vocabulary.get(term) ?? 0;
      const expanded = this.expansions(term, exact === 0);
      if (exact === 0 && expanded === 0) continue;
      if (exact + expanded <= common) rare.push(term);
      else if (exact > 0 && exact <= common) {
        rare.push(term);
        exactOnly.add(term);
      } else fallback.push({ term, cost: exact + expanded });
    }
    if (rare.length > 0) return { terms: rare, exactOnly, fields: ['title', 'body'] };
    return { terms: fallback.sort((a, b) => a.cost - b.cost).slice(0, 2).map((f) => f.term), exactOnly, fields: ['title'] };
  }

  /**
   * How many articles hold the other terms a query term reaches (summed, so an article may count
   * twice): by prefix, and by typo for a word no article has as written (a word found as written
   * is taken as spelled right; typo search is the costly part of a search).
   */
  private expansions(term: string, typos: boolean): number {
    let sum = 0;
    if (term.length >= prefixFrom) for (const [t, df] of this.vocabulary.atPrefix(term)) if (t !== term) sum += df;
    const distance = typos ? fuzzyDistance(term) : 0;
    if (distance > 0) for (const [t, [df]] of this.vocabulary.fuzzyGet(term, distance)) if (!t.startsWith(term)) sum += df;
    return sum;
  }

  private count(terms: Iterable<string>, delta: 1 | -1): void {
    for (const term of terms) {
      const n = (this.vocabulary.get(term) ?? 0) + delta;
      if (n > 0) this.vocabulary.set(term, n);
      else this.vocabulary.delete(term);
    }
  }
}

/** A search result before it is a hit: whether it explains one of the claim's codes decides its rank first. */
interface Candidate {
  article: Article;
  score: number;
  explains: boolean;
}

/** Keeps the first `k` of what it is offered, in `order`, without sorting everything offered. */
class TopK<T> {
  private readonly top: T[] = [];
  constructor(private readonly k: number, private readonly order: (a: T, b: T) => number) {}

  offer(item: T): void {
    const { top, k, order } = this;
    if (k <= 0 || (top.length === k && order(item, top[k - 1]!) >= 0)) return;
    let i = top.length === k ? k - 1 : top.length;
    while (i > 0 && order(item, top[i - 1]!) < 0) i -= 1;
    top.splice(i, 0, item);
    if (top.length > k) top.pop();
  }

  items(): T[] {
    return [...this.top];
  }
}

/** Explaining one of the claim's codes first, then relevance, then id (a stable order). */
function byCandidateRank(a: Candidate, b: Candidate): number {
  return Number(b.explains) - Number(a.explains)
    || b.score - a.score
    || (a.article.id < b.article.id ? -1 : a.article.id > b.article.id ? 1 : 0);
}


/** What the index holds of an article. */
function indexed(article: Article): IndexedArticle {
  const languages = languagesOf(article);
  return {
    id: article.id,
    title: languages.map((l) => plainText(article.title[l]!)).join('\n'),
    body: languages.map((l) => plainText(article.body[l]!)).join('\n'),
  };
}

/** Hits hand out the indexed article itself; frozen, so no caller can change what others get. */
function deepFreeze<T extends object>(value: T): T {
  for (const v of Object.values(value)) if (v && typeof v === 'object') deepFreeze(v as object);
  return Object.freeze(value);
}
