import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, proofText, sendWithProof, type Challenge, type Proof } from './proof.ts';

const solves = ({ challenge, nonce }: Proof, bits: number) =>
  leadingZeroBits(createHash('sha256').update(proofText(challenge, nonce)).digest()) >= bits;

/** A refusal that asks for a harder proof, as the API's 428 does. */
class Refused extends Error {
  readonly challenge: Challenge;
  constructor(challenge: Challenge) {
    super('428');
    this.challenge = challenge;
  }
}
const challengeOf = (error: unknown) => (error instanceof Refused ? error.challenge : undefined);

describe('sending with a proof of work', () => {
  it('answers a challenge outgrown while it was solved with the harder one the API asks for next', async () => {
    const sent: Proof[] = [];
    const answer = await sendWithProof(
      { token: 'a', bits: 2 },
      async (proof) => {
        sent.push(proof);
        // The address's count doubled meanwhile: the first proof is refused with a challenge of one more bit.
        if (sent.length === 1) throw new Refused({ token: 'b', bits: 3 });
        return 'sent';
      },
      challengeOf,
    );
    expect(answer).toBe('sent');
    expect(sent.map((proof) => proof.challenge)).toEqual(['a', 'b']);
    expect(solves(sent[0]!, 2) && solves(sent[1]!, 3)).toBe(true);
  });

  it('gives up after three challenges, and passes any other failure on at once', async () => {
    let tries = 0;
    const harder = async (): Promise<never> => {
      tries++;
      throw new Refused({ token: `t${tries}`, bits: 1 });
    };
    await expect(sendWithProof({ token: 't0', bits: 1 }, harder, challengeOf)).rejects.toBeInstanceOf(Refused);
    expect(tries).toBe(3);
    const down = new Error('502');
    await expect(sendWithProof({ token: 'x', bits: 1 }, () => Promise.reject(down), challengeOf)).rejects.toBe(down);
  });
});
