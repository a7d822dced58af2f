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
    expect(row('SMS pumping from one address')).toMatch(/^\| [^|]+ \| 300 SMS sent, 297 after a proof of work/);
    expect(row("the shop's daily SMS budget")).toContain('50 SMS sent, 30 refused');
    // One address's expected take stays below one account per thousand days.
    expect(Number(/one per (\d+) days/.exec(row('guessing across many phones'))?.[1])).toBeGreaterThan(1000);
    expect(row('a shared browser')).toContain('the kept token asks as a new browser');
    expect(row('a shared browser')).toContain('a token of its own');
    expect(row('another origin asks for a code')).toContain(
      'simple POST 403, SMS sent 0; preflight Access-Control-Allow-Origin: none',
    );
    expect(row('capability probes behind a proxy')).toMatch(
      /13 unknown after 3 tries each, 0 absent; the build stops: .*the gate refused .*-logout: published/,
    );
    expect(row('static host')).toMatch(/5 of 5 with CSP.*no-store; the gone file's 404: no-store/);
    expect(row('bounds')).toMatch(/exit 2; 400; 400/);
    expect(row('SVG / HTML named .png')).toContain("the replaced image's old URL: 404 Cache-Control no-store");
  },
  ATTACK_TIMEOUT,
);
