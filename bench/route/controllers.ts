// The bench's prefix module: hello-world JSON at `GET /`.
import { Controller } from '../../src/route/index.js';

export class Default extends Controller {
  GET() {
    return { hello: 'world' };
  }
}
