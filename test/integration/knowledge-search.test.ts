/**
 * Knowledge search against a real Redis: ranking in English, Hindi and Hinglish; the reason-code
 * boost; freshness across processes (a second store and index on their own connection stand in
 * for another process); rebuild after the change log was trimmed; the Lua scripts that write;
 * and tenant isolation as a randomised property (fast-check).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { createLogger } from '../../src/logger';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
import { runDeleteArticle, runPutArticle, runPutArticles } from '../../src/redis/scripts';
import type { ArticleContent, Language } from '../../src/knowledge/article';
import { ArticleStore, seedArticles, type ArticleInput } from '../../src/knowledge/article-store';
import { KnowledgeIndex } from '../../src/knowledge/knowledge-index';
import { termsOf } from '../../src/knowledge/search-terms';
import { testRedisUrl } from '../helpers/redis';

const prefix = `kbsearch-${randomBytes(6).toString('hex')}`;
const keys = new Keys(prefix, 4);
const now = Date.UTC(2026, 0, 15, 10);
const source = (section: string) => ({ document: 'Health Shield policy wording', section, version: '2025-04' });

const kb: ArticleInput[] = [
  {
    id: 'room-rent-limit',
    title: { EN: 'Room rent limit and proportionate deduction', HI: 'कमरे के किराये की सीमा', HI_EN: 'Room rent ki limit' },
    body: {
      EN: 'Your policy pays room rent up to a limit, usually 1% of the sum insured per day for a normal room and 2% for ICU. If you stay in a room that costs more than the limit, the rent above the limit is not paid, and charges linked to the room category, such as doctor visits and nursing, are reduced in the same proportion.',
      HI: 'आपकी पॉलिसी कमरे का किराया एक सीमा तक देती है, आम तौर पर बीमा राशि का 1% प्रतिदिन। सीमा से महंगे कमरे में रहने पर ऊपर का किराया नहीं मिलता, और डॉक्टर व नर्सिंग के खर्च भी उसी अनुपात में कम होते हैं।',
      HI_EN: 'Aapki policy room rent ek limit tak deti hai, aam taur par sum insured ka 1% per din. Limit se mehenge kamre mein rehne par upar ka kiraya nahi milta, aur doctor aur nursing ka kharcha bhi usi hisaab se kam hota hai.',
    },
    reason_codes: ['ROOM_RENT_CAP'], source: source('4.2 Room rent'), trusted: true,
  },
  {
    id: 'consumables',
    title: { EN: 'Non-payable items and consumables', HI: 'गैर-देय वस्तुएँ और उपभोग्य सामग्री', HI_EN: 'Non-payable items aur consumables' },
    body: {
      EN: 'Gloves, masks, syringes, diapers and other consumables listed as non-payable in Annexure I are not covered. They are deducted from the hospital bill before the claim is settled.',
      HI: 'दस्ताने, मास्क, सिरिंज और अनुबंध I में गैर-देय बताई गई अन्य सामग्री का भुगतान नहीं होता। दावा निपटाने से पहले इन्हें अस्पताल के बिल से घटा दिया जाता है।',
      HI_EN: 'Gloves, mask, syringe jaise consumables jo Annexure I mein non-payable hain, unka paisa nahi milta. Claim settle karne se pehle inhe hospital bill se kaat diya jaata hai.',
    },
    reason_codes: ['NON_PAYABLE_CONSUMABLES'], source: source('Annexure I'), trusted: true,
  },
  {
    id: 'documents-reimbursement',
    title: { EN: 'Documents needed for a reimbursement claim', HI_EN: 'Reimbursement claim ke liye documents' },
    body: {
      EN: 'Send the discharge summary, the final hospital bill with a break-up, payment receipts, prescriptions and investigation reports within 15 days of discharge. A claim stays pending until every document is received.',
      HI_EN: 'Discharge summary, final hospital bill, payment receipt, prescription aur test reports discharge ke 15 din ke andar bhejiye. Sab documents milne tak claim pending rehta hai.',
    },
    reason_codes: ['DOCS_INCOMPLETE'], source: source('7.1 Claim documents'), trusted: true,
  },
  {
    id: 'cashless-approval',
    title: { EN: 'How cashless approval works at a network hospital' },
    body: { EN: 'At a network hospital the desk sends a pre-authorisation request to us. We answer within 1 hour for planned admissions and 30 minutes for emergencies.' },
    reason_codes: [], source: source('6.1 Cashless'), trusted: true,
  },
  {
    id: 'ambulance-cover',
    title: { EN: 'Road ambulance cover' },
    body: { EN: 'A rented or hospital road ambulance is covered up to Rs 2,000 per hospitalisation when the admission is payable.' },
    reason_codes: [], source: source('3.4 Ambulance'), trusted: true,
  },
  {
    id: 'copay',
    title: { EN: 'Co-payment on your claim', HI_EN: 'Claim par co-payment' },
    body: { EN: 'Insured persons above 60 pay 20% of every admissible claim themselves.', HI_EN: '60 saal se upar ke insured ko har claim ka 20% khud dena hota hai.' },
    reason_codes: ['COPAY'], source: source('5.3 Co-payment'), trusted: true,
  },
  {
    id: 'room-rent-draft',
    title: { EN: 'DRAFT: room rent questions' },
    body: { EN: 'Draft answers about room rent and room upgrades, not yet approved.' },
    reason_codes: ['ROOM_RENT_CAP'], source: { document: 'FAQ draft', section: 'n/a', version: '0.1' }, trusted: false,
  },
];

describe('knowledge search', function () {
  this.timeout(60000);
  let redis: Redis;
  let otherProcessRedis: Redis;
  let store: ArticleStore;
  let index: KnowledgeIndex;
  let tenant: string;
  let n = 0;
  const ids = (hits: { article: { id: string } }[]) => hits.map((h) => h.article.id);

  before(async () => {
    redis = createRedis(testRedisUrl(), { name: 'kb-search-test' });
    otherProcessRedis = createRedis(testRedisUrl(), { name: 'kb-search-test-other' });
    await Promise.all([waitReady(redis), waitReady(otherProcessRedis)]);
  });
  beforeEach(async () => {
    tenant = `t${++n}`;
    store = new ArticleStore({ redis, keys });
    index = new KnowledgeIndex({ store });
    await seedArticles(store, tenant, kb, now);
  });
  after(async () => {
    const found = await redis.keys(`${prefix}:*`);
    for (let i = 0; i < found.length; i += 500) await redis.del(...found.slice(i, i + 500));
    await Promise.all([redis.quit(), otherProcessRedis.quit()]);
  });

  describe('ranking', () => {
    const questions: [Language, string][] = [
      ['EN', 'Why was my room rent not paid in full?'],
      ['HI', 'मेरे कमरे का किराया पूरा क्यों नहीं मिला?'],
      ['HI_EN', 'mera kamre ka kiraya poora kyu nahi mila'],
      ['HI_EN', 'room rent kitna milega'],
    ];
    for (const [language, question] of questions) {
      it(`finds the room-rent article first for "${question}" (${language})`, async () => {
        const hits = await index.search(tenant, question, [], language, 3, { trustedOnly: true });
        expect(ids(hits)[0]).to.equal('room-rent-limit');
        expect(hits[0]!.score).to.be.greaterThan(0);
      });
    }

    it('answers other topics from their own articles', async () => {
      expect(ids(await index.search(tenant, 'which documents do I need to send for reimbursement', [], 'EN', 1))).to.deep.equal(['documents-reimbursement']);
      expect(ids(await index.search(tenant, 'gloves and syringes were deducted from my bill', [], 'EN', 1))).to.deep.equal(['consumables']);
      expect(ids(await index.search(tenant, 'cashless approval kitne time mein aata hai', [], 'HI_EN', 1))).to.deep.equal(['cashless-approval']);
      expect(ids(await index.search(tenant, 'दस्ताने और मास्क का पैसा क्यों काटा', [], 'HI', 1))).to.deep.equal(['consumables']);
    });

    it('matches a typo and a prefix, and returns nothing for words no article has', async () => {
      expect(ids(await index.search(tenant, 'ambulence cover', [], 'EN', 1))).to.deep.equal(['ambulance-cover']);
      expect(ids(await index.search(tenant, 'reimburs', [], 'EN', 1))).to.deep.equal(['documents-reimbursement']);
      expect(await index.search(tenant, 'zebra xylophone', [], 'EN', 5)).to.deep.equal([]);
      expect(await index.search(tenant, 'the and of', [], 'EN', 5)).to.deep.equal([]);
    });

    it('puts articles explaining the claim\'s reason codes first, even when the question shares no word with them', async () => {
      const plain = await index.search(tenant, 'why was my claim amount reduced', [], 'EN', 10);
      expect(plain.every((h) => h.matchedReasonCodes.length === 0)).to.equal(true);
      const boosted = await index.search(tenant, 'why was my claim amount reduced', ['NON_PAYABLE_CONSUMABLES', 'UNKNOWN_CODE'], 'EN', 10);
      expect(ids(boosted)[0]).to.equal('consumables');
      expect(boosted[0]!.matchedReasonCodes).to.deep.equal(['NON_PAYABLE_CONSUMABLES']);

      const both = await index.search(tenant, 'kamre ka kiraya', ['COPAY'], 'HI_EN', 3, { trustedOnly: true });
      expect(ids(both)).to.deep.equal(['copay', 'room-rent-limit']);
      expect(both[0]!.score).to.equal(0);
    });

    it('leaves untrusted articles out when asked, and marks them otherwise', async () => {
      const all = await index.search(tenant, 'room rent', ['ROOM_RENT_CAP'], 'EN', 5);
      expect(ids(all)).to.include.members(['room-rent-limit', 'room-rent-draft']);
      expect(all.find((h) => h.article.id === 'room-rent-draft')!.article.trusted).to.equal(false);
      const trusted = await index.search(tenant, 'room rent', ['ROOM_RENT_CAP'], 'EN', 5, { trustedOnly: true });
      expect(ids(trusted)[0]).to.equal('room-rent-limit');
      expect(ids(trusted)).not.to.include('room-rent-draft');
    });

    it('keeps Devanagari words whole, with or without zero-width joiners, and ignores markup', () => {
      expect(termsOf('कमरे का किराया।')).to.deep.equal(['कमरे', 'किराया']);
      expect(termsOf('क्\u200Dष')).to.deep.equal(['क्ष']);
      expect(termsOf('<b>Room</b> ₹5000/day')).to.deep.equal(['b', 'room', '5000', 'day']);
    });

    it('hands out articles no caller can change', async () => {
      const [hit] = await index.search(tenant, 'room rent', [], 'EN', 1);
      expect(() => { (hit!.article.title as Record<string, string>).EN = 'changed'; }).to.throw(TypeError);
    });
  });

  describe('freshness across processes', () => {
    it('sees a put, a replacement and a delete made through another store on its next search', async () => {
      expect(await index.search(tenant, 'maternity', [], 'EN', 5)).to.deep.equal([]);
      const elsewhere = new ArticleStore({ redis: otherProcessRedis, keys });

      const maternity: ArticleContent = { title: { EN: 'Maternity cover' }, body: { EN: 'Delivery expenses are covered after a 24-month waiting period.' }, reason_codes: [], source: source('3.9'), trusted: true };
      await elsewhere.put(tenant, 'maternity', maternity, now);
      expect(ids(await index.search(tenant, 'maternity', [], 'EN', 5))).to.deep.equal(['maternity']);

      await elsewhere.put(tenant, 'maternity', { ...maternity, title: { EN: 'Newborn baby cover' }, body: { EN: 'A newborn is covered from day one.' } }, now + 1000);
      expect(await index.search(tenant, 'maternity', [], 'EN', 5)).to.deep.equal([]);
      const [hit] = await index.search(tenant, 'newborn baby', [], 'EN', 5);
      expect(hit!.article).to.include({ id: 'maternity', version: 2, updated_at: new Date(now + 1000).toISOString() });

      expect(await elsewhere.delete(tenant, 'maternity')).to.equal(true);
      expect(await index.search(tenant, 'newborn baby', [], 'EN', 5)).to.deep.equal([]);
      expect(index.size(tenant)).to.equal(kb.length);
    });

    it('builds a new process\'s index from Redis on its first search', async () => {
      const fresh = new KnowledgeIndex({ store: new ArticleStore({ redis: otherProcessRedis, keys }) });
      expect(fresh.size(tenant)).to.equal(0);
      expect(ids(await fresh.search(tenant, 'room rent', [], 'EN', 1, { trustedOnly: true }))).to.deep.equal(['room-rent-limit']);
      expect(fresh.size(tenant)).to.equal(kb.length);
    });

    it('sees every write that finished before concurrent searches started', async () => {
      const elsewhere = new ArticleStore({ redis: otherProcessRedis, keys });
      await index.search(tenant, 'warm up', [], 'EN', 1);
      for (let i = 0; i < 20; i++) {
        await elsewhere.put(tenant, `fresh-${i}`, { title: { EN: `Freshword${i} notice` }, body: { EN: 'x' }, reason_codes: [], source: source('x'), trusted: true }, now);
        const results = await Promise.all([0, 1, 2].map(() => index.search(tenant, `freshword${i}`, [], 'EN', 1)));
        for (const r of results) expect(ids(r)).to.deep.equal([`fresh-${i}`]);
      }
    });

    it('rebuilds when the change log was trimmed past the changes it had not applied', async () => {
      const lines: string[] = [];
      const logged = new KnowledgeIndex({ store, log: createLogger('info', { write: (l: string) => { lines.push(l); } }) });
      await logged.search(tenant, 'room', [], 'EN', 1);
      // Another process writes far more changes than a log capped at 100 keeps.
      const elsewhere = new ArticleStore({ redis: otherProcessRedis, keys, changeLogCap: 100 });
      // Each article has a word of its own, far (in edits) from every other article's.
      const word = (i: number) => `q${randomBytes(6).toString('hex')}${i}`;
      const bulk = Array.from({ length: 600 }, (_, i) => ({ ...kb[4]!, id: `bulk-${i}`, title: { EN: 'Bulk notice' }, body: { EN: word(i) } }));
      await elsewhere.putMany(tenant, bulk, now);
      for (let i = 0; i < 300; i++) await elsewhere.delete(tenant, `bulk-${i}`);
      await elsewhere.delete(tenant, 'consumables');
      const [first] = await redis.xrange(keys.knowledgeChanges(tenant), '-', '+', 'COUNT', 1);
      expect(Number(first![1][first![1].indexOf('n') + 1]), 'the log lost its oldest entries').to.be.greaterThan(kb.length + 1);

      expect(ids(await logged.search(tenant, bulk[599]!.body.EN, [], 'EN', 5))).to.deep.equal(['bulk-599']);
      expect(await logged.search(tenant, bulk[5]!.body.EN, [], 'EN', 5)).to.deep.equal([]);
      expect(await logged.search(tenant, 'gloves syringes', [], 'EN', 5)).to.deep.equal([]);
      expect(logged.size(tenant)).to.equal(kb.length - 1 + 300);
      expect(lines.some((l) => l.includes('rebuilding'))).to.equal(true);
    });
  });

  describe('putArticle and deleteArticle scripts', () => {
    const article = (id: string) => ({ id, jsonHead: `{"id":"${id}","version":`, jsonTail: '}' });

    it('write the article, its id and one change entry in one step; versions count per article, changes per tenant', async () => {
      const t = `${tenant}-lua`;
      expect(await runPutArticle(redis, keys, t, article('a'), 1000)).to.deep.equal({ created: true, version: 1, change: 1 });
      expect(await runPutArticle(redis, keys, t, article('a'), 1000)).to.deep.equal({ created: false, version: 2, change: 2 });
      expect(await runPutArticle(redis, keys, t, article('b'), 1000)).to.deep.equal({ created: true, version: 1, change: 3 });
      expect(await redis.hget(keys.knowledgeArticles(t), 'a')).to.equal('{"id":"a","version":2}');
      expect(await redis.zrange(keys.knowledgeIds(t), 0, -1)).to.deep.equal(['a', 'b']);
      expect(await runDeleteArticle(redis, keys, t, 'a', 1000)).to.deep.equal({ kind: 'deleted', change: 4 });
      expect(await runDeleteArticle(redis, keys, t, 'a', 1000)).to.deep.equal({ kind: 'missing' });
      expect(await redis.zrange(keys.knowledgeIds(t), 0, -1)).to.deep.equal(['b']);
      const log = (await redis.xrange(keys.knowledgeChanges(t), '-', '+')).map(([, f]) => f.join(' '));
      expect(log).to.deep.equal(['op put id a n 1', 'op put id a n 2', 'op put id b n 3', 'op delete id a n 4']);
      expect(await redis.get(keys.knowledgeVersion(t))).to.equal('4');
    });

    it('runPutArticles writes a batch pipelined, one result per article in order', async () => {
      const t = `${tenant}-lua-batch`;
      expect(await runPutArticles(redis, keys, t, [article('a'), article('b'), article('a')], 1000)).to.deep.equal([
        { created: true, version: 1, change: 1 }, { created: true, version: 1, change: 2 }, { created: false, version: 2, change: 3 },
      ]);
      expect(await redis.hget(keys.knowledgeArticles(t), 'a')).to.equal('{"id":"a","version":2}');
    });
  });

  describe('tenant isolation', () => {
    const words = ['claim', 'room', 'rent', 'hospital', 'bill', 'kiraya', 'kamre', 'दावा', 'किराया', 'कमरे', 'consumables', 'cashless', 'approval', 'policy', 'limit'];
    const codes = ['ROOM_RENT_CAP', 'COPAY', 'DOCS_INCOMPLETE'];
    const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
    const article = fc.record({
      id: fc.constantFrom('a1', 'a2', 'a3', 'shared-1', 'shared-2', 'x.y_z-1'),
      title: text, body: text, reason_codes: fc.uniqueArray(fc.constantFrom(...codes), { maxLength: 2 }), trusted: fc.boolean(),
    });
    const toInput = (a: { id: string; title: string; body: string; reason_codes: string[]; trusted: boolean }): ArticleInput =>
      ({ id: a.id, title: { EN: a.title }, body: { EN: a.body }, reason_codes: a.reason_codes, source: source('s'), trusted: a.trusted });
    let run = 0;

    it('never returns one tenant\'s article to another tenant\'s question (randomised, same ids and words in both)', async () => {
      // One index serving every tenant, as in a process.
      const shared = new KnowledgeIndex({ store });
      await fc.assert(fc.asyncProperty(
        fc.uniqueArray(article, { selector: (a) => a.id, minLength: 1, maxLength: 6 }),
        fc.uniqueArray(article, { selector: (a) => a.id, maxLength: 6 }),
        fc.array(fc.record({ q: text, codes: fc.uniqueArray(fc.constantFrom(...codes), { maxLength: 2 }), language: fc.constantFrom<Language>('EN', 'HI', 'HI_EN') }), { minLength: 1, maxLength: 5 }),
        async (ofA, ofB, questions) => {
          run += 1;
          const [a, b] = [`iso-a-${run}`, `iso-b-${run}`];
          await seedArticles(store, a, ofA.map(toInput), now);
          await seedArticles(store, b, ofB.map(toInput), now);
          // B asks first sometimes, so either tenant's index may be built first.
          if (run % 2 === 0) await shared.search(b, 'claim', [], 'EN', 1);
          const storedB = new Map<string, { title: string }>(ofB.map((x) => [x.id, x]));
          for (const { q, codes: asked, language } of questions) {
            const hitsB = await shared.search(b, q, asked, language, 20);
            for (const hit of hitsB) {
              expect(hit.article.tenant_id).to.equal(b);
              expect(storedB.has(hit.article.id), `${hit.article.id} is one of B's`).to.equal(true);
              expect(hit.article.title.EN).to.equal(storedB.get(hit.article.id)!.title);
            }
            for (const hit of await shared.search(a, q, asked, language, 20)) expect(hit.article.tenant_id).to.equal(a);
          }
          // A question made of A's own title finds A's article for A, and never for B.
          const target = ofA[0]!;
          const forA = await shared.search(a, target.title, [], 'EN', 20);
          expect(forA.map((h) => h.article.id)).to.include(target.id);
          const forB = await shared.search(b, target.title, target.reason_codes, 'EN', 20);
          expect(forB.every((h) => h.article.tenant_id === b && storedB.get(h.article.id)?.title === h.article.title.EN)).to.equal(true);
        },
      ), { numRuns: 80 });
    });
  });
});
