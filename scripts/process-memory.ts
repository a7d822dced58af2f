/** Resident memory and CPU time of a process and its descendants, read from /proc (Linux). */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessTable {
  rss: Map<number, number>;
  children: Map<number, number[]>;
  names: Map<number, string>;
}

function processTable(): ProcessTable {
  const table: ProcessTable = { rss: new Map(), children: new Map(), names: new Map() };
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const pid = Number(name);
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
      table.rss.set(pid, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      table.names.set(pid, /Name:\s+(\S+)/.exec(status)?.[1] ?? '');
      table.children.set(ppid, [...(table.children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended while we looked
    }
  }
  return table;
}

const treeOf = (table: ProcessTable, pid: number): number =>
  (table.rss.get(pid) ?? 0) + (table.children.get(pid) ?? []).reduce((sum, child) => sum + treeOf(table, child), 0);

function treeRssKb(root: number): number {
  return treeOf(processTable(), root);
}

/** Resident memory of the children of `parent` whose name starts with `name`, with their descendants. */
export function childrenRssKb(parent: number, name: string): number {
  const table = processTable();
  return (table.children.get(parent) ?? [])
    .filter((pid) => table.names.get(pid)?.startsWith(name))
    .reduce((sum, pid) => sum + treeOf(table, pid), 0);
}

/** Samples a process tree's memory until stopped; the peak is in MB (0 where /proc is missing). */
export function samplePeakMemory(
  root: number,
  everyMs = 100,
  measure: (root: number) => number = treeRssKb,
): { peak(): number; stop(): number } {
  let peakKb = 0;
  const sample = () => {
    try {
      peakKb = Math.max(peakKb, measure(root));
    } catch {
      // no /proc on this system
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  const peak = () => {
    sample();
    return Math.round(peakKb / 1024);
  };
  return {
    peak,
    stop() {
      clearInterval(timer);
      return peak();
    },
  };
}

/** CPU seconds of this process's waited-for children (Linux /proc: cutime + cstime); 0 elsewhere. */
export function childrenCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

export interface Run {
  seconds: number;
  peakMb: number;
  /** CPU time (user + system) of the command and every process it waited for: steadier than wall time on a shared machine. */
  cpuSeconds: number;
}

/** Runs a command and samples the resident memory of its whole process tree. */
export function measured(args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const cpuBefore = childrenCpuSeconds();
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let peakKb = 0;
    const sampler = setInterval(() => (peakKb = Math.max(peakKb, treeRssKb(child.pid ?? -1))), 100);
    child.on('error', fail);
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) fail(new Error(`${args.join(' ')} exited with ${code}`));
      else
        done({
          seconds: (performance.now() - started) / 1000,
          peakMb: peakKb / 1024,
          cpuSeconds: childrenCpuSeconds() - cpuBefore,
        });
    });
  });
}
