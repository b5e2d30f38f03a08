// Issue 10.9: a route someone adds by hand and forgets to mark with @Access is refused to everyone.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { run, startServer } from '../../api/project.js';
import { send, type Target } from '../target.js';

const UNMARKED = `import { Controller, Get, Post } from '@nestjs/common';

@Controller('unmarked')
export class UnmarkedController {
  @Get()
  list(): string[] {
    return ['a secret'];
  }

  @Post()
  create(): { created: boolean } {
    return { created: true };
  }
}
`;

/** A copy of the target project with a controller that carries no @Access mark, built. */
function withUnmarkedRoute(dir: string): string {
  const copy = `${dir}-unmarked`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(dir, copy, {
    recursive: true,
    force: true,
    // Without the build info too: tsc would take the copy's build for up to date and emit nothing.
    filter: (path) => !/[/\\](dist|\.data|[^/\\]*\.tsbuildinfo)$/.test(path),
  });
  writeFileSync(join(copy, 'src/unmarked.controller.ts'), UNMARKED);
  const modulePath = join(copy, 'src/app.module.ts');
  const appModule = readFileSync(modulePath, 'utf8');
  writeFileSync(
    modulePath,
    `import { UnmarkedController } from './unmarked.controller';\n` +
      appModule.replace('@Module({', '@Module({\n  controllers: [UnmarkedController],'),
  );
  const built = run('npm', ['run', 'build'], copy);
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.output}`);
  return copy;
}

export function failClosedAttacks(target: () => Target): void {
  it('refuses a route without @Access to everyone, and still answers the marked ones', async () => {
    const copy = withUnmarkedRoute(target().dir);
    const server = await startServer(copy, target().env);
    try {
      const someone = await target().user();
      const http = (method: string, path: string, token?: string) =>
        send(server.url, method, path, { token });
      for (const token of [undefined, someone.token, target().masterKey]) {
        const listed = await http('GET', '/unmarked', token);
        expect(listed.status).toBe(403);
        expect(listed.text).not.toContain('a secret');
        expect((await http('POST', '/unmarked', token)).status).toBe(403);
      }
      // A public route is still answered (the copy has a database of its own on sqlite: no such user).
      expect((await http('GET', `/users/${someone.id}`)).status).not.toBe(403);
    } finally {
      await server.stop();
    }
  }, 300_000);
}
