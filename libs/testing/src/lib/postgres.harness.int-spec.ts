import { Client } from 'pg';
import { startPostgres } from '../index';

describe('startPostgres', () => {
  it('starts a real server on loopback, creates databases, and stops', async () => {
    const server = await startPostgres();
    try {
      expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      const url = await server.createDatabase('harness_check');
      const client = new Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('SELECT current_database() AS db, host(inet_server_addr()) AS addr');
      await client.end();
      expect(rows[0]).toEqual({ db: 'harness_check', addr: '127.0.0.1' });
    } finally {
      server.stop();
    }
    const after = new Client({ connectionString: server.url, connectionTimeoutMillis: 2000 });
    await expect(after.connect()).rejects.toThrow();
  });
});
