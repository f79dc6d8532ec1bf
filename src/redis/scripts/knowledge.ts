/** putArticle-4.lua and deleteArticle-4.lua: knowledge-base writes, each logged in the tenant's change log in the same step. */
import { execReplies, type Redis } from '../client';
import type { Keys } from '../keys';

function articleKeys(keys: Keys, tenantId: string): [articles: string, ids: string, changes: string, counter: string] {
  return [keys.knowledgeArticles(tenantId), keys.knowledgeIds(tenantId), keys.knowledgeChanges(tenantId), keys.knowledgeVersion(tenantId)];
}

/** An article to write: its id and its JSON up to the version value (ending `"version":`) and after it. */
export interface ArticleWrite {
  id: string;
  jsonHead: string;
  jsonTail: string;
}

/** Whether the article is new, the version it got (the stored one plus one, 1 when new), and the change number. */
export interface PutArticleResult {
  created: boolean;
  version: number;
  change: number;
}

/** `changeLogCap`: the approximate length the change log is trimmed to. */
export async function runPutArticle(redis: Redis, keys: Keys, tenantId: string, article: ArticleWrite, changeLogCap: number): Promise<PutArticleResult> {
  const [created, version, change] = await redis.putArticle(...articleKeys(keys, tenantId), article.id, article.jsonHead, article.jsonTail, changeLogCap);
  return { created: created === 1, version, change };
}

/** putArticle for each article, pipelined (each its own atomic call); throws the first error a call got, after all ran. */
export async function runPutArticles(redis: Redis, keys: Keys, tenantId: string, articles: readonly ArticleWrite[], changeLogCap: number): Promise<PutArticleResult[]> {
  const k = articleKeys(keys, tenantId);
  const pipeline = redis.pipeline();
  for (const a of articles) pipeline.putArticle(...k, a.id, a.jsonHead, a.jsonTail, changeLogCap);
  return (await execReplies(pipeline)).map((raw) => {
    const [created, version, change] = raw as [number, number, number];
    return { created: created === 1, version, change };
  });
}

/** Deleted with its change number, or missing (nothing changed, nothing logged). */
export type DeleteArticleResult = { kind: 'deleted'; change: number } | { kind: 'missing' };

export async function runDeleteArticle(redis: Redis, keys: Keys, tenantId: string, id: string, changeLogCap: number): Promise<DeleteArticleResult> {
  const change = await redis.deleteArticle(...articleKeys(keys, tenantId), id, changeLogCap);
  return change > 0 ? { kind: 'deleted', change } : { kind: 'missing' };
}
