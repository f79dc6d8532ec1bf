/**
 * Traces end to end (docs/tracing.md), received by an in-process OTLP/HTTP receiver: one claimant
 * message is one trace, its spans parented across processes (the API here, the stages in child
 * processes started as an operator starts them), its partner webhook is delivered in that trace
 * under the step that made the transition, a pending-documents reminder fired by a timer continues
 * the trace of the workflow that set it, and no span name or attribute holds PHI.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { findPhi } from '../../pipeline/policy-gate/phi-redaction';
import { stageNames } from '../../pipeline/vocabulary';
import { ManualClock, systemClock } from '../../src/clock';
import { flushTracing } from '../../src/tracing/tracing';
import { envFor, startChild, type ChildService } from '../helpers/child-service';
import { startHarness, type Harness } from '../helpers/harness';
import { startPartnerEndpoint, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startNs: bigint;
  attributes: Record<string, string>;
  /** The resource's `process.pid`-free service name and the pid of the process that sent it. */
  pid: number;
}

/** An OTLP/HTTP receiver: accepts POST /v1/traces (JSON encoding) and keeps every span. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody;
      for (const rs of body.resourceSpans ?? []) {
        const pid = Number(rs.resource?.attributes?.find((a) => a.key === 'test.pid')?.value?.stringValue ?? 0);
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId ?? '', name: s.name, kind: s.kind, startNs: BigInt(s.startTimeUnixNano),
              attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, String(Object.values(a.value)[0])])), pid,
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

interface OtlpBody {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; startTimeUnixNano: string; attributes?: { key: string; value: Record<string, unknown> }[] }[] }[];
  }[];
}

/** Every span of one trace, in start order. */
function traceOf(spans: ReceivedSpan[], traceId: string): ReceivedSpan[] {
  return spans.filter((s) => s.traceId === traceId).sort((a, b) => (a.startNs < b.startNs ? -1 : a.startNs > b.startNs ? 1 : 0));
}

/** Fails naming the span when any name or attribute holds PHI: the recognisers', or the test's own values. */
function expectNoPhi(spans: ReceivedSpan[], own: string[]): void {
  for (const span of spans) {
    for (const text of [span.name, ...Object.keys(span.attributes), ...Object.values(span.attributes)]) {
      expect(findPhi(text), `PHI in span ${span.name}: ${text}`).to.deep.equal([]);
      for (const value of own) expect(text, `span ${span.name}`).not.to.contain(value);
    }
  }
}

/** The stage spans of a trace: each names its stage (`cw.stage`). */
const stageSpans = (trace: ReceivedSpan[]) => trace.filter((s) => s.name.startsWith('stage '));

describe('tracing', function () {
  this.timeout(90000);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => { receiver = await startReceiver(); });
  after(async () => { await new Promise((resolve) => receiver.server.close(resolve)); });

  describe('one claim-status message across processes', () => {
    let h: Harness;
    let partner: WebhookReceiver;
    const children: ChildService[] = [];
    // The API samples every trace it starts; the stage processes keep the default sampler
    // (ParentBased at 10%): they follow the parent's decision, so the whole trace is kept.
    const otel = (pid: string, sampler?: string) => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_RESOURCE_ATTRIBUTES: `test.pid=${pid}`,
      ...(sampler ? { OTEL_TRACES_SAMPLER: sampler } : {}),
    });
    before(async () => {
      // The scheduler here too: it publishes the ledger's transitions as webhooks and delivers them.
      h = await startHarness({ roles: { api: true, scheduler: true, stages: [] }, env: otel('0', 'parentbased_always_on') });
      partner = await startPartnerEndpoint(h.api, systemClock);
    });
    after(async () => {
      await Promise.all(children.map((c) => c.kill()));
      await h?.close();
      await partner?.close();
    });

    it('gives one trace: the API request, then a span per stage in order, each the child of the one before, with the CMS call, the provider send and the partner webhook delivery; no PHI', async () => {
      const phone = '+919822220001';
      const claimId = 'CLM-TRACE-5521';
      h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
        claim_id: claimId, policy_number: 'POL-TR-1', member_name: 'Asha Verma', claimant_phone: phone, status: 'APPROVED',
        status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 120000, amount_approved: 98000, reason_codes: [],
      });
      // Three processes of stages: a hop between processes goes through a stream and its entry's traceparent.
      const groups = ['gateway,consent,router', 'truth,knowledge,policy', 'outbound'];
      groups.forEach((stages, i) => {
        // Spans are exported every 200 ms (OTEL_BSP_SCHEDULE_DELAY; the service's default is 1 s), so the test waits less.
        children.push(startChild(['stage', stages], envFor(h.config, { ...otel(String(i + 1)), OTEL_BSP_SCHEDULE_DELAY: '200' })));
      });

      // Consent on file first (its own trace), then the question.
      await h.wa.postInbound({ from: phone, text: 'YES' });
      await h.wa.waitFor(() => h.wa.sent.filter((m) => m.to === phone).length >= 1, 60000);
      const res = await h.wa.postInbound({ from: phone, text: 'What is my claim status?' });
      expect(res.status).to.equal(200);
      const [workflowId] = (res.body as { workflow_ids: string[] }).workflow_ids;
      await h.wa.waitFor(() => h.wa.sent.filter((m) => m.to === phone).length >= 2, 30000);

      // The request's span, here; the trace it started, from every process.
      await flushHere();
      // Each process exports on its own schedule: wait until every stage's step and the send are in.
      const pipelineStages = ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'];
      const complete = (traceId: string) => {
        const got = traceOf(receiver.spans, traceId);
        const stages = new Set(stageSpans(got).filter((t) => t.attributes['cw.workflow_id'] === workflowId).map((t) => t.attributes['cw.stage']));
        return pipelineStages.every((name) => stages.has(name)) && got.some((t) => t.name === 'whatsapp send');
      };
      const request = await waitFor(() => receiver.spans.find((s) => s.pid === 0 && s.kind === 2 && complete(s.traceId)),
        { what: 'the trace of the question, with every stage\'s step and the send', timeoutMs: 30000 });
      const trace = traceOf(receiver.spans, request.traceId);
      expect(request.name).to.match(/^POST \//);
      expect(request.parentSpanId).to.equal('');

      // A span per stage, in pipeline order, all of this workflow; each the child of the step before
      // it, the first the child of the request.
      const steps = stageSpans(trace);
      const order = steps.map((s) => s.attributes['cw.stage']!);
      expect(order[0]).to.equal('gateway');
      expect(order[order.length - 1]).to.equal('outbound');
      expect(order.map((name) => stageNames.indexOf(name as (typeof stageNames)[number]))).to.deep.equal(
        [...order].map((name) => stageNames.indexOf(name as (typeof stageNames)[number])).sort((a, b) => a - b));
      for (const name of pipelineStages) expect(order, `a ${name} step`).to.include(name);
      expect(new Set(steps.map((s) => s.attributes['cw.workflow_id']))).to.deep.equal(new Set([workflowId]));
      steps.forEach((step, i) => expect(step.parentSpanId, `parent of ${step.name}`).to.equal(i === 0 ? request.spanId : steps[i - 1]!.spanId));
      // Parented across processes: the steps ran in the three stage processes, the request here.
      expect(new Set(steps.map((s) => s.pid))).to.deep.equal(new Set([1, 2, 3]));

      // The CMS call under the truth step, the provider send under the outbound step.
      const truth = steps.find((s) => s.attributes['cw.stage'] === 'truth')!;
      const cms = trace.filter((s) => s.name.startsWith('cms '));
      expect(cms.length).to.be.greaterThan(0);
      for (const call of cms) expect(call.parentSpanId).to.equal(truth.spanId);
      const outbound = steps.find((s) => s.attributes['cw.stage'] === 'outbound')!;
      expect(trace.filter((s) => s.name === 'whatsapp send').map((s) => s.parentSpanId)).to.deep.equal([outbound.spanId]);

      // The partner's webhook of the workflow's transition, delivered in the same trace: the child of
      // the step that made it (the one whose decision finished the workflow), sent by the scheduler here.
      const hook = await waitFor(() => partner.received.map((r) => JSON.parse(r.body) as { id: string; type: string; workflow_id: string | null })
        .find((e) => e.workflow_id === workflowId && e.type === 'workflow.completed'), { what: 'the workflow.completed webhook', timeoutMs: 20000 });
      expect(partner.received.find((r) => r.id === hook.id)!.verified[0]).to.equal(true);
      const delivered = await waitFor(async () => {
        await flushHere();
        const got = traceOf(receiver.spans, request.traceId).filter((s) => s.name === 'webhook deliver');
        return got.length > 0 ? got : null;
      }, { what: 'the delivery span in the trace', timeoutMs: 20000, intervalMs: 100 });
      const finishing = steps.filter((s) => s.attributes['cw.decision'] === 'finish');
      expect(finishing.map((s) => s.attributes['cw.stage'])).to.deep.equal(['outbound']);
      expect(delivered.map((s) => s.parentSpanId)).to.deep.equal([finishing[0]!.spanId]);
      expect(delivered[0]!.pid).to.equal(0);
      expect(delivered[0]!.attributes).to.include({ 'cw.tenant_id': h.tenant.doc.tenant_id, 'cw.webhook.attempt': '1', 'http.response.status_code': '204' });

      expectNoPhi(receiver.spans, [phone, phone.slice(1), claimId, 'Asha', 'Verma', 'What is my claim status']);
    });

    it('a provider callback of delivery statuses alone makes no span; one that takes a message in is traced', async () => {
      const callbackSpans = async () => {
        await flushHere();
        return receiver.spans.filter((s) => s.pid === 0 && s.name === 'POST /channels/whatsapp/webhook').length;
      };
      const before = await callbackSpans();
      const status = await h.wa.postStatus({ wamid: 'wamid.TRACE-STATUS-ONLY', status: 'delivered', recipient: '+919822220002' });
      expect(status.status).to.equal(200);
      expect(await callbackSpans()).to.equal(before);
      const message = await h.wa.postInbound({ from: '+919822220002', text: 'What is my claim status?' });
      expect(message.status).to.equal(200);
      expect(await callbackSpans()).to.equal(before + 1);
    });
  });

  describe('a pending-documents reminder after a timer', () => {
    let h: Harness;
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 6, 0, 0));
    const hour = 3600_000;
    before(async () => {
      h = await startHarness({ clock, env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_RESOURCE_ATTRIBUTES: 'test.pid=10',
        OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      } });
    });
    after(async () => { await h?.close(); });

    /**
     * A consenting claimant with a final bill pending, and the partner's `claim.documents_pending`
     * event (with `headers`, e.g. its traceparent) that starts a workflow now waiting for it.
     */
    async function waitingForDocuments(phone: string, claimId: string, memberName: string, headers: Record<string, string> = {}) {
      const key = h.tenant.doc.cms.api_key;
      h.cms.upsertClaim(key, {
        claim_id: claimId, policy_number: `POL-${claimId}`, member_name: memberName, claimant_phone: phone, status: 'DOCUMENTS_PENDING',
        status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
      });
      h.cms.setPendingDocuments(key, claimId, [{ code: 'FINAL_BILL', name: 'Final bill' }]);
      const sentTo = () => h.wa.sent.filter((m) => m.to === phone);
      await h.wa.postInbound({ from: phone, text: 'YES' });
      await h.wa.waitFor(() => sentTo().length >= 1);
      const res = await h.api('/v1/cms/events', {
        method: 'POST', token: await h.token(), headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ type: 'claim.documents_pending', claim_id: claimId }),
      });
      expect(res.status).to.be.oneOf([200, 201, 202]);
      const { workflow_id: workflowId } = (await res.json()) as { workflow_id: string };
      await h.wa.waitFor(() => sentTo().length >= 2);
      await waitFor(async () => (await h.services.workflows.get(h.tenant.doc.tenant_id, workflowId))?.status === 'awaiting_documents', { what: 'waiting for documents' });
      return { workflowId, sentTo };
    }

    it('continues the trace of the workflow that set the timer, with no PHI', async () => {
      const phone = '+919877710077';
      const claimId = 'CLM-PD-TRACE-77';
      const { workflowId, sentTo } = await waitingForDocuments(phone, claimId, 'Asha Rao');
      await flushHere();
      const request = await waitFor(() => receiver.spans.find((s) => s.pid === 10 && s.name === 'POST /v1/cms/events'), { what: 'the CMS event request span' });
      const before = traceOf(receiver.spans, request.traceId);
      const setIds = new Set(before.map((s) => s.spanId));

      // 24 hours on: the reminder timer fires, and its steps run.
      clock.advance(24 * hour);
      await h.wa.waitFor(() => sentTo().length >= 3, 20000);
      await flushHere();
      const after = await waitFor(() => {
        const trace = traceOf(receiver.spans, request.traceId);
        return trace.filter((s) => s.name === 'whatsapp send').length >= 2 ? trace : null;
      }, { what: 'the reminder send in the trace', timeoutMs: 20000 });
      const reminderSteps = stageSpans(after).filter((s) => !setIds.has(s.spanId));
      expect(reminderSteps.length).to.be.greaterThan(0);
      expect(new Set(reminderSteps.map((s) => s.attributes['cw.workflow_id']))).to.deep.equal(new Set([workflowId]));
      // The first step after the timer is the child of a step that ran before it (the one that set the wait).
      expect(setIds.has(reminderSteps[0]!.parentSpanId), 'first reminder step parented in the trace that set the timer').to.equal(true);
      expect(reminderSteps.map((s) => s.attributes['cw.stage'])).to.include('outbound');
      expectNoPhi(receiver.spans, [phone, phone.slice(1), claimId, 'Asha', 'Rao']);
    });

    it('records nothing of a workflow started under an unsampled traceparent, its reminder included, and the work goes on', async () => {
      // The partner's own trace, not sampled (flag 00): every step follows that decision.
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const { workflowId, sentTo } = await waitingForDocuments('+919877710078', 'CLM-PD-TRACE-78', 'Ravi Rao', { traceparent: `00-${traceId}-00f067aa0ba902b7-00` });
      clock.advance(24 * hour);
      await h.wa.waitFor(() => sentTo().length >= 3, 20000);
      await flushHere();
      // A step that lost the traceparent would start a trace of its own, which this sampler keeps.
      expect(receiver.spans.filter((sp) => sp.traceId === traceId)).to.deep.equal([]);
      expect(receiver.spans.filter((sp) => sp.attributes['cw.workflow_id'] === workflowId).map((sp) => sp.name)).to.deep.equal([]);
    });
  });
});

/** Sends the spans this process has ended (the stage processes export on their own schedule). */
const flushHere = flushTracing;
