import { ContainerModule } from '@routeros-mcp/inversify';
import { ChangeHistory } from './changes/change-history';
import { ChangeRunner } from './changes/change-runner';
import { ChangeService } from './changes/change.service';
import { InterruptedChangeRecovery } from './changes/interrupted-change-recovery';
import { NeedsAttentionRecheck } from './changes/needs-attention-recheck';
import { ChangeSweepServices } from './changes/recovery-support';
import { AuditRecorder } from './audit-recorder';
import { InterruptedCallRecovery } from './interrupted-call-recovery';
import { DatabaseAdmin } from './database-admin.service';
import { DeviceRegistry } from './device-registry.service';
import { DeviceConnectivity } from './device-connectivity.service';
import { DeviceReader } from './device-reader.service';
import { MenuCatalog } from './menus/menu-catalog';
import { HealthPoller } from './health/health-poller';
import { KeyRotationService } from './key-rotation.service';
import { SnapshotChangeObserver } from './snapshots/snapshot-change-observer';
import { SnapshotScheduler } from './snapshots/snapshot-scheduler';
import { SnapshotService } from './snapshots/snapshot.service';
import { PlanService } from './plans/plan.service';
import { PlanStepInputs } from './plans/plan-step-inputs';
import { PlanExecution } from './plans/plan-execution.job';
import { RolloutHealthSampler } from './plans/rollout-health-sampler';
import { RolloutRunner } from './plans/rollout-runner';
import { ConsoleLogins } from './console/console-logins.service';

export function useCasesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(AuditRecorder).toSelf().inSingletonScope();
    bind(DeviceRegistry).toSelf().inSingletonScope();
    bind(KeyRotationService).toSelf().inSingletonScope();
    bind(DatabaseAdmin).toSelf().inSingletonScope();
    bind(DeviceConnectivity).toSelf().inSingletonScope();
    bind(DeviceReader).toSelf().inSingletonScope();
    bind(MenuCatalog).toSelf().inSingletonScope();
    // One service behind both ports: the pipeline every write takes, and the history it records.
    bind(ChangeService).toSelf().inSingletonScope();
    bind<ChangeRunner>(ChangeRunner).toService(ChangeService);
    bind<ChangeHistory>(ChangeHistory).toService(ChangeService);
    bind(InterruptedChangeRecovery).toSelf().inSingletonScope();
    bind(InterruptedCallRecovery).toSelf().inSingletonScope();
    bind(NeedsAttentionRecheck).toSelf().inSingletonScope();
    bind(ChangeSweepServices).toSelf().inSingletonScope();
    bind(SnapshotService).toSelf().inSingletonScope();
    bind(SnapshotScheduler).toSelf().inSingletonScope();
    bind(SnapshotChangeObserver).toSelf().inSingletonScope();
    bind(HealthPoller).toSelf().inSingletonScope();
    bind(PlanStepInputs).toSelf().inSingletonScope();
    bind(PlanService).toSelf().inSingletonScope();
    bind(ConsoleLogins).toSelf().inSingletonScope();
    // The rollout: composition binds RolloutSettings and PlanExecutor (to PlanExecution) and starts/stops it.
    bind(RolloutHealthSampler).toSelf().inSingletonScope();
    bind(RolloutRunner).toSelf().inSingletonScope();
    bind(PlanExecution).toSelf().inSingletonScope();
  });
}
