/**
 * Reply templates: variables are filled in, `|label` shows a claim status in the claimant's
 * language, and a variable nobody set prints as nothing rather than as `{{name}}`.
 */
import { expect } from 'chai';
import { AppError } from '../../src/errors';
import { TemplateRegistry, substitute } from '../../src/templates/template-registry';
import type { TenantStore } from '../../src/tenants/tenant-store';

describe('substitute', () => {
  const labels = { APPROVED: 'Approved', UNDER_REVIEW: 'Under review' };

  it('fills in variables, with or without spaces inside the braces', () => {
    expect(substitute('Claim {{claim_ref}}: {{ status }}', { claim_ref: 'XXXX1234', status: 'ok' }, labels)).to.equal('Claim XXXX1234: ok');
  });

  it('shows the label of a value with |label, and the value itself when it has no label', () => {
    expect(substitute('{{status|label}}', { status: 'APPROVED' }, labels)).to.equal('Approved');
    expect(substitute('{{status|label}}', { status: 'ON_HOLD' }, labels)).to.equal('ON_HOLD');
  });

  it('prints an unknown variable as an empty string', () => {
    expect(substitute('Hello {{name}}!', {}, labels)).to.equal('Hello !');
  });

  it('inserts markup in a variable as plain text, once', () => {
    expect(substitute('{{a}}', { a: '{{b}} <b>x</b>', b: 'no' }, labels)).to.equal('{{b}} <b>x</b>');
  });
});

describe('TemplateRegistry.render', () => {
  const tenants = (templates?: Record<string, Record<string, Record<string, string>>>) =>
    ({ get: async () => ({ tenant_id: 'acme', templates }) }) as unknown as TenantStore;
  const items = [{ claim_ref: 'XXXX0123', status: 'APPROVED', updated: '2024-11-18' }];

  it('renders one line per claim with the status label in Hindi', async () => {
    const out = await new TemplateRegistry(tenants()).render('acme', 'whatsapp', 'HI', { template: 'claim_status', vars: {}, items });
    expect(out.text).to.contain('क्लेम XXXX0123: स्वीकृत');
    expect(out.providerTemplate).to.deep.include({ name: 'claim_status_update', language: 'hi' });
  });

  it("prefers the tenant's own template over the shipped one", async () => {
    const own = tenants({ whatsapp: { EN: { help: 'Ask Acme: {{missing}}done' } } });
    const out = await new TemplateRegistry(own).render('acme', 'whatsapp', 'EN', { template: 'help', vars: {} });
    expect(out.text).to.equal('Ask Acme: done');
  });

  it('fails with template_missing for a template nobody defined', async () => {
    const err = await new TemplateRegistry(tenants()).render('acme', 'whatsapp', 'EN', { template: 'nope', vars: {} }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(AppError);
    expect((err as AppError).code).to.equal('template_missing');
  });
});
