/**
 * The bound on every outbound call (src/adapters/http-client.ts): a CMS, provider or webhook
 * endpoint that never answers fails the call as a timeout, and one that answers but trickles its
 * body in (each piece well inside undici's idle `bodyTimeout`) is cut off at `timeoutMs` for the
 * whole call, as before.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { HttpFailure, httpJson } from '../../src/adapters/http-client';

describe('httpJson: every call is bounded by its timeout', function () {
  this.timeout(20000);
  let server: Server;
  let url: string;
  const trickles: NodeJS.Timeout[] = [];

  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/silent') return; // never answers
      if (req.url === '/trickle') {
        // Headers at once, then a byte every 20 ms for as long as the connection stays open.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"padding":"');
        const tick = setInterval(() => res.write('x'), 20);
        trickles.push(tick);
        res.on('close', () => clearInterval(tick));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => {
    for (const tick of trickles) clearInterval(tick);
    server.closeAllConnections();
    server.close();
  });

  it('answers a prompt call with its status and JSON', async () => {
    const answer = await httpJson(`${url}/ok`, { headers: {}, timeoutMs: 2000 });
    expect(answer.status).to.equal(200);
    expect(answer.json).to.deep.equal({ ok: true });
  });

  it('fails a call nobody answers as a timeout', async () => {
    const failure = await httpJson(`${url}/silent`, { headers: {}, timeoutMs: 300 }).then(() => null, (err: unknown) => err);
    expect(failure).to.be.instanceOf(HttpFailure);
    expect((failure as HttpFailure).kind).to.equal('timeout');
  });

  it('ends a call whose body never stops trickling in: the status, and no JSON from the cut body', async () => {
    // Each byte comes 20 ms after the last, far inside the 300 ms idle bound: only the bound on the
    // whole call ends it (without one this test would run into mocha's timeout).
    const answer = await httpJson(`${url}/trickle`, { headers: {}, timeoutMs: 300 });
    expect(answer.status).to.equal(200);
    expect(answer.json).to.equal(undefined);
  });
});
