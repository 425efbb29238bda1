import type { RouterOsApi } from '@routeros-mcp/application-ports';
import { inverseOperations } from '@routeros-mcp/domain-changes';
import type { InFlight } from './change-flight';
import type { ChangeRecorder } from './change-recorder';
import { writeOperation } from './change-writes';

/** The write step: the operations in order over REST, under the guard already taken. */
export class WriteStep {
  constructor(
    private readonly api: RouterOsApi,
    private readonly recorder: ChangeRecorder,
  ) {}

  /** Each added row's id is kept (on the record and in the guard's inverse) as soon as the device answers it. */
  async write(flight: InFlight): Promise<void> {
    const { plan, target, guard } = flight;
    const changeId = flight.record.id;
    for (const [i, op] of plan.operations.entries()) {
      await flight.fence('write');
      flight.addedIds[i] = await writeOperation(this.api, target, op, flight.signal);
      if (op.kind !== 'add') continue;
      const inverse = inverseOperations(plan.live, plan.operations, flight.addedIds).operations;
      // Kept at once: a successor settling this change after the process died removes the row by this id.
      // Kept sealed like every saved inverse (an old passphrase is in it); the device's timer gets it in the clear.
      flight.record = { ...flight.record, addedIds: [...flight.addedIds], inverse: this.recorder.sealInverse(changeId, inverse) };
      await this.recorder.save(flight.record);
      await guard.updateInverse(inverse);
    }
  }
}
