import { EntitySchema } from '@routeros-mcp/typeorm';
import { columnTypes, Dialect } from '../dialect';

export interface CredentialRecord {
  device_id: string;
  purpose: string;
  username: string;
  ciphertext: string;
  key_id: string;
  updated_at: Date;
}

export function credentialSchema(dialect: Dialect) {
  return new EntitySchema<CredentialRecord>({
    name: 'CredentialRecord',
    tableName: 'device_credentials',
    columns: {
      device_id: { type: 'varchar', primary: true },
      purpose: { type: 'varchar', primary: true },
      username: { type: 'varchar' },
      ciphertext: { type: 'text' },
      key_id: { type: 'varchar' },
      updated_at: { type: columnTypes(dialect).timestamp },
    },
  });
}
