// src/create-admin.ts: `npm run create-admin -- --email <e-mail>`: the first admin, straight into the database.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { pkg } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';

/** Password sign-in: the new admin's password, never echoed. */
const readPasswordFunction = functionOf({
  name: 'readPassword',
  isExported: false,
  isAsync: true,
  docs: [
    'From a prompt that does not echo in a terminal, else the first line of stdin (so that',
    '`echo "$PASSWORD" | npm run create-admin -- --email ...` works in scripts).',
  ],
  returnType: 'Promise<string>',
  statements: code(
    'if (!process.stdin.isTTY) {',
    '  let text = "";',
    '  for await (const chunk of process.stdin) text += String(chunk);',
    "  return text.split(/\\r?\\n/)[0] ?? '';",
    '}',
    'const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });',
    "process.stdout.write('Password of the new admin: ');",
    '// Typed characters are not shown: readline writes them through this method.',
    '(prompt as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;',
    "const password = await new Promise<string>((done) => prompt.question('', done));",
    'prompt.close();',
    "process.stdout.write('\\n');",
    'return password;',
  ),
});

/** How a new admin comes in: with the password read here, or (social only) with a provider. */
function newAdmin(options: ProjectOptions): string[] {
  if (hasPassword(options)) {
    return [
      '  const password = await readPassword();',
      "  const problem = password.length > 128 ? 'password must be at most 128 characters long' : passwordProblem(password);",
      '  if (problem) throw new Error(`The ${problem}`);',
      "  await users.create({ email, password, role: 'admin' });",
      '  console.log(`Created the admin ${email}`);',
    ];
  }
  const providers = socialProviders(options).join(', ');
  return [
    '  // No password to ask for: the admin signs in with a provider whose verified e-mail is this one.',
    "  await users.create({ email, role: 'admin' });",
    `  console.log(\`Created the admin \${email}: they sign in with ${providers} under that verified e-mail\`);`,
  ];
}

export function createAdminTemplate(options: ProjectOptions): TypeScriptFile {
  const password = hasPassword(options);
  return tsFile(
    'src/create-admin.ts',
    [
      ...(password
        ? [
            pkg('node:readline', 'createInterface'),
            { from: 'src/users/password.ts', named: ['passwordProblem'] },
          ]
        : []),
      pkg('node:util', 'parseArgs'),
      pkg('@nestjs/core', 'NestFactory'),
      { from: 'src/app.module.ts', named: ['AppModule'] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
    ],
    [
      ...(password ? [readPasswordFunction] : []),
      functionOf({
        name: 'createAdmin',
        isExported: false,
        isAsync: true,
        returnType: 'Promise<void>',
        statements: code(
          'const { values } = parseArgs({ options: { email: { type: "string" } } });',
          "const email = values.email?.trim().toLowerCase() ?? '';",
          'if (!/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email)) {',
          "  throw new Error('Give the e-mail of the admin: npm run create-admin -- --email ada@example.com');",
          '}',
          "const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error'] });",
          'try {',
          '  const users = app.get(UsersService);',
          '  const existing = await users.findByEmail(email);',
          '  if (existing) {',
          "    await users.setRole(existing.id, 'admin');",
          password
            ? '    console.log(`${email} is an admin now (the password is unchanged)`);'
            : '    console.log(`${email} is an admin now`);',
          '    return;',
          '  }',
          ...newAdmin(options),
          '} finally {',
          '  await app.close();',
          '}',
        ),
      }),
      code(
        'createAdmin().catch((error: unknown) => {',
        '  console.error(error instanceof Error ? error.message : error);',
        '  process.exitCode = 1;',
        '});',
      ),
    ],
  );
}
