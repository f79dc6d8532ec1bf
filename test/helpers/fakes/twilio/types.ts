/** What the fake Twilio provider records, accepts and offers its drivers (tests, the chat tool). */
import type { EventEmitter } from 'node:events';

/** A message the service created through the Messages API. */
export interface SentSms {
  /** 1-based, increasing across the fake's lifetime. */
  seq: number;
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  /** `text` as well, so chat and tests read either fake's records alike. */
  text: string;
  type: 'text';
  statusCallback?: string;
  /** Date.now() when accepted. */
  at: number;
}

/** A reply the provider itself sent (opt-out and opt-in confirmations). */
export interface CarrierReply {
  to: string;
  from: string;
  keyword: string;
}

export interface InboundSms {
  /** Claimant, E.164. */
  from: string;
  /** Our number; default the configured one. */
  to?: string;
  text?: string;
  /** Explicit MessageSid, to post a redelivery; random if omitted. */
  messageSid?: string;
  /** An MMS attachment. */
  media?: { contentType: string };
  /** Overrides the auth token used to sign; '' sends no signature header. */
  signWith?: string;
}

export interface PostResult {
  status: number;
  body: string;
}

export interface TwilioConfig {
  serviceUrl?: string;
  accountSid?: string;
  authToken?: string;
  /** Our numbers (E.164); the first is the default `To` of inbound messages. */
  numbers?: string[];
}

export interface FakeTwilio {
  readonly url: string;
  readonly sent: SentSms[];
  readonly carrierReplies: CarrierReply[];
  /** Status callbacks posted, and the HTTP status each got. */
  readonly callbacks: Array<{ sid: string; status: string; answered: number }>;
  /** Emits 'message' (SentSms) for every created message. */
  readonly events: EventEmitter;
  configure(cfg: TwilioConfig): void;
  waitFor(predicate: (m: SentSms[]) => boolean, timeoutMs?: number): Promise<SentSms[]>;
  /** The next `n` create requests answer `status` (500 or 429), and create nothing. */
  failNext(n: number, status?: number): void;
  /** Whether status callbacks are posted (default true). */
  statusCallbacks(on: boolean): void;
  postInbound(msg: InboundSms): Promise<PostResult & { messageSid: string }>;
  /** Posts form `params` to `path` of the service, signed with the auth token (or `signWith`). */
  postSigned(path: string, params: Record<string, string>, signWith?: string): Promise<PostResult>;
  close(): Promise<void>;
}
