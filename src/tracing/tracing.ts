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
import type { TracingConfig } from './tracing-config';

/** The tracer while tracing is on; null (the default) while it is off. */
export let tracer: Tracer | null = null;

let provider: { shutdown(): Promise<void>; forceFlush(): Promise<void> } | null = null;
/** Whether the sampler follows the parent's decision (`parentbased_*`, the default). */
let followsParent = false;
let users = 0;

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
  const { NodeTracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, AlwaysOnSampler, AlwaysOffSampler } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const root = config.sampler.endsWith('always_on') ? new AlwaysOnSampler()
    : config.sampler.endsWith('always_off') ? new AlwaysOffSampler() : new TraceIdRatioBasedSampler(config.ratio);
  followsParent = config.sampler.startsWith('parentbased_');
  const sampler = followsParent ? new ParentBasedSampler({ root }) : root;
  const sdk = new NodeTracerProvider({
    sampler,
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
  await ending.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
}

const traceparentPattern = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
/** The ids W3C Trace Context says are invalid (all zeros). */
const zeroTraceId = '0'.repeat(32);
const zeroSpanId = '0'.repeat(16);

/**
 * A W3C `traceparent` (version 00) as a remote span context, or null when it is not one. Read
 * for every step of every message with tracing on (unsampledParent): one pattern test and
 * fixed-position slices, no match groups.
 */
export function parseTraceparent(value: string | undefined): SpanContext | null {
  if (!value || !traceparentPattern.test(value)) return null;
  const traceId = value.slice(3, 35);
  const spanId = value.slice(36, 52);
  if (traceId === zeroTraceId || spanId === zeroSpanId) return null;
  return { traceId, spanId, traceFlags: parseInt(value.slice(53), 16) & TraceFlags.SAMPLED, isRemote: true };
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
  return { span: tracer!.startSpan(name, { kind, attributes, ...(startTime === undefined ? {} : { startTime }) }, parent), own: true };
}

/**
 * Whether work under this `traceparent` records nothing: the sampler follows the parent, and the
 * parent was not sampled. Such work needs no span and no context at all, only the `traceparent`
 * carried on as it came (nine messages in ten at the default ratio).
 */
export function unsampledParent(traceparent: string | undefined): boolean {
  const parent = followsParent ? parseTraceparent(traceparent) : null;
  // parseTraceparent answers only valid ids: no need to check them again.
  return parent !== null && recordsNothingUnder(parent, true);
}

/**
 * Under this parent a span would never be recorded: the sampler follows it, and it is not sampled
 * (`idsValid`: its ids are known valid, as parseTraceparent's are).
 */
function recordsNothingUnder(parent: SpanContext, idsValid = false): boolean {
  return followsParent && (parent.traceFlags & TraceFlags.SAMPLED) === 0 && (idsValid || isSpanContextValid(parent));
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
