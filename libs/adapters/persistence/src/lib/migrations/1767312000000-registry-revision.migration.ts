import { MigrationInterface, QueryRunner } from '@routeros-mcp/typeorm';
import { dialectOf } from '../dialect';

const WATCHED = ['devices', 'device_tags', 'device_credentials'];
const EVENTS = ['INSERT', 'UPDATE', 'DELETE'];

/**
 * A counter the database itself raises on every change to devices, tags or credentials, by whichever process
 * (a server replica, the admin CLI, a hand-run SQL statement). A server keeps registry reads in memory and
 * reads this one number per call to know whether they are still true.
 */
export class RegistryRevision1767312000000 implements MigrationInterface {
  name = 'RegistryRevision1767312000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query('CREATE TABLE registry_revision (id integer PRIMARY KEY, revision integer NOT NULL)');
    await qr.query('INSERT INTO registry_revision (id, revision) VALUES (1, 0)');
    if (dialectOf(qr) === 'postgres') {
      await qr.query(`CREATE FUNCTION bump_registry_revision() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE registry_revision SET revision = revision + 1 WHERE id = 1; RETURN NULL; END $$`);
      for (const table of WATCHED) {
        await qr.query(`CREATE TRIGGER ${table}_revision AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_registry_revision()`);
      }
      return;
    }
    for (const table of WATCHED) {
      for (const event of EVENTS) {
        await qr.query(`CREATE TRIGGER ${table}_${event.toLowerCase()}_revision AFTER ${event} ON ${table} BEGIN UPDATE registry_revision SET revision = revision + 1 WHERE id = 1; END`);
      }
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    if (dialectOf(qr) === 'postgres') {
      for (const table of WATCHED) await qr.query(`DROP TRIGGER ${table}_revision ON ${table}`);
      await qr.query('DROP FUNCTION bump_registry_revision()');
    } else {
      for (const table of WATCHED) for (const event of EVENTS) await qr.query(`DROP TRIGGER ${table}_${event.toLowerCase()}_revision`);
    }
    await qr.query('DROP TABLE registry_revision');
  }
}
