import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { createMcpServer, SERVER_NAME } from '../index';

describe('createMcpServer', () => {
  it('negotiates 2025-11-25 and answers ping with its name, version and RouterOS facts', async () => {
    const server = createMcpServer({ version: '1.2.3', environment: 'staging' }).factory({ era: 'legacy' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'spec', version: '0' });
    await client.connect(clientSide);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: SERVER_NAME, version: '1.2.3' });
      expect(client.getServerCapabilities()?.experimental?.['routeros']).toMatchObject({ environment: 'staging' });
      expect(client.getInstructions()).toContain('staging environment');
      expect(await client.ping()).toEqual({});
    } finally {
      await client.close();
      await server.close();
    }
  });
});
