// The stream paths (/ws/<venue>) as plain HTTP: the WebSocket gateway (src/ws) takes their upgrade
// requests on the server's 'upgrade' event before Express sees them, so what reaches Express is a
// request without `Upgrade: websocket`. Such a request is told how to connect (426 Upgrade Required,
// RFC 9110 §15.5.22) instead of a 404 that would suggest the stream does not exist; a venue without a
// stream gets the 404 naming the operation that every venue lacking an operation gets.
import { Router } from 'express';
import { EXCHANGES } from '../../venues/exchanges.js';
import { HttpError } from '../errors.js';

export function createStreamPathsRouter(): Router {
  const router = Router();
  for (const venue of EXCHANGES) {
    const path = `/ws/${venue.code}`;
    router.all(path, (_req, res) => {
      if (venue.stream !== path) throw new HttpError(404, `${venue.code} has no stream operation`);
      res.setHeader('Upgrade', 'websocket');
      res.setHeader('Connection', 'Upgrade');
      res.status(426).json({ error: `${path} is a WebSocket stream: connect with an Upgrade: websocket request (e.g. npx wscat -c ws://<host>${path})` });
    });
  }
  router.all('/ws/svc', (_req, res) => {
    res.setHeader('Upgrade', 'websocket');
    res.setHeader('Connection', 'Upgrade');
    res.status(426).json({ error: '/ws/svc is a WebSocket stream: connect with an Upgrade: websocket request and an API key (e.g. npx wscat -c ws://<host>/ws/svc -H "X-API-Key: <key>")' });
  });
  return router;
}
