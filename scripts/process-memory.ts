/** Resident memory of a process and all its descendants, read from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

export function treeRssKb(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
      rss.set(Number(name), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended while we looked
    }
  }
  const walk = (pid: number): number =>
    (rss.get(pid) ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + walk(child), 0);
  return walk(root);
}

/** Samples a process tree's memory until stopped; the peak is in MB (0 where /proc is missing). */
export function samplePeakMemory(root: number, everyMs = 100): { peak(): number; stop(): number } {
  let peakKb = 0;
  const sample = () => {
    try {
      peakKb = Math.max(peakKb, treeRssKb(root));
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
