// The benchmarks' lean HTTP client (bench/support/raw-http.ts) must frame responses exactly as
// node:http does, or a benchmark would count garbage as answers.
import assert from 'node:assert/strict';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { headerValue, parseResponse, RawHttpClient } from '../../bench/support/raw-http.js';

describe('bench raw HTTP client', () => {
  it('frames a Content-Length response and waits for the rest of a split body', () => {
    const whole = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\ncontent-length: 7\r\n\r\n{"a":1}HTTP/1.1 404');
    assert.equal(parseResponse(whole.subarray(0, 60)), null);
    const r = parseResponse(whole);
    assert.ok(r);
    assert.equal(r.status, 200);
    assert.equal(r.body.toString(), '{"a":1}');
    assert.equal(headerValue(r, 'content-type'), 'application/json');
    assert.equal(headerValue(r, 'Content-Length'), '7');
    assert.equal(headerValue(r, 'server-timing'), undefined);
    assert.equal(whole.subarray(r.consumed).toString(), 'HTTP/1.1 404');
  });

  it('frames a chunked response', () => {
    const whole = Buffer.from('HTTP/1.1 503 Service Unavailable\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"er\r\n3\r\nr":\r\n3\r\n"x"\r\n1\r\n}\r\n0\r\n\r\n');
    assert.equal(parseResponse(whole.subarray(0, whole.length - 1)), null);
    const r = parseResponse(whole);
    assert.ok(r);
    assert.equal(r.status, 503);
    assert.equal(r.body.toString(), '{"err":"x"}');
    assert.equal(r.consumed, whole.length);
  });

  it('carries sequential and concurrent requests over keep-alive sockets to a node:http server', async () => {
    const sockets = new Set<unknown>();
    const server = http.createServer((req, res) => {
      sockets.add(req.socket);
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url === '/missing') {
          res.statusCode = 404;
          res.end('no');
          return;
        }
        if (req.url === '/stream') {
          // no Content-Length: node:http answers chunked
          res.write('par');
          setImmediate(() => res.end('ts'));
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, url: req.url, key: req.headers['x-api-key'], body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new RawHttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { 'X-API-Key': 'k1' });
    try {
      for (let i = 0; i < 3; i++) {
        const r = await client.getOk(`/a?i=${i}`);
        assert.deepEqual(JSON.parse(r.body.toString()), { method: 'GET', url: `/a?i=${i}`, key: 'k1', body: '' });
      }
      assert.equal(sockets.size, 1, 'sequential requests reuse one socket');
      const posted = await client.post('/p', { x: 'é' });
      assert.deepEqual(JSON.parse(posted.body.toString()).body, '{"x":"é"}');
      assert.equal((await client.get('/stream')).body.toString(), 'parts');
      assert.equal((await client.get('/missing')).status, 404);
      await assert.rejects(client.getOk('/missing'), /HTTP 404/);
      const many = await Promise.all(Array.from({ length: 5 }, (_, i) => client.getOk(`/c${i}`)));
      assert.deepEqual(many.map((r) => JSON.parse(r.body.toString()).url), ['/c0', '/c1', '/c2', '/c3', '/c4']);
      assert.ok(sockets.size <= 5);
    } finally {
      client.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('rejects a response it cannot frame instead of throwing out of the socket handler', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\nX: y\r\n\r\nunframed')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new RawHttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      await assert.rejects(client.get('/'), /without Content-Length or chunked/);
    } finally {
      client.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
