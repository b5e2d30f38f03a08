// The API root of a project (`--api-root`, restsmith.json "apiRoot"): one check, for `rest new` and for the record.
import { UserError } from './user-error.js';

/** Path segments of an API root: lower-case letters, digits, `-`, `_`, `.` and `~` (URL-safe as they are). */
const API_ROOT = /^(\/[a-z0-9][a-z0-9._~-]*)+$/;

/**
 * The API root as routes are written (`/api`, `/api/v1`), or `''` for none (`''` or `/`).
 * @example
 * checkApiRoot('/api/v1'); // '/api/v1'
 */
export function checkApiRoot(root: string): string {
  const trimmed = root.trim();
  if (trimmed === '' || trimmed === '/') return '';
  const path = trimmed.replace(/\/+$/, '');
  if (!path.startsWith('/')) {
    throw new UserError(`--api-root '${root}' does not start with '/'`, {
      hint: `Write it as a path from the host: '/${path}'.`,
    });
  }
  if (!API_ROOT.test(path)) {
    throw new UserError(`--api-root '${root}' is not a path of URL-safe segments`, {
      hint: "Use lower-case letters, digits, '-', '_', '.' or '~' between single slashes, as in '/api' or '/api/v1'.",
    });
  }
  if (/^\/(health|docs)(\/|$)/.test(path)) {
    throw new UserError(
      `--api-root '${root}' would hide /health or /docs, which stay at the root`,
      {
        hint: "Choose another root, such as '/api'.",
      },
    );
  }
  return path;
}
