import type { ChangePlanner, TouchedRow } from '../../change-planner';
import type { Row, RowOperation } from '../../row-operation';
import { change, noChange } from '../common/outcome';
import { changedProps, configOf, isDynamic, rowsOf } from '../common/rows';
import { ChangePreconditionError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { KeyedMenu, syncKeyedRows } from './keyed-rows';

export type WirelessPackage = 'wifi' | 'wireless';

export interface WirelessSecurityProfile {
  name: string;
  'authentication-types': readonly string[];
  /** A secret: never in results, diffs, logs or records in the clear. Absent: the device's passphrase is kept. */
  passphrase?: string;
  comment?: string;
}
export interface WirelessInterface {
  name: string;
  ssid?: string;
  security_profile?: string;
  disabled?: boolean;
}
export interface WirelessInput {
  /** `wifi` (the 7.13+ package, `/interface/wifi`) or `wireless` (the legacy package, `/interface/wireless`). */
  package: WirelessPackage;
  security_profiles: readonly WirelessSecurityProfile[];
  interfaces: readonly WirelessInterface[];
  remove: { security_profiles: readonly string[] };
}

/** Where each package keeps interfaces and security profiles, and the names of the same ideas in each. */
const PACKAGES: Readonly<Record<WirelessPackage, { interfaces: string; profiles: string; ssid: string; profile: string; inline: readonly string[] }>> = {
  wifi: { interfaces: 'interface/wifi', profiles: 'interface/wifi/security', ssid: 'configuration.ssid', profile: 'security', inline: ['security.passphrase', 'security.authentication-types'] },
  wireless: { interfaces: 'interface/wireless', profiles: 'interface/wireless/security-profiles', ssid: 'ssid', profile: 'security-profile', inline: [] },
};

const sortedList = (value: string | undefined) => (value ?? '').split(',').filter(Boolean).sort().join(',');

/** A profile's properties as its package names them; the legacy package keeps a key per WPA generation. */
function profileProps(pkg: WirelessPackage, p: WirelessSecurityProfile): Record<string, string> {
  const types = [...p['authentication-types']].sort().join(',');
  const props: Record<string, string> = pkg === 'wifi' ? { name: p.name, 'authentication-types': types } : { name: p.name, mode: 'dynamic-keys', 'authentication-types': types };
  if (p.passphrase !== undefined) {
    if (pkg === 'wifi') props['passphrase'] = p.passphrase;
    if (pkg === 'wireless' && types.includes('wpa-psk')) props['wpa-pre-shared-key'] = p.passphrase;
    if (pkg === 'wireless' && types.includes('wpa2-psk')) props['wpa2-pre-shared-key'] = p.passphrase;
  }
  if (p.comment !== undefined) props['comment'] = p.comment;
  return props;
}

/**
 * wireless: security profiles by name (authentication types, passphrase, comment) and interfaces by name (SSID, the
 * profile they use, enabled) on the `wifi` package or the legacy `wireless` one. Interfaces are never added or
 * removed; a `wifi` interface given a profile loses its inline security settings (they would override the
 * profile). Passphrases are compared with the device's and written only when they differ; the pipeline redacts them
 * in results and diffs, and keeps the old one sealed in the change's inverse so the change can be undone.
 */
export const wirelessPlanner: ChangePlanner<WirelessInput> = {
  reads: (input) => [PACKAGES[input.package].interfaces, PACKAGES[input.package].profiles],
  propose(live, input) {
    const pkg = PACKAGES[input.package];
    const profiles: Row[] = rowsOf(live, pkg.profiles).map((r) => ({ ...r, 'authentication-types': sortedList(r['authentication-types']) }));
    const interfaces = rowsOf(live, pkg.interfaces).filter((r) => !isDynamic(r));
    const known = new Set([...profiles.map((p) => p['name']), ...input.security_profiles.map((p) => p.name)].filter((n) => !input.remove.security_profiles.includes(n)));
    input.security_profiles.forEach((p, i) => {
      if (p.passphrase === undefined && !profiles.some((r) => r['name'] === p.name)) throw new ChangePreconditionError(`security profile ${p.name} is new on this device and needs a passphrase`, { field: `security_profiles.${i}.passphrase` });
    });
    const ifaceOps: RowOperation[] = [];
    const touched: TouchedRow[] = [];
    input.interfaces.forEach((want, i) => {
      const row = interfaces.find((r) => r['name'] === want.name);
      if (!row) throw new ChangeTargetNotFoundError(`${input.package} interface '${want.name}' does not exist on the device`, { field: `interfaces.${i}.name`, interface: want.name });
      if (want.security_profile !== undefined && !known.has(want.security_profile)) throw new ChangeTargetNotFoundError(`security profile '${want.security_profile}' is neither on the device nor in this change`, { field: `interfaces.${i}.security_profile` });
      const desired: Record<string, string> = {
        ...(want.ssid !== undefined ? { [pkg.ssid]: want.ssid } : {}),
        ...(want.security_profile !== undefined ? { [pkg.profile]: want.security_profile } : {}),
        ...(want.disabled !== undefined ? { disabled: String(want.disabled) } : {}),
      };
      const names = [...Object.keys(desired), ...pkg.inline];
      const before = configOf(row, names);
      const props = changedProps(before, desired);
      const unset = want.security_profile !== undefined ? pkg.inline.filter((n) => (before[n] ?? '') !== '') : [];
      if (Object.keys(props).length === 0 && unset.length === 0) return;
      ifaceOps.push({ kind: 'set', menu: pkg.interfaces, id: row['.id'], props, ...(unset.length ? { unset } : {}) });
      const after: Record<string, string> = { ...before, ...props };
      for (const n of unset) delete after[n];
      touched.push({ menu: pkg.interfaces, id: row['.id'], before, after });
    });
    // A profile still named by an interface once the change is made cannot go.
    for (const name of input.remove.security_profiles) {
      const user = interfaces.find((r) => (input.interfaces.find((w) => w.name === r['name'])?.security_profile ?? r[pkg.profile]) === name);
      if (user) throw new ChangePreconditionError(`security profile ${name} is still used by ${user['name']}`, { field: 'remove.security_profiles', profile: name });
    }
    const spec: KeyedMenu = { menu: pkg.profiles, keyOf: (r: Row) => r['name'], managed: ['authentication-types', 'comment'] };
    const sync = syncKeyedRows(profiles, spec, input.security_profiles.map((p) => ({ key: p.name, props: profileProps(input.package, p) })), input.remove.security_profiles);
    // Profiles exist before interfaces name them; removed ones go once nothing names them.
    const operations = [...sync.adds, ...sync.sets, ...ifaceOps, ...sync.removes];
    if (operations.length === 0) return noChange(`the ${input.package} security profiles and interfaces already hold as listed`);
    const secret = operations.some((op) => (op.kind === 'add' || op.kind === 'set') && Object.keys(op.props).some((k) => /pre-shared-key|passphrase/.test(k)));
    return change({
      summary: `${input.package}: ${sync.adds.length + sync.sets.length + sync.removes.length} security profile and ${ifaceOps.length} interface change(s)${secret ? ' (a passphrase changes)' : ''}`,
      operations,
      touched: [...sync.touched, ...touched],
      risk: 'medium',
    });
  },
};
