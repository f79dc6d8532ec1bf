/**
 * The calls a stage step makes to the world outside (the CMS, the knowledge index, a channel
 * provider), each in a client span that is a child of the step's span. Parents are passed, not
 * found (src/tracing/tracing.ts says why), so the step hands its stage a context whose ports
 * carry the step's span: the ports stay unaware of tracing, and with tracing off nothing here runs.
 * Span names and attributes are fixed strings, tenant ids and counts, never PHI (docs/tracing.md).
 */
import type { Context } from '@opentelemetry/api';
import type { StageContext } from '../../pipeline/types';
import { inSpan, SpanKind } from './tracing';

type CmsPort = StageContext['cms'];

/** `cms` with each call in a `cms <operation>` span under `parent` (the operation, never the path). */
export function tracedCms(cms: CmsPort, parent: Context): CmsPort {
  const span = <T>(tenantId: string, operation: string, call: () => Promise<T>): Promise<T> =>
    inSpan(`cms ${operation}`, SpanKind.CLIENT, { 'cw.tenant_id': tenantId, 'cw.cms.operation': operation }, call, parent);
  return {
    claimsByPhone: (tenantId, phone) => span(tenantId, 'claims_by_phone', () => cms.claimsByPhone(tenantId, phone)),
    claim: (tenantId, claimId) => span(tenantId, 'claim', () => cms.claim(tenantId, claimId)),
    pendingDocuments: (tenantId, claimId) => span(tenantId, 'pending_documents', () => cms.pendingDocuments(tenantId, claimId)),
  };
}

/** The stage context a traced step hands its stage: the same ports, the outside calls in spans under `parent`. */
export function tracedStageContext(ctx: StageContext, parent: Context): StageContext {
  return {
    ...ctx,
    cms: tracedCms(ctx.cms, parent),
    knowledge: {
      search: (tenantId, text, reasonCodes, language, limit) => inSpan('knowledge search', SpanKind.INTERNAL,
        { 'cw.tenant_id': tenantId, 'cw.language': language, 'cw.reason_codes': reasonCodes.length }, async (span) => {
          const hits = await ctx.knowledge.search(tenantId, text, reasonCodes, language, limit);
          span.setAttribute('cw.hits', hits.length);
          return hits;
        }, parent),
    },
    channel: {
      send: (tenantId, payload, reply, sendId) => inSpan(`${payload.channel} send`, SpanKind.CLIENT,
        { 'cw.tenant_id': tenantId, 'cw.channel': payload.channel }, () => ctx.channel.send(tenantId, payload, reply, sendId), parent),
    },
  };
}
