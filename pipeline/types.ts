/**
 * The contract between the runtime (src/runtime) and the stages (pipeline/stages).
 * A stage receives an envelope and a context of read-only ports, and returns a Decision.
 * Stages never touch Redis: every write the decision implies is applied by the runtime in
 * one atomic hand-off.
 */
import type { LanguageOffer } from './language-offer';
import type { PhiKindSpec } from './policy-gate/phi-kinds';
import type { HandoverSettings } from './workflows/business-hours';
import type { Language, OperationalMode, StageName, WorkflowStatus, WorkflowType } from './vocabulary';

export type { Language, StageName, WorkflowStatus, WorkflowType };

/** The channel a claimant wrote on; the reply goes back on the same one (pipeline/channels.ts). */
export type Channel = 'whatsapp' | 'sms';

/** A reply before rendering: a template name from the registry plus its variables. */
export interface ReplyRequest {
  template: string;
  vars: Record<string, string>;
  /** Rendered one by one with `<template>_line` and joined into `vars.lines`. */
  items?: Array<Record<string, string>>;
  /** Offer the claimant workflows to choose from (docs/understanding.md): `true` every offered
   *  workflow, a list of intents only those (the offered ones among them), in that order. Reply
   *  buttons where the channel has them (a list message for more than three), else numbered
   *  lines, each with its fixed number. */
  choices?: boolean | readonly string[];
}

/** A reply after rendering and the policy gate: what the outbound stage sends. */
export interface RenderedReply {
  template: string;
  text: string;
  /** Provider template (business-initiated messages outside the 24-hour window). */
  providerTemplate?: { name: string; language: string; params: string[] };
  /** Reply buttons (WhatsApp interactive `button`, at most three): the id comes back when the
   *  claimant taps. */
  buttons?: Array<{ id: string; title: string }>;
  /** A list message (WhatsApp interactive `list`, for more than three choices): `button` opens the
   *  list, `title` heads its one section, each row's id comes back when the claimant picks it, as
   *  a button's does. */
  list?: { button: string; title?: string; rows: Array<{ id: string; title: string }> };
}

/**
 * The data a workflow carries from stage to stage (stored as JSON on the stream entry): the fields
 * every entry has (`PayloadBase`), and one variant per workflow, told apart by `intent`, with the
 * fields only that workflow uses. A variant declares the other workflows' fields as absent, so a
 * payload cannot carry another workflow's fields; reading one on any payload is allowed (it is
 * `undefined` there). The JSON on the wire is the same whatever the variant: no field is renamed.
 */
export type WorkflowPayload =
  | UnroutedPayload | ClaimStatusPayload | PendingDocumentsPayload | QueryReasonPayload | HumanHandoverPayload | RegisteredWorkflowPayload;

/** What every entry carries, whatever its workflow. */
export interface PayloadBase {
  channel: Channel;
  /** The business number the claimant wrote to (WhatsApp phone_number_id; the SMS number, E.164). */
  businessNumberId: string;
  /** Claimant phone, E.164. PHI: never logged, never returned by the API. */
  from: string;
  messageId: string;
  text: string;
  /** When the claimant's message reached us (ms); opens the 24-hour reply window. */
  receivedAt: number;
  /** The language the reply is written in: the claimant's, or the one the tenant offers instead
   *  (pipeline/language-offer.ts). */
  language?: Language;
  /** The language the claimant writes in (set by the consent stage and the router: this message's,
   *  or the conversation's when the message tells none, pipeline/conversation-language.ts). When
   *  the tenant offers it in no form, `language` is its default and the reply says which languages
   *  it offers. */
  claimantLanguage?: Language;
  reply?: ReplyRequest;
  rendered?: RenderedReply;
  /** The provider answered the claimant's message itself (an SMS opt-out or opt-in keyword):
   *  outbound sends nothing and the workflow becomes `afterSend`. */
  providerAnswered?: boolean;
  /** What the workflow becomes once the reply is sent. Default `completed`. */
  afterSend?: 'completed' | 'awaiting_consent' | 'awaiting_choice' | 'awaiting_documents' | 'awaiting_agent' | 'with_agent' | 'cancelled' | 'policy_blocked' | 'timed_out';
  /** The id of the reply button the claimant tapped (WhatsApp interactive `button_reply`). */
  choiceId?: string;
  /** A held question resumed with the workflow the claimant chose (router). */
  choice?: string;
  /** Set by the consent stage: this claimant has a question held for a choice (its workflow id). */
  heldChoice?: string;
  /** Set by the consent stage: a workflow keeps a conversation of this claimant's (a human handover:
   *  its id, from the claimant's pointer read with their consent record; it may have ended since).
   *  The router asks that workflow first (`intercept`). */
  holdsConversation?: string;
  /** A document or image the claimant sent (WhatsApp media message); `text` holds its caption. */
  media?: MediaRef;
  /** The wait timer that brought this entry to its workflow's step: its name in the workflow's wait
   *  declaration (`reminder:1`, `deadline`; pipeline/workflows/wait.ts). Set by fireWorkflowTimers. */
  timer?: string;
  /** The fired timer's member, opaque (src/redis/wait-timers.ts): the hand-off applies the step's
   *  decision while it is still the wait's fired timer, at the workflow's step then, and not after
   *  it was handled once. Never carried past that step. */
  timerMember?: string;
  /**
   * The W3C `traceparent` of the step that wrote this entry, with tracing on (docs/tracing.md):
   * the next step's span is its child, so one claimant message is one trace. Absent with it off.
   */
  traceparent?: string;
  /** The conversation (a human-handover workflow's id) this reply belongs to: once sent, outbound
   *  adds it to that conversation's transcript as the bot's message (docs/human-handover.md). */
  transcriptOf?: string;
  /** Set by the consent stage on a held question it ends because the claimant declined or revoked
   *  consent: outbound writes it on the record as `consent_change` (the consent stage's own record,
   *  which would say it, is folded into the held one). */
  consentChange?: ConsentChange;
}

/** A claimant's no to consent: `declined` when asked, `revoked` (STOP) after granting it. */
export type ConsentChange = 'declined' | 'revoked';

/** pending-documents' own fields. */
export interface PendingDocumentsFields {
  /** The claim this workflow follows up. PHI: never logged or returned. */
  claimId?: string;
  /** What brought this entry to the truth stage (docs/pending-documents.md). */
  pdStep?: PendingDocsStep;
  /** Which reminder (1, 2, ...) a reminder entry is. */
  reminder?: number;
}

/** query-reason's own fields. */
export interface QueryReasonFields {
  /** The claim the question is about, as the truth stage read it. PHI inside (claim ids, names):
   *  used by the policy gate to remove or mask them, never logged. */
  query?: QueryContext;
  /** The answer the knowledge stage composed, for the policy gate. */
  answer?: ComposedAnswer;
}

/** human-handover's own fields (docs/human-handover.md). */
export interface HumanHandoverFields {
  /** What brought this entry to the truth stage: the claimant's request (`start`), their "cancel"
   *  (`cancel`) or STOP (`stop`) while it is open. A wait timer's entry names its timer instead. */
  hoStep?: 'start' | 'cancel' | 'stop';
}

/** Why a handover was asked for: the claimant asked, or took the offer of a person (a tap on an
 *  offer is a request like any other, so no other reason is told apart). */
export type HandoverReason = 'claimant';

/** Another workflow's fields, declared absent. */
type Absent<T> = { [K in keyof T]?: never };

/** Before the router chose a workflow (no intent yet), and the replies sent then (consent, small
 *  talk, "which did you mean?"). */
export type UnroutedPayload = PayloadBase & { intent?: undefined } & Absent<PendingDocumentsFields> & Absent<QueryReasonFields> & Absent<HumanHandoverFields>;
export type ClaimStatusPayload = PayloadBase & { intent: 'claim_status' } & Absent<PendingDocumentsFields> & Absent<QueryReasonFields> & Absent<HumanHandoverFields>;
/** `documents_upload`: a claimant's document or image, handed to their open follow-up. */
export type PendingDocumentsPayload = PayloadBase & { intent: 'pending_documents' | 'documents_upload' } & PendingDocumentsFields & Absent<QueryReasonFields> & Absent<HumanHandoverFields>;
export type QueryReasonPayload = PayloadBase & { intent: 'query_reason' } & QueryReasonFields & Absent<PendingDocumentsFields> & Absent<HumanHandoverFields>;
export type HumanHandoverPayload = PayloadBase & { intent: 'human_handover' } & HumanHandoverFields & Absent<PendingDocumentsFields> & Absent<QueryReasonFields>;
/** A workflow registered beyond the shipped four (pipeline/workflows/index.ts): the common
 *  fields and its intent; the shipped workflows' own fields are absent. */
export type RegisteredWorkflowPayload = PayloadBase & { intent: string } & Absent<PendingDocumentsFields> & Absent<QueryReasonFields> & Absent<HumanHandoverFields>;

export interface QueryContext {
  claimId: string;
  status: string;
  reasonCodes: string[];
  /** Names the CMS knows for this claim (member name): never sent to a claimant. */
  names: string[];
  /** The claimant's other claims' ids: an answer must not speak about them. */
  otherClaimIds: string[];
  /** The amount the CMS approved, when it gives one: an approved claim's answer says it. Absent
   *  on entries written before it was carried (read as unknown). */
  amountApproved?: number | null;
}

/** A knowledge-base article an answer cites, as the policy gate reads it (the claimant's language, plain text). */
export interface CitedArticle { id: string; version: number; trusted: boolean; reasonCodes: string[]; title: string; body: string }

export interface ComposedAnswer {
  /** Answer-cache key: the normalised question, language and reason codes (knowledge stage). */
  cacheKey: string;
  /** Taken from the answer cache: approved before, so only tiers 1 and 3 run again. */
  cached: boolean;
  /** The article cited; null when the search found none (the gate then blocks: no source). */
  article: CitedArticle | null;
  /** The other articles cited: one for each of the claim's reason codes `article` does not explain. */
  alsoCited?: CitedArticle[];
}

/** A knowledge-base article as the knowledge stage reads it (docs/knowledge-base.md). */
export interface KbArticle {
  id: string;
  version: number;
  title: Partial<Record<Language, string>>;
  body: Partial<Record<Language, string>>;
  reason_codes: string[];
  source: { document: string; section: string; version: string };
  trusted: boolean;
}

/** An approved answer kept in the answer cache: the reply to render again, and the article it cites. */
export interface CachedAnswer {
  reply: ReplyRequest;
  articleId: string;
  articleVersion: number;
  /** The other articles it cites (`ComposedAnswer.alsoCited`): each must be unchanged too. */
  alsoCited?: Array<{ articleId: string; articleVersion: number }>;
}

/** A media message's reference at the provider: the partner fetches the file with it. */
export interface MediaRef {
  id: string;
  kind: string;
  mime?: string;
  filename?: string;
}

/** start: first fetch (trigger or resume); reminder: a reminder timer fired; received: a document
 *  was recorded; recheck: the CMS said documents arrived by other means. */
export type PendingDocsStep = 'start' | 'reminder' | 'received' | 'recheck';

/** A document the CMS still needs (docs/cms-contract.md). */
export interface PendingDocument {
  code: string;
  name: string;
}

export interface Envelope {
  workflowId: string;
  tenantId: string;
  /** The step sequence this entry expects the workflow record to be at. */
  seq: number;
  /** Retries of this entry so far. */
  attempt: number;
  stage: StageName;
  payload: WorkflowPayload;
}

/** What the audit ledger records of a step. `detail` must never hold PHI. */
export interface AuditNote {
  type: string;
  detail?: Record<string, string | number | boolean | null>;
}

/** Workflow record fields a decision may set. */
export interface WorkflowPatch {
  /** A shipped type (vocabulary.ts) or a registered one's (pipeline/workflows/index.ts). */
  workflow_type?: WorkflowType | (string & {});
  claim_id_hash?: string;
  /** The claim as a claimant's reply shows it (src/phi.ts `maskClaimId`: its last four characters),
   *  set with `claim_id_hash`, for the people who read the workflow (docs/security.md). */
  claim_ref?: string;
  language?: Language;
  outcome?: string;
  outbound_message_id?: string;
  /** pending-documents: the workflow to cancel or resume (its own id, or the open one a question joined). */
  pending_docs_workflow_id?: string;
  reminders_sent?: number;
  /** pending-documents' wait, as the API shows it (docs/pending-documents.md): the documents asked
   *  for and received (JSON: code → media id, and code → when, ms), when the wait started and its
   *  deadline. Its next reminder is the wait's armed timer (`wait_timer`, `wait_due`), kept once. */
  pd_pending?: string;
  pd_received?: string;
  pd_received_at?: string;
  wait_started_at?: number;
  deadline_at?: number;
  /** human-handover (docs/human-handover.md): why it was asked for, when it was queued, when the
   *  first response is due (business hours) and when it times out, whether the first-response SLA
   *  was breached, and when the claimant last wrote (WhatsApp's 24-hour window for agent replies). */
  ho_reason?: HandoverReason;
  ho_queued_at?: number;
  ho_first_response_due?: number;
  ho_max_wait_at?: number;
  ho_sla_breached?: number;
  ho_last_claimant_at?: number;
  /** When the workflow's first reply reached the provider, where that reply answered the claimant's
   *  message that started it (not a CMS-started one): set by outbound (docs/reports.md). */
  replied_at?: number;
  /** The claimant declined or revoked consent on this workflow (docs/reports.md). */
  consent_change?: ConsentChange;
  /** `<seq> <status> <traceparent>`: the step that set the status last, with the record's seq after
   *  it and the status (what its transition names), for the partner webhook made from that
   *  transition (docs/tracing.md). Written by the stage worker with tracing on, never by a stage. */
  tp?: string;
}

/** Writes outside the workflow record, applied atomically with the hand-off. */
export type Effect =
  | { type: 'consent.set'; state: 'granted' | 'declined' | 'revoked' }
  /** The conversation's language changed: kept on the claimant's consent record, for replies to
   *  words that tell no language (STOP). Written only to a record that exists or is written now. */
  | { type: 'consent.language'; language: Language }
  /** Hold this workflow until the claimant answers the consent request. */
  | { type: 'consent.park'; payload: WorkflowPayload }
  /** Continue the held workflow at `to`, with `patch` merged into its payload; this
   *  message's own workflow is folded into it (its record removed, its audit ids moved). */
  | { type: 'consent.resume'; to: StageName; patch?: Partial<WorkflowPayload>; status: WorkflowStatus }
  /** Hold this workflow until the claimant says which workflow they meant (a newer held question
   *  supersedes an older one). */
  | { type: 'choice.park'; payload: WorkflowPayload }
  /** Continue the held question at the router with `patch` (the choice) merged into its payload;
   *  this message is folded into it. When nothing is held any more, this message's own decision stands. */
  | { type: 'choice.resume'; patch: Partial<WorkflowPayload> }
  /** Start (or restart) this workflow's wait (its definition's `wait`, pipeline/workflows/wait.ts):
   *  `timers` armed in due order (each fires an entry with `timer` set to its name into the
   *  workflow's step at the wait's stage), `payload` what that entry carries. `claimIdHash`: the
   *  wait is also its claim's open one (the claim's pointer and the claimant's list name it). */
  | { type: 'wait.start'; timers: WaitTimerPlan[]; payload: WorkflowPayload; claimIdHash?: string }
  /** An arrival the workflow `target` waits for (a claimant's document): `set` is written on its
   *  record, this message is folded into it, and it continues at stage `to` with `payload`;
   *  `ends`: its wait is over (its timers go). Guarded: `expectSeq` is the target's step as the
   *  stage read it; when it moved, nothing is written and the stage decides again. */
  | { type: 'wait.arrive'; target: string; arrival: string; expectSeq: number; set: Record<string, string | number>; ends: boolean; to: StageName; payload: WorkflowPayload }
  /** An arrival that only joins the waiting workflow `target` (a claimant's message to a person):
   *  `set` is written on its record and this message is folded into it, without a step of its own
   *  (its step sequence does not move, so its replies in flight stay valid) and without an entry;
   *  `released`: replies the target holds back for the claimant's next message are sent now.
   *  Guarded like `wait.arrive`. */
  | { type: 'wait.join'; target: string; arrival: string; expectSeq: number; set: Record<string, string | number>; released: boolean }
  /** Adds a message to a conversation's transcript (a human-handover workflow's, `conversation`):
   *  `text` already redacted (tier-3 PHI, claim ids masked). Written in the same hand-off. */
  | { type: 'transcript.append'; conversation: string; author: 'claimant' | 'bot'; text: string; channel: Channel }
  /** This workflow's wait is over: its timers go. */
  | { type: 'wait.end' }
  /** A precondition of the decision: `field` of workflow `workflow`'s record (or, with `claimIdHash`,
   *  the claim's open-wait pointer) still holds `value` (null: absent). When it does not, the
   *  hand-off writes nothing for this entry and answers `moved`, and the stage decides again on
   *  what it reads then. */
  | { type: 'expect'; workflow: string; field: 'status' | 'seq'; value: string | null }
  | { type: 'expect'; claimIdHash: string; value: string | null }
  /** Keep this approved answer for the same question (best effort, after the hand-off). */
  | { type: 'answer.cache'; key: string; value: CachedAnswer }
  /** This decision records the reply sent at this step (`reply.sent`): the hand-off marks the
   *  step's send record, so a late `note` of the same send writes nothing (docs/workflows.md). */
  | { type: 'send.recorded' };

/** A timer of a wait, by its name in the workflow's declaration, and when it is due (ms). */
export interface WaitTimerPlan {
  name: string;
  due: number;
}

/** `also`: further audit events of the same step, written after `audit` (a deadline's escalation). */
export type Decision =
  | { kind: 'forward'; to: StageName; payload: WorkflowPayload; status?: WorkflowStatus; patch?: WorkflowPatch; audit: AuditNote; also?: AuditNote[]; effects?: Effect[] }
  | { kind: 'wait'; status: WorkflowStatus; patch?: WorkflowPatch; audit: AuditNote; also?: AuditNote[]; effects?: Effect[] }
  | { kind: 'finish'; status: WorkflowStatus; patch?: WorkflowPatch; audit: AuditNote; also?: AuditNote[]; effects?: Effect[] }
  /** Drop this entry: its workflow moved on (a partner's cancel, say) since it was written. */
  | { kind: 'skip'; audit: AuditNote; status?: never; effects?: never }
  /** Keep this entry back, unchanged, until the tenant's operational mode lets it go on:
   *  SUSPENDED holds replies at outbound; RESTRICTED holds pending-documents and query-reason work. */
  | { kind: 'hold'; mode: 'SUSPENDED' | 'RESTRICTED'; audit: AuditNote; status?: never; effects?: never }
  /** Look at this entry again at `until` (ms), unchanged and without counting an attempt: the
   *  outbound stage waiting for proof that an earlier, unrecorded send reached the provider.
   *  `audit` names the wait in the worker's debug log; nothing is written to the ledger. */
  | { kind: 'defer'; until: number; audit: AuditNote; status?: never; effects?: never }
  /** Only record `audit` at this entry's step, whether or not its workflow moved on since (a
   *  reply found to have reached the provider after its workflow moved on), and drop the entry. */
  | { kind: 'note'; audit: AuditNote; status?: never; effects?: Array<{ type: 'send.recorded' }> };

/** A claim as the CMS contract defines it (docs/cms-contract.md). */
export interface Claim {
  claim_id: string;
  policy_number: string;
  member_name: string;
  claimant_phone: string;
  status: string;
  status_updated_at: string;
  amount_claimed: number | null;
  amount_approved: number | null;
  reason_codes: string[];
}

export interface ConsentRecord {
  state: 'none' | 'granted' | 'declined' | 'revoked';
  /** A question held until the claimant answers: the consent request, or which workflow they meant. */
  parkedWorkflowId: string | null;
  /** What the held question waits for: `awaiting_consent` or `awaiting_choice`. */
  parkedStatus: WorkflowStatus | null;
  /** The workflow the claimant's per-claimant wait pointer names (a human handover, open or ended
   *  since), read in the same round trip: null when none ever was. */
  holding?: string | null;
  /** The language the claimant last wrote in, where their words told it (null: not known yet). */
  language?: Language | null;
}

/** Read-only ports the runtime gives a stage. Implementations live in src/. */
export interface StageContext {
  now(): number;
  consent: { lookup(tenantId: string, phone: string): Promise<ConsentRecord> };
  cms: {
    claimsByPhone(tenantId: string, phone: string): Promise<Claim[]>;
    /** One claim, or null when the CMS has no such claim. */
    claim(tenantId: string, claimId: string): Promise<Claim | null>;
    /** The claim's pending documents, or null when the CMS has no such claim. */
    pendingDocuments(tenantId: string, claimId: string): Promise<PendingDocument[] | null>;
  };
  pendingDocs: {
    /** The claimant's pending-documents workflows (any status), newest first. */
    recent(tenantId: string, phone: string): Promise<PendingDocsState[]>;
    /** One pending-documents workflow's wait state; null when there is no such workflow. */
    get(tenantId: string, workflowId: string): Promise<PendingDocsState | null>;
    /** The workflow the claim's open-wait pointer names and that workflow's status (null: no record),
     *  in the claimant's partition; null when the pointer names none. `claimIdHash` as the record
     *  keeps it (`sha256:<hex>`). Raw, so a decision can expect it unchanged (`expect` effects). */
    claimWait(tenantId: string, phone: string, claimIdHash: string): Promise<{ workflowId: string; status: WorkflowStatus | null } | null>;
    /** How long a wait lasts and when reminders go out (ms after the wait starts). */
    waitMs: number;
    reminderOffsetsMs: readonly number[];
  };
  templates: {
    /** `claimant`: the claimant's language; when the tenant offers it in no form, the reply (in
     *  `language`, its default) ends with the `languages_offered` line. */
    render(tenantId: string, channel: Channel, language: Language, reply: ReplyRequest, claimant?: Language): Promise<RenderedReply>;
  };
  /** The languages the tenant answers in (tenant document `languages`, `default_language`). */
  languages: { offer(tenantId: string): Promise<LanguageOffer> };
  denyList: { phrases(tenantId: string): Promise<string[]> };
  /** human-handover: a handover while it is open (`awaiting_agent` or `with_agent`): its id,
   *  status and step as read (a `wait.join` expects the step unchanged); null when it is not.
   *  And the tenant's handover settings (tenant document `handover`, defaults filled in). */
  handovers: {
    /** The handover `workflowId` of this tenant while it is open: its status, step and language. */
    open(tenantId: string, workflowId: string): Promise<{ workflowId: string; status: WorkflowStatus; seq: number; language: Language } | null>;
    settings(tenantId: string): Promise<HandoverSettings>;
  };
  /** The tenant's additions to the intent grammar's word classes (tenant document `vocabulary`). */
  vocabulary: { words(tenantId: string): Promise<Record<string, string[]>> };
  /** The tenant's own PHI kinds (tenant document `phi_kinds`), masked by policy tier 3. */
  phiKinds: { ofTenant(tenantId: string): Promise<PhiKindSpec[]> };
  modes: { current(tenantId: string): Promise<OperationalMode> };
  knowledge: {
    /** The tenant's best articles for a question, best first; those explaining the reason codes first. */
    search(tenantId: string, text: string, reasonCodes: readonly string[], language: Language, limit: number): Promise<Array<{ article: KbArticle; score: number }>>;
  };
  answers: {
    /** An approved answer for this cache key, if one is kept and its article is unchanged. */
    lookup(tenantId: string, key: string): Promise<CachedAnswer | null>;
  };
  channel: {
    /** Sends a reply. `sendId` travels with the message to the provider and comes back in its
     *  status webhooks (WhatsApp `biz_opaque_callback_data`, the SMS status callback URL), which
     *  is how an earlier send whose answer was lost is proven (docs/workflows.md). A provider
     *  that answered with an error did not send: `AppError` `channel_rejected`,
     *  `channel_opted_out`, or `channel_send_failed` with `detail.answered`; any other failure
     *  (a timeout, a dropped connection) may have sent. */
    send(tenantId: string, payload: WorkflowPayload, reply: RenderedReply, sendId: string): Promise<{ providerMessageId: string; kind: 'text' | 'interactive' | 'template' }>;
  };
  /** What is known of each reply's sends, kept outside the hand-off because a provider call sits
   *  between the intent and the result (docs/workflows.md, "Effectively-once replies"). */
  sends: {
    /** What is known of the sends of this workflow's reply at step `seq`. */
    read(tenantId: string, workflowId: string, seq: number): Promise<SendRecord>;
    /** Records the intent of the send about to be made, at `now`, unless an earlier one is
     *  recorded, and only while the workflow is still at step `seq` (read in the same atomic step:
     *  a send cannot be taken back, so a reply whose workflow moved on is not begun); answers the
     *  record as it was before (a fresh one: `attemptedAt` null), or null when the workflow has
     *  moved on or is gone (nothing recorded). */
    begin(tenantId: string, workflowId: string, seq: number, now: number): Promise<SendRecord | null>;
    /** Records a new intent at `now` over an earlier one whose proof never came. */
    retake(tenantId: string, workflowId: string, seq: number, now: number): Promise<void>;
    /** Records the provider's message id of a send it accepted. */
    accepted(tenantId: string, workflowId: string, seq: number, providerMessageId: string): Promise<void>;
    /** Forgets the intent of a send the provider answered with an error (it did not send). */
    refused(tenantId: string, workflowId: string, seq: number): Promise<void>;
    /** When the wait for proof of an earlier send began: `now` if it begins now. */
    lookingSince(tenantId: string, workflowId: string, seq: number, now: number): Promise<number>;
    /** How long to wait for proof, and how often to look (config SEND_PROOF_WAIT_MS, SEND_PROOF_POLL_MS). */
    proofWaitMs: number;
    proofPollMs: number;
  };
}

/** One reply's sends at one step, as the outbound stage reads them. */
export interface SendRecord {
  /** When the last send was begun (ms), or null when none was. */
  attemptedAt: number | null;
  /** The provider's message id of a send known to have been accepted, or null. */
  acceptedId: string | null;
  /** How that is known: the provider's answer, or a status webhook carrying the send's id. */
  knownBy: 'answer' | 'status_webhook' | null;
  /** When a recovering worker began waiting for proof of the last send, or null. */
  lookingSince: number | null;
  /** Answered by `begin` only: no earlier reply of this workflow reached the provider (its record
   *  has no `outbound_message_id`), so this one is its first. */
  firstOfWorkflow?: true;
}

/** A pending-documents workflow's wait, as a stage reads it. */
export interface PendingDocsState {
  workflowId: string;
  status: WorkflowStatus;
  claimIdHash: string | null;
  pending: PendingDocument[];
  /** Document code → the media id that satisfied it. */
  received: Record<string, string>;
  /** Document code → when it was recorded (ms); absent for documents recorded before this was kept. */
  receivedAt?: Record<string, number>;
  deadlineAt: number | null;
  remindersSent: number;
  /** The record's step sequence as read (an arrival expects it unchanged). */
  seq: number;
  language: Language | null;
}

export interface Stage {
  name: StageName;
  handle(envelope: Envelope, ctx: StageContext): Promise<Decision>;
  /**
   * `false`: never run fused right after another stage (docs/architecture.md,
   * "Stage fusion"), only from its own stream: the stage reads its workflow's step sequence, which
   * a fused run sees one step behind, or acts outside Redis in a way a rerun must guard.
   */
  fusable?: false;
  /**
   * `false`: the stage reads nothing of its workflow's record (only its payload and the tenant's
   * settings: templates, deny list, PHI kinds), so it may also run fused after a forward that sets
   * a status or fields, which a fused run would otherwise see one step behind. Effects still end a
   * chain (docs/architecture.md, "Stage fusion"). A function answers it for one entry (the step
   * stages: whether that entry's workflow step reads the record, `recordFreeSteps`). Unset: it does.
   */
  readsWorkflowRecord?: false | ((payload: WorkflowPayload) => boolean);
}
