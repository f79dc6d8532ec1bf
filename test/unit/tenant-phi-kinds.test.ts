/**
 * A tenant's own PHI kinds in its tenant document (`phi_kinds`, docs/policy-gate.md "PHI kinds"):
 * accepted in the global kinds' format, refused with a reason when a pattern does not compile,
 * a need cannot be met or a name is taken.
 */
import { expect } from 'chai';
import { checkTenantDocument } from '../../src/tenants/tenant-document';

const base = {
  tenant_id: 'acme', name: 'Acme TPA',
  cms: { base_url: 'https://cms.acme.example', api_key: 'cms-key-0123456789' },
  channels: { whatsapp: { phone_number_id: '100200300', app_secret: 'app-secret-0123', access_token: 'EAAG-token-0123', graph_base: 'https://graph.facebook.com/v20.0' } },
};
const memberId = { kind: 'member_id', mask: '[member id removed]', patterns: [{ regex: 'ACME-M-\\d{6}', needs: 'none' }] };

describe('tenant document: phi_kinds', () => {
  it('accepts a tenant kind in the format of pipeline/data/phi-kinds.json', () => {
    const withContext = { kind: 'policy_holder_id', patterns: [{ regex: '\\d{8}', needs: 'context' }], context: { EN: ['holder id'], HI: ['धारक आईडी'] }, window: 20 };
    const checked = checkTenantDocument({ ...base, phi_kinds: [memberId, withContext] });
    expect(checked.ok, JSON.stringify(checked)).to.equal(true);
  });

  it('refuses a pattern that does not compile, a need nothing meets, a taken name, and a kind outside the schema', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...memberId, patterns: [{ regex: 'ACME-(', needs: 'none' }] }, /\/phi_kinds\/0 member_id: pattern .* does not compile/],
      [{ ...memberId, patterns: [{ regex: '\\d{6}', needs: 'context' }] }, /needs context and the kind has no context words/],
      [{ ...memberId, patterns: [{ regex: '\\d{6}', needs: 'checksum' }] }, /needs a checksum and the kind names none/],
      [{ ...memberId, kind: 'phone' }, /kind phone is already a kind/],
      [{ ...memberId, kind: 'Member Id' }, /\/phi_kinds\/0\/kind/],
      [{ ...memberId, patterns: [{ regex: '\\d{6}', needs: 'sometimes' }] }, /\/phi_kinds\/0\/patterns\/0\/needs/],
    ];
    for (const [kind, problem] of cases) {
      const checked = checkTenantDocument({ ...base, phi_kinds: [kind] });
      expect(checked.ok, JSON.stringify(kind)).to.equal(false);
      if (!checked.ok) expect(checked.errors.join('\n'), JSON.stringify(kind)).to.match(problem);
    }
    const twice = checkTenantDocument({ ...base, phi_kinds: [memberId, memberId] });
    expect(twice.ok).to.equal(false);
  });
});
