/**
 * `npm run chat` as a newcomer plays the claimant next to `npm start`: `/help` lists the
 * commands, `/doc FILE` sends a document through the fake provider's inbound path as the phone
 * would (the service answers it as a document), the chat carries on after the service restarts
 * (the fake providers listen on new ports: it reads where from demo.json again), `/tap N` picks
 * a choice (a reply button or a list message's row), and by SMS it offers no `/tap` (SMS has no
 * buttons: choices are numbered).
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ctrlC, killGroup, killRedisOn, newDataDir, npmStart, untilUp, type NpmStart } from '../helpers/npm-start';
import { freePort } from '../helpers/redis';
import { logLineReader } from '../helpers/suite-log';
import { waitFor } from '../helpers/wait';

const root = join(__dirname, '..', '..');

interface Chat {
  child: ChildProcess;
  /** Types a line as at the terminal. */
  type(line: string): void;
  /** Waits until what the chat printed since `from` matches; returns where the match ends. */
  until(pattern: RegExp, from: number, what: string, timeoutMs?: number): Promise<number>;
  printed(): string;
}

function startChat(dataDir: string, args: string[] = []): Chat {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/chat.ts', '--data-dir', dataDir, ...args], {
    cwd: root, stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  let output = '';
  const [readOut, readErr] = [logLineReader(), logLineReader()];
  child.stdout!.on('data', (d: Buffer) => { output += d.toString(); readOut(d); });
  child.stderr!.on('data', (d: Buffer) => { output += d.toString(); readErr(d); });
  return {
    child,
    type: (line) => { child.stdin!.write(`${line}\n`); },
    async until(pattern, from, what, timeoutMs = 30000) {
      const m = await waitFor(() => pattern.exec(output.slice(from)), { timeoutMs, what: `${what}; the chat printed: ${output.slice(from)}` });
      return from + m.index + m[0].length;
    },
    printed: () => output,
  };
}

describe('npm run chat', function () {
  this.timeout(120000);
  let dataDir: string;
  let redisPort: number;
  let env: Record<string, string>;
  let service: NpmStart | null = null;
  const chats: Chat[] = [];

  before(async () => {
    dataDir = newDataDir();
    redisPort = await freePort();
    env = { REDIS_URL: `redis://127.0.0.1:${redisPort}`, PORT: String(await freePort()), LOG_LEVEL: 'warn' };
    service = npmStart(dataDir, env);
    await untilUp(service);
  });
  after(async () => {
    for (const chat of chats) chat.child.kill('SIGKILL');
    if (service) killGroup(service);
    killRedisOn(redisPort);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists its commands, sends a document as the phone would, and carries on after the service restarts', async () => {
    const chat = startChat(dataDir);
    chats.push(chat);
    let at = await chat.until(/\/help lists the commands/, 0, 'the banner');
    chat.type('/help');
    at = await chat.until(/\/doc FILE +send a document[^]*\/tap N +tap reply button[^]*\/phone[^]*\/help[^]*\/quit/, at, '/help to list the commands');

    // The first message from this number is held for consent, then answered as what it was: a document.
    chat.type('/doc discharge.pdf');
    at = await chat.until(/you sent: a document \(discharge\.pdf\)/, at, 'the document to be sent');
    at = await chat.until(/bot> Hello! To answer questions about your insurance claim we need your consent/, at, 'the consent request');
    chat.type('YES');
    at = await chat.until(/bot> Thank you\. We are not waiting for documents from you right now/, at, 'the document to be answered as a document');

    // The service restarts: its fake providers come back on other ports, written to demo.json.
    await ctrlC(service!);
    service = npmStart(dataDir, env);
    await untilUp(service);
    chat.type('claim status');
    await chat.until(/\(the service restarted: now via http:\/\/127\.0\.0\.1:\d+\)/, at, 'the chat to find the restarted service');
    at = await chat.until(/bot> Here is the latest on your claim/, at, 'the reply through the new provider');
    expect(chat.printed()).not.to.contain('could not reach the provider');

    // An unclear question: the choices (reply buttons, or a list message's rows) are numbered, and /tap picks one.
    chat.type('mera claim');
    at = await chat.until(/bot> Main sahi jaankari dena chahta hoon[^]*\[1\] Claim ka status[^]*\(\/tap N\)/, at, 'the choices');
    chat.type('/tap 1');
    at = await chat.until(/you tapped: Claim ka status/, at, 'the tap');
    await chat.until(/bot> Aapke claim ki latest jaankari/, at, 'the chosen workflow\'s reply');
  });

  it('by SMS offers no /tap: choices are numbered, and the claimant replies with the number', async () => {
    const chat = startChat(dataDir, ['--channel', 'sms', '--phone', '+919800000002']);
    chats.push(chat);
    let at = await chat.until(/Numbered choices: reply with the number\. \/help lists the commands\./, 0, 'the SMS banner');
    chat.type('/help');
    at = await chat.until(/\/quit +exit/, at, '/help');
    chat.type('/tap 1');
    await chat.until(/unknown command \/tap: \/help lists them/, at, '/tap to be refused on SMS');
    expect(chat.printed()).not.to.contain('/tap N');
  });
});
