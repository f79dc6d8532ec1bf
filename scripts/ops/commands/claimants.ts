/** `claimant erase`: the claimant's erasure (DPDP Act 2023), through the same module as the API (src/claimants/erasure.ts). */
import { isClaimantPhone, phoneRule } from '../../../src/claimants/phone-number';
import { noMore, out, UsageError, type Command } from '../command';

export const claimantCommands: Command[] = [
  {
    words: ['claimant', 'erase'], args: 'TENANT PHONE [--json]', accepts: { json: true },
    help: [
      'erase a claimant: withdraw consent, cancel open workflows, remove',
      'every link from the phone number and claim ids to their data in',
      'Redis and the archive; writes a claimant.erased ledger event.',
      'Safe to run again (it finishes an erasure a crash interrupted)',
    ],
    prepare([tenantId, phone, ...extra], options) {
      if (!tenantId || !phone) throw new UsageError('claimant erase needs a TENANT and a PHONE (E.164)');
      if (!isClaimantPhone(phone)) throw new UsageError(`PHONE: ${phoneRule}`);
      noMore(extra);
      return async (s) => {
        await s.tenants.get(tenantId); // tenant_not_found (exit 1) for a tenant that is not configured
        const summary = await s.erasure.erase(tenantId, phone);
        // Counts only: the phone number is not printed back.
        out(options.json ? JSON.stringify({ erased: true, ...summary })
          : `claimant erased: ${summary.workflows} workflows (${summary.cancelled} cancelled, ${summary.archived_workflows} archived rows blanked), consent ${summary.consent_withdrawn ? 'withdrawn' : 'not on file'}`);
      };
    },
  },
];
