// The project the resourceOptions tests normalise a resource against, and how they read a refusal.
import { expect } from 'vitest';
import { UserError } from '../../src/model/user-error.js';
import {
  resourceOptions,
  type ResourceContext,
  type ResourceInput,
} from '../../src/resource/resource-options.js';

/** A project with accounts and a notes resource. */
export const project: ResourceContext = {
  auth: true,
  resources: ['note'],
  modules: ['users', 'auth', 'common', 'config', 'notes'],
  endpoints: ['users', 'auth', 'notes'],
};

export const options = (input: Partial<ResourceInput>, context = project) =>
  resourceOptions({ name: 'article', fields: 'title', ...input }, context);

/** The message and hint of the UserError that `run` throws. */
export function refusal(run: () => unknown): { message: string; hint?: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    const { message, hint } = error as UserError;
    return { message, hint };
  }
  throw new Error('expected a refusal');
}
