/**
 * The knowledge-base API as a partner meets it, with real tokens: create, replace, read, list
 * and delete articles; validation problems; 413 for an oversize body; another tenant's article
 * is 404; scopes; markup kept verbatim (and `plainText` for channels); search.
 */
import { expect } from 'chai';
import { onboardFakeTenant, type FakeTenant } from '../helpers/fakes/demo-tenant';
import { plainText } from '../../pipeline/plain-text';
import { startHarness, type Harness } from '../helpers/harness';

interface ArticleBody {
  id: string; tenant_id: string; version: number; updated_at: string; trusted: boolean; reason_codes: string[];
  title: Record<string, string>; body?: Record<string, string>; source: Record<string, string>;
}
interface Problem { status: number; error_code: string; detail: string; required_scope?: string }

const article = (extra: Record<string, unknown> = {}) => ({
  title: { EN: 'Room rent limit', HI: 'कमरे के किराये की सीमा' },
  body: { EN: 'Room rent is paid up to 1% of the sum insured per day.', HI: 'कमरे का किराया बीमा राशि के 1% प्रतिदिन तक मिलता है।' },
  reason_codes: ['ROOM_RENT_CAP'],
  source: { document: 'Policy wording', section: '4.2', version: '2025-04' },
  trusted: true,
  ...extra,
});

describe('knowledge-base API', function () {
  this.timeout(30000);
  let h: Harness;
  let other: FakeTenant;
  let otherToken: string;
  let writer: string;
  let reader: string;

  const send = (method: string, id: string, body: unknown, token = writer, headers: Record<string, string> = {}) =>
    h.api(`/v1/knowledge/articles/${id}`, { method, token, headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const put = (id: string, body: unknown, token = writer) => send('PUT', id, body, token);
  const get = (id: string, token = reader) => h.api(`/v1/knowledge/articles/${id}`, { token });
  async function tokenOf(tenant: FakeTenant): Promise<string> {
    const res = await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.credentials.client_id, client_secret: tenant.credentials.client_secret }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }
  async function problem(res: Response, status: number, code: string): Promise<Problem> {
    expect(res.status, await res.clone().text()).to.equal(status);
    expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
    const body = (await res.json()) as Problem;
    expect(body.error_code).to.equal(code);
    return body;
  }

  before(async () => {
    h = await startHarness({ roles: { api: true, scheduler: false, stages: [] } });
    other = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'other', phoneNumberId: '100200399' });
    otherToken = await tokenOf(other);
    writer = await h.token('kb:write kb:read');
    reader = await h.token('kb:read');
  });
  after(async () => { await h?.close(); });

  it('creates (201, version 1), replaces (200, version 2), reads and deletes an article', async () => {
    const created = await put('room-rent', article());
    expect(created.status).to.equal(201);
    expect(created.headers.get('location')).to.equal('/v1/knowledge/articles/room-rent');
    const first = (await created.json()) as ArticleBody;
    expect(first).to.deep.include({ id: 'room-rent', tenant_id: 'acme', version: 1, trusted: true, reason_codes: ['ROOM_RENT_CAP'] });
    expect(Date.parse(first.updated_at)).to.be.closeTo(Date.now(), 60_000);
    expect(first.title).to.deep.equal(article().title);

    const replaced = await put('room-rent', article({ title: { EN: 'Room rent cap' }, body: { EN: 'Changed.' }, trusted: false }));
    expect(replaced.status).to.equal(200);
    const second = (await replaced.json()) as ArticleBody;
    expect(second).to.deep.include({ version: 2, trusted: false, title: { EN: 'Room rent cap' }, body: { EN: 'Changed.' } });

    const read = await get('room-rent');
    expect(read.status).to.equal(200);
    expect(await read.json()).to.deep.equal(second);

    const deleted = await send('DELETE', 'room-rent', '', writer);
    expect(deleted.status).to.equal(204);
    await problem(await get('room-rent'), 404, 'article_not_found');
    await problem(await send('DELETE', 'room-rent', '', writer), 404, 'article_not_found');
  });

  it('keeps markup exactly as sent; plainText gives the channel text without it', async () => {
    const html = '<p>Room rent is <b>capped</b> at 1%.</p><script>alert(1)</script>\r\n&amp; more';
    const markdown = '# Room rent\n\n**Capped** at _1%_ of the sum insured. See [section 4.2](https://example.com/p#4.2).\n\n* ICU: 2%\n* `ROOM_RENT_CAP`';
    const res = await put('markup', article({ title: { EN: '<i>Room</i> *rent*', HI_EN: 'Room rent' }, body: { EN: html, HI_EN: markdown } }));
    expect(res.status).to.equal(201);
    const stored = (await (await get('markup')).json()) as ArticleBody;
    expect(stored.body).to.deep.equal({ EN: html, HI_EN: markdown });
    expect(stored.title.EN).to.equal('<i>Room</i> *rent*');

    expect(plainText(html)).to.equal('Room rent is capped at 1%.\n\n& more');
    expect(plainText(markdown)).to.equal('Room rent\n\nCapped at 1% of the sum insured. See section 4.2 (https://example.com/p#4.2).\n\n• ICU: 2%\n• ROOM_RENT_CAP');
    expect(plainText(stored.title.EN!)).to.equal('Room rent');
    expect(plainText('कमरे का <b>किराया</b> ~~पुराना~~ **सीमित** है। 5 * 3')).to.equal('कमरे का किराया सीमित है। 5 * 3');
    for (const text of [plainText(html), plainText(markdown)]) expect(text).not.to.match(/<[a-z/]|\*|`|~|(^|\s)_/i);
  });

  it('answers invalid articles with 400 problems naming what is wrong', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['ok-id', article({ title: undefined }), /must have required property 'title'/],
      ['ok-id', article({ title: {}, body: {} }), /must NOT have fewer than 1 properties/],
      ['ok-id', article({ title: { EN: 'x', FR: 'y' } }), /must NOT have additional properties/],
      ['ok-id', article({ title: { EN: 'Only English' } }), /unpaired: HI/],
      ['ok-id', article({ title: { EN: '   ' }, body: { EN: 'x' } }), /must match pattern/],
      ['ok-id', article({ body: { EN: 'x'.repeat(20_001), HI: 'y' } }), /body\/EN must NOT have more than 20000 characters/],
      ['ok-id', article({ reason_codes: ['ROOM RENT'] }), /reason_codes\/0 must match pattern/],
      ['ok-id', article({ reason_codes: ['A', 'A'] }), /must NOT have duplicate items/],
      ['ok-id', article({ trusted: 'yes' }), /trusted must be boolean/],
      ['ok-id', article({ source: { document: 'd', section: 's' } }), /must have required property 'version'/],
      ['ok-id', article({ id: 'another-id' }), /differs from the id in the path/],
      ['-starts-with-dash', article(), /article id must match/],
      ['x'.repeat(129), article(), /article id must match/],
      ['ok-id', [], /body must be a JSON object/],
    ];
    for (const [id, body, detail] of cases) {
      const p = await problem(await put(id, body), 400, 'invalid_request');
      expect(p.detail, JSON.stringify(body).slice(0, 80)).to.match(detail);
    }
    await problem(await put('ok-id', '{"title":'), 400, 'malformed_json');
    await problem(await h.api('/v1/knowledge/articles/ok-id', { method: 'PUT', token: writer, headers: { 'content-type': 'text/plain' }, body: 'hello' }), 415, 'unsupported_media_type');
    await problem(await get('ok-id'), 404, 'article_not_found');

    // Fields a GET returns may be sent back; the server sets them anyway.
    const echoed = await put('ok-id', article({ id: 'ok-id', tenant_id: 'other', version: 99, updated_at: '2000-01-01T00:00:00Z' }));
    expect(echoed.status).to.equal(201);
    expect(await echoed.json()).to.deep.include({ tenant_id: 'acme', version: 1 });
  });

  it('answers a body over 256 KiB with 413, whether declared or not, and takes a full-size article', async () => {
    const big = JSON.stringify(article({ body: { EN: 'x'.repeat(20_000), HI: 'y' }, pad: 'z'.repeat(260 * 1024) }));
    await problem(await put('big', big), 413, 'payload_too_large');
    await problem(await send('PUT', 'big', big, writer, { 'idempotency-key': 'big-1' }), 413, 'payload_too_large');
    // Three 20,000-character bodies in Devanagari (3 bytes a character) fit under the limit.
    const full = article({ title: { EN: 't', HI: 'त', HI_EN: 't' }, body: { EN: 'a'.repeat(20_000), HI: 'क'.repeat(20_000), HI_EN: 'b'.repeat(20_000) } });
    expect((await put('full', full)).status).to.equal(201);
    await problem(await get('big'), 404, 'article_not_found');
  });

  it('keeps tenants apart: another tenant\'s article is 404, and its list and search do not show it', async () => {
    expect((await put('secret-a', article({ title: { EN: 'Zanzibar clause' }, body: { EN: 'Zanzibar' } }))).status).to.equal(201);
    await problem(await get('secret-a', otherToken), 404, 'article_not_found');
    await problem(await send('DELETE', 'secret-a', '', otherToken), 404, 'article_not_found');
    const theirs = (await (await h.api('/v1/knowledge/articles?limit=100', { token: otherToken })).json()) as { items: ArticleBody[] };
    expect(theirs.items).to.deep.equal([]);
    const search = (await (await h.api('/v1/knowledge/search?q=zanzibar', { token: otherToken })).json()) as { items: unknown[] };
    expect(search.items).to.deep.equal([]);

    // The same id in the other tenant is its own article.
    expect((await put('secret-a', article({ title: { EN: 'Other clause' }, body: { EN: 'Other' } }), otherToken)).status).to.equal(201);
    expect(((await (await get('secret-a')).json()) as ArticleBody).title).to.deep.equal({ EN: 'Zanzibar clause' });
    expect(((await (await get('secret-a', otherToken)).json()) as ArticleBody).title).to.deep.equal({ EN: 'Other clause' });
  });

  it('needs kb:write to change and kb:read to read', async () => {
    const p = await problem(await put('scoped', article(), reader), 403, 'insufficient_scope');
    expect(p.required_scope).to.equal('kb:write');
    expect((await send('DELETE', 'scoped', '', reader)).status).to.equal(403);
    const workflowOnly = await h.token('workflow:read');
    for (const path of ['/v1/knowledge/articles/scoped', '/v1/knowledge/articles', '/v1/knowledge/search?q=room']) {
      const denied = await problem(await h.api(path, { token: workflowOnly }), 403, 'insufficient_scope');
      expect(denied.required_scope).to.equal('kb:read');
    }
    await problem(await fetch(`${h.apiUrl}/v1/knowledge/articles`), 401, 'invalid_token');
  });

  it('lists articles in id order, in pages, without bodies', async () => {
    const listerToken = await tokenOf(await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'lister', phoneNumberId: '100200398' }));
    const ids = Array.from({ length: 25 }, (_, i) => `art-${String(i).padStart(2, '0')}`).reverse();
    for (const id of ids) expect((await put(id, article(), listerToken)).status).to.equal(201);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await h.api(`/v1/knowledge/articles?limit=10${cursor ? `&cursor=${cursor}` : ''}`, { token: listerToken });
      expect(res.status).to.equal(200);
      const page = (await res.json()) as { items: ArticleBody[]; next_cursor: string | null };
      for (const item of page.items) {
        expect(item).not.to.have.property('body');
        expect(item).to.include({ tenant_id: 'lister', version: 1 });
      }
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).to.equal(3);
    expect(seen).to.deep.equal([...ids].sort());

    await problem(await h.api('/v1/knowledge/articles?limit=0', { token: listerToken }), 400, 'invalid_request');
    await problem(await h.api('/v1/knowledge/articles?limit=101', { token: listerToken }), 400, 'invalid_request');
    await problem(await h.api('/v1/knowledge/articles?cursor=%2F%2F', { token: listerToken }), 400, 'invalid_cursor');
  });

  it('searches the tenant\'s articles, with the reason-code boost and the language read from the question', async () => {
    const t = await tokenOf(await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'searcher', phoneNumberId: '100200397' }));
    await put('room-rent', article(), t);
    await put('copay', article({ title: { EN: 'Co-payment' }, body: { EN: 'Above 60 you pay 20% yourself.' }, reason_codes: ['COPAY'] }), t);

    const hindi = await h.api(`/v1/knowledge/search?q=${encodeURIComponent('कमरे का किराया कितना मिलेगा')}`, { token: t });
    expect(hindi.status).to.equal(200);
    const found = (await hindi.json()) as { language: string; items: { score: number; matched_reason_codes: string[]; article: ArticleBody }[] };
    expect(found.language).to.equal('HI');
    expect(found.items.map((i) => i.article.id)).to.deep.equal(['room-rent']);
    expect(found.items[0]!.score).to.be.greaterThan(0);
    expect(found.items[0]!.article.body).to.deep.equal(article().body);

    const boosted = (await (await h.api('/v1/knowledge/search?q=room+rent&reason_codes=COPAY,OTHER&language=EN&limit=2', { token: t })).json()) as typeof found;
    expect(boosted.items.map((i) => [i.article.id, i.matched_reason_codes])).to.deep.equal([['copay', ['COPAY']], ['room-rent', []]]);

    for (const query of ['', 'q=', `q=${'x'.repeat(501)}`, 'q=a&language=FR', 'q=a&reason_codes=BAD%20CODE', 'q=a&limit=21', 'q=a&trusted_only=yes', 'q=a&q=b']) {
      await problem(await h.api(`/v1/knowledge/search?${query}`, { token: t }), 400, 'invalid_request');
    }
  });

  it('replays a PUT sent again with the same Idempotency-Key', async () => {
    const first = await send('PUT', 'idem', article(), writer, { 'idempotency-key': 'kb-put-1' });
    expect(first.status).to.equal(201);
    const again = await send('PUT', 'idem', article(), writer, { 'idempotency-key': 'kb-put-1' });
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(((await (await get('idem')).json()) as ArticleBody).version).to.equal(1);
  });
});
