import dedent from 'dedent';
import { Scope, StructureKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { GeneratedCodeError } from '../../src/engine/diagnostics.js';
import type { GeneratedFile } from '../../src/engine/generated-file.js';
import { renderFiles } from '../../src/engine/render.js';

const service: GeneratedFile = {
  kind: 'typescript',
  path: 'src/users/users.service.ts',
  imports: [{ from: '@nestjs/common', named: ['Injectable'] }],
  structure: {
    statements: [
      {
        kind: StructureKind.Class,
        name: 'UsersService',
        isExported: true,
        decorators: [{ name: 'Injectable', arguments: [] }],
        methods: [{ name: 'findAll', returnType: 'string[]', statements: 'return [];' }],
      },
    ],
  },
};

const controller: GeneratedFile = {
  kind: 'typescript',
  path: 'src/users/users.controller.ts',
  imports: [
    { from: '@nestjs/common', named: ['Controller', 'Get'] },
    { from: 'src/users/users.service.ts', named: ['UsersService'] },
    { from: '@nestjs/common', named: ['Get', 'Query'] },
    { from: 'src/common/list-query.ts', types: ['ListQuery'] },
  ],
  structure: {
    statements: [
      {
        kind: StructureKind.Class,
        name: 'UsersController',
        isExported: true,
        decorators: [{ name: 'Controller', arguments: ["'users'"] }],
        ctors: [
          {
            parameters: [
              { name: 'users', type: 'UsersService', scope: Scope.Private, isReadonly: true },
            ],
          },
        ],
        methods: [
          {
            name: 'list',
            decorators: [{ name: 'Get', arguments: [] }],
            parameters: [
              { name: 'query', type: 'ListQuery', decorators: [{ name: 'Query', arguments: [] }] },
            ],
            statements: 'return this.users.findAll();',
          },
        ],
      },
    ],
  },
};

const listQuery: GeneratedFile = {
  kind: 'typescript',
  path: 'src/common/list-query.ts',
  imports: [],
  structure: { statements: ['export interface ListQuery { page: number; limit: number }'] },
};

describe('renderFiles', () => {
  it('merges imports by module, makes project paths relative and formats with prettier', async () => {
    const rendered = await renderFiles([service, controller, listQuery]);
    expect(rendered.find((file) => file.path === controller.path)?.text).toBe(
      dedent`
        import { Controller, Get, Query } from '@nestjs/common';
        import { UsersService } from './users.service';
        import type { ListQuery } from '../common/list-query';

        @Controller('users')
        export class UsersController {
          constructor(private readonly users: UsersService) {}

          @Get()
          list(@Query() query: ListQuery) {
            return this.users.findAll();
          }
        }
      ` + '\n',
    );
    expect(rendered.find((file) => file.path === service.path)?.text).toBe(
      dedent`
        import { Injectable } from '@nestjs/common';

        @Injectable()
        export class UsersService {
          findAll(): string[] {
            return [];
          }
        }
      ` + '\n',
    );
  });

  it("follows the templates' .prettierrc and writes JSON as JSON, text as given", async () => {
    const rendered = await renderFiles([
      { kind: 'json', path: '.prettierrc', data: { singleQuote: false, semi: false } },
      {
        kind: 'typescript',
        path: 'src/main.ts',
        imports: [],
        structure: { statements: ["export const port = process.env.PORT ?? '9000';"] },
      },
      { kind: 'json', path: 'package.json', data: { name: 'my-api', private: true } },
      { kind: 'text', path: '.env', text: 'PORT=9000\n' },
    ]);
    expect(rendered.map((file) => file.text)).toEqual([
      '{\n  "singleQuote": false,\n  "semi": false\n}\n',
      'export const port = process.env.PORT ?? "9000"\n',
      '{\n  "name": "my-api",\n  "private": true\n}\n',
      'PORT=9000\n',
    ]);
  });

  it('refuses generated code with a broken relative import or an undefined name', async () => {
    const broken: GeneratedFile = {
      kind: 'typescript',
      path: 'src/app.module.ts',
      imports: [{ from: 'src/users/users.module.ts', named: ['UsersModule'] }],
      structure: { statements: ['export const modules = [UsersModule, AuthModule];'] },
    };
    const error = await renderFiles([broken]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GeneratedCodeError);
    expect((error as GeneratedCodeError).diagnostics).toEqual([
      "src/app.module.ts:1:29 TS2307: Cannot find module './users/users.module' or its corresponding type declarations.",
      "src/app.module.ts:3:38 TS2304: Cannot find name 'AuthModule'.",
    ]);
  });

  it('checks code that uses packages it cannot see without false errors, and still finds real ones', async () => {
    const filter = (body: string): GeneratedFile => ({
      kind: 'typescript',
      path: 'src/common/all-exceptions.filter.ts',
      imports: [
        { from: '@nestjs/common', named: ['Catch', 'HttpException'], types: ['ArgumentsHost'] },
        { from: '@nestjs/core', named: ['BaseExceptionFilter', 'NestFactory'] },
        { from: 'node:crypto', named: ['randomUUID'] },
      ],
      structure: {
        statements: [
          dedent`
            @Catch()
            export class AllExceptionsFilter extends BaseExceptionFilter {
              override catch(exception: unknown, host: ArgumentsHost): void {
                if (exception instanceof HttpException) exception.getResponse();
                super.catch(exception, host);
              }
            }
            export const filter = new AllExceptionsFilter(NestFactory.create<string>(randomUUID()));
          `,
          body,
        ],
      },
    });
    await expect(renderFiles([filter('')])).resolves.toHaveLength(1);
    const error = await renderFiles([filter('export const id: string = requestId;')]).catch(
      (caught: unknown) => caught,
    );
    expect((error as GeneratedCodeError).diagnostics).toEqual([
      "src/common/all-exceptions.filter.ts:13:27 TS2304: Cannot find name 'requestId'.",
    ]);
  });
});
