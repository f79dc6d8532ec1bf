/**
 * Fake partner Claims Management System (CMS): a real HTTP server speaking the
 * partner contract, so the service's CMS client, timeouts, retries and circuit
 * breaker are exercised over real sockets in tests, benchmarks and the demo.
 * The pieces are in cms/ (server, demo-data, types); this is what callers import.
 *
 * Standalone: `npx tsx test/helpers/fakes/fake-cms.ts --port 4100 --key demo-cms-key`
 */
import { parseArgs } from 'node:util';
import { DEMO_PHONES, seedDemoData } from './cms/demo-data';
import { startFakeCms } from './cms/server';

export { DEMO_PHONE_APPROVED, DEMO_PHONE_MULTI, DEMO_PHONES, seedDemoData } from './cms/demo-data';
export { startFakeCms } from './cms/server';
export type { FakeClaim, FakeCms, PendingDocument } from './cms/types';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4100' },
      host: { type: 'string', default: '127.0.0.1' },
      key: { type: 'string', default: 'demo-cms-key' },
    },
  });
  const cms = await startFakeCms({ port: Number(values.port), host: values.host });
  seedDemoData(cms, values.key);
  console.log(`fake CMS listening on ${cms.url} (api key "${values.key}", demo phones ${DEMO_PHONES.join(', ')})`);
  const stop = (): void => {
    void cms.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
