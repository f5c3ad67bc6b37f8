import { Client, Connection } from '@temporalio/client';
import { Caller, closeTestDb, DEMO } from './http';

type Staff = 'reviewer' | 'admin';

/**
 * What a workflow test file shares: a Temporal client and the demo staff, with the beforeAll that
 * signs the staff in and connects, and the afterAll that closes the connection and the test database.
 * The handles exist at once (a lazy connection, callers not yet signed in) so a file can destructure
 * them at its top; they are ready by its first test. `signIn` names the staff the file acts as (the
 * others stay signed out); `caller` makes them, e.g. ipCaller so their logins count against an
 * address of their own.
 */
export function staffAndTemporal({ signIn = ['reviewer', 'admin'], caller = () => new Caller() }: { signIn?: Staff[]; caller?: () => Caller } = {}) {
  const temporal = new Client({ connection: Connection.lazy({ address: process.env.TEMPORAL_ADDRESS! }) });
  const staff: Record<Staff, Caller> = { reviewer: caller(), admin: caller() };
  beforeAll(async () => {
    for (const who of signIn) {
      const [login, password] = DEMO[who];
      await staff[who].login(login, password);
    }
    await temporal.connection.ensureConnected();
  });
  afterAll(async () => {
    await temporal.connection.close();
    await closeTestDb();
  });
  return { temporal, ...staff };
}
