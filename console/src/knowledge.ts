/** The knowledge base's articles (scope `kb:read`), as the query-reason answers draw on them. */
import { h, table } from './dom';
import type { Article, Page } from './resources';
import { json } from './session';
import { when } from './time';
import { show } from './view';

export async function knowledgeView(): Promise<void> {
  const page = await json<Page<Article>>('/v1/knowledge/articles?limit=100');
  const rows = page.items.map((a) => [a.id, Object.values(a.title)[0] ?? '—', String(a.version), a.trusted ? 'yes' : 'no', h('time', { datetime: a.updated_at }, when(a.updated_at))]);
  show('Knowledge base', rows.length ? table(['Article', 'Title', 'Version', 'Trusted', 'Updated'], rows, 'Articles') : h('p', {}, 'No articles.'));
}
