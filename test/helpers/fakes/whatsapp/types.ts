/** What the fake WhatsApp provider records, accepts and offers its drivers (tests, the chat tool). */
import type { EventEmitter } from 'node:events';

/** A message the service sent and the fake accepted (every request is recorded: Meta does not deduplicate). */
export interface SentMessage {
  /** 1-based, increasing across the fake's lifetime (not reset by reset()). */
  seq: number;
  phoneNumberId: string;
  /** Recipient normalised to E.164 (`+` and digits), whatever form the service sent. */
  to: string;
  type: 'text' | 'template' | 'interactive';
  /** The text body (an interactive message's body text). */
  text?: string;
  /** An interactive `button` message's reply buttons. */
  buttons?: Array<{ id: string; title: string }>;
  /** An interactive `list` message: the text of the button that opens it, and its sections' rows. */
  list?: { button: string; sections: Array<{ title?: string; rows: ListRow[] }> };
  template?: { name: string; language: string; params: string[] };
  /** `biz_opaque_callback_data` of the send (the service's send id `<workflow id>:<seq>`). */
  bizOpaque?: string;
  wamid: string;
  /** Date.now() when accepted. */
  at: number;
}

/** A row of a list message, as sent and as Meta returns it when the claimant picks it. */
export interface ListRow {
  id: string;
  title: string;
  description?: string;
}

/** Options for postInbound(): one claimant message as Meta would deliver it. */
export interface InboundMessage {
  /** Sender, E.164 (`+919800000001`) or digits; sent as digits like Meta does. */
  from: string;
  text?: string;
  /** Explicit wamid for redelivery tests; random if omitted. */
  messageId?: string;
  type?: 'text' | 'document' | 'image' | 'interactive';
  media?: { id: string; mime_type: string; filename?: string; caption?: string };
  /** A tapped reply button (type `interactive`): Meta sends its id and title, and the message it answers. */
  button?: { id: string; title: string; contextId?: string };
  /** A picked row of a list message (type `interactive`): Meta sends its id, title and description, and the message it answers. */
  row?: ListRow & { contextId?: string };
  /** Profile name in `contacts[]`. */
  name?: string;
  /** Overrides the app secret used to sign; '' sends no signature header. */
  signWith?: string;
}

/** Status callback options for postStatus(). */
export interface StatusUpdate {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** E.164 or digits. */
  recipient: string;
  /** The send's `biz_opaque_callback_data`, echoed as Meta does. */
  bizOpaque?: string;
  /** A `failed` status's error (default 131026, "Message undeliverable"). */
  error?: { code: number; title: string; details: string };
}

/** How the fake posts the status webhooks of the messages it accepted (./statuses.ts). */
export interface StatusWebhookOptions {
  /** `auto` posts them; `held` keeps them until releaseStatuses(); `off` never posts (a number without webhooks). */
  mode: 'auto' | 'held' | 'off';
  /** Pause before the first status of each message (ms). */
  delayMs: number;
  /** Every n-th status webhook is posted twice; 0: never. */
  twiceEvery: number;
  /** Give up re-posting one webhook after this long (ms). */
  retryForMs: number;
  /**
   * `read` after `delivered`, as Meta posts it when the claimant opens the message with read
   * receipts on (their privacy setting: off by default here, so nothing counts on it).
   */
  read: boolean;
  /**
   * Every n-th accepted message cannot be delivered: `sent`, then `failed` with Meta's error object
   * (`errors[]`: code, title, message, error_data.details, href), and nothing after; 0: never.
   */
  failEvery: number;
  /**
   * A base URL the status webhooks go to instead of the service (its `/channels/whatsapp/webhook`
   * path), for a bench that measures what posting them costs on the provider's side alone; unset:
   * the service, as Meta posts them.
   */
  sinkUrl?: string;
}

/** Result of a webhook POST into the service. */
export interface PostResult {
  status: number;
  /** Parsed JSON if the service answered JSON, else the raw text. */
  body: unknown;
}

/** Connection settings that may only be known after the service starts. */
export interface WhatsAppConfig {
  serviceUrl?: string;
  appSecret?: string;
  phoneNumberId?: string;
}

/** Handle on a running fake WhatsApp provider. */
export interface FakeWhatsApp {
  /** Base URL without trailing slash; the service may append a version like `/v20.0`. */
  readonly url: string;
  readonly port: number;
  /** Accepted messages in order. */
  readonly sent: SentMessage[];
  /** Status webhooks the service answered 200, in order. */
  readonly statusWebhooks: ReadonlyArray<{ wamid: string; status: string; bizOpaque?: string }>;
  /** How statuses are posted: `auto` (default), `held` until releaseStatuses(), or `off`; delay, repeats, retry span. */
  configureStatuses(options: Partial<StatusWebhookOptions>): void;
  /** Posts the statuses held so far. */
  releaseStatuses(): void;
  /** Emits 'message' (SentMessage) for every accepted message. */
  readonly events: EventEmitter;
  configure(cfg: WhatsAppConfig): void;
  /** Resolves once predicate(sent) is true; rejects at the deadline listing what was sent. */
  waitFor(predicate: (m: SentMessage[]) => boolean, timeoutMs?: number): Promise<SentMessage[]>;
  /** Answers each accepted send `ms` late (the message is recorded, and its statuses go out, first). */
  delayAnswers(ms: number): void;
  /** Holds the answer to each accepted send (recorded, statuses out, as above) until releaseAnswers(). */
  holdAnswers(): void;
  /** Answers the sends held so far, and holds no more. */
  releaseAnswers(): void;
  /** The next `n` outbound send requests answer `status`, and are not recorded. */
  failNext(n: number, status?: number): void;
  /** Clears sent messages, pending failures, held statuses and status options. */
  reset(): void;
  postInbound(msg: InboundMessage): Promise<PostResult & { messageId: string }>;
  /**
   * The claimant taps row `rowId` of a list message the fake accepted: Meta's `list_reply`
   * webhook from the message's recipient, answering it (`context.id`). Throws for a message that
   * is not a list, or a row it does not have: a claimant can only pick what they were shown.
   */
  tapRow(message: SentMessage, rowId: string): Promise<PostResult & { messageId: string }>;
  postStatus(update: StatusUpdate): Promise<PostResult>;
  /** Posts `body` to the webhook as-is with only the given headers (plus content-length). */
  postRaw(body: string, headers?: Record<string, string>): Promise<PostResult>;
  close(): Promise<void>;
}
