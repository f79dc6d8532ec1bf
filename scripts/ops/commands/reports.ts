/** `reports rebuild`: a tenant's report rows recomputed from its archive (docs/reports.md). */
import { Archiver } from '../../../src/archive/archiver';
import { noMore, out, UsageError, type Command } from '../command';

export const reportCommands: Command[] = [
  {
    words: ['reports', 'rebuild'], args: 'TENANT [--json]', accepts: { json: true },
    help: [
      'recompute the tenant\'s report figures (report_days) from its',
      'archived workflows, each day in the tenant\'s time_zone now: after',
      'a time_zone change, or for workflows archived before reports',
      'existed. Waits for a running archive pass of the tenant to end',
    ],
    prepare([tenantId, ...extra], options) {
      if (!tenantId) throw new UsageError('reports rebuild needs a TENANT');
      noMore(extra);
      return async (s) => {
        const archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock: s.clock, log: s.log, archive: s.archive, tenants: s.tenants });
        const rebuilt = await archiver.rebuildReports(tenantId);
        out(options.json ? JSON.stringify(rebuilt) : `report figures rebuilt: ${rebuilt.workflows} archived workflows on ${rebuilt.days} days`);
      };
    },
  },
];
