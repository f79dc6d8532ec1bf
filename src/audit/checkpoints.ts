/**
 * Signed checkpoints of a tenant's audit ledger: the head hash and event count, signed with the
 * service's token key (RS256, `kid`, verifiable through the JWKS). A partner who keeps them can
 * later prove that the ledger up to that point was not rewritten: the event at that position
 * must still carry that hash, and the chain up to it must still hold.
 */
import { errors, jwtVerify, SignJWT, type JWK } from 'jose';
import type { SigningKeys } from '../auth/signing-keys';
import type { Config } from '../config';
import { genesisHash, type ChainCheck, type LedgerWalk } from './audit-chain';

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
  /** Issuers a checkpoint may name: the configured one, and any an operator tool adds (acceptIssuer). */
  private readonly issuers: string[];

  constructor(private readonly config: Config, private readonly signing: SigningKeys) {
    this.issuers = [config.jwtIssuer];
  }

  /**
   * Also accepts checkpoints naming `issuer`: for the operator CLI, which verifies with the keys in
   * the deployment's Redis and takes the issuer the service recorded there (src/runtime/deployment.ts),
   * whatever PORT or PUBLIC_URL its own environment names.
   */
  acceptIssuer(issuer: string): void {
    if (issuer && !this.issuers.includes(issuer)) this.issuers.push(issuer);
  }

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
    // A checkpoint of an empty ledger signed the genesis hash: there is no event to hold it.
    const holds = count === 0 ? head === genesisHash : Boolean(at && at.intact && at.hash === head);
    if (!holds) {
      return { ...result, checkpoint: { valid: false, count, problem: `the ledger no longer holds what the checkpoint signed at event ${count}: it was rewritten` } };
    }
    return { ...result, checkpoint: { valid: true, count } };
  }

  /** The position and head hash a checkpoint signed, or why it cannot be used (also a truncation checkpoint's). */
  async signedPosition(tenantId: string, checkpoint: string, nowMs: number): Promise<{ count: number; head: string } | { problem: string }> {
    let claims: Record<string, unknown>;
    // Why the key could not be had, when that is what failed: said as such, not as a bad signature.
    let keyProblem: string | null = null;
    try {
      ({ payload: claims } = await jwtVerify(checkpoint, async (header) => {
        if (header.typ !== checkpointType || !header.kid) throw new Error('not a checkpoint');
        let key: Awaited<ReturnType<SigningKeys['publicKey']>>;
        try {
          key = await this.signing.publicKey(header.kid, nowMs);
        } catch (err) {
          keyProblem = `could not fetch the keys to check it: ${(err as Error).message}`;
          throw err;
        }
        if (!key) {
          keyProblem = `it was signed with key ${header.kid}, which this deployment does not publish (retired, or another deployment's: are REDIS_URL and KEY_PREFIX the service's?)`;
          throw new Error('unknown key');
        }
        return key;
      }, { algorithms: ['RS256'], issuer: this.issuers, audience: this.audience() }));
    } catch (err) {
      if (keyProblem) return { problem: keyProblem };
      if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'iss') {
        return { problem: `it names the issuer ${String(err.payload.iss)}, not this deployment's ${this.issuers.join(' or ')} (JWT_ISSUER, else PUBLIC_URL, else http://127.0.0.1:PORT: give the verifier the service's settings)` };
      }
      return { problem: 'the checkpoint does not verify (signature, key or form)' };
    }
    const count = Number(claims.ledger_count);
    if (claims.tenant_id !== tenantId || !Number.isInteger(count) || typeof claims.ledger_head !== 'string') {
      return { problem: 'the checkpoint is not one of this tenant' };
    }
    return { count, head: claims.ledger_head };
  }
}
