// The version of this restsmith, from its package.json, as restsmith.json and the recorded base name it.
import { readFileSync } from 'node:fs';

let version: string | undefined;

/** `0.1.0`: read once from the package.json above this file (dist/src/loader or src/loader). */
export function restsmithVersion(): string {
  if (version) return version;
  for (const up of ['../../package.json', '../../../package.json']) {
    try {
      const data = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (data.name === 'restsmith' && data.version) return (version = data.version);
    } catch {
      // Not this level: the next one up.
    }
  }
  return (version = '0.0.0');
}
