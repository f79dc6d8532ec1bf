/**
 * A tenant's own dedupe lifetime (`retention.dedupe` in its document, docs/retention.md): the
 * marker of a message id it took expires after it; a tenant that sets none keeps
 * `INBOUND_DEDUPE_SECONDS`.
 */
import { expect } from 'chai';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

describe('retention: a tenant\'s dedupe lifetime', function () {
  this.timeout(30000);
  let h: Harness;
  before(async () => { h = await startHarness({ roles: ['api'] }); });
  after(async () => { await h?.close(); });

  const ttlOf = async (from: string) => {
    const { messageId } = await h.wa.postInbound({ from, text: 'claim status' });
    const key = h.services.keys.seenMessage(h.services.keys.partitionOf('acme', from), 'acme', messageId);
    return waitFor(async () => { const ttl = await h.services.redis.ttl(key); return ttl > 0 ? ttl : null; }, { what: 'the dedupe marker' });
  };

  it('keeps INBOUND_DEDUPE_SECONDS by default, and the tenant\'s own lifetime once its document sets one', async () => {
    expect(await ttlOf('+919855501001')).to.be.within(h.config.inboundDedupeSeconds - 5, h.config.inboundDedupeSeconds);
    await h.services.tenants.put({ ...h.tenant.doc, retention: { dedupe: '2h' } }, h.services.clock.now());
    expect(await ttlOf('+919855501002')).to.be.within(7200 - 5, 7200);
  });
});
