// A local stand-in for the user APIs of GitHub, Google and Facebook: the real ones cannot be reached from
// our machines, so the social sign-in tests point the generated project's *_API_URL here.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Account {
  id: string;
  name: string;
  email: string;
  verified: boolean;
}

/**
 * The user APIs of GitHub (`/user`, `/user/emails`), Google (`/oauth2/v3/userinfo`) and Facebook
 * (`/me`), answering for the accounts of the tokens it was given; `down` is a token of a provider in
 * trouble (503). It counts the calls, so that a test can see the server asked it.
 */
export async function startStandInProvider(accounts: Map<string, Account>) {
  const calls: string[] = [];
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    calls.push(url.pathname);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const token = url.pathname === '/me' ? url.searchParams.get('access_token') : bearer;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (token === 'down') return send(503, { message: 'Service Unavailable' });
    const account = token ? accounts.get(token) : undefined;
    if (!account) return send(url.pathname === '/me' ? 400 : 401, { message: 'Bad credentials' });
    const picture = `https://pictures.example.com/${account.id}.png`;
    switch (url.pathname) {
      case '/user':
        return send(200, {
          id: Number(account.id),
          login: 'octo',
          name: account.name,
          avatar_url: picture,
        });
      case '/user/emails':
        return send(200, [
          { email: 'old@example.com', primary: false, verified: true },
          { email: account.email, primary: true, verified: account.verified },
        ]);
      case '/oauth2/v3/userinfo':
        return send(200, {
          sub: account.id,
          name: account.name,
          picture,
          email: account.email,
          email_verified: account.verified,
        });
      case '/me':
        return send(200, {
          id: account.id,
          name: account.name,
          picture: { data: { url: picture } },
          ...(account.verified ? { email: account.email } : {}),
        });
      default:
        return send(404, { message: 'Not Found' });
    }
  };
  const server = createServer(answer);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

export type StandInProvider = Awaited<ReturnType<typeof startStandInProvider>>;
