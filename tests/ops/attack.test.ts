/**
 * `npm run attack` at its smallest (two-second rounds), so the attack tool keeps running and the attacks
 * it replays stay beaten: it starts real reference APIs of its own on loopback, and every row it prints is
 * checked for the verdict that the defence holds.
 */
import { expect, it } from 'vitest';
import { runScript } from './support.ts';

const ATTACK_TIMEOUT = 600_000;

it(
  'npm run attack at two-second rounds: no takeover, no enumeration, no lockout of the owner, payments complete',
  async () => {
    const run = await runScript('scripts/attack.ts', [], { ATTACK_SECONDS: '2' });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const row = (finding: string) => {
      const line = run.stdout.split('\n').find((l) => l.startsWith(`| ${finding}`));
      expect(line, `the row "${finding}" in\n${run.stdout}`).toBeDefined();
      return line!;
    };
    expect(row('takeover loop for 2 s, one address')).toContain('taken over: no');
    expect(row('takeover loop for 2 s, rate limits lifted')).toContain('taken over: no');
    expect(row('hand-made token for user 1')).toContain('→ 401');
    expect(row('overselling')).toMatch(/11 units sold .*stock now 0/);
    expect(row('enumeration')).toMatch(/live sign-ins found: 0; distinct wrong answers: 1; strangers' codes burnt: 0/);
    expect(row('carrier NAT')).toContain('30 codes sent, 30 signed in');
    expect(row('two tabs')).toMatch(/tabs: 200, 200 .*profile 200; retry: 200, then profile 200/);
    expect(row('payments')).toMatch(/Payme: .*order paid; Click: .*order paid; paid order cancelled → refund_pending/);
    expect(row('deleted user')).toContain("the deleted user's token opens: 401");
    expect(row('lockout')).toContain("owner's browser: code 200, sign-in 200");
    // A browser never used before waits at most an hour, however the stranger guessed.
    expect(Number(/new browser: \d+ \(wait (\d+|-) s/.exec(row('lockout'))?.[1] ?? 0) || 0).toBeLessThanOrEqual(3600);
    expect(row('shared address')).toContain("the shopper's refresh: 200; a new code request: 200");
    expect(row('payment sandbox')).toMatch(/pay call 400 \(no link\), sandbox pay - → order unpaid/);
    expect(row('production with')).toContain('7 of 7 refused, 7 with one line each; 0 started');
    expect(row('static server')).toContain('off the site: 0');
    expect(row('the back office')).toContain('order 201, cancel exit 0, stock back to 11');
    expect(row('a district point')).toContain('the disguised one 400');
    const forms = row('review form bodies');
    expect(forms).toMatch(
      /4 × 24 MB urlencoded: 415,415,415,415, .*1 × 14 MB tinyParts: 400, .*4 × 24 MB images: 400,400,400,400/,
    );
    // The images go to disk as they arrive: four forms of 24 MB at once add about a third of that (measured 36 MB).
    expect(Number(/images: [\d,]+, \+(-?\d+) MB/.exec(forms)?.[1])).toBeLessThan(64);
    expect(row('the owner renews')).toContain('thief 401 (no pair)');
    expect(row('another process')).toMatch(/write 503 Retry-After 1 in \d{1,3} ms; read 200 in \d{1,3} ms; after: 200/);
    expect(row('stock hoarding')).toMatch(/another shopper's order: 201; .* 0 units still held/);
  },
  ATTACK_TIMEOUT,
);
