import { readRecipe } from './recipe-files';

// The examples must keep SSE flowing: no buffering, read timeouts above the server's heartbeat (default 20 s).
describe('reverse proxy examples', () => {
  it('nginx: unbuffered, HTTP/1.1 upstream keep-alive, timeouts above the heartbeat, forwarded headers, body above 10 MiB', () => {
    const conf = readRecipe('proxy/nginx.conf');
    expect(conf).toMatch(/^\s*proxy_buffering off;/m);
    expect(conf).toMatch(/^\s*proxy_http_version 1\.1;/m);
    expect(Number(/proxy_read_timeout (\d+)s;/.exec(conf)![1])).toBeGreaterThan(30);
    expect(conf).toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(conf).toMatch(/X-Forwarded-Proto \$scheme;/);
    expect(Number(/client_max_body_size (\d+)m;/.exec(conf)![1])).toBeGreaterThan(10);
    expect(conf).not.toMatch(/non_idempotent/); // a POST (tool call) must never be replayed on another replica
  });

  it('Caddy: flushes at once and reads for longer than the heartbeat', () => {
    const caddy = readRecipe('proxy/Caddyfile');
    expect(caddy).toMatch(/flush_interval -1/);
    expect(caddy).toMatch(/read_timeout 1h/);
  });
});
