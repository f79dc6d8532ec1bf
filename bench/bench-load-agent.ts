/**
 * One load process of `bench:claim-status --load-processes L` (bench/bench-load.ts): a tenant of
 * its own (`bench-load-<k>`, its own phone number id) wired to a fake CMS and a fake WhatsApp
 * provider of its own in this process (bench/bench-world.ts `startFakeTenant`), and that
 * tenant's claimants. Started by the bench with an IPC channel as
 * `bench-load-agent --index K --phones N --callbacks on|off --reads on|off --fail-every N`
 * (the bench's own options of those names), in the environment that names the
 * run's Redis and key prefix (KEY_PREFIX, REDIS_URL or REDIS_CLUSTER_NODES: the service's own
 * config reader takes them). It sends { ready: true } once onboarded, then answers the bench's
 * commands one at a time:
 *   { id, cmd: 'serve', serviceUrl }        the service is up: the provider posts there
 *   { id, cmd: 'warmup', concurrency }      every phone gives consent
 *   { id, cmd: 'burst', messages, concurrency, index, of }
 *   { id, cmd: 'steady', rate, seconds, index, of }
 *   { id, cmd: 'statuses' }                  whether every status webhook was taken
 *   { id, cmd: 'stop' }
 * with { id, ok: true, result } or { id, ok: false, error }.
 */
import { developmentUnlessNamed, loadConfig } from '../src/config';
import { option } from './bench-support';
import { ClaimantLoad } from './bench-load';
import { startFakeTenant } from './bench-world';

type Command =
  | { id: number; cmd: 'serve'; serviceUrl: string }
  | { id: number; cmd: 'warmup'; concurrency: number }
  | { id: number; cmd: 'burst'; messages: number; concurrency: number; index: number; of: number }
  | { id: number; cmd: 'steady'; rate: number; seconds: number; index: number; of: number }
  | { id: number; cmd: 'statuses' }
  | { id: number; cmd: 'stop' };

async function main(): Promise<void> {
  const index = Number(option('index', '0'));
  const phones = Number(option('phones', '500'));
  const config = loadConfig(developmentUnlessNamed(process.env), { logLevel: 'warn' });
  const fakes = await startFakeTenant(config, { tenantId: `bench-load-${index}`, phoneNumberId: `5550002${String(index).padStart(2, '0')}` });
  const { wa, tenant } = fakes;
  // Phones of their own (+91971<k><5 digits>): no two loads share a claimant.
  const load = new ClaimantLoad(fakes, 'whatsapp',
    Array.from({ length: phones }, (_, i) => `+91971${String(index).padStart(2, '0')}${String(i).padStart(5, '0')}`));
  const reads = option('reads', 'off') === 'on';
  wa.configureStatuses({ mode: option('callbacks', 'on') === 'off' ? 'off' : 'auto', read: reads, failEvery: Number(option('fail-every', '0')) });
  load.expectRead = reads;

  const run = async (c: Command): Promise<unknown> => {
    switch (c.cmd) {
      case 'serve':
        wa.configure({ serviceUrl: c.serviceUrl, appSecret: tenant.doc.channels.whatsapp.app_secret, phoneNumberId: tenant.doc.channels.whatsapp.phone_number_id });
        return null;
      case 'warmup': return load.warmup(c.concurrency);
      case 'burst': return load.burst(c.messages, c.concurrency, { index: c.index, of: c.of });
      case 'steady': return load.steady(c.rate, c.seconds, { index: c.index, of: c.of });
      case 'statuses': return load.statusesTaken();
      case 'stop':
        await fakes.close();
        return null;
    }
  };
  process.on('message', (c: Command) => {
    run(c).then(
      (result) => { process.send!({ id: c.id, ok: true, result }); if (c.cmd === 'stop') process.disconnect(); },
      (err: Error) => process.send!({ id: c.id, ok: false, error: err.message }),
    );
  });
  // The bench gone (its IPC channel closed) means this process has nothing left to do.
  process.on('disconnect', () => process.exit(0));
  process.send!({ ready: true });
}

main().catch((err: Error) => {
  console.error(`load process failed: ${err.message}`);
  process.exit(1);
});
