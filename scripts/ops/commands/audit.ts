/** `audit verify`: the tenant's hash chain, and a signed checkpoint against it. */
import { readFileSync } from 'node:fs';
import { walkTenantLedger } from '../../../src/audit/ledger-walk';
import { verifyPageSize, walkPace } from '../../../src/audit/walk-pacing';
import { readDeployment } from '../../../src/runtime/deployment';
import { noMore, out, UsageError, type Command } from '../command';

export const auditCommands: Command[] = [
  {
    words: ['audit', 'verify'], args: 'TENANT [CHECKPOINT_FILE] [--json]', accepts: { json: true },
    help: [
      'recompute the tenant\'s audit hash chain and name the first broken',
      'link; with a file holding a checkpoint (the compact JWS), also',
      'check that the ledger still holds what it signed; exit 1 if not',
    ],
    prepare([tenantId, checkpointFile, ...extra], options) {
      if (!tenantId) throw new UsageError('audit verify needs a TENANT');
      noMore(extra);
      const checkpoint = checkpointFile === undefined ? undefined : readFileSync(checkpointFile, 'utf8').trim();
      return async (s) => {
        // An unknown tenant is an error, not an empty chain that holds.
        await s.tenants.get(tenantId);
        // The issuer the service recorded (npm start does), so a checkpoint it signed verifies
        // whatever PORT or PUBLIC_URL this CLI's environment names (docs/configuration.md).
        const deployment = await readDeployment(s.redis, s.keys);
        if (deployment) s.checkpoints.acceptIssuer(deployment.issuer);
        // Paced like the API's verifications: its pages hold the same Redis every tenant reads.
        const walk = (position: number | null) => walkTenantLedger(s, tenantId, position, s.clock.now(), { pageSize: verifyPageSize, pace: walkPace(s.config.auditVerifyEventsPerSecond) });
        const result = await s.checkpoints.verify(tenantId, walk, checkpoint, s.clock.now());
        if (options.json) out(JSON.stringify(result));
        else {
          out(result.valid ? `chain intact: ${result.count} events, head ${result.head_hash}`
            : `chain BROKEN at event ${result.first_broken!.n} (${result.first_broken!.event_id}): ${result.first_broken!.problem}`);
          if (result.checkpoint) out(result.checkpoint.valid ? `checkpoint holds: the first ${result.checkpoint.count} events are as signed` : `checkpoint FAILS: ${result.checkpoint.problem}`);
        }
        return !result.valid || result.checkpoint?.valid === false ? 1 : 0;
      };
    },
  },
];
