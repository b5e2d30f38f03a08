// src/common/parse-id.pipe.ts: a malformed id in a URL is a 400, never a database error.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';

export function parseIdPipeTemplate(options: ProjectOptions): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  const check = mongo ? 'isMongoId' : 'isUUID';
  return tsFile(
    'src/common/parse-id.pipe.ts',
    [
      pkg('@nestjs/common', 'BadRequestException', 'Injectable'),
      pkgTypes('@nestjs/common', 'PipeTransform'),
      pkg('class-validator', check),
    ],
    [
      classOf({
        name: 'ParseIdPipe',
        decorators: [decorator('Injectable')],
        implements: ['PipeTransform<string, string>'],
        methods: [
          {
            name: 'transform',
            parameters: [{ name: 'value', type: 'string' }],
            returnType: 'string',
            statements: code(
              `if (!${check}(value)) {`,
              `  throw new BadRequestException('id must be ${mongo ? 'a 24-character hexadecimal ObjectId' : 'a UUID'}');`,
              '}',
              'return value;',
            ),
          },
        ],
      }),
    ],
  );
}
