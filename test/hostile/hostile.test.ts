// Generated projects under attack (issue 10): sqlite and postgres, built and started with NODE_ENV=production.
import { afterAll, beforeAll, describe } from 'vitest';
import { bodyAttacks } from './attacks/bodies.js';
import { searchAttacks } from './attacks/search.js';
import { databaseEnv, prepareTarget, type Target } from './target.js';

const LONG = 1_200_000;

describe.each(['sqlite', 'postgres'] as const)(
  'a generated %s project under attack',
  (database) => {
    const { env, skip } = databaseEnv(database);
    if (skip) console.warn(`skipped: hostile input on ${database} (${skip})`);

    describe.skipIf(Boolean(skip))(`(${database} server here)`, () => {
      let target: Target | undefined;
      let stop = async () => {};

      beforeAll(async () => {
        ({ target, stop } = await prepareTarget(database, env!));
      }, LONG);
      afterAll(() => stop());

      const attacked = (): Target => target!;
      bodyAttacks(attacked);
      searchAttacks(attacked);
    });
  },
);
