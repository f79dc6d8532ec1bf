/**
 * Oversize request bodies are refused with 413 problem+json, whether the size is declared up
 * front (Content-Length) or only found while reading a chunked body, and the connection still
 * answers.
 */
import { expect } from 'chai';
import { request } from 'node:http';
import { startHarness, type Harness } from '../helpers/harness';

describe('request bodies', function () {
  this.timeout(30000);
  let h: Harness;
  before(async () => { h = await startHarness({ roles: ['api'] }); });
  after(async () => { await h?.close(); });

  it('answers a declared oversize token request with 413 payload_too_large', async () => {
    const res = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', pad: 'x'.repeat(20000) }) });
    expect(res.status).to.equal(413);
    expect(await res.json()).to.include({ error_code: 'payload_too_large' });
  });

  it('answers a chunked body that grows past the limit with 413, while it is still being sent', async () => {
    const url = new URL(`${h.apiUrl}/v1/auth/token`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => { body += d.toString(); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (let i = 0; i < 40; i++) req.write('x'.repeat(1024));
      req.end();
    });
    expect(answer.status).to.equal(413);
    expect(JSON.parse(answer.body)).to.include({ error_code: 'payload_too_large' });
    // The server is still well: the next request on a fresh connection is answered.
    expect((await fetch(`${h.apiUrl}/health`)).status).to.equal(200);
  });
});
