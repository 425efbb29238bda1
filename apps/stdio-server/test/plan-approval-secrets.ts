import { loadSecrets, readServiceConfig } from '@routeros-mcp/composition';
import { sqlitePath } from '@routeros-mcp/config';
import { Database } from 'sqlite3';

/**
 * The signature and nonce of every approval stored in `dataDir`, opened the way only the plan service opens them
 * (the grant row's sealed field, decrypted with the data directory's key): what no MCP answer or log line may hold.
 */
export async function approvalSecrets(dataDir: string): Promise<{ nonce: string; signature: string }[]> {
  const config = readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } });
  const { cipher } = loadSecrets(config);
  const db = new Database(sqlitePath(config));
  try {
    const rows = await new Promise<{ id: string; sealed: string }[]>((resolve, reject) => db.all('SELECT id, sealed FROM plan_approvals', (error, result) => (error ? reject(error) : resolve(result as { id: string; sealed: string }[]))));
    return rows.map((row) => JSON.parse(cipher.decrypt(row.sealed, `approval:${row.id}`)) as { nonce: string; signature: string });
  } finally {
    await new Promise((done) => db.close(done));
  }
}
