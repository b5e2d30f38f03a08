// The bench's prefix module for an async handler: its promise is what the handler time limit watches.
import { Controller } from 'restsmith/route';

export class Default extends Controller {
  async GET() {
    return { hello: 'world' };
  }
}
