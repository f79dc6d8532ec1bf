/**
 * Signed checkpoints of a tenant's audit ledger: the head hash and event count, signed with the
 * service's token key (RS256, `kid`, verifiable through the JWKS). A partner who keeps them can
 * later prove that the ledger up to that point was not rewritten: the event at that position
 * must still carry that hash, and the chain up to it must still hold.
 */
import { jwtVerify, SignJWT, type JWK } from 'jose';
import type { SigningKeys } from '../auth/signing-keys';
import type { Config } from '../config';
import type { ChainCheck, LedgerWalk } from './audit-chain';

const checkpointType = 'audit-checkpoint+jwt';

export interface Checkpoint {
  tenant_id: string;
  count: number;
  head_hash: string;
  issued_at: string;
  /** Compact JWS over the fields above. */
  checkpoint: string;
  /** The public key that verifies it: keep it with the checkpoint, since keys retire. */
  jwk: JWK;
}

export class Checkpoints {
  constructor(private readonly config: Config, private readonly signing: SigningKeys) {}

  private audience(): string {
    return `${this.config.jwtAudience}:audit-checkpoint`;
  }

  async issue(tenantId: string, count: number, headHash: string, nowMs: number): Promise<Checkpoint> {
    const { kid, key } = await this.signing.signingKey(nowMs);
    const iat = Math.floor(nowMs / 1000);
    const checkpoint = await new SignJWT({ tenant_id: tenantId, ledger_count: count, ledger_head: headHash })
      .setProtectedHeader({ alg: 'RS256', kid, typ: checkpointType })
      .setIssuer(this.config.jwtIssuer).setAudience(this.audience()).setIssuedAt(iat)
      .sign(key);
    const jwk = (await this.signing.jwks(nowMs)).keys.find((k) => k.kid === kid) as JWK;
    return { tenant_id: tenantId, count, head_hash: headHash, issued_at: new Date(iat * 1000).toISOString(), checkpoint, jwk };
  }

  /**
   * Checks a ledger, walked a page at a time by `walk` (in process, or on the verification worker:
   * src/audit/ledger-verifier.ts), and with a checkpoint also that the ledger still holds what it
   * signed. A checkpoint of another tenant, or one that does not verify, is reported as such.
   */
  async verify(tenantId: string, walk: (position: number | null) => Promise<LedgerWalk>, checkpoint: string | undefined, nowMs: number): Promise<ChainCheck & { checkpoint: null | { valid: boolean; count?: number; problem?: string } }> {
    const signed = checkpoint === undefined ? null : await this.signedPosition(tenantId, checkpoint, nowMs);
    const { check: result, at } = await walk(signed && 'count' in signed ? signed.count : null);
    if (signed === null) return { ...result, checkpoint: null };
    if ('problem' in signed) return { ...result, checkpoint: { valid: false, problem: signed.problem } };
    const { count, head } = signed;
    if (!at || !at.intact || at.hash !== head) {
      return { ...result, checkpoint: { valid: false, count, problem: `the ledger no longer holds what the checkpoint signed at event ${count}: it was rewritten` } };
    }
    return { ...result, checkpoint: { valid: true, count } };
  }

  /** The position and head hash a checkpoint signed, or why it cannot be used (also a truncation checkpoint's). */
  async signedPosition(tenantId: string, checkpoint: string, nowMs: number): Promise<{ count: number; head: string } | { problem: string }> {
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(checkpoint, async (header) => {
        if (header.typ !== checkpointType || !header.kid) throw new Error('not a checkpoint');
        const key = await this.signing.publicKey(header.kid, nowMs);
        if (!key) throw new Error('unknown key');
        return key;
      }, { algorithms: ['RS256'], issuer: this.config.jwtIssuer, audience: this.audience() }));
    } catch {
      return { problem: 'the checkpoint does not verify (signature, key or form)' };
    }
    const count = Number(claims.ledger_count);
    if (claims.tenant_id !== tenantId || !Number.isInteger(count) || typeof claims.ledger_head !== 'string') {
      return { problem: 'the checkpoint is not one of this tenant' };
    }
    return { count, head: claims.ledger_head };
  }
}
