/**
 * Builds the shared services one process needs from its Config: Redis connections, the stores,
 * the adapters, and the ports stages receive. Roles (src/roles.ts) pick what to run from it.
 */
import { startTracing, stopTracing } from './tracing/tracing';
import type { RenderedReply, StageContext, WorkflowPayload } from '../pipeline/types';
import { HttpCms } from './adapters/cms/http-cms';
import { ArchiveStore } from './archive/archive-store';
import { AuditLedger } from './audit/audit-ledger';
import { ClaimantErasure } from './claimants/erasure';
import { Checkpoints } from './audit/checkpoints';
import { LedgerVerifier } from './audit/ledger-verifier';
import { SmsSender } from './adapters/channels/sms';
import { WhatsAppSender } from './adapters/channels/whatsapp';
import { SendRecords } from './workflows/send-records';
import { ClientCredentials } from './auth/client-credentials';
import { HashWork } from './auth/hash-work';
import { LoginGuard } from './auth/login-guard';
import { RefreshTokens } from './auth/refresh-tokens';
import { UserStore } from './auth/users';
import { RateLimits } from './api/rate-limits';
import { RevocationStore } from './auth/revocation';
import { TokenVerifier } from './auth/token-verifier';
import { VerifiedTokens } from './auth/verified-tokens';
import { SigningKeys } from './auth/signing-keys';
import { humanTokenTtlSeconds, TokenIssuer } from './auth/token-issuer';
import { systemClock, type Clock } from './clock';
import { SharedTestClock } from './shared-test-clock';
import type { Config } from './config';
import { ConsentStore } from './consent/consent-store';
import { InboundIntake } from './intake/inbound-intake';
import { createLogger, type Logger } from './logger';
import { ArticleStore } from './knowledge/article-store';
import { KnowledgeIndex } from './knowledge/knowledge-index';
import { AnswerCache } from './templates/answer-cache';
import { Metrics } from './metrics';
import { PhiRefs } from './phi';
import { createRedis, type Redis } from './redis/connection';
import { Keys } from './redis/keys';
import { TemplateRegistry } from './templates/template-registry';
import { OperationalModes } from './tenants/operational-modes';
import { TenantStore } from './tenants/tenant-store';
import { tenantLanguageOffer } from './tenants/tenant-document';
import { Handovers } from './workflows/handovers';
import { PendingDocuments } from './workflows/pending-documents';
import { WorkflowStore } from './workflows/workflow-store';
import { LedgerWebhooks } from './webhooks/ledger-webhooks';
import { PartnerWebhooks } from './webhooks/partner-webhooks';

export interface Services {
  config: Config;
  clock: Clock;
  log: Logger;
  metrics: Metrics;
  /** Keyed references of PHI for log lines (`PHI_REF_KEY`). */
  refs: PhiRefs;
  redis: Redis;
  keys: Keys;
  tenants: TenantStore;
  consent: ConsentStore;
  cms: HttpCms;
  templates: TemplateRegistry;
  sender: WhatsAppSender;
  smsSender: SmsSender;
  signing: SigningKeys;
  clients: ClientCredentials;
  /** This process's bound on password-hash work (client secrets and logins). */
  hashWork: HashWork;
  tokens: TokenIssuer;
  revocation: RevocationStore;
  verifier: TokenVerifier;
  /** Tokens whose signature this process already verified (the verifier's cache). */
  verifiedTokens: VerifiedTokens;
  /** The partner web apps' users, their login lockout and their refresh-token sessions (docs/human-auth.md). */
  users: UserStore;
  loginGuard: LoginGuard;
  refreshTokens: RefreshTokens;
  /** The spec's rate limits (docs/rate-limits.md). */
  rateLimits: RateLimits;
  workflows: WorkflowStore;
  ledger: AuditLedger;
  /** Erasure of a claimant (src/claimants/erasure.ts): the API's and the ops CLI's. */
  erasure: ClaimantErasure;
  /** Finished workflows and ledger events past the hot window, in PostgreSQL (docs/retention.md); opened on first use. */
  archive: ArchiveStore;
  modes: OperationalModes;
  checkpoints: Checkpoints;
  /** Walks ledgers for `POST /v1/audit/verify` on a worker thread. */
  ledgerVerifier: LedgerVerifier;
  intake: InboundIntake;
  /** What is known of each reply's sends: intent, result, status-webhook proof (docs/workflows.md). */
  sends: SendRecords;
  /** Partner webhooks: endpoint, outbox (`webhooks.enqueue`), deliveries (docs/webhooks.md). */
  webhooks: PartnerWebhooks;
  /** Publishes workflow transitions and mode changes from the audit ledger as webhooks. */
  ledgerWebhooks: LedgerWebhooks;
  /** The tenants' knowledge bases: articles in Redis, and this process's search index over them (docs/knowledge-base.md). */
  knowledge: { articles: ArticleStore; index: KnowledgeIndex };
  /** Approved query-reason answers (docs/query-reason.md). */
  answerCache: AnswerCache;
  /** The ports handed to every stage. */
  stageContext: StageContext;
  /** pending-documents control and reads (docs/pending-documents.md). */
  pendingDocs: PendingDocuments;
  handovers: Handovers;
  /** A new dedicated connection for a blocking reader; closed with the services. */
  blockingConnection(name: string): Redis;
  close(): Promise<void>;
}

export function createServices(config: Config, options: { clock?: Clock; log?: Logger; metrics?: Metrics; autoPipelining?: boolean } = {}): Services {
  const log = options.log ?? createLogger(config.logLevel);
  startTracing(config.tracing);
  const metrics = options.metrics ?? new Metrics();
  const redis = createRedis(config, { name: 'cw-main', autoPipelining: options.autoPipelining, log });
  const keys = new Keys(config.keyPrefix, config.partitions);
  const refs = new PhiRefs(config.phiRefKey);
  const sharedClock = !options.clock && config.sharedTestClock ? new SharedTestClock(redis, keys.testClockOffset(), keys.testClockSeen()) : null;
  const clock = options.clock ?? sharedClock ?? systemClock;
  const tenants = new TenantStore(redis, keys);
  const consent = new ConsentStore(redis, keys);
  const cms = new HttpCms(tenants, config, log, metrics);
  const templates = new TemplateRegistry(tenants);
  const sender = new WhatsAppSender(tenants, config);
  const smsSender = new SmsSender(tenants, config, metrics);
  const sendReply = (tenantId: string, payload: WorkflowPayload, reply: RenderedReply, sendId: string) =>
    (payload.channel === 'sms' ? smsSender.send(tenantId, payload, reply, sendId) : sender.send(tenantId, payload, reply, sendId, clock.now()));
  const hashWork = new HashWork();
  const clients = new ClientCredentials(redis, keys, hashWork);
  const webhooks = new PartnerWebhooks({ redis, keys, config, clock, log, metrics });
  const articles = new ArticleStore({ redis, keys });
  const modes = new OperationalModes(redis, keys, config.partitions, log, config.ledgerEntryForm);
  const revocation = new RevocationStore(redis, keys);
  const verifiedTokens = new VerifiedTokens();
  const signing = new SigningKeys(redis, keys, {
    encryptionKey: config.signingKeyEncryptionKey,
    publishLeadMs: config.keyPublishLeadSeconds * 1000,
    maxTokenTtlMs: Math.max(config.machineTokenTtlSeconds, humanTokenTtlSeconds) * 1000,
  });
  const blocking: Redis[] = [];
  let closing: Promise<void> | null = null;

  const pendingDocs = new PendingDocuments(redis, keys, config);
  const archive = new ArchiveStore({ databaseUrl: config.databaseUrl, embeddedDir: config.embeddedDatabaseDir, log });
  const handovers = new Handovers(redis, keys, tenants, config, archive);
  // Walks ledgers on a worker thread with its own connections (the embedded archive's pages through this thread).
  const ledgerVerifier = new LedgerVerifier(config, log, archive);
  const ledger = new AuditLedger(redis, keys, config.partitions, log, archive, config.ledgerEntryForm);
  const workflowStore = new WorkflowStore(redis, keys, archive, () => clock.now());
  const knowledgeIndex = new KnowledgeIndex({ store: articles, log });
  const answerCache = new AnswerCache(redis, keys, articles, metrics);
  const sends = new SendRecords(redis, keys, config);
  const stageContext: StageContext = {
    now: () => clock.now(),
    consent,
    cms,
    templates,
    denyList: { phrases: async (tenantId) => (await tenants.get(tenantId)).deny_list ?? [] },
    vocabulary: { words: async (tenantId) => (await tenants.get(tenantId)).vocabulary ?? {} },
    languages: { offer: async (tenantId) => tenantLanguageOffer(await tenants.get(tenantId)) },
    phiKinds: { ofTenant: async (tenantId) => (await tenants.get(tenantId)).phi_kinds ?? [] },
    modes,
    pendingDocs,
    handovers: { open: (tenantId, id) => handovers.open(tenantId, id), settings: (tenantId) => handovers.settings(tenantId) },
    knowledge: knowledgeIndex,
    answers: answerCache,
    // The reply goes back on the channel the claimant wrote on.
    channel: {
      send: (tenantId, payload, reply, sendId) => sendReply(tenantId, payload, reply, sendId),
    },
    sends,
  };

  const tokens = new TokenIssuer(config, clients, signing);

  return {
    config, clock, log, metrics, refs, redis, keys, tenants, consent, cms, templates, sender, smsSender, signing,
    clients,
    hashWork,
    tokens,
    revocation,
    verifier: new TokenVerifier(config, signing, revocation, clock, verifiedTokens),
    verifiedTokens,
    users: new UserStore(redis, keys, clock),
    loginGuard: new LoginGuard(redis, keys),
    refreshTokens: new RefreshTokens({ redis, keys, tokens, revocation, log }),
    rateLimits: new RateLimits(redis, keys, log, config.rateLimits),
    workflows: workflowStore,
    pendingDocs,
    handovers,
    ledger,
    erasure: new ClaimantErasure({ redis, keys, ledger, archive, clock, log, refs, phiRefKey: config.phiRefKey }),
    archive,
    modes,
    checkpoints: new Checkpoints(config, signing),
    ledgerVerifier,
    intake: new InboundIntake(redis, keys, config, refs, tenants),
    sends,
    webhooks,
    ledgerWebhooks: new LedgerWebhooks({ redis, keys, tenants, webhooks, log, ledger }),
    knowledge: { articles, index: knowledgeIndex },
    answerCache,
    stageContext,
    blockingConnection(name) {
      const connection = createRedis(config, { blocking: true, name, log });
      blocking.push(connection);
      return connection;
    },
    close() {
      closing ??= (async () => {
        cms.shutdown();
        sharedClock?.close();
        // Every step runs even when one fails.
        await Promise.allSettled([webhooks.close(), ledgerVerifier.close(), archive.close()]);
        await Promise.allSettled([...blocking, redis].map((c) => c.quit().catch(() => c.disconnect())));
        // Spans ended so far are sent before the process goes.
        await stopTracing(config.tracing);
      })();
      return closing;
    },
  };
}
