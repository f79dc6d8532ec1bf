/**
 * Stage entries in the form `STAGE_ENTRY_FORM` names (src/runtime/envelope-codec.ts), as a rolling
 * upgrade meets them: the intake's and the hand-off's entries are written in the configured form
 * (with `fields`, none a release that reads only fields could not read), and a process configured
 * with the other form reads them and answers the claimant all the same.
 */
import { expect } from 'chai';
import { runnableStageNames } from '../../pipeline/stages';
import type { StageName } from '../../pipeline/vocabulary';
import { startRoles, type RunningRoles } from '../../src/roles';
import { packedEntryField, type StageEntryForm } from '../../src/runtime/envelope-codec';
import { seedUnderReviewClaims, startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

/** Every entry now in a stage's streams, over every partition, as XRANGE returns its fields. */
async function entriesOf(h: Harness, stage: StageName): Promise<string[][]> {
  const all: string[][] = [];
  for (let p = 0; p < h.config.partitions; p++) {
    const entries = (await h.services.redis.xrange(h.services.keys.stream(p, stage), '-', '+')) as [string, string[]][];
    all.push(...entries.map(([, fields]) => fields));
  }
  return all;
}

/** The form an entry was written in, read off its field names. */
function formOf(fields: string[]): StageEntryForm | 'other' {
  if (fields.length === 2 && fields[0] === packedEntryField) return 'packed';
  const names = fields.filter((_, i) => i % 2 === 0);
  return names.join(',') === 'wf,tenant,seq,attempt,payload' ? 'fields' : 'other';
}

describe('stage entries in the form STAGE_ENTRY_FORM names (a rolling upgrade)', function () {
  this.timeout(60000);
  for (const [form, other] of [['fields', 'packed'], ['packed', 'fields']] as const) {
    it(`writes ${form} entries; a process writing ${other} ones reads them and answers`, async () => {
      const h = await startHarness({ roles: ['api'], config: { stageEntryForm: form } });
      const running: RunningRoles[] = [];
      try {
        const phone = '+919833300001';
        seedUnderReviewClaims(h, [phone]);
        expect((await h.wa.postInbound({ from: phone, text: 'What is my claim status?' })).status).to.equal(200);
        // The intake's entry (ingestInbound), before any worker reads it.
        const gateway = await entriesOf(h, 'gateway');
        expect(gateway.map(formOf)).to.deep.equal([form]);

        // Every stage but outbound: the consent request waits in outbound's stream, written by a hand-off.
        const upstream = runnableStageNames.filter((s) => s !== 'outbound');
        running.push(await startRoles(h.services, { api: false, scheduler: false, stages: upstream }));
        const outbound = await waitFor(async () => {
          const entries = await entriesOf(h, 'outbound');
          return entries.length > 0 ? entries : null;
        }, { what: 'the reply entry in the outbound stream' });
        expect(outbound.map(formOf)).to.deep.equal([form]);
        expect(h.wa.sent.filter((m) => m.to === phone)).to.have.length(0);

        // Outbound of the other release's setting reads it and sends the reply.
        const otherServices = { ...h.services, config: Object.freeze({ ...h.services.config, stageEntryForm: other }) };
        running.push(await startRoles(otherServices, { api: false, scheduler: false, stages: ['outbound'] }));
        await h.wa.waitFor(() => h.wa.sent.some((m) => m.to === phone), 10000);
        expect(h.wa.sent.filter((m) => m.to === phone)).to.have.length(1);
      } finally {
        for (const r of running) await r.close();
        await h.close();
      }
    });
  }
});
