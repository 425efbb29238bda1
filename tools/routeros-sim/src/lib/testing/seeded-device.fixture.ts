import { DeviceState } from '../model/device-state';
import { seedConfig, type ProfileName } from '../model/profiles';

/** A device of `profile` as a fleet seeds it (identity r1, one full user), for unit specs of the model. */
export function seededDevice(profile: ProfileName, version = '7.20.5'): DeviceState {
  const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
  return new DeviceState(version, 7, () => seedConfig({ profile, version, identity: 'r1', index: 0, users }));
}

/** 'ok' when `write` goes through, else the detail of what it threw (RouterOS's refusal). */
export function refusal(write: () => unknown): string | undefined {
  try {
    write();
    return 'ok';
  } catch (error) {
    return (error as { detail?: string }).detail;
  }
}
