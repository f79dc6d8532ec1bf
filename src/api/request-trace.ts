/**
 * The API's part of a trace (docs/tracing.md): requests in server spans, and the request's
 * `traceparent` for the routes that start work in its trace. Parents are passed explicitly
 * (src/tracing/tracing.ts says why), so a route reads it here rather than from an active context.
 */
import type Koa from 'koa';
import { contextOf, failed, SpanKind, startSpanUnder, traceparentOf, tracer, type Span } from '../tracing/tracing';

interface TraceState {
  traceparent?: string;
  /** A provider callback's span, started only if the route asks for its `traceparent`. */
  startSpan?: () => string;
}

/**
 * The providers' callbacks (WhatsApp's webhook, SMS messages and statuses): most carry only
 * delivery statuses, which belong to no claimant's message, so their request is traced only when
 * it takes a message in (the route asks for its `traceparent`); a callback of statuses alone makes
 * no span and asks no sampler. Every other request is traced whole.
 */
const callbackPaths: ReadonlySet<string> = new Set(['/channels/whatsapp/webhook', '/channels/sms/webhook', '/channels/sms/status']);

/**
 * With tracing on, a request in a server span (a child of the caller's `traceparent`, if it sends
 * one), named by its method and route template once routed: never by its path, which may hold an
 * id the caller chose (docs/tracing.md). Its `traceparent` (`requestTraceparent`) is what a route
 * passes on as the parent of what the request starts (a workflow's first step).
 */
export async function requestSpan(ctx: Koa.Context, next: Koa.Next): Promise<void> {
  if (tracer === null) return next();
  const state = ctx.state as TraceState;
  const startedAt = Date.now();
  const begin = () => startSpanUnder(`HTTP ${ctx.method}`, SpanKind.SERVER, { 'http.request.method': ctx.method }, contextOf(ctx.get('traceparent') || undefined), startedAt);
  let started: { span: Span; own: boolean } | null = null;
  if (ctx.method === 'POST' && callbackPaths.has(ctx.path)) {
    state.startSpan = () => traceparentOf((started ??= begin()).span);
  } else {
    started = begin();
    state.traceparent = traceparentOf(started.span);
  }
  try {
    await next();
  } catch (err) {
    if (started?.own) failed(started.span, err);
    throw err;
  } finally {
    if (started?.own) {
      const { span } = started;
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      if (typeof route === 'string') {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', ctx.status);
      span.end();
    }
  }
}

/** The request's span as a `traceparent` (tracing on; a provider callback's span starts here), else undefined. */
export function requestTraceparent(ctx: Koa.Context): string | undefined {
  const state = ctx.state as TraceState;
  if (state.traceparent === undefined && state.startSpan) state.traceparent = state.startSpan();
  return state.traceparent;
}
