/**
 * The webhook URL rules and SSRF guard (src/webhooks/endpoint-url.ts), with the production rules
 * and a stand-in resolver: https only, and no host that is or resolves to a private, loopback,
 * link-local or otherwise internal address, IPv4 or IPv6.
 */
import { expect } from 'chai';
import { AppError } from '../../src/errors';
import { checkEndpointUrl, isRefusedAddress, type Resolve } from '../../src/webhooks/endpoint-url';

const dns: Record<string, string[]> = {
  'hooks.partner.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'mixed.partner.example': ['93.184.216.34', '10.1.2.3'],
  'v6-internal.partner.example': ['fd12:3456::1'],
  'metadata.partner.example': ['169.254.169.254'],
  'mapped.partner.example': ['::ffff:192.168.1.10'],
};
const resolve: Resolve = async (host) => {
  const found = dns[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

async function refusal(url: unknown, environment: 'production' | 'development' | 'test' = 'production'): Promise<string> {
  try {
    await checkEndpointUrl(url, { environment, resolve });
  } catch (err) {
    expect(err).to.be.instanceOf(AppError);
    expect((err as AppError).code).to.equal('invalid_webhook_url');
    expect((err as AppError).status).to.equal(400);
    return (err as AppError).message;
  }
  throw new Error(`${String(url)} was accepted`);
}

describe('webhook URL rules', () => {
  describe('in production', () => {
    it('accepts https to a host whose every address is public', async () => {
      expect((await checkEndpointUrl('https://hooks.partner.example/claims?x=1', { environment: 'production', resolve })).href)
        .to.equal('https://hooks.partner.example/claims?x=1');
      expect((await checkEndpointUrl('https://93.184.216.34:8443/in', { environment: 'production', resolve })).host).to.equal('93.184.216.34:8443');
    });

    it('refuses plain http, even to a public host', async () => {
      expect(await refusal('http://hooks.partner.example/in')).to.match(/https/);
    });

    it('refuses private, loopback, link-local, CGNAT and "this network" IPv4 literals', async () => {
      for (const host of ['10.0.0.1', '172.16.0.1', '172.31.255.254', '192.168.0.10', '127.0.0.1', '127.9.9.9', '169.254.169.254', '0.0.0.0', '100.64.0.1', '100.127.255.254']) {
        expect(await refusal(`https://${host}/in`), host).to.match(/private, loopback/);
      }
      // WHATWG URL parsing turns these spellings into 127.0.0.1 before the check.
      for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://127.1/']) expect(await refusal(url), url).to.match(/127\.0\.0\.1/);
    });

    it('refuses loopback, unique-local, link-local and IPv4-mapped private IPv6 literals', async () => {
      for (const host of ['[::1]', '[fc00::1]', '[fd00:abcd::5]', '[fe80::1]', '[febf::1]', '[::ffff:10.0.0.1]', '[::ffff:127.0.0.1]', '[::]']) {
        expect(await refusal(`https://${host}/in`), host).to.match(/private, loopback/);
      }
    });

    it('refuses a name that resolves to any refused address, and localhost names', async () => {
      expect(await refusal('https://mixed.partner.example/in')).to.match(/resolves to .*10\.1\.2\.3/);
      expect(await refusal('https://v6-internal.partner.example/in')).to.match(/fd12:3456::1/);
      expect(await refusal('https://metadata.partner.example/latest')).to.match(/169\.254\.169\.254/);
      expect(await refusal('https://mapped.partner.example/in')).to.match(/::ffff:192\.168\.1\.10/);
      expect(await refusal('https://localhost/in')).to.match(/loopback/);
      expect(await refusal('https://LOCALHOST./in')).to.match(/loopback/);
      expect(await refusal('https://api.localhost/in')).to.match(/loopback/);
      expect(await refusal('https://nowhere.partner.example/in')).to.match(/does not resolve/);
    });

    it('refuses what is not a plain absolute https URL', async () => {
      expect(await refusal('')).to.match(/non-empty/);
      expect(await refusal(42)).to.match(/non-empty/);
      expect(await refusal('/relative')).to.match(/absolute/);
      expect(await refusal('ftp://hooks.partner.example/')).to.match(/https/);
      expect(await refusal('https://user:pw@hooks.partner.example/')).to.match(/credentials/);
      expect(await refusal('https://hooks.partner.example/#frag')).to.match(/fragment/);
      expect(await refusal(`https://hooks.partner.example/${'a'.repeat(2048)}`)).to.match(/2048/);
    });
  });

  describe('in development and test', () => {
    it('allows plain http only to loopback, and https anywhere without resolving', async () => {
      for (const url of ['http://127.0.0.1:9000/hooks', 'http://localhost:9000/hooks', 'http://[::1]:9000/hooks', 'http://127.0.0.2/']) {
        expect((await checkEndpointUrl(url, { environment: 'test', resolve })).href, url).to.be.a('string');
      }
      expect(await refusal('http://hooks.partner.example/in', 'development')).to.match(/loopback/);
      expect(await refusal('http://10.0.0.1/in', 'test')).to.match(/loopback/);
      expect((await checkEndpointUrl('https://not-resolvable.invalid/in', { environment: 'development', resolve })).hostname).to.equal('not-resolvable.invalid');
    });
  });

  it('classifies addresses', () => {
    for (const a of ['10.255.0.1', '192.168.1.1', '172.20.0.1', '127.0.0.1', '169.254.1.1', '0.1.2.3', '100.64.1.1', '::1', 'fe80::abcd', 'fdff::1', '::ffff:a00:1', 'not-an-ip']) {
      expect(isRefusedAddress(a), a).to.equal(true);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isRefusedAddress(a), a).to.equal(false);
    }
  });
});
