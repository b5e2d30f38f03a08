// Reads and parses a request body (JSON, form-encoded, multipart) within the size limit, for both gateways.
import busboy from 'busboy';
import secureJson from 'secure-json-parse';
import type { Files, Keywords } from './controller.js';
import { HttpError } from './http-error.js';
import { addKeyword, checkKey, parseQuery } from './path.js';

/** A request body as either gateway sees it. */
export interface BodySource {
  contentType: string | undefined;
  /** The Content-Length header, when sent: an early 413 without reading. */
  contentLength: number | undefined;
  chunks: AsyncIterable<Uint8Array>;
}

export interface ParsedBody {
  body: unknown;
  keywords: Keywords;
  files: Files;
}

export const defaultBodyLimit = 1024 * 1024;

/** Parses the body by its content type; 413 over `limit`, 415 for a type we do not read, 400 for bad syntax. */
export async function parseBody(source: BodySource, limit: number): Promise<ParsedBody> {
  if (source.contentLength !== undefined && source.contentLength > limit) throw tooLarge(limit);
  const type = (source.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'multipart/form-data') return parseMultipart(source, limit);
  const bytes = await readAll(source.chunks, limit);
  if (bytes.length === 0)
    return { body: undefined, keywords: Object.create(null) as Keywords, files: {} };
  if (type === 'application/json' || type.endsWith('+json')) return parseJson(bytes);
  if (type === 'application/x-www-form-urlencoded') {
    const keywords = parseQuery(new TextDecoder().decode(bytes), 'form');
    return { body: keywords, keywords, files: {} };
  }
  throw new HttpError(
    415,
    `unsupported content type ${JSON.stringify(type || 'none')}: send application/json, application/x-www-form-urlencoded or multipart/form-data`,
  );
}

async function readAll(chunks: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(limit);
    parts.push(chunk);
  }
  return Buffer.concat(parts, size);
}

function parseJson(bytes: Buffer): ParsedBody {
  let body: unknown;
  try {
    body = secureJson.parse(bytes.toString('utf8'), undefined, {
      protoAction: 'error',
      constructorAction: 'error',
    });
  } catch (error) {
    throw new HttpError(400, `invalid JSON body: ${(error as Error).message}`);
  }
  const keywords = Object.create(null) as Keywords;
  // Only an object's members are keywords; any other JSON value is left to the handler as `this.request.body`.
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    Object.assign(keywords, body);
  return { body, keywords, files: {} };
}

function parseMultipart(source: BodySource, limit: number): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    const keywords = Object.create(null) as Keywords;
    const files = Object.create(null) as Files;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': source.contentType },
        limits: { fieldSize: limit, fileSize: limit },
      });
    } catch (error) {
      return reject(new HttpError(400, `invalid multipart body: ${(error as Error).message}`));
    }
    const fail = (error: Error) =>
      reject(
        error instanceof HttpError
          ? error
          : new HttpError(400, `invalid multipart body: ${error.message}`),
      );
    const where = 'multipart body';
    parser.on('field', (name, value) => addKeyword(keywords, name, value, where));
    const pending: Array<Promise<void>> = [];
    parser.on('file', (name, stream, info) => {
      try {
        checkKey(name, where);
      } catch (error) {
        stream.resume();
        throw error;
      }
      pending.push(
        readAll(stream, limit).then((bytes) => {
          const file = new File([bytes as unknown as BlobPart], info.filename ?? name, {
            type: info.mimeType,
          });
          addKeyword(keywords, name, file, where);
          addKeyword(files as Keywords, name, file, where);
        }),
      );
    });
    parser.on('error', fail);
    parser.on('close', () => {
      Promise.all(pending).then(() => resolve({ body: keywords, keywords, files }), fail);
    });
    feed(source.chunks, parser, limit).catch(fail);
  });
}

async function feed(
  chunks: AsyncIterable<Uint8Array>,
  parser: busboy.Busboy,
  limit: number,
): Promise<void> {
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(limit);
    if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
  }
  parser.end();
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `request body larger than the limit of ${limit} bytes`);
}
