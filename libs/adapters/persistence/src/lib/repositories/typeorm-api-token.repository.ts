import type { ApiTokenRecord, ApiTokenRepository } from '@routeros-mcp/application-ports';
import { apiTokenNameTaken } from '@routeros-mcp/application-ports';
import { IsNull } from '@routeros-mcp/typeorm';
import { Database } from '../database';
import { isUniqueViolation, violatedColumn } from '../dialect';
import type { ApiTokenRow } from '../records/api-token.record';
import { toApiTokenRecord, toApiTokenRow } from './api-token.mapper';

const API_TOKEN = 'ApiTokenRow';

/** A unique violation of the name index (SQLite names an expression index only in its message). */
const nameClash = (error: unknown) => isUniqueViolation(error) && /uq_api_tokens_name/.test(`${violatedColumn(error) ?? ''} ${(error as Error).message ?? ''}`);

export class TypeOrmApiTokenRepository implements ApiTokenRepository {
  constructor(private readonly db: Database) {}

  /** The unique index on lower(name) decides a race between two creations of one name. */
  async add(token: ApiTokenRecord): Promise<void> {
    try {
      await this.db.writeStatement((em) => em.insert(API_TOKEN, toApiTokenRow(token)));
    } catch (error) {
      throw nameClash(error) ? apiTokenNameTaken(token.name) : error;
    }
  }

  async findByName(name: string): Promise<ApiTokenRecord | undefined> {
    const row = await this.db.manager.createQueryBuilder<ApiTokenRow>(API_TOKEN, 't').where('lower(t.name) = lower(:name)', { name }).getOne();
    return row ? toApiTokenRecord(row) : undefined;
  }

  async findById(id: string): Promise<ApiTokenRecord | undefined> {
    const row = await this.db.manager.findOneBy<ApiTokenRow>(API_TOKEN, { id });
    return row ? toApiTokenRecord(row) : undefined;
  }

  async list(): Promise<ApiTokenRecord[]> {
    return (await this.db.manager.find<ApiTokenRow>(API_TOKEN, { order: { created_at: 'DESC', id: 'DESC' } })).map(toApiTokenRecord);
  }

  /** The first revocation's time stands; revoking again only confirms the token exists. */
  revoke(id: string, at: Date): Promise<boolean> {
    return this.db.write(async (em) => {
      if (!(await em.exists(API_TOKEN, { where: { id } }))) return false;
      await em.update(API_TOKEN, { id, revoked_at: IsNull() }, { revoked_at: at });
      return true;
    });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.writeStatement((em) => em.update(API_TOKEN, { id }, { last_used_at: at }));
  }
}
