// Where restsmith keeps what it caches between runs: the user's own cache folder, never a shared one.
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * `$RESTSMITH_CACHE_DIR`, else `$XDG_CACHE_HOME/restsmith`, else `~/.cache/restsmith`. Not the
 * system's temporary folder: any user can create a folder there first, and what the caches hold is
 * run (compiled code) or written into projects (formatted text).
 */
export function userCacheFolder(): string {
  if (process.env.RESTSMITH_CACHE_DIR) return process.env.RESTSMITH_CACHE_DIR;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'restsmith');
}
