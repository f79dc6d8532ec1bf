/**
 * The channel-status stream's two entry forms (src/intake/channel-status-entry.ts): a packed
 * entry reads back as the status recorded, an earlier writer's fields read the same, and a
 * provider's value with a line break cannot shift the parts after it.
 */
import { expect } from 'chai';
import { packChannelStatus, packedStatusField, readChannelStatus, type ChannelStatusEntry } from '../../src/intake/channel-status-entry';

const status: ChannelStatusEntry = {
  channel: 'sms', provider_message_id: 'SM0123456789abcdef0123456789abcdef', status: 'undelivered', at: '1795000000000',
  recipient_ref: 'r1:0a1b2c3d4e5f', error_code: '30003',
};

describe('channel-status entries (both forms)', () => {
  it('packs a status in one field, its parts in order', () => {
    expect(packChannelStatus(status)).to.deep.equal([packedStatusField, 'sms\nSM0123456789abcdef0123456789abcdef\nundelivered\n1795000000000\nr1:0a1b2c3d4e5f\n30003']);
    expect(readChannelStatus(packChannelStatus(status))).to.deep.equal(status);
    expect(readChannelStatus(packChannelStatus({ ...status, error_code: '' }))).to.deep.equal({ ...status, error_code: '' });
  });

  it("reads an earlier writer's fields as the same status, with or without an error code", () => {
    const { error_code: code, ...rest } = status;
    expect(readChannelStatus([...Object.entries(rest).flat(), 'error_code', code])).to.deep.equal(status);
    expect(readChannelStatus(Object.entries(rest).flat())).to.deep.equal({ ...status, error_code: '' });
  });

  it("puts a provider's value with a line break on one line, so the parts after it stay in place", () => {
    const odd = readChannelStatus(packChannelStatus({ ...status, status: 'failed\nat', provider_message_id: 'SM\r\nx' }));
    expect(odd).to.deep.equal({ ...status, status: 'failed at', provider_message_id: 'SM  x' });
  });
});
