import type { ArgContext } from './arg-rules';
import { errors } from '../rest/rest-error';
import type { GenericValueRule } from './generic-values';
import { U32 } from './value-bounds';
import { ruleOf, refRule as ref, wordRule as word, SourcedRule } from './value-rule-builders';

/**
 * Value syntax of the system, SNMP, user, serial port, RADIUS and certificate settings menus' arguments that neither the tree
 * nor the menus' own rules describe, read from MikroTik's CLI reference of each menu (`source`). Left free, and why
 * (docs/simulator.md): serial `port`s (a bare `enum` of the device's ports), LED `leds` and `interface` (objects),
 * the NTP server's `auth-key` (a generic menu, whose rules cannot read /system/ntp/key's rows).
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const NTP_CLIENT = `${CLI}/system/ntp/client.md`;
const NTP_SERVERS = `${CLI}/system/ntp/client/servers.md`;
const NTP_KEY = `${CLI}/system/ntp/key.md`;
const NTP_SERVER = `${CLI}/system/ntp/server.md`;
const USER = `${CLI}/user.md`;
const PORT = `${CLI}/port.md`;
const REMOTE_ACCESS = `${CLI}/port/remote-access.md`;
const RADIUS = `${CLI}/radius.md`;
const CONSOLE = `${CLI}/system/console.md`;
const SCREEN = `${CLI}/system/console/screen.md`;
const LEDS = `${CLI}/system/leds.md`;
/** The LEDs manual page: `modem-signal-treshold (integer [-113..-51])`, the RSSI range the CLI reference's `num` leaves out. */
const LEDS_PAGE = 'https://help.mikrotik.com/docs/display/ROS/LEDs';
const NOTE = `${CLI}/system/note.md`;
const UPS = `${CLI}/system/ups.md`;
const SCHEDULER = `${CLI}/system/scheduler.md`;
const SCRIPT = `${CLI}/system/script.md`;
const GROUP = `${CLI}/user/group.md`;
const SCEP_RA = `${CLI}/certificate/scep-server/ra.md`;
const SNMP = `${CLI}/snmp.md`;
const PACKAGE_UPDATE = `${CLI}/system/package/update.md`;
const SCEP_SERVER = `${CLI}/certificate/scep-server.md`;
const CERTIFICATE_SETTINGS = `${CLI}/certificate/settings.md`;

/**
 * An NTP server's `auth-key`: `none` or a key of /system/ntp/key, which names its keys by `key-id` (the key page:
 * "referenced by `auth-key`"). Not followed on a change of the key's id: RouterOS's answer to that is not documented.
 */
const NTP_AUTH_KEY: SourcedRule = {
  source: `${NTP_SERVERS} ${NTP_KEY}`,
  check: (key, value, ctx) => {
    if (value === '' || value === 'none' || ctx.rowsOf('system/ntp/key').some((row) => row['key-id'] === value)) return value;
    throw errors.noMatch(key);
  },
};

/**
 * A script's or scheduler entry's `policy`: a list of the policies `/user/group` names (its page lists them; the
 * scheduler page's default, `ftp,reboot,read,…,romon`, is of the same words). No `!`: the group's `policy` is
 * `super { ! … }`, a script's is a plain list. Listed here rather than imported from model/users.ts, which loads
 * after the value modules.
 */
const POLICIES = ['local', 'telnet', 'ssh', 'ftp', 'reboot', 'read', 'write', 'policy', 'test', 'winbox', 'password', 'web', 'sniff', 'sensitive', 'api', 'romon', 'rest-api'];
const policyList = (source: string) => ruleOf({ kind: 'enum', values: POLICIES, list: true, source: `${source} ${GROUP}` });

/** Curated system menus, reached from model/arg-rules.ts. */
export const SYSTEM_VALUES: Record<string, Record<string, SourcedRule>> = {
  'system/ntp/client': {
    mode: word(['broadcast', 'manycast', 'multicast', 'unicast'], NTP_CLIENT),
    // A VRF by name, default `main` (`enum` naming /ip/vrf rows).
    vrf: ref({ menus: ['ip/vrf'], keywords: ['main'] }, NTP_CLIENT),
  },
  'system/ntp/client/servers': {
    // `num`, "Range: 3..17" in the argument's description.
    'min-poll': ruleOf({ kind: 'integer', min: 3, max: 17, source: NTP_SERVERS }),
    'max-poll': ruleOf({ kind: 'integer', min: 3, max: 17, source: NTP_SERVERS }),
    'auth-key': NTP_AUTH_KEY,
  },
  // A VRF by name or `main` (`enum`), as /system/logging/action's.
  snmp: { vrf: ref({ menus: ['ip/vrf'], keywords: ['main'] }, SNMP) },
  'system/scheduler': { policy: policyList(SCHEDULER) },
  'system/script': { policy: policyList(SCRIPT) },
  user: { 'inactivity-policy': word(['lockscreen', 'logout', 'none'], USER) },
};

/** The rule's stored form for a curated system menu's argument, or undefined when no rule here covers it. */
export function systemValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return SYSTEM_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}

const integer = (source: string): GenericValueRule => ({ kind: 'integer', min: 0, max: U32, source });
const words = (values: string[], source: string): GenericValueRule => ({ kind: 'enum', values, source });
const BAUD_RATES = ['auto', '50', '75', '110', '134', '150', '200', '300', '600', '1200', '1800', '2400', '4800', '9600', '19200', '38400', '57600', '115200', '230400', '460800', '500000', '576000', '921600', '1000000', '1152000', '1500000', '2000000', '2500000', '3000000', '3500000', '4000000'];
const LED_TYPES = [
  'interface-status', 'interface-receive', 'interface-transmit', 'interface-activity', 'wireless-signal-strength', 'wireless-status', 'modem-signal',
  'modem-technology', 'flash-access', 'interface-speed', 'interface-speed-1G', 'interface-speed-25G', 'interface-speed-2.5G', 'interface-speed-100G',
  'poe-out', 'ap-cap', 'on', 'off', 'fan-fault', 'poe-fault', 'gps-valid', 'align-left', 'align-right', 'align-up', 'align-down',
];

/** Generic system menus (model/generic-menus.ts merges these with model/generic-values.ts's). */
export const SYSTEM_GENERIC_VALUES: Record<string, Record<string, GenericValueRule>> = {
  port: {
    'baud-rate': words(BAUD_RATES, PORT),
    'data-bits': words(['7', '8'], PORT),
    parity: words(['even', 'none', 'odd'], PORT),
    'stop-bits': words(['1', '2'], PORT),
    'flow-control': words(['hardware', 'none', 'xon-xoff'], PORT),
    rts: words(['off', 'on'], PORT),
    dtr: words(['off', 'on'], PORT),
  },
  'port/remote-access': {
    channel: integer(REMOTE_ACCESS),
    protocol: words(['rfc2217', 'tcp-client', 'tcp-server', 'udp'], REMOTE_ACCESS),
  },
  radius: {
    protocol: words(['radsec', 'udp'], RADIUS),
    'require-message-auth': words(['no', 'yes-for-request-resp'], RADIUS),
  },
  'system/console': { channel: integer(CONSOLE) },
  'system/console/screen': {
    'line-count': words(['25', '40', '50'], SCREEN),
    'blank-interval': words(['10min', '1min', '60min', 'never'], SCREEN),
  },
  'system/leds': { type: words(LED_TYPES, LEDS), 'modem-signal-threshold': { kind: 'integer', min: -113, max: -51, source: `${LEDS} ${LEDS_PAGE}` } },
  'system/ntp/server': { 'local-clock-stratum': integer(NTP_SERVER) },
  'system/ntp/key': { 'key-id': integer(NTP_KEY) },
  'system/ups': { 'alarm-setting': words(['delayed', 'immediate', 'low-battery', 'none'], UPS) },
  'certificate/settings': { 'crl-store': words(['ram', 'system'], CERTIFICATE_SETTINGS) },
  'certificate/scep-server': { 'days-valid': integer(SCEP_SERVER) },
  'certificate/scep-server/ra': { 'fingerprint-algorithm': words(['md5', 'sha1', 'sha256'], SCEP_RA) },
  'system/package/update': { channel: words(['development', 'long-term', 'stable', 'testing'], PACKAGE_UPDATE) },
};

/** Yes/no arguments of the generic system menus (`bool` in the CLI reference), merged by model/generic-menus.ts. */
export const SYSTEM_ARG_BOOLS: Record<string, { args: string[]; source: string }> = {
  radius: { args: ['accounting-backup'], source: RADIUS },
  'certificate/scep-server/ra': { args: ['on-smart-card'], source: SCEP_RA },
  'system/note': { args: ['show-at-cli-login', 'show-at-login'], source: NOTE },
  'system/ups': { args: ['check-capabilities'], source: UPS },
};
