/**
 * What a menu's own commands (those beyond the row commands every menu shares) may do through the change pipeline:
 * - `allowed`: as a write of its menu (the menu's reach decides protection and approval);
 * - `plan_only`: only in an approved plan, with a health gate after it (it interrupts service, or reaches out);
 * - `refused`: never (it cannot be undone, destroys, takes the service's own identity or safe mode, or writes
 *   secrets to a file);
 * - `not_a_change`: it reads, watches or opens a session; a change has nothing to do with it.
 * Every command of both vendored trees is listed (the spec checks): a command a later RouterOS adds is refused
 * until it is classified here.
 */
export type CommandKind = 'allowed' | 'plan_only' | 'refused' | 'not_a_change';

export interface CommandVerdict {
  kind: CommandKind;
  why: string;
}

/** Commands of every row menu: changes of rows (`edit` is the console's interactive editor), or reads. */
export const ROW_COMMANDS: ReadonlySet<string> = new Set(['add', 'set', 'remove', 'enable', 'disable', 'unset', 'move', 'comment', 'reset', 'reset-counters', 'reset-counters-all']);
export const ROW_READS: ReadonlySet<string> = new Set(['print', 'get', 'find', 'export']);

const READS = 'it reads or watches; use menu_print or the diagnostics tools';
const SESSION = 'it opens an interactive session from the device';
const DIAGNOSTIC = 'a diagnostic, not a change; use the diagnostics tools';
const PACKAGES = 'it changes the installed software; RouterOS cannot take it back without a reboot';
const SECRETS_TO_FILE = 'it writes private keys or secrets to a file on the device';
const CUTS = 'it interrupts what runs over it until it comes back';
const REACHES_OUT = 'it acts beyond the device (sends, fetches or runs code) and cannot be taken back';

type Table = Record<string, Record<string, [CommandKind, string]>>;
const a = (why = 'its effect shows in its menu and is undone from the state before'): [CommandKind, string] => ['allowed', why];
const p = (why: string): [CommandKind, string] => ['plan_only', why];
const r = (why: string): [CommandKind, string] => ['refused', why];
const n = (why = READS): [CommandKind, string] => ['not_a_change', why];

const TABLE: Table = {
  certificate: {
    'add-scep': a(), 'card-reinstall': r('it re-installs a smart card, which cannot be taken back'), 'card-verify': n(), 'create-certificate-request': a(),
    'enable-ssl-certificate': p("it replaces the certificate of the device's web services, which the service may use"), 'export-certificate': r(SECRETS_TO_FILE),
    import: a(), 'issued-revoke': r('a revoked certificate cannot be un-revoked'), 'scep-renew': a(), sign: a(), 'sign-certificate-request': a(),
  },
  'certificate/crl': { download: a(), flush: a() },
  'certificate/scep-server/otp': { generate: a() },
  'certificate/scep-server/ra': { renew: a() },
  'certificate/scep-server/requests': { grant: a() },
  console: { 'clear-history': a('it clears the console history, nothing the configuration uses'), inspect: n() },
  disk: {
    blink: a('it blinks the disk LED'), copy: p('it copies a whole disk'), eject: p(CUTS), 'eject-drive': p(CUTS), format: r('it erases a disk'),
    'format-drive': r('it erases a disk'), 'monitor-traffic': n(), scan: a('it looks for new disks'), test: p('it loads the disk and the CPU for its run'),
  },
  file: { read: n() },
  interface: { blink: a('it blinks the port LED'), 'monitor-traffic': n(), 'recursive-print': n() },
  'interface/ethernet': { blink: a('it blinks the port LED'), 'cable-test': r('it takes the link down while it tests the cable; a diagnostic, not a change'), monitor: n(), 'reset-mac-address': a() },
  'interface/lte': { 'at-chat': r('raw modem commands: nothing knows their effect or undo'), 'cell-monitor': n(), 'firmware-upgrade': p(CUTS), monitor: n(), scan: p(CUTS), 'show-capabilities': n() },
  'interface/lte/esim': {
    activate: p(CUTS), 'activate-profile': p(CUTS), deactivate: p(CUTS), delete: r('a deleted eSIM profile cannot be downloaded again by the device'),
    'delete-profle': r('a deleted eSIM profile cannot be downloaded again by the device'), 'enable-profle': p(CUTS), 'esim-id': n(), 'list-profiles': n(),
    provision: p(REACHES_OUT), 'refresh-profile-list': n(), 'rename-profle': a(), 'set-nickname': a(),
  },
  'interface/mesh': { traceroute: n(DIAGNOSTIC) },
  'interface/ovpn-client': { 'import-ovpn-configuration': a(), monitor: n() },
  'interface/ovpn-server/server': { 'export-client-configuration': r(SECRETS_TO_FILE) },
  'interface/ppp-client': { 'at-chat': r('raw modem commands: nothing knows their effect or undo'), 'firmware-upgrade': p(CUTS), info: n(), monitor: n(), scan: p(CUTS) },
  'interface/pppoe-client': { monitor: n(), scan: n(DIAGNOSTIC) },
  'interface/wifi': {
    devel: r('a development command without documentation'), 'flat-snoop': p('it takes the radio off its channel'), 'frequency-scan': p('it takes the radio off its channel'), monitor: n(),
    'reset-mac-address': a(), roam: p('it moves a station to another access point'), scan: p('it takes the radio off its channel'), sniffer: p('it takes the radio off its channel'),
    'spectral-history': p('it takes the radio off its channel'), 'spectral-scan': p('it takes the radio off its channel'), 'wps-client': p(CUTS), 'wps-push-button': p('it lets any station that pushes its button join'),
  },
  'interface/wifi/capsman/remote-cap': { provision: p(CUTS), 'set-identity': a(), upgrade: p(PACKAGES) },
  'interface/wifi/radio': { provision: p(CUTS), 'reg-info': n() },
  'interface/wireguard': { 'wg-export': r(SECRETS_TO_FILE), 'wg-import': a() },
  'interface/wireguard/peers': { 'show-client-config': r("it shows a peer's private key") },
  ip: { 'recursive-print': n() },
  'ip/cloud': { 'force-update': a('it updates the DNS name now') },
  'ip/dhcp-client': { release: p('it gives up the address until the client gets one again'), renew: a('it renews the lease it holds') },
  'ip/dhcp-server': { setup: r('an interactive wizard; write the menus it writes instead') },
  'ip/dhcp-server/alert': { 'reset-alert': a() },
  'ip/dhcp-server/lease': { 'check-status': n(), 'make-static': a(), 'send-reconfigure': p('it asks the client to renew now') },
  'ip/dns/adlist': { pause: a(), reload: a() },
  'ip/dns/cache': { flush: a('it empties the resolver cache') },
  'ip/hotspot': { 'reset-html': r("it replaces the hotspot's pages with the defaults"), setup: r('an interactive wizard; write the menus it writes instead') },
  'ip/hotspot/active': { login: a() },
  'ip/hotspot/host': { 'make-binding': a() },
  'ip/ipsec/active-peers': { 'kill-connections': p('it drops tunnels, which may carry the service') },
  'ip/ipsec/installed-sa': { flush: p('it drops tunnels, which may carry the service') },
  'ip/ipsec/key': { 'export-pub-key': a(), 'generate-key': a(), import: a() },
  'ip/ipsec/key/rsa': { 'export-pub-key': a(), 'generate-key': a(), import: a() },
  'ip/kid-control': { pause: a(), resume: a() },
  'ip/proxy': { 'clear-cache': a(), monitor: n(), 'reset-html': r("it replaces the proxy's pages with the defaults") },
  'ip/route': { check: n() },
  'ip/ssh': {
    'export-host-key': r(SECRETS_TO_FILE), 'import-host-key': r('it replaces the SSH identity the service has pinned'),
    'regenerate-host-key': r('it replaces the SSH identity the service has pinned'),
  },
  ipv6: { 'recursive-print': n() },
  'ipv6/dhcp-client': { release: p('it gives up the prefix until the client gets one again'), renew: a('it renews the lease it holds') },
  'ipv6/dhcp-server/binding': { 'make-static': a(), 'send-reconfigure': p('it asks the client to renew now') },
  log: { debug: a('it writes a line to the log'), error: a('it writes a line to the log'), info: a('it writes a line to the log'), warning: a('it writes a line to the log') },
  'mpls/traffic-eng/tunnel': { reoptimize: p('it re-signals the tunnel') },
  routing: { discourse: r('a command without documentation'), 'reinstall-fib': p('it reinstalls every route') },
  'routing/bgp/session': { clear: p('it resets BGP state'), 'dump-saved-advertisements': a(), refresh: p('it asks the peer to send its routes again'), resend: p('it sends its routes again'), stop: p('it drops the BGP session and its routes') },
  'routing/filter': { 'filter-wizard': r('an interactive wizard'), sync: a(), 'test-as-path-regexp': n() },
  'routing/nexthop': { 'dump-dot': n() },
  'routing/rpki': { 'rpki-check': n(), 'rpki-query': n() },
  'routing/stats': { info: n() },
  'routing/stats/process': { kill: r('it kills a routing process') },
  'safe-mode': {
    release: r('the service takes and releases safe mode itself'), take: r('the service takes and releases safe mode itself'),
    toggle: r('the service takes and releases safe mode itself'), unroll: r('the service takes and releases safe mode itself'),
  },
  snmp: { 'send-trap': a('it sends a trap to the configured managers') },
  system: {
    'check-disk': p('it reboots the device'), 'check-installation': n(), reboot: p('the device is away until it is back up'), 'recursive-print': n(),
    'reset-configuration': r('it erases the configuration, the service included'), 'serial-terminal': r(SESSION), shell: r(SESSION), shutdown: p('the device stays off until someone powers it on'),
    ssh: r(SESSION), 'ssh-exec': r(REACHES_OUT), 'sup-output': a('it writes a support file'), telnet: r(SESSION),
  },
  'system/backup': { load: r('it replaces the whole configuration and reboots'), save: a('it writes a backup file') },
  'system/backup/cloud': { 'download-file': a(), 'remove-file': r('it deletes the cloud backup'), 'upload-file': p('it sends the configuration off the device') },
  'system/device-mode': { update: r('a device-mode change needs someone at the device to confirm it') },
  'system/license': { 'generate-new-id': r('it invalidates the licence'), renew: r('it changes the licence') },
  'system/logging/action': { clear: a('it empties a memory log') },
  'system/ntp': { 'monitor-peers': n() },
  'system/ntp/client': { 'reset-freq-drift': a() },
  'system/package': { 'apply-changes': p(PACKAGES), downgrade: r(PACKAGES), uninstall: r(PACKAGES), unschedule: a() },
  'system/package/local-update': { download: p(PACKAGES), 'download-all': p(PACKAGES), refresh: a() },
  'system/package/local-update/mirror': { 'force-check': a() },
  'system/package/update': { cancel: a(), 'check-for-updates': a(), download: p(PACKAGES), install: p(PACKAGES) },
  'system/resource': { monitor: n() },
  'system/resource/hardware': { authorize: a(), 'usb-power-reset': p('it cuts the power of USB devices (a modem the service may arrive over)') },
  'system/resource/pci': { 'usb-power-reset': p('it cuts the power of USB devices (a modem the service may arrive over)') },
  'system/resource/usb': { authorize: a() },
  'system/rtrace': { start: a(), stop: a() },
  'system/script': { run: p(REACHES_OUT) },
  'system/upgrade': { download: p(PACKAGES), 'download-all': p(PACKAGES), refresh: a() },
  'system/upgrade/mirror': { 'force-check': a() },
  'system/ups': { beep: a(), monitor: n(), rtc: a(), 'self-test': p('the UPS runs on battery for its test') },
  task: { next: n(), terminate: r('it ends a running task') },
  terminal: { ask: r(SESSION), cuu: r(SESSION), el: r(SESSION), inkey: r(SESSION), style: r(SESSION) },
  tool: {
    'bandwidth-test': n(DIAGNOSTIC), 'dns-update': p(REACHES_OUT), fetch: p(REACHES_OUT), 'flood-ping': n(DIAGNOSTIC), 'ip-scan': n(DIAGNOSTIC), 'mac-scan': n(DIAGNOSTIC),
    'mac-telnet': r(SESSION), ping: n(DIAGNOSTIC), 'ping-speed': n(DIAGNOSTIC), profile: n(DIAGNOSTIC), 'recursive-print': n(), 'snmp-get': n(DIAGNOSTIC), 'snmp-walk': n(DIAGNOSTIC),
    'speed-test': n(DIAGNOSTIC), torch: n(DIAGNOSTIC), traceroute: n(DIAGNOSTIC), wol: p(REACHES_OUT),
  },
  'tool/e-mail': { send: p(REACHES_OUT) },
  'tool/romon': { discover: n(DIAGNOSTIC), ping: n(DIAGNOSTIC), ssh: r(SESSION) },
  'tool/sms': { send: p(REACHES_OUT) },
  'tool/sniffer': { quick: n(DIAGNOSTIC), save: a(), start: p('it captures traffic, loading the CPU'), stop: a() },
  'tool/traffic-generator': { inject: p('it sends generated traffic'), 'inject-pcap': p('it sends generated traffic'), quick: p('it sends generated traffic'), start: p('it sends generated traffic'), stop: a() },
  user: { 'expire-password': p('the user must choose a new password at the next login'), 'recursive-print': n() },
  'user/active': { 'request-logout': p('it ends a login session, which may be the service') },
  'user/ssh-keys': { import: a() },
  'user/ssh-keys/private': { import: a() },
};

/** Menus whose every write is refused, whatever the command. */
export const REFUSED_MENUS: Readonly<Record<string, string>> = {
  'system/license': "the device's licence",
  'system/device-mode': 'a device-mode change needs someone at the device to confirm it',
  'safe-mode': 'the service takes and releases safe mode itself',
  terminal: SESSION,
};

/** The monitors every menu with running objects has (`monitor` of interfaces, servers, clients): reads. */
const READ_EVERYWHERE = new Set(['monitor', 'monitor-traffic', 'monitor-slaves', 'recursive-print']);

/** What `command` of `menu` may do through the change pipeline (a row command: `allowed`; unknown: `refused`). */
export function commandVerdict(menu: string, command: string): CommandVerdict {
  const menuRefusal = REFUSED_MENUS[menu];
  if (menuRefusal !== undefined && !ROW_READS.has(command)) return { kind: 'refused', why: menuRefusal };
  if (menu === '') return { kind: 'refused', why: "the root menu's commands are the console's own (scripting, undo, import); run a script through /system/script in a plan" };
  if (ROW_READS.has(command)) return { kind: 'not_a_change', why: READS };
  if (command === 'edit') return { kind: 'refused', why: "the console's interactive editor; use set" };
  if (ROW_COMMANDS.has(command)) return { kind: 'allowed', why: 'a write of its menu' };
  const listed = TABLE[menu]?.[command];
  if (listed) return { kind: listed[0], why: listed[1] };
  if (READ_EVERYWHERE.has(command)) return { kind: 'not_a_change', why: READS };
  return { kind: 'refused', why: 'this command is not classified for the change pipeline yet' };
}

/** The menus and commands of the table, for the spec that checks it against the trees. */
export const CLASSIFIED_COMMANDS: ReadonlyArray<readonly [string, string]> = Object.entries(TABLE).flatMap(([menu, commands]) => Object.keys(commands).map((c) => [menu, c] as const));
