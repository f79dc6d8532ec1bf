/** `phi-ref-key rotate` and `phi-ref`: the key of the logs' PHI references, and one reference. */
import { randomBytes } from 'node:crypto';
import { err, noMore, out, readStdin, type Command } from '../command';

export const phiCommands: Command[] = [
  {
    words: ['phi-ref-key', 'rotate'],
    help: ['a new PHI_REF_KEY (printed once): set it in every process\'s', 'environment and restart; keep the old one with old logs'],
    prepare(rest) {
      noMore(rest);
      return async () => {
        out(JSON.stringify({ PHI_REF_KEY: randomBytes(32).toString('base64') }));
        err('A new PHI_REF_KEY, not shown again. Put it in the secret store, set it in every process\'s environment and restart them.\n'
          + 'Log references written before the restart were made with the old key: keep the old key as long as those logs,\n'
          + 'to find a claimant in them (PHI_REF_KEY=<old key> npm run ops -- phi-ref).');
      };
    },
  },
  {
    words: ['phi-ref'],
    help: ['the log reference (from_ref, claim_ref, user_ref, ...) of the', 'value read from standard input, under this PHI_REF_KEY'],
    prepare(rest) {
      noMore(rest);
      // Read from standard input, so the phone number or claim id stays out of the shell history.
      return async (s) => out(s.refs.of((await readStdin()).replace(/\r?\n$/, '')));
    },
  },
];
