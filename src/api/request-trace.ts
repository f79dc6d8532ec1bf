/**
 * The API's part of a trace (docs/tracing.md): each request in a server span, and the request's
 * `traceparent` for the routes that start work in its trace. Parents are passed explicitly
 * (src/tracing/tracing.ts says why), so a route reads it here rather than from an active context.
 */
import type Koa from 'koa';
import { contextOf, inSpan, SpanKind, traceparentOf, tracer } from '../tracing/tracing';

interface TraceState { traceparent?: string }

/**
 * With tracing on, each request in a server span (a child of the caller's `traceparent`, if it
 * sends one), named by its method and route template once routed: never by its path, which may
 * hold an id the caller chose (docs/tracing.md). Its `traceparent` is `ctx.state.traceparent`:
 * what a route passes on as the parent of what the request starts (a workflow's first step).
 */
export async function requestSpan(ctx: Koa.Context, next: Koa.Next): Promise<void> {
  if (tracer === null) return next();
  const incoming = ctx.get('traceparent');
  await inSpan(`HTTP ${ctx.method}`, SpanKind.SERVER, { 'http.request.method': ctx.method }, async (span) => {
    (ctx.state as TraceState).traceparent = traceparentOf(span);
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      if (typeof route === 'string') {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', ctx.status);
    }
  }, contextOf(incoming || undefined));
}

/** The request's span as a `traceparent` (tracing on), else undefined. */
export function requestTraceparent(ctx: Koa.Context): string | undefined {
  return (ctx.state as TraceState).traceparent;
}
