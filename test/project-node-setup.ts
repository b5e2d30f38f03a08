// vitest globalSetup: the Node that runs generated projects (test/project-node.ts), installed once per run.
import { installProjectNode } from './project-node.js';

export default async function setup(): Promise<void> {
  await installProjectNode();
}
