/**
 * `bench-api-cluster.ts N`: N API processes (`src/main.ts api`) on one port, for the benches'
 * `--api N` (bench/bench-claim-status.ts). Started and stopped like one service process.
 *
 * Why node:cluster and not N ports: Node 20 has no `reusePort`, and with N ports the fake
 * providers (test/helpers/fakes), which post both the claimant's webhooks and the status webhooks
 * to one service URL, would each have to spread their posts. Under node:cluster this primary
 * accepts every connection and hands it to the workers in turn (round robin, Node's default on
 * Linux), so both kinds of post spread over the N processes as behind a load balancer, and the
 * fakes stay as the tests use them. The cost: this primary takes each new connection first (the
 * fakes keep connections alive, so that is once per connection, not per request).
 *
 * SIGTERM/SIGINT are passed to every worker (each shuts down gracefully, src/runtime/shutdown.ts)
 * and this process exits when they have. A worker that exits on its own ends the whole set with
 * status 1, so a bench does not go on with fewer API processes than it reports.
 */
import cluster from 'node:cluster';
import { join } from 'node:path';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write('usage: bench-api-cluster N (N >= 1 API processes)\n');
  process.exit(2);
}

// The workers run under the same Node options as this primary (tsx from the sources, none from dist/).
const main = join(__dirname, '..', 'src', __filename.endsWith('.js') ? 'main.js' : 'main.ts');
cluster.setupPrimary({ exec: main, args: ['api'] });
let stopping = false;
let running = count;
for (let i = 0; i < count; i++) cluster.fork();
cluster.on('exit', (worker, code, signal) => {
  running -= 1;
  if (!stopping) {
    process.stderr.write(`bench-api-cluster: API process ${worker.process.pid} exited (${signal ?? code}); stopping the others\n`);
    stopping = true;
    for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
    process.exitCode = 1;
  }
  if (running === 0) process.exit();
});
const stop = () => {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
