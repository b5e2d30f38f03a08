// The shared case table, one file per topic: add a topic as a file exporting a Case[] and list it here.
import { bindingCases } from './binding.js';
import { bodyCases } from './bodies.js';
import type { Case } from './case.js';
import { limitCases } from './limits.js';
import { responseCases } from './responses.js';
import { routingCases } from './routing.js';
import { safetyCases } from './safety.js';

export type { Case, Expected } from './case.js';

export const allCases: Case[] = [
  ...routingCases,
  ...bindingCases,
  ...responseCases,
  ...bodyCases,
  ...safetyCases,
  ...limitCases,
];
