/**
 * Policy tier 3: no phone number, e-mail address, Aadhaar or PAN leaves in a reply; the masked
 * claim reference the templates print (XXXX + last four) and ordinary numbers stay readable.
 */
import { expect } from 'chai';
import { redactPhi } from '../../pipeline/phi-redaction';

describe('redactPhi', () => {
  for (const phone of ['+91 98765 43210', '98765 43210', '98765-43210', '9876543210', '+919876543210']) {
    it(`masks the phone number ${phone}`, () => {
      const { text } = redactPhi(`Call us back on ${phone} today.`);
      expect(text).not.to.match(/\d{5}/);
      expect(text).to.match(/^Call us back on .*removed\] today\.$/);
    });
  }

  it('masks e-mail addresses', () => {
    const out = redactPhi('Write to ravi.kumar+claims@example.co.in for help');
    expect(out.text).to.equal('Write to [email removed] for help');
    expect(out.counts).to.deep.equal({ email: 1 });
  });

  it('masks Aadhaar numbers, grouped or not', () => {
    const out = redactPhi('Aadhaar 2345 6789 0123 and 234567890123');
    expect(out.text).to.equal('Aadhaar [id removed] and [id removed]');
    expect(out.counts).to.deep.equal({ aadhaar: 2 });
  });

  it('masks PAN numbers', () => {
    expect(redactPhi('PAN ABCDE1234F on file').text).to.equal('PAN [id removed] on file');
  });

  it('leaves a masked claim reference, a date and an amount alone', () => {
    const reply = '• Claim XXXX1234: Approved (updated 2024-11-18), amount 185000';
    const out = redactPhi(reply);
    expect(out.text).to.equal(reply);
    expect(out.counts).to.deep.equal({});
  });

  it('counts what it masked, by kind', () => {
    const out = redactPhi('a@b.in, c@d.in, ABCDE1234F, 9876543210');
    expect(out.counts).to.deep.equal({ email: 2, pan: 1, phone: 1 });
  });
});
