/**
 * The HTTP adapter for a partner's CMS (contract: docs/cms-contract.md). Read-only, per-tenant
 * base URL and API key, a timeout on every call, and a circuit breaker per tenant (opossum) so a
 * CMS that is down is not hammered and claimants get the "temporarily unavailable" reply at once.
 */
import CircuitBreaker from 'opossum';
import type { Claim, PendingDocument } from '../../../pipeline/types';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import type { Metrics } from '../../metrics';
import type { TenantStore } from '../../tenants/tenant-store';
import { httpJson, type HttpAnswer } from '../http-client';

type CmsCall = (tenantId: string, path: string) => Promise<unknown>;

export class HttpCms {
  private readonly breakers = new Map<string, CircuitBreaker<Parameters<CmsCall>, unknown>>();

  constructor(
    private readonly tenants: TenantStore,
    private readonly config: Config,
    private readonly log: Logger,
    private readonly metrics: Metrics,
  ) {}

  async claimsByPhone(tenantId: string, phone: string): Promise<Claim[]> {
    const body = (await this.call(tenantId, `/claims?phone=${encodeURIComponent(phone)}`)) as { claims?: unknown };
    if (!body || !Array.isArray(body.claims)) throw new AppError('cms_rejected', 'CMS answered without a claims list');
    return body.claims as Claim[];
  }

  async claim(tenantId: string, claimId: string): Promise<Claim | null> {
    const body = await this.orNullOn404(this.call(tenantId, `/claims/${encodeURIComponent(claimId)}`));
    if (body === null) return null;
    if (typeof body !== 'object' || typeof (body as Claim).claim_id !== 'string') throw new AppError('cms_rejected', 'CMS answered without a claim object');
    return body as Claim;
  }

  async pendingDocuments(tenantId: string, claimId: string): Promise<PendingDocument[] | null> {
    const body = (await this.orNullOn404(this.call(tenantId, `/claims/${encodeURIComponent(claimId)}/pending-documents`))) as { documents?: unknown } | null;
    if (body === null) return null;
    if (!Array.isArray(body.documents)) throw new AppError('cms_rejected', 'CMS answered without a documents list');
    // Only well-formed entries: a document without a code cannot be matched or reported.
    return body.documents
      .filter((d): d is PendingDocument => !!d && typeof (d as PendingDocument).code === 'string')
      .map((d) => ({ code: d.code, name: typeof d.name === 'string' ? d.name : d.code }));
  }

  /** A 404 on a single-claim path means "no such claim", an answer rather than a failure. */
  private async orNullOn404(call: Promise<unknown>): Promise<unknown> {
    try {
      return await call;
    } catch (err) {
      if (err instanceof AppError && err.extra.status === 404) return null;
      throw err;
    }
  }

  private call(tenantId: string, path: string): Promise<unknown> {
    return this.breaker(tenantId).fire(tenantId, path).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      const open = (err as { code?: string }).code === 'EOPENBREAKER';
      throw new AppError('cms_unavailable', open ? 'CMS circuit breaker is open' : `CMS call failed: ${(err as Error).message}`, { cause: err });
    });
  }

  private breaker(tenantId: string): CircuitBreaker<Parameters<CmsCall>, unknown> {
    let breaker = this.breakers.get(tenantId);
    if (breaker) return breaker;
    breaker = new CircuitBreaker<Parameters<CmsCall>, unknown>((t: string, p: string) => this.request(t, p), {
      timeout: false, // each request has its own abort timeout
      errorThresholdPercentage: this.config.breakerErrorPercent,
      resetTimeout: this.config.breakerResetMs,
      volumeThreshold: this.config.breakerVolumeThreshold,
      // A 404 is an answer, not an outage.
      errorFilter: (err: unknown) => err instanceof AppError && err.extra.status === 404,
    });
    const report = (state: 'closed' | 'half_open' | 'open') => () => {
      this.metrics.setBreaker(tenantId, state);
      this.log[state === 'open' ? 'warn' : 'info']({ tenant_id: tenantId, breaker: state }, `CMS circuit breaker ${state}`);
    };
    breaker.on('open', report('open'));
    breaker.on('halfOpen', report('half_open'));
    breaker.on('close', report('closed'));
    this.metrics.setBreaker(tenantId, 'closed');
    this.breakers.set(tenantId, breaker);
    return breaker;
  }

  private async request(tenantId: string, path: string): Promise<unknown> {
    const tenant = await this.tenants.get(tenantId);
    const url = `${tenant.cms.base_url.replace(/\/$/, '')}${path}`;
    let answer: HttpAnswer;
    try {
      answer = await httpJson(url, { headers: { authorization: `Bearer ${tenant.cms.api_key}`, accept: 'application/json' }, timeoutMs: this.config.cmsTimeoutMs });
    } catch (err) {
      throw new AppError('cms_unavailable', `CMS ${(err as Error).message}`, { cause: err });
    }
    if (answer.status >= 500) throw new AppError('cms_unavailable', `CMS answered ${answer.status}`, { extra: { status: answer.status } });
    if (answer.status >= 300) throw new AppError('cms_rejected', `CMS answered ${answer.status}`, { extra: { status: answer.status } });
    if (answer.json === undefined) throw new AppError('cms_rejected', 'CMS answered without a JSON body');
    return answer.json;
  }

  shutdown(): void {
    for (const breaker of this.breakers.values()) breaker.shutdown();
  }
}
