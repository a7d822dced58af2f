/**
 * Proof of work for code requests. After a few code requests from one address
 * in a day the API answers 428 with a `challenge` (a signed token and a number
 * of bits); the client finds a `nonce` such that the SHA-256 of
 * `{token}:{nonce}` starts with that many zero bits and sends the request
 * again with `proof: {challenge, nonce}`. A shopper's browser spends well under
 * a second on it; a flood pays for every SMS it asks for.
 */
export interface Challenge {
  token: string;
  bits: number;
}

/** What a solved challenge is hashed from. */
export const proofText = (token: string, nonce: string) => `${token}:${nonce}`;

/** The number of zero bits a digest starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

type Digest = (text: string) => Promise<Uint8Array>;
const sha256: Digest = async (text) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

/** The first nonce (a base-36 counter) that solves the challenge. */
export async function solveChallenge(challenge: Challenge, digest: Digest = sha256): Promise<string> {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    if (leadingZeroBits(await digest(proofText(challenge.token, nonce))) >= challenge.bits) return nonce;
  }
}

/** A request's proof: the challenge's token and the nonce that solves it. */
export interface Proof {
  challenge: string;
  nonce: string;
}

/** Challenges answered for one request at most: a new one comes only when the address's count doubled meanwhile. */
const CHALLENGES_ANSWERED = 3;

/**
 * Sends a request again with the proof of each challenge the API answers it with. A solved challenge can be outgrown
 * while it is solved (others behind the same address, a carrier's NAT, doubled the day's count), and the API then
 * asks for a harder one: `challengeOf` reads it from the refusal (undefined for any other failure, which is thrown).
 */
export async function sendWithProof<T>(
  first: Challenge,
  send: (proof: Proof) => Promise<T>,
  challengeOf: (error: unknown) => Challenge | undefined,
): Promise<T> {
  let challenge = first;
  for (let answered = 1; ; answered++) {
    try {
      return await send({ challenge: challenge.token, nonce: await solveChallenge(challenge) });
    } catch (error) {
      const next = challengeOf(error);
      if (!next || answered >= CHALLENGES_ANSWERED) throw error;
      challenge = next;
    }
  }
}
