// After `rest api` writes: the typed client (client/schema.d.ts, which `npm run client` writes) follows the API.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface ClientRefresh {
  /** `not-installed`: the project has no node_modules to run the script with. */
  status: 'updated' | 'not-installed' | 'failed';
  /** The script's last lines, when it failed. */
  output?: string;
  seconds?: number;
}

/** Whether the project has made its typed client (`npm run client`), which `rest api` then keeps current. */
export const hasClient = (root: string): boolean => existsSync(join(root, 'client', 'schema.d.ts'));

/**
 * Runs `<package manager> run client` in a project that has a client, so that the types follow the
 * resource just added or changed. A failure loses nothing: the files are written, and the caller
 * names the command to run again.
 */
export async function refreshClient(root: string, packageManager: string): Promise<ClientRefresh> {
  if (!existsSync(join(root, 'node_modules'))) return { status: 'not-installed' };
  const started = Date.now();
  const child = spawn(packageManager, ['run', 'client'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise<number | null>((done) => {
    child.on('error', (error) => {
      output += error.message;
      done(null);
    });
    child.on('close', done);
  });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  if (code === 0) return { status: 'updated', seconds };
  return { status: 'failed', output: output.trim().split('\n').slice(-12).join('\n'), seconds };
}
