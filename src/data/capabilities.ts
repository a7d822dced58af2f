/**
 * The build asks the backend once what it can do beyond the spec's calls
 * (`backendCapabilities` sends each probe without a token: any answer but a
 * 404, a 405, a 501 or an HTML page means the call is there; a 5xx or a 429
 * is asked again and then left unknown, which stops the build unless the
 * operator decides it). Its loader (src/data) uses the answer and
 * integrations/capabilities.ts writes it into the built site. The operator's
 * setting (API_CAPABILITIES, contract/capabilities.ts) wins over detection.
 */
import { applyOverride, CAPABILITIES, decidedBy, type Capability } from '#contract/capabilities.ts';
import { API_PREFIX, pathFor, routes, type CallName } from '#contract/routes.ts';

interface Probe {
  call: CallName;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** Sent as JSON, so a backend that has the call refuses it (400, 401) rather than acting. */
  body?: Record<string, unknown>;
}

/** The request that tells whether a capability is there; null: not probed, present unless the operator says not. */
const PROBES: Record<Capability, Probe | null> = {
  catalogue: { call: 'catalogue', query: { page: '1', page_size: '1' } },
  stores: { call: 'stores' },
  orders: { call: 'placeOrder', body: {} },
  ordersList: { call: 'orders' },
  cancel: { call: 'cancelOrder', params: { id: 1 } },
  pay: { call: 'payOrder', params: { id: 1 }, body: {} },
  delivery: { call: 'deliveryQuote' },
  paymentMethods: { call: 'paymentMethods' },
  profile: { call: 'profile' },
  profileWrite: { call: 'updateProfile', body: {} },
  refresh: { call: 'refresh', body: { refresh: '' } },
  logout: { call: 'logout', body: { refresh: '' } },
  device: null,
  installments: null,
  reviewWrite: { call: 'createComment', body: {} },
};

/**
 * What an answer to a probe says: the call is missing (404, 405, 501, or a framework's HTML page that is no server
 * fault), the backend could not say (a 5xx or a 429, HTML or not: a proxy in trouble, not a missing call), or the
 * call is there (anything else).
 */
export type ProbeAnswer = 'absent' | 'unknown' | 'present';
export function probeAnswer(status: number, contentType: string | null): ProbeAnswer {
  if (status >= 500 && status !== 501) return 'unknown';
  if (status === 429) return 'unknown';
  if (status === 404 || status === 405 || status === 501 || /text\/html/i.test(contentType ?? '')) return 'absent';
  return 'present';
}

const PROBE_TIMEOUT_MS = 10_000;
/** A probe is sent up to this many times while the backend cannot say (a 5xx, a 429, no answer), 1 s apart. */
const PROBE_TRIES = 3;
const PROBE_DELAY_MS = 1_000;

/** What the probes found: the capabilities there, and those the backend could not answer for (with why). */
export interface Detected {
  present: Capability[];
  unknown: { name: Capability; why: string }[];
}

/** Whether the backend at `apiUrl` has each probed capability; throws when it cannot be reached at all. */
export async function detectCapabilities(apiUrl: string, delayMs = PROBE_DELAY_MS): Promise<Detected> {
  const base = `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}`;
  const answers = await Promise.all(
    CAPABILITIES.map(
      async (name): Promise<{ name: Capability; answer: ProbeAnswer; why: string; reached: boolean }> => {
        const probe = PROBES[name];
        if (!probe) return { name, answer: 'present', why: 'not probed', reached: true };
        const route = routes[probe.call];
        const query = probe.query ? `?${new URLSearchParams(probe.query).toString()}` : '';
        let why = '';
        let reached = false;
        for (let attempt = 1; attempt <= PROBE_TRIES; attempt++) {
          if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, delayMs));
          try {
            const answer = await fetch(`${base}${pathFor(route.path, probe.params)}${query}`, {
              method: route.method,
              headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
              ...(probe.body ? { body: JSON.stringify(probe.body) } : {}),
              signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
            });
            await answer.body?.cancel();
            reached = true;
            const read = probeAnswer(answer.status, answer.headers.get('content-type'));
            if (read !== 'unknown') return { name, answer: read, why: '', reached };
            why =
              `${route.method} ${route.path} answered ${answer.status} ${answer.headers.get('content-type') ?? ''}`.trim();
          } catch (error) {
            why = `${route.method} ${route.path}: ${String(error)}`;
          }
        }
        return { name, answer: 'unknown', why: `${why} (${PROBE_TRIES} tries)`, reached };
      },
    ),
  );
  if (answers.filter((a) => PROBES[a.name]).every((a) => !a.reached))
    throw new Error(`The backend at ${apiUrl} cannot be reached: ${answers.find((a) => a.why)?.why ?? ''}`);
  return {
    present: answers.filter((a) => a.answer === 'present').map((a) => a.name),
    unknown: answers.filter((a) => a.answer === 'unknown').map(({ name, why }) => ({ name, why })),
  };
}

/**
 * The capabilities in effect: those detected, changed by the operator's setting. One the backend could not answer
 * for (it kept failing) is never guessed absent: unless the setting decides it, the build stops and says which.
 */
export function inEffect(detected: Detected, setting: string | undefined): Capability[] {
  const decided = decidedBy(setting);
  const open = detected.unknown.filter(({ name }) => !decided.includes(name));
  if (open.length > 0)
    throw new Error(
      `The backend could not say whether it has ${open.map((u) => u.name).join(', ')}: ${open.map((u) => u.why).join('; ')}. ` +
        `Try again, or decide in API_CAPABILITIES (e.g. ${open[0]!.name} or -${open[0]!.name}).`,
    );
  return applyOverride(detected.present, setting);
}

/** One answer per process and backend, shared by the config's plugin and the pages' loader (separate module graphs). */
const asked: Map<string, Promise<Capability[]>> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('bozor.capabilities')
] ??= new Map()) as Map<string, Promise<Capability[]>>;

/** The capabilities in effect for a build: detected once, then the operator's setting applied; logged once. */
export function backendCapabilities(apiUrl: string, setting: string | undefined): Promise<Capability[]> {
  const url = apiUrl.replace(/\/+$/, '');
  const key = `${url}|${setting ?? ''}`;
  let answer = asked.get(key);
  if (!answer) {
    answer = detectCapabilities(url).then((detected) => {
      const present = inEffect(detected, setting);
      const absent = CAPABILITIES.filter((name) => !present.includes(name));
      console.info(`[capabilities] ${url}: ${present.join(', ') || 'none'}; absent: ${absent.join(', ') || 'none'}`);
      return present;
    });
    asked.set(key, answer);
  }
  return answer;
}
