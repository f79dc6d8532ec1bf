/**
 * `npm run chat`: play the claimant in the terminal. Lines you type are posted to the service
 * through the fake provider's control endpoint (WhatsApp, or SMS with `--channel sms`), as the
 * claimant's phone would send them, and the service's replies are long-polled from it and printed
 * as `bot> ...`. `/doc FILE` sends a document (on SMS an MMS attachment), `/help` lists the commands.
 *
 * Needs `npm start` running: it writes where the fake providers listen to .data/demo.json. When
 * the provider stops answering (the service restarted: its fake providers listen on new ports),
 * the chat reads that file again and carries on with the provider it names now. Options:
 * `--channel whatsapp|sms`, `--provider URL` (a fixed provider address: never re-read),
 * `--phone +91...` (who you are), `--data-dir DIR` (where `npm start -- --data-dir DIR` writes).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { parseArgs } from 'node:util';

interface DemoInfo {
  providerUrl?: string;
  smsProviderUrl?: string;
  demoPhones?: string[];
}

interface SentView {
  seq: number;
  type: 'text' | 'template' | 'interactive';
  text?: string;
  template?: { name: string; language: string; params: string[] };
  buttons?: Array<{ id: string; title: string }>;
  list?: { button: string; sections: Array<{ rows: Array<{ id: string; title: string }> }> };
}

/** What a claimant can tap in a message: its reply buttons, or its list message's rows. */
function tappable(m: SentView): Array<{ id: string; title: string; row: boolean }> {
  if (m.buttons?.length) return m.buttons.map((b) => ({ ...b, row: false }));
  return (m.list?.sections ?? []).flatMap((s) => s.rows).map((r) => ({ id: r.id, title: r.title, row: true }));
}

const E164 = /^\+[1-9]\d{6,14}$/;
const POLL_WAIT_MS = 20_000;

function loadDemoInfo(file: string): DemoInfo {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoInfo;
  } catch {
    // Missing, or being rewritten by a starting service this very moment: read again later.
    return {};
  }
}

/**
 * What a claimant's phone sends for a file: WhatsApp, a `document` message with its file name
 * (an `image` for a photo); SMS, an MMS whose attachment has a content type and no name.
 */
function documentMessage(channel: string, from: string, fileName: string): Record<string, unknown> {
  const ext = path.extname(fileName).toLowerCase();
  const image = ext === '.jpg' || ext === '.jpeg' || ext === '.png';
  const mimeType = ext === '.jpg' || ext === '.jpeg' ? 'image/jpeg' : ext === '.png' ? 'image/png' : 'application/pdf';
  if (channel === 'sms') return { from, media: { contentType: mimeType } };
  const id = String(Math.floor(Math.random() * 1e15));
  return image
    ? { from, type: 'image', media: { id, mime_type: mimeType } }
    : { from, type: 'document', media: { id, mime_type: mimeType, filename: fileName } };
}

function formatReply(m: SentView): string {
  if (m.type === 'template' && m.template) {
    const params = m.template.params.length > 0 ? `: ${m.template.params.join(' | ')}` : '';
    return `[template ${m.template.name} (${m.template.language})]${params}`;
  }
  // Indent continuation lines so multi-line replies stay readable under the `bot> ` prefix.
  const text = (m.text ?? '').split('\n').join('\n     ');
  // Reply buttons or a list message's rows: tap one with /tap N, as a claimant taps on the phone.
  const buttons = tappable(m).map((b, i) => `[${i + 1}] ${b.title}`).join('  ');
  const opens = m.list ? `(${m.list.button}) ` : '';
  return buttons ? `${text}\n     ${opens}${buttons}   (/tap N)` : text;
}

/** Highest seq the provider has sent so far, so only new replies are shown. */
async function currentSeq(providerUrl: string): Promise<number> {
  try {
    const res = await fetch(`${providerUrl}/_control/sent?after=0&wait=0`);
    return ((await res.json()) as { lastSeq?: number }).lastSeq ?? 0;
  } catch {
    return 0; // Provider not up yet: the poll loop reports it.
  }
}

async function main(): Promise<void> {
  const { values: options } = parseArgs({ options: {
    provider: { type: 'string' }, phone: { type: 'string' }, channel: { type: 'string', default: 'whatsapp' }, 'data-dir': { type: 'string' },
  } });
  if (options.channel !== 'whatsapp' && options.channel !== 'sms') {
    console.error('--channel is whatsapp or sms');
    process.exit(1);
  }
  const sms = options.channel === 'sms';
  const demoFile = path.join(path.resolve(options['data-dir'] ?? path.join(__dirname, '..', '.data')), 'demo.json');
  const demo = loadDemoInfo(demoFile);
  // Both fake providers have the same control endpoints; SMS replies are plain text.
  const providerOf = (info: DemoInfo) => (options.provider ?? (sms ? info.smsProviderUrl : info.providerUrl))?.replace(/\/+$/, '');
  const named = providerOf(demo);
  if (!named) {
    console.error(`No service found (${path.relative(process.cwd(), demoFile)} is missing).\nStart the service first with \`npm start\`, then run \`npm run chat\` in another terminal.`);
    process.exit(1);
  }
  let providerUrl = named;
  let phone = options.phone ?? demo.demoPhones?.[0] ?? '+919800000001';
  // Fetch before the interface exists: readline drops lines that arrive before a 'line' listener.
  let lastSeq = await currentSeq(providerUrl);
  let lastButtons: Array<{ id: string; title: string; row: boolean }> = [];
  let poll = new AbortController();
  let stopped = false;

  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, prompt: 'you> ' });
  /** Prints above the prompt without mangling what the user is typing. */
  const say = (line: string): void => {
    readline.clearLine(process.stdout, 0);
    readline.cursorTo(process.stdout, 0);
    console.log(line);
    rl.prompt(true);
  };

  // SMS has no reply buttons: the service numbers the choices and the claimant answers with the number.
  const helpLines = [
    '/doc FILE      send a document, as the phone sends a file (e.g. /doc discharge.pdf)',
    ...(sms ? [] : ['/tap N         tap reply button (or list row) N of the last message']),
    '/phone +91...  switch to another claimant\'s number',
    '/help          this list',
    '/quit          exit',
  ];
  const showBanner = (): void => {
    console.log(`chatting as ${phone} by ${sms ? 'SMS' : 'WhatsApp'} via ${providerUrl}`);
    if (demo.demoPhones?.length) console.log(`demo phones: ${demo.demoPhones.join(', ')}`);
    console.log('try: claim status / mera claim status kya hai / मेरे क्लेम की स्थिति');
    console.log(`the first message from a new number asks for consent: answer YES.${sms ? ' Numbered choices: reply with the number.' : ''} /help lists the commands.`);
  };

  /**
   * After a failed call: the provider named in the demo file now, if it is another one (the
   * service restarted), else null. Replies are counted afresh at a new provider.
   */
  const reconnect = async (): Promise<string | null> => {
    if (options.provider) return null;
    const next = providerOf(loadDemoInfo(demoFile));
    if (!next || next === providerUrl) return null;
    providerUrl = next;
    lastSeq = await currentSeq(next);
    return next;
  };

  /** Background loop: long-polls replies for the current phone until stopped or the phone changes. */
  const pollLoop = async (signal: AbortSignal, forPhone: string): Promise<void> => {
    let warned = false;
    while (!stopped && !signal.aborted) {
      try {
        const q = new URLSearchParams({ to: forPhone, after: String(lastSeq), wait: String(POLL_WAIT_MS) });
        const res = await fetch(`${providerUrl}/_control/sent?${q.toString()}`, { signal });
        const body = (await res.json()) as { messages: SentView[]; lastSeq?: number };
        for (const m of body.messages) {
          if (tappable(m).length) lastButtons = tappable(m);
          say(`bot> ${formatReply(m)}`);
          lastSeq = Math.max(lastSeq, m.seq);
        }
        warned = false;
      } catch {
        if (signal.aborted || stopped) return;
        const moved = await reconnect();
        if (moved) {
          say(`(the service restarted: now via ${moved})`);
          warned = false;
          continue;
        }
        if (!warned) say('(provider unreachable, retrying... is `npm start` still running?)');
        warned = true;
        // Back off so a dead provider is not hammered; this is an interactive script, not a test.
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };

  const startPolling = (): void => {
    poll.abort();
    poll = new AbortController();
    void pollLoop(poll.signal, phone);
  };

  /** Posts one message through the provider's documented inbound path; once more through a new provider after a restart. */
  const send = async (message: Record<string, unknown>, retried = false): Promise<void> => {
    try {
      const res = await fetch(`${providerUrl}/_control/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
      });
      const body = (await res.json()) as { status?: number; body?: unknown; error?: string; message?: string };
      if (res.status !== 200) say(`(not delivered: ${body.error ?? res.status}${body.message ? ` - ${body.message}` : ''})`);
      else if ((body.status ?? 0) >= 300) say(`(service answered ${body.status}: ${JSON.stringify(body.body)})`);
    } catch (err) {
      const moved = retried ? null : await reconnect();
      if (moved) {
        say(`(the service restarted: now via ${moved})`);
        startPolling();
        return send(message, true);
      }
      say(`(could not reach the provider at ${providerUrl}: ${(err as Error).message})`);
    }
  };

  showBanner();
  startPolling();
  rl.prompt();

  rl.on('line', (input) => {
    const line = input.trim();
    if (line === '/quit' || line === '/exit') return rl.close();
    if (line === '/help') {
      say(helpLines.join('\n'));
      return;
    }
    if (line === '/doc' || line.startsWith('/doc ')) {
      const fileName = line.slice('/doc'.length).trim();
      if (!fileName) {
        say('usage: /doc FILE (e.g. /doc discharge.pdf)');
        return;
      }
      say(`you sent: ${sms ? 'an MMS attachment' : 'a document'} (${fileName})`);
      void send(documentMessage(options.channel!, phone, fileName)).then(() => rl.prompt());
      return;
    }
    if (line.startsWith('/phone')) {
      const next = line.slice('/phone'.length).trim();
      if (!E164.test(next)) {
        say('usage: /phone +919800000002 (E.164)');
        return;
      }
      phone = next;
      say(`now chatting as ${phone}`);
      void currentSeq(providerUrl).then((seqNow) => {
        lastSeq = seqNow;
        startPolling();
      });
      return;
    }
    if (line.startsWith('/tap') && !sms) {
      const button = lastButtons[Number(line.slice('/tap'.length).trim()) - 1];
      if (!button) {
        say(lastButtons.length ? `usage: /tap 1..${lastButtons.length}` : '(no buttons to tap yet)');
        return rl.prompt();
      }
      say(`you tapped: ${button.title}`);
      const { row, ...picked } = button;
      void send(row ? { from: phone, type: 'interactive', row: picked } : { from: phone, type: 'interactive', button: picked }).then(() => rl.prompt());
      return;
    }
    if (line.length === 0) return rl.prompt();
    if (line.startsWith('/')) {
      say(`unknown command ${line.split(' ')[0]}: /help lists them`);
      return;
    }
    void send({ from: phone, text: line }).then(() => rl.prompt());
  });

  rl.on('close', () => {
    stopped = true;
    poll.abort();
    console.log('bye');
    process.exit(0);
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
