/**
 * The CPU a bench's service processes use, read from Linux's /proc, so that a run on a many-core
 * machine says which process is the ceiling (docs/scaling.md, "The scale curve"). Elsewhere (no
 * /proc) every reading is null and the bench prints none.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Clock ticks a second of /proc's CPU times (USER_HZ). Linux fixes it at 100 for user space on
 * x86-64 and arm64; Node has no sysconf to ask.
 */
const ticksPerSecond = 100;

/**
 * A process's or a thread's `stat` file (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`): its
 * user + system CPU so far in microseconds, the system part apart (time in the kernel on its behalf:
 * system calls, the socket writes and reads among them), and its nice value; null when it is gone
 * or /proc is missing.
 */
export function readProcStat(path: string): { cpuMicros: number; systemMicros: number; nice: number } | null {
  let stat: string;
  try {
    stat = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
  // utime, stime and nice are fields 14, 15 and 19 of the line: 12, 13 and 17 after the name and state.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    cpuMicros: ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6,
    systemMicros: (Number(fields[12]) / ticksPerSecond) * 1e6,
    nice: Number(fields[16]),
  };
}

/** The process and its descendants (the API's node:cluster workers under their primary), from /proc's children lists. */
export function processTree(pid: number): number[] {
  const found = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (children) for (const child of children.split(' ')) found.push(...processTree(Number(child)));
    }
  } catch { /* gone, or no /proc */ }
  return found;
}

/** A labelled set of processes whose CPU is read at the start and the end of a phase. */
export interface ProcessCpuMark { label: string; pid: number; micros: number; systemMicros: number }

export function markProcesses(processes: Array<{ label: string; pid: number }>): ProcessCpuMark[] {
  return processes.flatMap(({ label, pid }) => {
    const stat = readProcStat(`/proc/${pid}/stat`);
    return stat === null ? [] : [{ label, pid, micros: stat.cpuMicros, systemMicros: stat.systemMicros }];
  });
}

/**
 * Each process's share of one core between `marks` and now, and the part of it spent in the kernel
 * (a process gone since is left out).
 */
export function cpuPercentSince(marks: ProcessCpuMark[], elapsedSeconds: number): Array<{ label: string; percent: number; systemPercent: number }> {
  const percent = (micros: number) => (micros / 1e6 / elapsedSeconds) * 100;
  return marks.flatMap((m) => {
    const now = readProcStat(`/proc/${m.pid}/stat`);
    return now === null ? [] : [{ label: m.label, percent: percent(now.cpuMicros - m.micros), systemPercent: percent(now.systemMicros - m.systemMicros) }];
  });
}

/**
 * The whole machine's CPU ticks so far, from /proc/stat's first line (every process, the kernel's
 * work included); `kernel` is system, irq and softirq time (loopback TCP is processed there).
 */
export interface MachineCpuMark { busy: number; kernel: number; total: number; cpus: number }

export function markMachine(): MachineCpuMark | null {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = lines[0]!.trim().split(/\s+/).slice(1).map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, kernel: system! + irq! + softirq!, total: busy + idle! + iowait!, cpus: lines.filter((l) => /^cpu\d+ /.test(l)).length };
  } catch {
    return null;
  }
}

/** How many of the machine's cores were busy on average between `mark` and now; null without /proc. */
export function machineBusySince(mark: MachineCpuMark | null): { busyCores: number; kernelCores: number; cpus: number } | null {
  const now = markMachine();
  if (!mark || !now || now.total === mark.total) return null;
  const cores = (ticks: number) => (now.cpus * ticks) / (now.total - mark.total);
  return { busyCores: cores(now.busy - mark.busy), kernelCores: cores(now.kernel - mark.kernel), cpus: now.cpus };
}
