import type { ConsoleSessionStore, ConsoleTicketRecord } from '@routeros-mcp/application-ports';
import { Database } from '../database';

const TABLE = 'console_sessions';

interface Row {
  digest: string;
  kind: string;
  user_name: string;
  role: string;
  principal_id: string | null;
  created_at: string | number;
  expires_at: string | number;
}

const recordOf = (row: Row): ConsoleTicketRecord => ({
  digest: row.digest,
  kind: row.kind as ConsoleTicketRecord['kind'],
  userName: row.user_name,
  role: row.role,
  ...(row.principal_id ? { principalId: row.principal_id } : {}),
  createdAt: new Date(Number(row.created_at)),
  expiresAt: new Date(Number(row.expires_at)),
});

/** Console tickets as `console_sessions` rows; using one is a single conditional UPDATE, so one replica wins it. */
export class SqlConsoleSessionStore implements ConsoleSessionStore {
  constructor(private readonly db: Database) {}

  async add(ticket: ConsoleTicketRecord): Promise<void> {
    await this.db.writeStatement((em) =>
      em
        .createQueryBuilder()
        .insert()
        .into(TABLE)
        .values({ digest: ticket.digest, kind: ticket.kind, user_name: ticket.userName, role: ticket.role, principal_id: ticket.principalId ?? null, created_at: ticket.createdAt.getTime(), expires_at: ticket.expiresAt.getTime(), used_at: null })
        .execute(),
    );
  }

  async consume(digest: string, kind: ConsoleTicketRecord['kind'], now: Date): Promise<ConsoleTicketRecord | undefined> {
    return this.db.write(async (em) => {
      const result = await em
        .createQueryBuilder()
        .update(TABLE)
        .set({ used_at: now.getTime() })
        .where('digest = :digest AND kind = :kind AND used_at IS NULL AND expires_at > :now', { digest, kind, now: now.getTime() })
        .execute();
      if (!result.affected) return undefined;
      const row = await em.createQueryBuilder().select('*').from(TABLE, 't').where('t.digest = :digest', { digest }).getRawOne<Row>();
      return row ? recordOf(row) : undefined;
    });
  }

  async find(digest: string, kind: ConsoleTicketRecord['kind'], now: Date): Promise<ConsoleTicketRecord | undefined> {
    const row = await this.db.manager
      .createQueryBuilder()
      .select('*')
      .from(TABLE, 't')
      .where('t.digest = :digest AND t.kind = :kind AND t.used_at IS NULL AND t.expires_at > :now', { digest, kind, now: now.getTime() })
      .getRawOne<Row>();
    return row ? recordOf(row) : undefined;
  }
}
