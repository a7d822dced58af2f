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
