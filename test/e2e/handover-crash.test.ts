/**
 * Human handover across SIGKILL of every service process (docs/human-handover.md): the service
 * runs as child processes (`api`, two stage processes, `scheduler`), as in production. A claimant
 * asks for a person and every process is killed the moment the provider takes the "you are
 * queued" message, before it answers; all are started again. A handler then takes the
 * conversation and replies, and every process is killed again while the provider holds that
 * reply. The claimant gets the queued message once and the handler's reply once (counted at the
 * fake provider, which, like Meta, does not deduplicate sends), the ledger records one
 * `reply.sent` for each, and the transcript holds each message once.
 */
import { expect } from 'chai';
import { sha256Hex } from '../../src/phi';
import { envFor, startChild, type ChildService } from '../helpers/child-service';
import { startHarness, type Harness } from '../helpers/harness';
import { pipelineIdle } from '../helpers/pipeline-waits';
import { freePort } from '../helpers/redis';
import { reportCounts } from '../helpers/reply-counts';
import { waitFor } from '../helpers/wait';

interface Message { id: string; author: string; text: string; delivery: { status: string } | null }

/** The roles of one deployment, each its own process. */
const layout: string[][] = [['api'], ['stage', 'gateway,consent,router'], ['stage', 'truth,policy,outbound'], ['scheduler']];
const tenantId = 'acme';

describe('human handover: every service process killed with SIGKILL', function () {
  this.timeout(180_000);
  let h: Harness;
  let env: NodeJS.ProcessEnv;
  let apiUrl = '';
  let children: ChildService[] = [];
  const outputs: string[] = [];
  const phone = '+919877710001';
  const reply = 'I have your file open and am checking the deduction now.';
  let handover = '';

  before(async () => {
    // This process runs no role: it holds the fakes and a view of Redis.
    h = await startHarness({ roles: { api: false, scheduler: false, stages: [] }, config: { cmsTimeoutMs: 5000, reclaimIdleMs: 1000 } });
    const port = await freePort();
    env = envFor(h.config, { PORT: String(port) });
    apiUrl = `http://127.0.0.1:${port}`;
    h.wa.configure({ serviceUrl: apiUrl });
    // Handlers are open every hour: the queued message names a time 15 minutes on.
    h.tenant.doc.handover = { business_hours: { days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], open: '00:00', close: '24:00' } };
    await h.services.tenants.put(h.tenant.doc, h.services.clock.now());
    // Consent on file, where the consent stage reads it.
    const { redis, keys } = h.services;
    await redis.hset(keys.consent(keys.partitionOf(tenantId, phone), tenantId, sha256Hex(phone)), 'state', 'granted', 'updated_at', Date.now());
    await startServices();
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') process.stderr.write(`service output:\n${[...outputs, ...children.map((c) => c.output())].join('\n').slice(-8000)}\n`);
  });
  after(async () => {
    await killServices();
    await h?.close();
  });

  async function startServices(): Promise<void> {
    children = layout.map((args) => startChild(args, env));
    await waitFor(async () => (await fetch(`${apiUrl}/health`)).status === 200, { what: 'api process up', timeoutMs: 90_000, intervalMs: 50 });
  }

  async function killServices(): Promise<Array<number | null>> {
    const dying = children;
    children = [];
    const codes = await Promise.all(dying.map((c) => c.kill('SIGKILL')));
    outputs.push(...dying.map((c) => c.output()));
    return codes;
  }

  /**
   * Runs `act`; the moment the provider takes the next message (its answer held back), SIGKILL
   * goes to every process, synchronously, so nothing can record the send. Then starts them again.
   */
  async function killAtNextSend(act: () => Promise<void>): Promise<void> {
    h.wa.delayAnswers(3000);
    const killed = new Promise<void>((resolve) => h.wa.events.once('message', () => {
      for (const c of children) c.process.kill('SIGKILL');
      resolve();
    }));
    await act();
    await killed;
    expect(await killServices()).to.deep.equal([null, null, null, null]); // ended by the signal
    h.wa.delayAnswers(0);
    await startServices();
  }

  async function api(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: h.tenant.credentials.client_id, client_secret: h.tenant.credentials.client_secret }),
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    return fetch(`${apiUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  }

  const record = async (id: string, ...fields: string[]) => h.services.redis.hmget(h.services.keys.workflow(h.services.keys.partitionOfWorkflow(id)!, id), ...fields);
  const sentTo = () => h.wa.sent.filter((m) => m.to === phone);

  const idle = () => pipelineIdle(h);

  /**
   * The `reply.sent` events of a workflow once the ledger holds every event its record lists: how
   * the send became known of each (`status_webhook`: the provider's status proved a send whose
   * worker died before recording it).
   */
  async function repliesSent(id: string): Promise<string[]> {
    const [audit] = await record(id, 'audit');
    const listed = (audit ?? '').split(',').filter(Boolean);
    const events = await waitFor(async () => {
      const all = (await h.services.ledger.all(tenantId)).filter((e) => e.workflow_id === id);
      return listed.every((eventId) => all.some((e) => e.event_id === eventId)) ? all : null;
    }, { what: `the ledger holding ${id}'s events`, timeoutMs: 60_000, intervalMs: 200 });
    return events.filter((e) => e.type === 'reply.sent').map((e) => String((JSON.parse(e.detail) as { known_by?: string }).known_by));
  }

  it('queues the claimant and tells them once, though every process died while the provider held that message', async () => {
    await killAtNextSend(async () => {
      const res = await h.wa.postInbound({ from: phone, text: 'I want to talk to a person' });
      expect(res.status).to.equal(200);
      handover = (res.body as { workflow_ids: string[] }).workflow_ids[0]!;
    });
    await waitFor(async () => ((await record(handover, 'status'))[0] === 'awaiting_agent' ? true : null), { what: 'the handover queued', timeoutMs: 60_000 });
    await idle();
    reportCounts('human-handover queued message, every process killed while it was sent', { workflows: 1, lost: Math.max(0, 1 - sentTo().length), duplicated: Math.max(0, sentTo().length - 1) });
    expect(sentTo()).to.have.length(1);
    expect(sentTo()[0]!.text).to.match(/\d\d:\d\d/);
    // Proven by the provider's status webhook, not sent again.
    expect(await repliesSent(handover)).to.deep.equal(['status_webhook']);
  });

  it('sends the handler\'s reply once, though every process died while the provider held it, and the transcript holds each message once', async () => {
    const assigned = await api(`/v1/workflows/${handover}/assign`, { method: 'POST', body: JSON.stringify({ agent: 'me' }) });
    expect(assigned.status, await assigned.clone().text()).to.equal(200);
    await killAtNextSend(async () => {
      const written = await api(`/v1/workflows/${handover}/messages`, { method: 'POST', body: JSON.stringify({ text: reply }) });
      expect(written.status, await written.clone().text()).to.equal(201);
    });
    const replyId = await waitFor(async () => {
      const entries = await h.services.redis.xrange(h.services.keys.conversation(h.services.keys.partitionOfWorkflow(handover)!, tenantId, handover), '-', '+');
      const agent = entries.find(([, f]) => f[1] === 'agent');
      return agent ? agent[1][agent[1].indexOf('wf') + 1]! : null;
    }, { what: 'the reply on the transcript' });
    await waitFor(async () => ((await record(replyId, 'status'))[0] === 'completed' ? true : null), { what: 'the reply recorded sent', timeoutMs: 60_000 });
    await idle();

    const replies = sentTo().filter((m) => m.text === reply).length;
    reportCounts('human-handover handler reply, every process killed while it was sent', { workflows: 1, lost: Math.max(0, 1 - replies), duplicated: Math.max(0, replies - 1) });
    expect(replies).to.equal(1);
    expect(sentTo()).to.have.length(2);
    expect(await repliesSent(replyId)).to.deep.equal(['status_webhook']);
    expect(await repliesSent(handover)).to.have.length(1);

    const res = await api(`/v1/workflows/${handover}/messages?limit=100`);
    expect(res.status).to.equal(200);
    const items = ((await res.json()) as { items: Message[] }).items;
    expect(items.map((m) => m.author)).to.deep.equal(['claimant', 'bot', 'agent']);
    expect(new Set(items.map((m) => m.id)).size).to.equal(3);
    expect(items[0]!.text).to.equal('I want to talk to a person');
    expect(items[1]!.text).to.equal(sentTo()[0]!.text);
    expect(items[2]!.text).to.equal(reply);
    expect((await record(handover, 'status'))[0]).to.equal('with_agent');
  });
});
