/**
 * OpenTelemetry tracing (docs/tracing.md): off unless configured (src/tracing/tracing-config.ts).
 * Off, `tracer` stays null and every call site checks it first: no span, no context, no
 * traceparent string, nothing allocated on the pipeline's hot path. On, the Node SDK posts spans
 * over OTLP/HTTP (JSON) in batches, sampled ParentBased(TraceIdRatioBased) at 10% by default.
 *
 * One claimant message is one trace: the W3C `traceparent` of the step that wrote a stage entry
 * travels in the entry's payload (`WorkflowPayload.traceparent`), and the next step's span is
 * its child, in whichever process runs it; a timer's entry carries the payload it was set with.
 *
 * Parents are always passed explicitly (a `Context`, or a `traceparent` string), never found
 * through an active context: no context manager is registered, because on Node 20 the
 * AsyncLocalStorage one hooks every promise the process makes, a cost every message would pay,
 * sampled or not (docs/tracing.md, "Cost"). The step's calls out (CMS, knowledge, provider) get
 * their parent from the step's context (src/tracing/traced-ports.ts), an API route from the
 * request's `ctx.state.traceparent`.
 *
 * No span name or attribute holds PHI: names are fixed strings (a stage's, an adapter's), and
 * attributes are ids the service makes (workflow ids, tenant ids), counts and outcomes.
 */
import {
  context, isSpanContextValid, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags,
  type Attributes, type Context, type Span, type SpanContext, type Tracer,
} from '@opentelemetry/api';
import type { IdGenerator, Sampler } from '@opentelemetry/sdk-trace-node';
import type { TracingConfig } from './tracing-config';

/** The tracer while tracing is on; null (the default) while it is off. */
export let tracer: Tracer | null = null;

let provider: { shutdown(): Promise<void>; forceFlush(): Promise<void> } | null = null;
/** Whether the sampler follows the parent's decision (`parentbased_*`, the default). */
let followsParent = false;
let users = 0;

/**
 * The ids of new spans. A new trace's id is drawn here before the SDK is asked (startSpanUnder),
 * so that the root sampler can decide on it first: a trace not sampled (nine in ten at the
 * default ratio, one for each claimant message the API takes in) then needs no SDK span at all,
 * and a sampled one is started by the SDK with that same id (`next`), which its sampler, deciding
 * on the trace id alone, keeps.
 */
class TraceIds implements IdGenerator {
  /** The trace id the SDK's next new trace takes, set just before it is started. */
  next: string | null = null;
  constructor(private readonly random: IdGenerator) {}
  generateTraceId(): string {
    const id = this.next ?? this.random.generateTraceId();
    this.next = null;
    return id;
  }
  generateSpanId(): string {
    return this.random.generateSpanId();
  }
  /** A trace id the SDK has not seen. */
  drawTraceId(): string {
    return this.random.generateTraceId();
  }
}

let ids: TraceIds | null = null;
/** Whether a new trace is sampled (its root sampler's decision), under a sampler that follows the parent; else null. */
let rootSampled: ((traceId: string, name: string, kind: SpanKind, attributes: Attributes) => boolean) | null = null;

/**
 * Starts tracing for this process when `config` is not null; a second start (two service
 * instances in one process, as tests run them) shares the first one's provider.
 */
export function startTracing(config: TracingConfig | null): void {
  if (!config) return;
  users += 1;
  if (provider) return;
  // Loaded only when tracing is on: a process with it off never loads the SDK.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeTracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, AlwaysOnSampler, AlwaysOffSampler, RandomIdGenerator, SamplingDecision } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const root: Sampler = config.sampler.endsWith('always_on') ? new AlwaysOnSampler()
    : config.sampler.endsWith('always_off') ? new AlwaysOffSampler() : new TraceIdRatioBasedSampler(config.ratio);
  followsParent = config.sampler.startsWith('parentbased_');
  const sampler = followsParent ? new ParentBasedSampler({ root }) : root;
  rootSampled = followsParent
    ? (traceId, name, kind, attributes) => root.shouldSample(ROOT_CONTEXT, traceId, name, kind, attributes, []).decision === SamplingDecision.RECORD_AND_SAMPLED
    : null;
  ids = new TraceIds(new RandomIdGenerator());
  const sdk = new NodeTracerProvider({
    sampler,
    idGenerator: ids,
    resource: resourceFromAttributes({ ...config.resourceAttributes, 'service.name': config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.url, headers: config.headers, timeoutMillis: config.timeoutMs }), { scheduledDelayMillis: config.scheduleDelayMs })],
  });
  // No context manager (`null`): parents are passed explicitly (see the header).
  sdk.register({ propagator: new W3CTraceContextPropagator(), contextManager: null });
  provider = sdk;
  tracer = trace.getTracer('claims-workflow-service');
}

/** Sends every span ended so far (tests, and before a process exits). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/** Ends tracing for one user of it; the last one flushes and shuts the provider down. */
export async function stopTracing(config: TracingConfig | null): Promise<void> {
  if (!config || !provider) return;
  users -= 1;
  if (users > 0) return;
  const ending = provider;
  provider = null;
  tracer = null;
  followsParent = false;
  rootSampled = null;
  ids = null;
  await ending.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
}

/** The ids W3C Trace Context says are invalid (all zeros). */
const zeroTraceId = '0'.repeat(32);
const zeroSpanId = '0'.repeat(16);

/**
 * Whether `value` is a W3C `traceparent` of version 00 with valid ids. Read for every step of
 * every message with tracing on (unsampledParent), so by character codes at fixed positions:
 * nothing is allocated.
 */
function isTraceparent(value: string): boolean {
  return value.length === 55 && value.startsWith('00-') && value.charCodeAt(35) === dash && value.charCodeAt(52) === dash
    && lowerHex(value, 3, 35) && lowerHex(value, 36, 52) && lowerHex(value, 53, 55)
    && !value.startsWith(zeroTraceId, 3) && !value.startsWith(zeroSpanId, 36);
}

const dash = 0x2d;

/** Whether `value[from..to)` is lowercase hexadecimal digits. */
function lowerHex(value: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/** Whether a valid `traceparent`'s flags have the sampled bit, the low bit of their last digit. */
function sampledFlag(value: string): boolean {
  const c = value.charCodeAt(54);
  return ((c <= 0x39 ? c - 0x30 : c - 0x57) & TraceFlags.SAMPLED) !== 0;
}

/** A W3C `traceparent` (version 00) as a remote span context, or null when it is not one. */
export function parseTraceparent(value: string | undefined): SpanContext | null {
  if (!value || !isTraceparent(value)) return null;
  return { traceId: value.slice(3, 35), spanId: value.slice(36, 52), traceFlags: sampledFlag(value) ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true };
}

/** A span's context as a W3C `traceparent`. */
export function traceparentOf(span: Span): string {
  const c = span.spanContext();
  return `00-${c.traceId}-${c.spanId}-${(c.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? '01' : '00'}`;
}

/** The context whose parent is the span a `traceparent` names (a new trace without one). */
export function contextOf(traceparent: string | undefined): Context {
  const parent = parseTraceparent(traceparent);
  return parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
}

/** The context whose parent is `span`: what the calls a span makes are started under. */
export function contextWith(span: Span): Context {
  return trace.setSpan(ROOT_CONTEXT, span);
}

/**
 * Runs `fn` in a new span, a child of `parent`, and ends it when `fn` settles; `fn` gets the span
 * (its children take `contextWith(span)`). A failure sets the span's status to error with the
 * error's code only (a message may quote PHI). Call it only with tracing on (`tracer !== null`).
 */
export async function inSpan<T>(name: string, kind: SpanKind, attributes: Attributes, fn: (span: Span) => Promise<T>, parent: Context): Promise<T> {
  const { span, own } = startSpanUnder(name, kind, attributes, parent);
  if (!own) return fn(span);
  try {
    return await fn(span);
  } catch (err) {
    failed(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/**
 * A new span, a child of `parent`, that the caller ends (`own`); or, under a parent the sampler
 * follows and that is not sampled, the parent's own span (`own` false: nothing to end), since a
 * span made there would never be recorded: the work runs under the parent, which carries the same
 * unsampled flag on to whatever it starts. Nine messages in ten at the default ratio, so none of
 * the SDK's work is done for them. `startTime`: when the span began, if before now (ms).
 */
export function startSpanUnder(name: string, kind: SpanKind, attributes: Attributes, parent: Context, startTime?: number): { span: Span; own: boolean } {
  const parentSpan = followsParent ? trace.getSpan(parent) : undefined;
  if (parentSpan !== undefined && recordsNothingUnder(parentSpan.spanContext())) return { span: parentSpan, own: false };
  if (rootSampled !== null && parentSpan === undefined) {
    // A new trace: the root sampler decides on its id before the SDK is asked (TraceIds).
    const traceId = ids!.drawTraceId();
    if (!rootSampled(traceId, name, kind, attributes)) {
      return { span: trace.wrapSpanContext({ traceId, spanId: ids!.generateSpanId(), traceFlags: TraceFlags.NONE }), own: false };
    }
    ids!.next = traceId;
  }
  try {
    return { span: tracer!.startSpan(name, { kind, attributes, ...(startTime === undefined ? {} : { startTime }) }, parent), own: true };
  } finally {
    // Taken by the SDK's new trace; never left for another one.
    if (ids) ids.next = null;
  }
}

/**
 * Whether work under this `traceparent` records nothing: the sampler follows the parent, and the
 * parent was not sampled. Such work needs no span and no context at all, only the `traceparent`
 * carried on as it came (nine messages in ten at the default ratio).
 */
export function unsampledParent(traceparent: string | undefined): boolean {
  return followsParent && traceparent !== undefined && isTraceparent(traceparent) && !sampledFlag(traceparent);
}

/** Under this parent a span would never be recorded: the sampler follows it, and it is not sampled. */
function recordsNothingUnder(parent: SpanContext): boolean {
  return followsParent && (parent.traceFlags & TraceFlags.SAMPLED) === 0 && isSpanContextValid(parent);
}

/** Marks `span` failed with the error's code only (a message may quote PHI). */
export function failed(span: Span, err: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: codeOf(err) });
}

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[a-z0-9_]{1,64}$/i.test(code) ? code : 'error';
}

export { SpanKind };
export type { Span };
