// The bench's prefix module: hello-world JSON at `GET /`.
import { Controller } from 'restsmith/route';

export class Default extends Controller {
  GET() {
    return { hello: 'world' };
  }
}
