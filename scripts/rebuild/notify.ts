/**
 * What a run leaves behind: a JSON report, always (CI keeps it as an
 * artifact), and for a refused or failed run one message to
 * REBUILD_WEBHOOK_URL. A Telegram bot's sendMessage URL works as it is
 * (`https://api.telegram.org/bot<token>/sendMessage?chat_id=<chat>`): the
 * message goes as JSON {chat_id, text}; other webhooks get {text}. The URL
 * holds a token, so it is never printed or written down.
 */
import type { Command } from './deploy.ts';

type Outcome = 'published' | 'dry-run' | 'refused' | 'failed';

export interface Report {
  outcome: Outcome;
  /** The check that refused or the step that failed ('api', 'shrink', 'links', 'build', 'deploy', ...). */
  step: string | null;
  /** One line: why it was refused or failed. */
  reason: string | null;
  /** The release this run built (removed again when refused or failed). */
  release: string | null;
  /** The release live when the run ended. */
  live: string | null;
  target: string;
  dryRun: boolean;
  /** The host commands run (or, in a dry run, that would have run). */
  commands: string[][];
  manifest: string | null;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  peakMemoryMb: number;
  /** Whether the webhook took the message; null when none was due or none is set. */
  notified: boolean | null;
}

export const commandLines = (commands: Command[]) => commands.map(({ bin, args }) => [bin, ...args]);

export function failureMessage(report: Pick<Report, 'outcome' | 'step' | 'reason' | 'live' | 'release'>): string {
  const what = report.outcome === 'refused' ? `refused at ${report.step}` : `failed at ${report.step}`;
  return [
    `Bozor nightly rebuild ${what}.`,
    `Reason: ${report.reason}`,
    `Live release kept: ${report.live ?? 'none (nothing published yet)'}`,
  ].join('\n');
}

/** Posts one message; false (never an exception) when the webhook does not take it. */
export async function postWebhook(url: string, text: string, timeoutMs = 10_000): Promise<boolean> {
  try {
    const chatId = new URL(url).searchParams.get('chat_id');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(chatId ? { chat_id: chatId, text } : { text }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
