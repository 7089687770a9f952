// Response compression (br or gzip, as the client's Accept-Encoding prefers, for bodies above 1 KB,
// the package's threshold) for the clients that accept an encoding. A request without
// Accept-Encoding is never compressed (the package falls back to identity), yet the package would
// still wrap the response's write, end and head on it: measured ~0.06 ms of main-thread CPU a
// request (bench/HISTORY.md, "Semantic search on the server at 20 clients"). Such a request skips
// it, keeping the `Vary: Accept-Encoding` the package adds, so that a shared cache still keys the
// answer by the header.
import compressionPackage from 'compression';
import type { RequestHandler } from 'express';

export function compression(): RequestHandler {
  const compress = compressionPackage();
  return (req, res, next) => {
    if (req.headers['accept-encoding'] !== undefined) {
      compress(req, res, next);
      return;
    }
    res.vary('Accept-Encoding');
    next();
  };
}
