// src/users/password.ts: scrypt password hashes from node:crypto, checked in constant time (unknown e-mails too).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';

export function passwordTemplate(): TypeScriptFile {
  return tsFile(
    'src/users/password.ts',
    [pkg('node:crypto', 'randomBytes', 'scrypt', 'timingSafeEqual'), pkg('node:util', 'promisify')],
    [
      constant(
        'scryptAsync',
        'promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>',
        { isExported: false },
      ),
      constant('KEY_LENGTH', '64', { isExported: false }),
      functionOf({
        name: 'hashPassword',
        isAsync: true,
        docs: ['`scrypt$<salt>$<hash>`, both base64.'],
        parameters: [{ name: 'password', type: 'string' }],
        returnType: 'Promise<string>',
        statements: code(
          'const salt = randomBytes(16);',
          'const hash = await scryptAsync(password, salt, KEY_LENGTH);',
          "return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;",
        ),
      }),
      code(
        '/** The hash of a random password nobody knows, made on first use: what an unknown e-mail is checked against. */',
        'let nobodysHash: Promise<string> | undefined;',
      ),
      functionOf({
        name: 'verifyPassword',
        isAsync: true,
        docs: [
          "Without a stored hash (an unknown e-mail) the password is checked against nobody's hash and",
          'fails: the answer takes as long as for a wrong password, so it does not tell which e-mails exist.',
        ],
        parameters: [
          { name: 'password', type: 'string' },
          { name: 'stored', type: 'string | undefined' },
        ],
        returnType: 'Promise<boolean>',
        statements: code(
          'if (stored === undefined) {',
          "  nobodysHash ??= hashPassword(randomBytes(32).toString('base64'));",
          '  await verifyPassword(password, await nobodysHash);',
          '  return false;',
          '}',
          "const [scheme, salt, hash] = stored.split('$');",
          "if (scheme !== 'scrypt' || !salt || !hash) return false;",
          "const expected = Buffer.from(hash, 'base64');",
          "const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length);",
          'return timingSafeEqual(actual, expected);',
        ),
      }),
    ],
  );
}
