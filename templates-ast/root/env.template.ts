// .env (with this project's secrets) and .env.example (the same keys, no secrets).
import type { TextFile } from '../../src/generator/generated-file.js';
import type { ProjectOptions } from '../../src/generator/options.js';

const MIGRATIONS = [
  '# Run pending migrations at start-up; with false, run them with npm run migration:run',
  'MIGRATIONS_RUN=true',
];

function databaseLines(options: ProjectOptions): string[] {
  const folder = options.name.split('/').pop();
  switch (options.database) {
    case 'sqlite':
      return ['# SQLite database file', `DATABASE_PATH=.data/${folder}.sqlite`, ...MIGRATIONS];
    case 'postgres':
      return [
        '# PostgreSQL connection URL',
        `DATABASE_URL=postgres://postgres@127.0.0.1:5432/${folder?.replace(/\W/g, '_')}`,
        ...MIGRATIONS,
      ];
    case 'mongodb':
      return [
        '# MongoDB connection URL; when unset, development runs an embedded mongod with its data in .data/',
        `# MONGODB_URI=mongodb://127.0.0.1:27017/${folder}`,
      ];
  }
}

function envLines(options: ProjectOptions, example: boolean): string[] {
  const secret = (value: string) => (example ? '' : value);
  return [
    'PORT=9000',
    '# Grants sign-up and sign-in (access_token); at least 32 characters',
    `MASTER_KEY=${secret(options.secrets.masterKey)}`,
    ...(options.auth
      ? [
          '# Signs user tokens; at least 32 characters',
          `JWT_SECRET=${secret(options.secrets.jwtSecret)}`,
          '# How long a token is valid: seconds, or a duration such as 12h or 7d',
          'JWT_EXPIRES_IN=7d',
        ]
      : []),
    ...databaseLines(options),
    '',
  ];
}

export const envTemplate = (options: ProjectOptions): TextFile => ({
  kind: 'text',
  path: '.env',
  text: envLines(options, false).join('\n'),
});

export const envExampleTemplate = (options: ProjectOptions): TextFile => ({
  kind: 'text',
  path: '.env.example',
  text: envLines(options, true).join('\n'),
});
