/**
 * Operator views and actions on credentials: token signing keys (rotate, list) and API clients
 * (list with secret ages, rotate a secret with an overlap or at once, delete). Secrets are shown
 * once, when issued; nothing here prints a hash.
 */
import { ClientCredentials, secretMaxAgeMs } from '../auth/client-credentials';
import type { KeyInfo, SigningKeys } from '../auth/signing-keys';
import type { Clock } from '../clock';
import { AppError } from '../errors';

export interface CredentialDeps {
  signing: SigningKeys;
  clients: ClientCredentials;
  clock: Clock;
}

export interface ClientView {
  client_id: string;
  scopes: string[];
  created_at: string;
  /** Age of the current secret, in whole days. */
  secret_age_days: number;
  /** The current secret is older than 90 days: rotate it. */
  rotate_now: boolean;
  /** While a rotation's overlap runs: when the previous secret stops working. */
  previous_secret_until: string | null;
}

export async function rotateSigningKey({ signing, clock }: CredentialDeps): Promise<KeyInfo> {
  return signing.rotate(clock.now());
}

export async function listSigningKeys({ signing, clock }: CredentialDeps): Promise<KeyInfo[]> {
  return signing.list(clock.now());
}

export async function listClients({ clients, clock }: CredentialDeps, tenantId: string): Promise<ClientView[]> {
  const now = clock.now();
  return (await clients.list(tenantId)).map((c) => {
    const age = ClientCredentials.secretAge(c, now);
    const previous = c.secrets.filter((s) => s.expires_at !== null && s.expires_at > now).map((s) => s.expires_at!);
    return {
      client_id: c.client_id, scopes: c.scopes, created_at: new Date(c.created_at).toISOString(),
      secret_age_days: Math.floor(age / 86_400_000), rotate_now: age > secretMaxAgeMs,
      previous_secret_until: previous.length > 0 ? new Date(Math.max(...previous)).toISOString() : null,
    };
  });
}

export async function rotateClientSecret({ clients, clock }: CredentialDeps, clientId: string, overlapMs: number) {
  const rotated = await clients.rotate(clientId, overlapMs, clock.now());
  return { client_id: clientId, client_secret: rotated.client_secret, previous_secret_until: new Date(rotated.old_secrets_expire_at).toISOString() };
}

export async function deleteClient({ clients }: CredentialDeps, clientId: string): Promise<void> {
  if (!(await clients.remove(clientId))) throw new AppError('not_found', `no client ${clientId}`);
}
