/**
 * An in-memory StageContext for unit tests of the stages (pipeline/stages): every port of the
 * interface answers from plain data given per test, with defaults that describe an ordinary
 * tenant (no consent on file, no claims, OPERATIONAL, the shipped templates, no tenant deny-list
 * phrases, no knowledge hits, nothing cached). No Redis, no network. The fake also records what
 * the stage asked of it (renders, searches) and what it sent on the channel.
 *
 *   const ctx = fakeStageContext({ consent: { [phone]: { state: 'granted' } } });
 *   const decision = await consent.handle(envelopeFor('consent', { text: 'hi' }), ctx);
 */
import { everyLanguage, type LanguageOffer } from '../../pipeline/language-offer';
import type { PhiKindSpec } from '../../pipeline/policy-gate/phi-kinds';
import type {
  CachedAnswer, Channel, Claim, SendRecord, ConsentRecord, Envelope, KbArticle, Language, PendingDocsState, PendingDocument,
  RenderedReply, ReplyRequest, StageContext, StageName, WorkflowPayload,
} from '../../pipeline/types';
import type { OperationalMode, WorkflowStatus } from '../../pipeline/vocabulary';
import { defaultHandoverSettings, type HandoverSettings } from '../../pipeline/workflows/business-hours';
import { AppError } from '../../src/errors';
import { shippedLabels, shippedTemplates, substitute } from '../../src/templates/template-registry';

/** The claimant phone and tenant every helper here uses unless a test says otherwise. */
export const testPhone = '+919800000001';
export const testTenant = 'tenant-test';


export interface FakeStageContextOptions {
  /** The clock (ms). Default 2026-01-15T10:00:00Z. */
  now?: number;
  /** Consent on file by claimant phone; a number not listed has none (`state: 'none'`, nothing held). */
  consent?: Record<string, Partial<ConsentRecord>>;
  /** The CMS's claims. `claimsByPhone` returns those whose claimant_phone is the phone asked about;
   *  override `ports.cms` to make it return others' claims too. */
  claims?: Claim[];
  /** The CMS's pending documents by claim id (a claim not listed: the CMS has no such claim). */
  pendingDocuments?: Record<string, PendingDocument[]>;
  /** Thrown by every CMS call (the CMS is down or refusing). */
  cmsError?: Error;
  /** Pending-documents waits by workflow id (`pendingDocs.get`). */
  pendingDocsStates?: PendingDocsState[];
  /** A claimant's pending-documents workflows by phone, newest first (`pendingDocs.recent`). */
  recentPendingDocs?: Record<string, PendingDocsState[]>;
  /** Each claim's open pending-documents workflow by claim id hash (`pendingDocs.claimWait`, as
   *  awaiting_documents); a claim not listed has none. */
  /** The claimant's open human handover, by phone. */
  openHandovers?: Record<string, { workflowId: string; status: WorkflowStatus; seq: number; language: Language }>;
  handoverSettings?: Partial<HandoverSettings>;
  openFollowUps?: Record<string, string>;
  /** Default 7 days, reminders after 1 and 3 days. */
  waitMs?: number;
  reminderOffsetsMs?: number[];
  /** Template texts (name → text, `{{var}}` substituted) over the shipped defaults, every channel and language. */
  templates?: Record<string, string>;
  /** The tenant's own deny-list phrases (the global list always applies). */
  denyList?: string[];
  /** The tenant's additions to the intent grammar's word classes. */
  vocabulary?: Record<string, string[]>;
  /** The languages the tenant offers. Default every loaded pack, EN the default. */
  languageOffer?: LanguageOffer;
  /** The tenant's own PHI kinds. */
  phiKinds?: PhiKindSpec[];
  /** The tenant's operational mode. Default OPERATIONAL. */
  mode?: OperationalMode;
  /** What the knowledge search finds, best first (the same hits whatever the question). */
  knowledgeHits?: Array<{ article: KbArticle; score: number }>;
  /** Approved answers by cache key. */
  answers?: Record<string, CachedAnswer>;
  /** Each workflow's step sequence now, which `sends.begin` checks; a workflow not listed no longer exists (null). */
  steps?: Record<string, number | null>;
  /** Thrown by `channel.send` instead of sending (an opted-out claimant, a provider outage). */
  sendError?: Error;
  /** Earlier sends already recorded, by `<workflow id>:<seq>` (a crash's leftovers). */
  sendRecords?: Record<string, Partial<SendRecord>>;
  /** The proof wait and its poll (ms); default 30 s and 1 s, as deployed. */
  proofWaitMs?: number;
  proofPollMs?: number;
  /** Replace whole ports, after everything above (a CMS returning another number's claims, say). */
  ports?: Partial<StageContext>;
}

export interface SentReply {
  tenantId: string;
  payload: WorkflowPayload;
  reply: RenderedReply;
  sendId: string;
  providerMessageId: string;
}

export interface FakeStageContext extends StageContext {
  /** Every reply `channel.send` accepted, in order. */
  readonly sent: SentReply[];
  /** Every `templates.render` call, in order. */
  readonly renders: Array<{ tenantId: string; channel: Channel; language: Language; reply: ReplyRequest }>;
  /** The send records as the stage left them, by `<workflow id>:<seq>`. */
  readonly sendRecords: Map<string, SendRecord>;
  /** Every `knowledge.search` call, in order. */
  readonly searches: Array<{ tenantId: string; text: string; reasonCodes: readonly string[]; language: Language; limit: number }>;
}

const day = 24 * 60 * 60 * 1000;
const noSend: SendRecord = { attemptedAt: null, acceptedId: null, knownBy: null, lookingSince: null };

export function fakeStageContext(options: FakeStageContextOptions = {}): FakeStageContext {
  const sent: SentReply[] = [];
  const renders: FakeStageContext['renders'] = [];
  const searches: FakeStageContext['searches'] = [];
  const claims = options.claims ?? [];
  const cmsCall = <T>(value: () => T): Promise<T> => (options.cmsError ? Promise.reject(options.cmsError) : Promise.resolve(value()));

  const records = new Map<string, SendRecord>(Object.entries(options.sendRecords ?? {}).map(([k, v]) => [k, { ...noSend, ...v }]));
  const record = (workflowId: string, seq: number): SendRecord => records.get(`${workflowId}:${seq}`) ?? { ...noSend };
  const update = (workflowId: string, seq: number, patch: Partial<SendRecord>): void => {
    records.set(`${workflowId}:${seq}`, { ...record(workflowId, seq), ...patch });
  };

  const ctx: FakeStageContext = {
    sent,
    sendRecords: records,
    renders,
    searches,
    now: () => options.now ?? Date.parse('2026-01-15T10:00:00Z'),
    consent: {
      lookup: async (_tenantId, phone) => ({ state: 'none', parkedWorkflowId: null, parkedStatus: null, ...options.consent?.[phone] }),
    },
    cms: {
      claimsByPhone: (_tenantId, phone) => cmsCall(() => claims.filter((c) => c.claimant_phone === phone)),
      claim: (_tenantId, claimId) => cmsCall(() => claims.find((c) => c.claim_id === claimId) ?? null),
      pendingDocuments: (_tenantId, claimId) => cmsCall(() => options.pendingDocuments?.[claimId] ?? null),
    },
    pendingDocs: {
      recent: async (_tenantId, phone) => options.recentPendingDocs?.[phone] ?? [],
      get: async (_tenantId, workflowId) => options.pendingDocsStates?.find((s) => s.workflowId === workflowId) ?? null,
      claimWait: async (_tenantId, _phone, claimIdHash) => {
        const id = options.openFollowUps?.[claimIdHash];
        return id ? { workflowId: id, status: 'awaiting_documents' } : null;
      },
      waitMs: options.waitMs ?? 7 * day,
      reminderOffsetsMs: options.reminderOffsetsMs ?? [1 * day, 3 * day],
    },
    handovers: {
      open: async (_tenantId, id) => Object.values(options.openHandovers ?? {}).find((h) => h.workflowId === id) ?? null,
      settings: async () => ({ ...defaultHandoverSettings, ...options.handoverSettings }),
    },
    templates: {
      async render(tenantId, channel, language, reply) {
        renders.push({ tenantId, channel, language, reply });
        const table = { ...shippedTemplates(channel, language), ...options.templates };
        const text = table[reply.template];
        if (text === undefined) throw new AppError('template_missing', `no template ${reply.template} for ${channel}/${language}`);
        const labels = shippedLabels(language);
        const vars = { ...reply.vars };
        if (reply.items) {
          const line = table[`${reply.template}_line`] ?? '{{claim_ref}}';
          vars.lines = reply.items.map((item) => substitute(line, item, labels)).join('\n');
        }
        return { template: reply.template, text: substitute(text, vars, labels) };
      },
    },
    denyList: { phrases: async () => options.denyList ?? [] },
    vocabulary: { words: async () => options.vocabulary ?? {} },
    languages: { offer: async () => options.languageOffer ?? everyLanguage },
    phiKinds: { ofTenant: async () => options.phiKinds ?? [] },
    modes: { current: async () => options.mode ?? 'OPERATIONAL' },
    knowledge: {
      async search(tenantId, text, reasonCodes, language, limit) {
        searches.push({ tenantId, text, reasonCodes, language, limit });
        return (options.knowledgeHits ?? []).slice(0, limit);
      },
    },
    answers: { lookup: async (_tenantId, key) => options.answers?.[key] ?? null },
    channel: {
      async send(tenantId, payload, reply, sendId) {
        if (options.sendError) throw options.sendError;
        const providerMessageId = `wamid.fake-${sent.length + 1}`;
        sent.push({ tenantId, payload, reply, sendId, providerMessageId });
        return { providerMessageId, kind: reply.providerTemplate ? 'template' : reply.buttons || reply.list ? 'interactive' : 'text' };
      },
    },
    // In memory, with the semantics of src/workflows/send-records.ts (its own integration test
    // checks those against Redis).
    sends: {
      read: async (_tenantId, workflowId, seq) => record(workflowId, seq),
      async begin(_tenantId, workflowId, seq, now) {
        // Only while the workflow is still at the entry's step (`steps`; none: gone).
        if ((options.steps?.[workflowId] ?? null) !== seq) return null;
        const before = record(workflowId, seq);
        if (before.attemptedAt === null) update(workflowId, seq, { attemptedAt: now });
        return before;
      },
      retake: async (_tenantId, workflowId, seq, now) => update(workflowId, seq, { attemptedAt: now, lookingSince: null }),
      accepted: async (_tenantId, workflowId, seq, id) => update(workflowId, seq, { acceptedId: id, knownBy: 'answer' }),
      refused: async (_tenantId, workflowId, seq) => update(workflowId, seq, { attemptedAt: null, lookingSince: null }),
      async lookingSince(_tenantId, workflowId, seq, now) {
        const since = record(workflowId, seq).lookingSince ?? now;
        update(workflowId, seq, { lookingSince: since });
        return since;
      },
      proofWaitMs: options.proofWaitMs ?? 30_000,
      proofPollMs: options.proofPollMs ?? 1_000,
    },
  };
  return Object.assign(ctx, options.ports);
}

/** An entry as the runtime hands it to `stage`: a WhatsApp message from testPhone, seq 1, first attempt. */
export function envelopeFor(stage: StageName, payload: Partial<WorkflowPayload> = {}, envelope: Partial<Omit<Envelope, 'payload' | 'stage'>> = {}): Envelope {
  return {
    workflowId: 'wf-test-1',
    tenantId: testTenant,
    seq: 1,
    attempt: 0,
    ...envelope,
    stage,
    payload: {
      channel: 'whatsapp',
      businessNumberId: '100200300',
      from: testPhone,
      messageId: 'wamid.inbound-1',
      text: 'hello',
      receivedAt: Date.parse('2026-01-15T09:59:58Z'),
      ...payload,
      // Any variant's fields, as a test gives them: it is the test that says which workflow.
    } as WorkflowPayload,
  };
}

/** A claim of testPhone's as the CMS returns it. */
export function claimOf(over: Partial<Claim> = {}): Claim {
  return {
    claim_id: 'CLM-2025-000123',
    policy_number: 'POL-778899',
    member_name: 'Asha Verma',
    claimant_phone: testPhone,
    status: 'UNDER_REVIEW',
    status_updated_at: '2026-01-10T08:00:00Z',
    amount_claimed: 120000,
    amount_approved: null,
    reason_codes: [],
    ...over,
  };
}

/** A knowledge-base article (English only unless given). */
export function articleOf(over: Partial<KbArticle> = {}): KbArticle {
  return {
    id: 'kb-room-rent',
    version: 3,
    title: { EN: 'Room rent limit and proportionate deduction' },
    body: {
      EN: 'Your policy pays room rent up to 1% of the sum insured per day (2% for ICU). If you stay in a room above this limit, the room rent beyond the limit is not paid, and the other charges linked to the room, such as doctor visits and nursing, are reduced in the same proportion. Medicines and implants are not reduced.',
    },
    reason_codes: ['ROOM_RENT_CAP'],
    source: { document: 'Policy wording', section: 'section 4.2', version: '3' },
    trusted: true,
    ...over,
  };
}
