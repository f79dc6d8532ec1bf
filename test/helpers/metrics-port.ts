/**
 * What an operator and a partner see of `/metrics`: nothing on the API's port, the registry on
 * the metrics listener of its own (METRICS_PORT; docs/configuration.md).
 */
import { expect } from 'chai';
import type { Harness } from './harness';

export async function expectMetricsOnItsOwnPort(h: Harness): Promise<void> {
  const api = await fetch(`${h.apiUrl}/metrics`);
  expect(api.status).to.equal(404);
  expect(await api.text()).to.not.contain('cw_');
  expect(h.roles.metricsUrl, 'a metrics listener of its own').to.be.a('string');
  const metrics = await fetch(`${h.roles.metricsUrl}/metrics`);
  expect(metrics.status).to.equal(200);
  expect(await metrics.text()).to.contain('cw_client_secrets_over_90_days');
}
