/** The build's capability probes against the two backends the project knows: the reference API and the spec backend. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CAPABILITIES, detectCapabilities } from '#contract/capabilities.ts';
import { startSpecBackend, type SpecBackend } from '../spec-backend/server.ts';
import { defaults } from '../spec-backend/settings.ts';
import { startTestApi, type TestApi } from '../api/helpers.ts';

let spec: SpecBackend;
let reference: TestApi;
beforeAll(async () => {
  [spec, reference] = await Promise.all([startSpecBackend({ ...defaults, port: 0 }), startTestApi({ products: 5 })]);
});
afterAll(() => Promise.all([spec.close(), reference.stop()]));

it('finds every capability on the reference API', async () => {
  expect(await detectCapabilities(reference.server.url)).toEqual([...CAPABILITIES]);
});

it('finds only the unprobed ones and review writing (a §7 call) on a backend with only the spec calls', async () => {
  expect(await detectCapabilities(spec.origin)).toEqual(['device', 'installments', 'reviewWrite']);
});

it('fails when the backend cannot be reached', async () => {
  await expect(detectCapabilities('http://127.0.0.1:9')).rejects.toThrow(/cannot be reached/);
});
