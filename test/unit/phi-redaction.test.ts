/**
 * Policy tier 3's PHI recognisers (pipeline/policy-gate/phi-redaction.ts, kinds in pipeline/data/phi-kinds.json):
 * each kind in ASCII and Devanagari digits with its EN, HI and HI_EN context words; checksums
 * telling an id from a number of the same length; what must stay readable (toll-free numbers,
 * amounts, dates of treatment, IFSC codes, masked ids, section numbers, payment references);
 * a tenant's own kinds. The labelled corpus is test/unit/phi-corpus.test.ts.
 */
import { expect } from 'chai';
import { findPhi, redactPhi } from '../../pipeline/policy-gate/phi-redaction';
import type { PhiKindSpec } from '../../pipeline/policy-gate/phi-kinds';

const kindsIn = (text: string, tenant: PhiKindSpec[] = []) => redactPhi(text, tenant).counts;

describe('redactPhi', () => {
  for (const phone of ['+91 98765 43210', '98765 43210', '98765-43210', '9876543210', '+919876543210', '09876543210', '098765 43210', '98 76 54 32 10', '987-654-3210', '(+91) 98765-43210']) {
    it(`masks the phone number ${phone}`, () => {
      const { text } = redactPhi(`Call us back on ${phone} today.`);
      expect(text).to.equal('Call us back on [phone removed] today.');
    });
  }

  it('leaves toll-free numbers, which are the insurer\'s, alone', () => {
    for (const n of ['1800 425 3030', '1800-102-4488', '18002665844', '1860 500 1000']) expect(kindsIn(`Call ${n} any time`), n).to.deep.equal({});
  });

  it('masks e-mail addresses', () => {
    const out = redactPhi('Write to ravi.kumar+claims@example.co.in for help');
    expect(out.text).to.equal('Write to [email removed] for help');
    expect(out.counts).to.deep.equal({ email: 1 });
  });

  it('masks an Aadhaar number with a valid Verhoeff check digit anywhere, and one without only beside the word', () => {
    // 4175 3377 2745 carries a valid check digit; 2345 6789 0123 does not.
    expect(redactPhi('KYC on file: 4175 3377 2745.').text).to.equal('KYC on file: [id removed].');
    expect(redactPhi('linked: 417533772745').counts).to.deep.equal({ aadhaar: 1 });
    expect(redactPhi('Aadhaar 2345 6789 0123').text).to.equal('Aadhaar [id removed]');
    expect(redactPhi('आधार २३४५ ६७८९ ०१२३').counts).to.deep.equal({ aadhaar: 1 });
    expect(redactPhi('Bill 2345 6789 0123 is paid').counts, 'the length alone is not an Aadhaar').to.deep.equal({});
  });

  it('masks PAN numbers, any case', () => {
    expect(redactPhi('PAN ABCDE1234F on file').text).to.equal('PAN [id removed] on file');
    expect(kindsIn('pan abcde1234f')).to.deep.equal({ pan: 1 });
  });

  it('masks ABHA numbers (14 digits, 2-4-4-4 anywhere, plain beside ABHA / health id) and ABHA addresses', () => {
    expect(kindsIn('ABHA 91-4742-7555-6926 used')).to.deep.equal({ abha_number: 1 });
    expect(kindsIn('हेल्थ आईडी २४३०१०५३५१३८५१ जोड़ें')).to.deep.equal({ abha_number: 1 });
    expect(kindsIn('Bill 24301053513851')).to.deep.equal({});
    expect(redactPhi('address ravi.kumar85@abdm or meena_s@sbx').text).to.equal('address [id removed] or [id removed]');
  });

  it('masks a bank account number beside its word in EN, HI and HI_EN, and never an amount', () => {
    expect(redactPhi('credit a/c no: 175570403816, IFSC HDFC0000123').text).to.equal('credit a/c no: [account removed], IFSC HDFC0000123');
    expect(kindsIn('मेरे खाते ४६६१०७८१३९४०७२२७२ में भेजें')).to.deep.equal({ bank_account: 1 });
    expect(kindsIn('Mera khata 85613445480 hai')).to.deep.equal({ bank_account: 1 });
    expect(kindsIn('Bill 85613445480 hai')).to.deep.equal({});
    for (const amount of ['Rs 45,000 credited to your account', '₹ 150000000 credited to your account', 'khate mein Rs.150000000 aaye', '₹४५,००० आपके खाते में']) {
      expect(kindsIn(amount), amount).to.deep.equal({});
    }
  });

  it('masks UPI ids, whole, phone-number handles included', () => {
    expect(redactPhi('Pay ravi.kumar@okaxis or 8288425232@ybl.').text).to.equal('Pay [upi removed] or [upi removed].');
    expect(redactPhi('Pay ravi.kumar@okaxis or 8288425232@ybl.').counts).to.deep.equal({ upi_id: 2 });
  });

  it('masks a card number with a valid Luhn digit anywhere, and one without only beside "card"', () => {
    expect(redactPhi('paid with 4111 1111 1111 1111').text).to.equal('paid with [card removed]');
    expect(kindsIn('Amex 3782 822463 10005')).to.deep.equal({ card: 1 });
    expect(kindsIn('card 4111 1111 1111 1112')).to.deep.equal({ card: 1 });
    expect(kindsIn('Registration 4111 1111 1111 1112')).to.deep.equal({});
  });

  it('masks a date of birth beside its word, and leaves the dates of treatment', () => {
    expect(redactPhi('DOB 12/03/1985, admitted on 14/11/2024.').text).to.equal('DOB [date removed], admitted on 14/11/2024.');
    expect(redactPhi('12/03/1985 (date of birth)').text).to.equal('[date removed] (date of birth)');
    expect(kindsIn('जन्म तिथि ५ अगस्त १९६२')).to.deep.equal({ dob: 1 });
    expect(kindsIn('Papa ka janam 2nd December 1950 ko hua')).to.deep.equal({ dob: 1 });
    expect(kindsIn('Admitted 12/03/2024, discharged 15 March 2024, bill dated 2024-03-16')).to.deep.equal({});
  });

  it('masks passport numbers beside the word, voter ids and driving licences', () => {
    expect(kindsIn('Passport No. J8369854')).to.deep.equal({ passport: 1 });
    expect(kindsIn('Bill B8369854')).to.deep.equal({});
    expect(kindsIn('वोटर आईडी ZRT4418265')).to.deep.equal({ voter_id: 1 });
    expect(redactPhi('DL MH12 20110012345 and KA-0520190004567').counts).to.deep.equal({ driving_licence: 2 });
  });

  it('leaves a masked claim reference, masked ids, a date, amounts, sections and IFSC codes alone', () => {
    const reply = '• Claim XXXX1234: Approved (updated 2024-11-18), amount 185000, ₹1,85,000; card XXXX XXXX XXXX 9925; section 4.2.1; IFSC SBIN0004321; GSTIN 27AAACN4165C1ZV';
    const out = redactPhi(reply);
    expect(out.text).to.equal(reply);
    expect(out.counts).to.deep.equal({});
  });

  it('leaves a payment reference that happens to pass the Aadhaar checksum', () => {
    // 385369880212 passes Verhoeff; said to be a reference, it is one.
    expect(kindsIn('NEFT reference number 385369880212')).to.deep.equal({});
    expect(kindsIn('number 385369880212')).to.deep.equal({ aadhaar: 1 });
  });

  it('reads Devanagari digits as digits: the phone, the account, the card', () => {
    expect(redactPhi('फ़ोन ९८७६५ ४३२१० करें').text).to.equal('फ़ोन [phone removed] करें');
    expect(kindsIn('खाता संख्या ७७०४०२४१९२०८६')).to.deep.equal({ bank_account: 1 });
    expect(kindsIn('कार्ड ४१११ ११११ ११११ ११११')).to.deep.equal({ card: 1 });
  });

  it('counts what it masked, by kind, and says where each value stood', () => {
    const out = redactPhi('a@b.in, c@d.in, ABCDE1234F, 9876543210');
    expect(out.counts).to.deep.equal({ email: 2, pan: 1, phone: 1 });
    expect(findPhi('call 9876543210 now')).to.deep.equal([{ kind: 'phone', start: 5, end: 15 }]);
  });

  it('masks a tenant\'s own kinds, with their context words and mask', () => {
    const memberId: PhiKindSpec = {
      kind: 'member_id', mask: '[member id removed]',
      patterns: [{ regex: 'ACME-M-\\d{6}', needs: 'none' }, { regex: '\\d{6}', needs: 'context' }],
      context: { EN: ['member id'], HI: ['सदस्य आईडी'], HI_EN: ['member id'] },
    };
    const out = redactPhi('Member ACME-M-004512; member id 004513; सदस्य आईडी ००४५१४; room 004515', [memberId]);
    expect(out.text).to.equal('Member [member id removed]; member id [member id removed]; सदस्य आईडी [member id removed]; room 004515');
    expect(out.counts).to.deep.equal({ member_id: 3 });
    expect(kindsIn('Member ACME-M-004512')).to.deep.equal({});
  });
});
