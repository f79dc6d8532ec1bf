/**
 * The per-process CPU `bench:claim-status` prints over its throughput phase (bench/process-cpu.ts):
 * read from /proc, it must agree with what the process itself counts, find an API primary's
 * workers below it, and leave out a process that is gone; the kernel's part (system time) must agree
 * with the process's own count too; the machine's busy cores must hold at least this process's own
 * work and never exceed the cores there are, and its kernel cores never exceed its busy ones.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, writeSync } from 'node:fs';
import { expect } from 'chai';
import { cpus, getPriority } from 'node:os';
import { cpuPercentSince, machineBusySince, markMachine, markProcesses, processTree, readProcStat } from '../../bench/process-cpu';

/** Spends `ms` of this process's own CPU time (not wall time: a loaded machine would stretch a sleep). */
function burn(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

describe('bench per-process CPU (/proc)', function () {
  before(function () {
    if (!existsSync(`/proc/${process.pid}/stat`)) this.skip();
  });

  it('reads about the CPU this process spent, as a share of the elapsed time', () => {
    const marks = markProcesses([{ label: 'self', pid: process.pid }]);
    expect(marks).to.have.length(1);
    const started = performance.now();
    const before = process.cpuUsage();
    burn(300);
    const used = process.cpuUsage(before);
    const elapsed = (performance.now() - started) / 1000;
    const [reading] = cpuPercentSince(marks, elapsed);
    const expected = ((used.user + used.system) / 1e6 / elapsed) * 100;
    expect(reading!.label).to.equal('self');
    // /proc counts in ticks of 10 ms: within two ticks of the process's own count, over 300 ms.
    expect(reading!.percent).to.be.within(expected - (20 / 1000 / elapsed) * 100, expected + (20 / 1000 / elapsed) * 100);
    expect(reading!.percent).to.be.above(0);
  });

  it('reads the part of that CPU the kernel spent for the process (its system calls)', () => {
    const marks = markProcesses([{ label: 'self', pid: process.pid }]);
    const started = performance.now();
    const before = process.cpuUsage();
    // System time: writes to /dev/null, each a system call, until 300 ms of it are counted.
    const fd = openSync('/dev/null', 'w');
    const chunk = Buffer.alloc(64);
    try {
      while (process.cpuUsage(before).system < 300_000) for (let i = 0; i < 1000; i++) writeSync(fd, chunk);
    } finally {
      closeSync(fd);
    }
    const used = process.cpuUsage(before);
    const elapsed = (performance.now() - started) / 1000;
    const [reading] = cpuPercentSince(marks, elapsed);
    const tick = (20 / 1000 / elapsed) * 100;
    expect(reading!.systemPercent).to.be.within((used.system / 1e6 / elapsed) * 100 - tick, (used.system / 1e6 / elapsed) * 100 + tick);
    expect(reading!.systemPercent).to.be.at.most(reading!.percent);
  });

  it('reads a process\'s nice value (how bench:audit-verify tells its walk thread apart)', async () => {
    const child = spawn('nice', ['-n', '19', process.execPath, '-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await new Promise((r) => child.once('spawn', r));
      // `nice` execs node in place: the same pid, once it has set its priority.
      const deadline = Date.now() + 10_000;
      while (readProcStat(`/proc/${child.pid}/stat`)?.nice !== 19 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(readProcStat(`/proc/${child.pid}/stat`)?.nice).to.equal(19);
      expect(readProcStat(`/proc/${process.pid}/stat`)?.nice).to.equal(getPriority());
    } finally {
      child.kill('SIGKILL');
      await exited(child);
    }
  });

  it('finds a child process below its parent, and leaves out a process that has exited', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await new Promise((r) => child.once('spawn', r));
      expect(processTree(process.pid)).to.include(child.pid);
      const marks = markProcesses([{ label: 'child', pid: child.pid! }]);
      expect(marks.map((m) => m.label)).to.deep.equal(['child']);
      child.kill('SIGKILL');
      await exited(child);
      expect(cpuPercentSince(marks, 1)).to.deep.equal([]);
      expect(markProcesses([{ label: 'gone', pid: child.pid! }])).to.deep.equal([]);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('counts the machine busy for at least the CPU this process spent, and never more than all its cores', () => {
    const mark = markMachine();
    expect(mark).to.not.equal(null);
    const started = performance.now();
    const before = process.cpuUsage();
    burn(300);
    const used = process.cpuUsage(before);
    const elapsed = (performance.now() - started) / 1000;
    const machine = machineBusySince(mark)!;
    // /proc/stat's cpuN lines are the cores the kernel runs: as many as Node sees.
    expect(machine.cpus).to.equal(cpus().length);
    expect(machine.busyCores).to.be.at.most(machine.cpus + 0.01);
    // Busy core-seconds hold this process's own CPU seconds (less two 10 ms ticks), whatever else ran.
    expect(machine.busyCores * elapsed).to.be.at.least((used.user + used.system) / 1e6 - 0.02);
    expect(machine.kernelCores).to.be.within(0, machine.busyCores);
  });
});
