/**
 * A development deployment is partner-facing: a partner cannot aim its webhook endpoint at
 * loopback or private services unless the operator named them (WEBHOOK_ALLOWED_PRIVATE_TARGETS),
 * nor at another port of a public host, and the API port does not answer `/metrics` (it lists
 * every tenant id); METRICS_PORT does (docs/webhooks.md, docs/configuration.md).
 */
import { expect } from 'chai';
import { startHarness, type Harness } from '../helpers/harness';
import { expectMetricsOnItsOwnPort } from '../helpers/metrics-port';
import { freePort } from '../helpers/redis';

describe('a development deployment\'s exposure to partners', function () {
  this.timeout(60000);
  let h: Harness;
  let allowedPort: number;

  before(async () => {
    allowedPort = await freePort();
    h = await startHarness({
      roles: ['api'],
      config: { environment: 'development', metricsPort: await freePort() },
      env: { NODE_ENV: 'development', WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${allowedPort}` },
    });
  });
  after(async () => { await h?.close(); });

  const putEndpoint = (url: string) => h.api('/v1/webhooks/endpoint', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });

  it('refuses webhook URLs to loopback and private addresses the operator did not name, and other ports of public hosts', async () => {
    const refused: string[] = [];
    for (const url of [
      'http://127.0.0.1:9/hooks', 'http://127.0.0.1:6379/', 'http://localhost:8080/metrics', `http://127.0.0.1:${h.config.metricsPort}/metrics`,
      'https://127.0.0.1/hooks', 'https://10.0.0.8/hooks', 'https://192.168.1.1/hooks', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hooks',
      `https://127.0.0.1:${allowedPort + 1}/hooks`, 'https://93.184.216.34:6379/', 'https://93.184.216.34:22/',
    ]) {
      const res = await putEndpoint(url);
      const body = (await res.json()) as { error_code?: string };
      if (res.status !== 400 || body.error_code !== 'invalid_webhook_url') refused.push(`${url} -> ${res.status} ${body.error_code ?? ''}`);
    }
    expect(refused, 'URLs not refused with 400 invalid_webhook_url').to.deep.equal([]);
    expect((await h.api('/v1/webhooks/endpoint')).status, 'no endpoint was stored').to.equal(404);
  });

  it('takes a loopback target the operator named in WEBHOOK_ALLOWED_PRIVATE_TARGETS, plain http included', async () => {
    expect(h.config.webhookAllowedPrivateTargets).to.deep.equal([{ host: '127.0.0.1', port: allowedPort }]);
    const res = await putEndpoint(`http://127.0.0.1:${allowedPort}/hooks`);
    expect(res.status, await res.clone().text()).to.equal(201);
  });

  it('does not answer /metrics on the API port; METRICS_PORT does', async () => {
    await expectMetricsOnItsOwnPort(h);
  });
});
