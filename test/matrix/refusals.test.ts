// The combinations `rest new` refuses (test/matrix/factors.ts REFUSALS): each refused with its reason and fix, nothing written.
import { describe, expect, it } from 'vitest';
import { refusedNew } from './checks.js';
import { REFUSALS } from './factors.js';
import { PROBES } from './plan.js';

describe('rest new refuses what the matrix leaves out', () => {
  const asked = PROBES.filter((probe) => probe.refusal.step === 'new');
  it.each(asked.map((probe) => [probe.args.join(' '), probe] as const))(
    '%s',
    (_, probe) => {
      expect(refusedNew(probe.args, probe.refusal)).toBeUndefined();
    },
    60_000,
  );

  it('asks every refusal of rest new', () => {
    const refusals = REFUSALS.filter((refusal) => refusal.step === 'new');
    expect(new Set(asked.map((probe) => probe.refusal))).toEqual(new Set(refusals));
  });
});
