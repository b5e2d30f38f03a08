// src/users/password.spec.ts: unit tests of password hashing.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { block, tsFile } from '../_shared/ts.js';

export function passwordSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/users/password.spec.ts',
    [{ from: 'src/users/password.ts', named: ['hashPassword', 'verifyPassword'] }],
    [
      block(`
describe('password hashes', () => {
  it('never contain the password and differ for the same password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).not.toContain('correct horse');
    expect(first).toMatch(/^scrypt\\$/);
    expect(first).not.toBe(second);
  });

  it('verify the right password only', async () => {
    const stored = await hashPassword('correct horse');
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse!', stored)).resolves.toBe(false);
    await expect(verifyPassword('correct horse', 'not a hash')).resolves.toBe(false);
  });

  it('refuse every password when there is no stored hash (an unknown e-mail)', async () => {
    await expect(verifyPassword('correct horse', undefined)).resolves.toBe(false);
    await expect(verifyPassword('', undefined)).resolves.toBe(false);
  });
});
`),
    ],
  );
}
