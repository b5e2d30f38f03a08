// Baseline for bench/api-server: raw node:http answering a public user view as JSON.
import { createServer } from 'node:http';

const body = JSON.stringify({
  id: '6f1c2a4e-0b7d-4c1e-9a53-2d8f4b6e1a90',
  name: 'user199',
  picture: 'https://gravatar.com/avatar/0c83f57c786a0b4a39efab23731c7ebc?d=identicon',
});
const port = Number(process.env.PORT ?? 9302);
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
}).listen(port, '127.0.0.1', () => console.log(`raw listening on ${port}`));
