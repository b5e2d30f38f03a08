// Generated projects under attack (issue 10): sqlite and postgres, built and started with NODE_ENV=production.
import { afterAll, beforeAll, describe } from 'vitest';
import { badInputAttacks } from './attacks/bad-input.js';
import { headerAttacks } from './attacks/headers.js';
import { looseInputAttacks } from './attacks/loose-input.js';
import { accountAttacks } from './attacks/accounts.js';
import { keyAttacks } from './attacks/keys.js';
import { roundTwoAttacks } from './attacks/round-two.js';
import { bodyAttacks } from './attacks/bodies.js';
import { failClosedAttacks } from './attacks/fail-closed.js';
import { rateLimitAttacks } from './attacks/rate-limits.js';
import { tokenAttacks } from './attacks/tokens.js';
import { scaleOutChecks } from './scale-out.js';
import { searchAttacks } from './attacks/search.js';
import { slowBodyAttacks } from './attacks/slow-bodies.js';
import { adminRaceAttacks } from './attacks/admin-race.js';
import { pinningAttacks } from './attacks/pinning.js';
import { listSizeAttacks } from './attacks/list-size.js';
import { unknownParameterChecks } from './attacks/unknown-parameters.js';
import { graphqlAttacks } from './attacks/graphql.js';
import { databaseEnv, prepareTarget, type Target } from './target.js';

const LONG = 1_200_000;

describe.each(['sqlite', 'postgres', 'mongodb'] as const)(
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
      badInputAttacks(attacked);
      looseInputAttacks(attacked);
      headerAttacks(attacked);
      accountAttacks(attacked);
      keyAttacks(attacked);
      roundTwoAttacks(attacked);
      tokenAttacks(attacked);
      failClosedAttacks(attacked);
      rateLimitAttacks(attacked);
      slowBodyAttacks(attacked);
      adminRaceAttacks(attacked);
      pinningAttacks(attacked);
      listSizeAttacks(attacked);
      unknownParameterChecks(attacked);
      graphqlAttacks(attacked);
      // The scale-out proof is on PostgreSQL: one server that several instances share.
      if (database === 'postgres') scaleOutChecks(attacked);
      searchAttacks(attacked);
    });
  },
);
