// The bench's prefix module with Bearer auth: hello-world JSON at `GET /` for the token `bench-token`.
import { Controller, bearerAuth } from 'restsmith/route';

@bearerAuth({ tokens: ['bench-token'] })
export class Default extends Controller {
  GET() {
    return { hello: 'world' };
  }
}
