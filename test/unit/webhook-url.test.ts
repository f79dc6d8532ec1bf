/**
 * The webhook URL rules and SSRF guard (src/webhooks/endpoint-url.ts), with the production rules
 * and a stand-in resolver: https only, and no host that is or resolves to a private, loopback,
 * link-local or otherwise internal address, IPv4 or IPv6.
 */
import { expect } from 'chai';
import { AppError } from '../../src/errors';
import { ConfigError, loadConfig } from '../../src/config';
import { checkEndpointUrl, guardedLookup, isRefusedAddress, type AllowedTarget, type Resolve } from '../../src/webhooks/endpoint-url';

const dns: Record<string, string[]> = {
  'hooks.partner.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'mixed.partner.example': ['93.184.216.34', '10.1.2.3'],
  'v6-internal.partner.example': ['fd12:3456::1'],
  'metadata.partner.example': ['169.254.169.254'],
  'mapped.partner.example': ['::ffff:192.168.1.10'],
  'hooks.internal': ['10.20.0.7'],
};
const resolve: Resolve = async (host) => {
  const found = dns[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

async function refusal(url: unknown, environment: 'production' | 'development' | 'test' = 'production', allowedTargets: AllowedTarget[] = []): Promise<string> {
  try {
    await checkEndpointUrl(url, { environment, resolve, allowedTargets });
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

  describe('in production and development: public https on 443 or 8443, private targets only when the operator names them', () => {
    const allowed: AllowedTarget[] = [{ host: '127.0.0.1', port: 9000 }, { host: 'hooks.internal', port: null }, { host: 'fd00::5', port: 8443 }];
    const accepted = async (url: string, environment: 'production' | 'development', allowedTargets: AllowedTarget[] = allowed) =>
      (await checkEndpointUrl(url, { environment, resolve, allowedTargets })).href;

    it('refuses loopback and private targets in development by default, http and https alike', async () => {
      for (const url of ['http://127.0.0.1:9000/hooks', 'http://localhost:9000/hooks', 'http://[::1]:9000/hooks', 'http://127.0.0.2/', 'http://127.0.0.1:9/']) {
        expect(await refusal(url, 'development'), url).to.match(/https/);
      }
      for (const url of ['https://127.0.0.1/hooks', 'https://10.0.0.1/in', 'https://[fd00::5]:8443/in', 'https://hooks.internal/in', 'https://metadata.partner.example/latest']) {
        expect(await refusal(url, 'development'), url).to.match(/private, loopback.*WEBHOOK_ALLOWED_PRIVATE_TARGETS/);
      }
      expect(await refusal('https://localhost/in', 'development')).to.match(/loopback/);
      expect(await refusal('https://not-resolvable.invalid/in', 'development')).to.match(/does not resolve/);
      expect(await accepted('https://hooks.partner.example/in', 'development')).to.equal('https://hooks.partner.example/in');
    });

    it('allows a target the operator named: host alone for any port, host:port for that port only; http to it in development only', async () => {
      expect(await accepted('http://127.0.0.1:9000/hooks', 'development')).to.equal('http://127.0.0.1:9000/hooks');
      expect(await accepted('https://hooks.internal/in', 'development')).to.equal('https://hooks.internal/in');
      expect(await accepted('https://hooks.internal:7000/in', 'production')).to.equal('https://hooks.internal:7000/in');
      expect(await accepted('https://[fd00::5]:8443/in', 'production')).to.equal('https://[fd00::5]:8443/in');
      expect(await refusal('http://127.0.0.1:9001/hooks', 'development', allowed)).to.match(/https/);
      // Another port of a target named with one is judged by the public rules.
      expect(await refusal('https://[fd00::5]/in', 'production', allowed)).to.match(/private, loopback/);
      expect(await refusal('http://hooks.internal/in', 'production', allowed)).to.match(/https:\/\/ in production/);
      expect(await refusal('https://127.0.0.2:9000/hooks', 'development', allowed)).to.match(/port must be one of|private, loopback/);
    });

    it('refuses a public host on any port but 443 and 8443', async () => {
      for (const environment of ['production', 'development'] as const) {
        for (const port of [6379, 22, 25, 80, 8080, 9200]) {
          expect(await refusal(`https://hooks.partner.example:${port}/in`, environment), `${environment} ${port}`).to.match(/port must be one of 443, 8443/);
        }
        expect(await accepted(`https://hooks.partner.example:443/in`, environment)).to.equal('https://hooks.partner.example/in');
        expect(await accepted(`https://93.184.216.34:8443/in`, environment)).to.equal('https://93.184.216.34:8443/in');
      }
    });

    it('resolves every connection in development too, refusing a name that resolves to a private address unless the operator named it', async () => {
      const look = (environment: 'production' | 'development', allowedTargets: AllowedTarget[]) => new Promise<string>((done) => {
        guardedLookup(environment, allowedTargets)!('localhost', { all: true }, (err) => done(err ? (err as NodeJS.ErrnoException).code ?? 'error' : 'ok'));
      });
      expect(await look('development', [])).to.equal('EWEBHOOKADDRESS');
      expect(await look('production', [])).to.equal('EWEBHOOKADDRESS');
      expect(await look('development', [{ host: 'localhost', port: 9000 }])).to.equal('ok');
      expect(guardedLookup('test')).to.equal(undefined);
    });

    it('reads WEBHOOK_ALLOWED_PRIVATE_TARGETS as host or host:port entries, empty by default', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).webhookAllowedPrivateTargets).to.deep.equal([]);
      expect(loadConfig({ NODE_ENV: 'development', WEBHOOK_ALLOWED_PRIVATE_TARGETS: 'Hooks.Internal:8443, 10.0.0.5,[FD00::5]:443,127.0.0.1:80' }).webhookAllowedPrivateTargets).to.deep.equal([
        { host: 'hooks.internal', port: 8443 }, { host: '10.0.0.5', port: null }, { host: 'fd00::5', port: 443 }, { host: '127.0.0.1', port: 80 },
      ]);
      for (const bad of ['http://10.0.0.5', '10.0.0.5/x', 'user@host', 'host:99999', '*.internal']) {
        expect(() => loadConfig({ NODE_ENV: 'development', WEBHOOK_ALLOWED_PRIVATE_TARGETS: bad }), bad).to.throw(ConfigError, /WEBHOOK_ALLOWED_PRIVATE_TARGETS/);
      }
    });
  });

  describe('in test', () => {
    it('allows plain http only to loopback, and https anywhere without resolving', async () => {
      for (const url of ['http://127.0.0.1:9000/hooks', 'http://localhost:9000/hooks', 'http://[::1]:9000/hooks', 'http://127.0.0.2/']) {
        expect((await checkEndpointUrl(url, { environment: 'test', resolve })).href, url).to.be.a('string');
      }
      expect(await refusal('http://hooks.partner.example/in', 'test')).to.match(/loopback/);
      expect(await refusal('http://10.0.0.1/in', 'test')).to.match(/loopback/);
      expect((await checkEndpointUrl('https://not-resolvable.invalid/in', { environment: 'test', resolve })).hostname).to.equal('not-resolvable.invalid');
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
