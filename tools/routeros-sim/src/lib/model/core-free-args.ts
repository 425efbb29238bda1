import type { FreeArgTable } from './free-args';

/**
 * Why the remaining arguments of the system, tool, queue, PPP, container, certificate, disk, /ip and /ipv6 menus
 * (everything outside /interface, /routing and /mpls) stay free text (model/free-args.ts). Most repeat, shortly, a
 * decision docs/simulator.md already records ("Left free, and why" of each area); pages are MikroTik's CLI reference
 * (https://manual.mikrotik.com/docs/cli-reference/<menu>.md). Typed instead: model/core-more-values.ts.
 */
const CONTAINER_TEXT = 'CLI reference types it `string` (container.md), but the container package is not in the vendored command trees the text table spec reads (item-selectors-walk.spec.ts), so it cannot be listed as text';
const CONTAINER_FILE = 'CLI reference types it `file` (a path on the device, container.md), and whether RouterOS refuses a missing one is not written';
const COMMENT = 'a free-text comment; the container package is not in the vendored command trees the text table spec reads, so it cannot be listed as text';
const CONNECTION_RATE = 'CLI reference types it a number range, but RouterOS prints `0-100k` (rates with unit suffixes), as docs/simulator.md records for the firewall tables';
const LIMIT_BYTES = 'CLI reference types it `num` (0..4294967295 here), yet scripts write data caps past 32 bits; left free as HotSpot users\' `limit-bytes-*` (docs/simulator.md)';
const SERIAL_PORT = 'a bare `enum` of the device\'s serial ports, which the simulator does not model (docs/simulator.md)';
const NO_PAGE = 'no CLI reference page for this menu was found (docs/simulator.md lists it)';
const STATUS = 'status menu: the value is the device\'s own, set by RouterOS rather than written by a client';
const GENERATOR_FIELD = 'traffic generator template field the CLI reference writes as `array-id` or a name list it does not spell out (tool/traffic-generator/packet-template.md; docs/simulator.md)';
const SNIFFER_PORT = 'a port filter list whose port names the CLI reference does not list (tool/sniffer.md; docs/simulator.md)';
const DISK_SIZE = 'CLI reference types it `num`, yet its own examples write `1G`, `100M` (disk.md); the unit forms taken are not written';
const MIRROR_ENABLED = 'no CLI reference page for the package mirror menu was found, and the tree describes `enabled` as neither yes/no nor a word list';
const DOWNLOAD = 'CLI reference page not found for this setting; the tree gives no value description for it';
const TASK = 'CLI reference (task.md) lists /task\'s `file-name` and `append` only as read-only and the other task arguments not at all';

export const CORE_FREE_ARGS: FreeArgTable = {
  'certificate/scep-server/ra': { template: 'a bare `enum` naming no menu (certificate/scep-server/ra.md): a certificate template, and whether RouterOS refuses an unknown one is not written' },
  'certificate/settings': { 'builtin-trust-anchors': 'not on the CLI reference page (certificate/settings.md names `builtin-trust-store`, a different `alt`), so its values are unknown' },
  'console/settings': { 'log-script-errors': NO_PAGE, 'sanitize-names': NO_PAGE, 'tab-width': NO_PAGE },
  container: {
    cmd: CONTAINER_TEXT, comment: COMMENT, 'domain-name': CONTAINER_TEXT, entrypoint: CONTAINER_TEXT, hostname: CONTAINER_TEXT,
    'remote-image': CONTAINER_TEXT, user: CONTAINER_TEXT, workdir: CONTAINER_TEXT, 'root-dir': CONTAINER_FILE,
    dns: 'CLI reference types it a list of `address (flags=46)` (container.md), whose accepted forms the flags do not spell out',
  },
  'container/config': { password: CONTAINER_TEXT.replace('container.md', 'container/config.md'), username: CONTAINER_TEXT.replace('container.md', 'container/config.md'), tmpdir: CONTAINER_FILE.replace('container.md', 'container/config.md') },
  'container/envs': { comment: COMMENT, key: NO_PAGE, name: NO_PAGE, value: NO_PAGE },
  'container/mounts': {
    comment: COMMENT, dst: CONTAINER_TEXT.replace('container.md', 'container/mounts.md'), src: CONTAINER_FILE.replace('container.md', 'container/mounts.md'),
    name: 'the 7.15 mounts menu the simulator serves names each mount; the CLI reference (container/mounts.md) has `list` instead, so no type is given for `name`',
  },
  disk: { 'file-offset': DISK_SIZE, 'file-size': DISK_SIZE, 'partition-offset': DISK_SIZE, 'partition-size': DISK_SIZE, 'tmpfs-max-size': DISK_SIZE, parent: 'CLI reference types it `enum ()` naming no menu (disk.md): a disk by its `slot`, while the reference rules match rows by `name`' },
  'disk/settings': { 'auto-smb-user': 'a bare `enum` naming no menu (disk/settings.md), default `guest`: an SMB user, and whether RouterOS refuses an unknown one is not written' },
  'ip/dns/adlist': { file: 'CLI reference types it `file` (ip/dns/adlist.md), and whether RouterOS refuses a missing one is not written (docs/simulator.md)' },
  'ip/firewall/calea': {
    chain: 'typed as the five built-in chains yet described as creating any chain (ip/firewall/calea.md; docs/simulator.md)',
    'connection-rate': CONNECTION_RATE,
    protocol: 'protocol names the CLI reference does not list (ip/firewall/calea.md; docs/simulator.md)',
  },
  'ip/firewall/filter': { 'connection-rate': CONNECTION_RATE },
  'ip/firewall/mangle': { 'connection-rate': CONNECTION_RATE },
  'ip/firewall/nat': { 'connection-rate': CONNECTION_RATE },
  'ipv6/firewall/filter': { 'connection-rate': CONNECTION_RATE },
  'ipv6/firewall/mangle': { 'connection-rate': CONNECTION_RATE },
  'ipv6/firewall/nat': { 'connection-rate': CONNECTION_RATE },
  'ip/hotspot/profile': {
    'html-directory': 'CLI reference types it `file` (ip/hotspot/profile.md); whether RouterOS refuses a missing directory is not written',
    'html-directory-override': 'CLI reference types it `file` (ip/hotspot/profile.md); whether RouterOS refuses a missing directory is not written',
  },
  'ip/hotspot/user': { 'limit-bytes-in': LIMIT_BYTES, 'limit-bytes-out': LIMIT_BYTES, 'limit-bytes-total': LIMIT_BYTES },
  'ip/hotspot/user/profile': { 'shared-users': 'CLI reference lists only `unlimited`, yet the default is `1` (ip/hotspot/user/profile.md; docs/simulator.md)' },
  'ip/hotspot/walled-garden/ip': { protocol: 'protocol names the CLI reference does not list (ip/hotspot/walled-garden/ip.md; docs/simulator.md)' },
  'ip/pool/used': { pool: STATUS + ' (ip/pool/used)' },
  'ip/smb/shares': {
    directory: 'CLI reference types it `file` (ip/smb/shares.md); whether RouterOS refuses a missing directory is not written',
    'invalid-users': 'CLI reference types it `multi { enum }` naming no menu (ip/smb/shares.md; docs/simulator.md)',
    'valid-users': 'CLI reference types it `multi { enum }` naming no menu (ip/smb/shares.md; docs/simulator.md)',
  },
  'ip/tftp': { 'reading-window-size': 'CLI reference gives `alt` with only `none` and `pipelining`; whether a number is taken is not written (ip/tftp.md; docs/simulator.md)' },
  'ipv6/settings': { 'accept-redirects': 'CLI reference says `bool`, yet RouterOS prints `yes-if-forwarding-disabled` (ipv6/settings.md; docs/simulator.md)' },
  'port/remote-access': { port: SERIAL_PORT, 'tcp-port': 'not on the CLI reference page, which names `ip-port` instead (port/remote-access.md; docs/simulator.md)' },
  'ppp/profile': {
    'address-list': 'address lists the profile adds to, names RouterOS creates on first use (`multi { enum }`, ppp/profile.md; docs/simulator.md)',
    'incoming-filter': 'a firewall chain by name, any text (a bare `enum`, ppp/profile.md; docs/simulator.md)',
    'outgoing-filter': 'a firewall chain by name, any text (a bare `enum`, ppp/profile.md; docs/simulator.md)',
  },
  'ppp/secret': { 'limit-bytes-in': LIMIT_BYTES, 'limit-bytes-out': LIMIT_BYTES },
  'queue/simple': { 'packet-marks': 'packet marks, names that need not exist (`multi { array-id, packet-mark: enum }`, queue/simple.md; docs/simulator.md)' },
  'queue/tree': { 'packet-mark': 'packet marks, names that need not exist (`multi { array-id, packet-mark: enum }`, queue/tree.md), as simple queues\' `packet-marks`' },
  'queue/type': {
    'cake-bandwidth': 'CLI reference types it `num`, yet RouterOS prints `0bps`; the unit forms taken are not written (queue/type.md; docs/simulator.md)',
    'cake-memlimit': 'CLI reference types it `num`, yet RouterOS prints `32.0MiB`; the unit forms taken are not written (queue/type.md; docs/simulator.md)',
    'fq-codel-memlimit': 'CLI reference types it `num`, yet RouterOS prints `32.0MiB`; the unit forms taken are not written (queue/type.md; docs/simulator.md)',
  },
  'radius/incoming': { accept: NO_PAGE, port: NO_PAGE },
  'special-login': { channel: NO_PAGE, port: NO_PAGE + '; `port` is a serial port, which the simulator does not model' },
  'system/clock/manual': { 'dst-end': 'a date and time whose format for 7.15 is not written (system/clock/manual.md; docs/simulator.md)', 'dst-start': 'a date and time whose format for 7.15 is not written (system/clock/manual.md; docs/simulator.md)' },
  'system/console': { port: SERIAL_PORT },
  'system/hardware': { 'multi-cpu': NO_PAGE },
  'system/leds': { interface: 'an object the CLI reference does not break down (system/leds.md; docs/simulator.md)', leds: 'an object the CLI reference does not break down (system/leds.md; docs/simulator.md)' },
  'system/leds/settings': { 'all-leds-off': NO_PAGE },
  'system/ntp/server': { 'auth-key': 'a key of /system/ntp/key by its id: a generic menu, whose rules cannot read the key rows (docs/simulator.md)' },
  'system/package/local-update': { download: DOWNLOAD },
  'system/package/local-update/mirror': { enabled: MIRROR_ENABLED },
  'system/resource/hardware/usb-settings': { authorization: NO_PAGE },
  'system/resource/irq': { cpu: 'CLI reference types it `num` (system/resource/irq.md), and whether the per-IRQ `auto` RouterOS prints is taken is not written' },
  'system/resource/usb': { ports: STATUS + ' (the device\'s USB ports)' },
  'system/resource/usb/settings': { authorization: NO_PAGE },
  'system/script/job': {
    started: STATUS + ' (a running job\'s start time; system/script/job.md types it `date`)',
  },
  'system/upgrade': { download: DOWNLOAD },
  'system/upgrade/mirror': { enabled: MIRROR_ENABLED },
  'system/ups': { port: SERIAL_PORT },
  task: { append: TASK, 'file-name': TASK, 'max-lines': TASK, 'max-size': TASK, 'no-header-paging': TASK, 'save-timestamp': TASK, 'switch-to': TASK },
  'tool/graphing': { 'page-refresh': 'CLI reference lists only `never`, yet RouterOS prints a number of seconds (tool/graphing.md; docs/simulator.md)' },
  'tool/mac-server/sessions': { interface: STATUS + ' (a MAC server session\'s interface)' },
  'tool/netwatch': { 'thr-loss-percent': 'CLI reference types it `num`, yet RouterOS prints `85.0%` (tool/netwatch.md; docs/simulator.md)' },
  'tool/sms': { port: 'a serial port or an interface, or `none` (tool/sms.md); serial ports are not modelled (docs/simulator.md)' },
  'tool/sniffer': {
    'file-name': 'CLI reference types it `file` (tool/sniffer.md); whether RouterOS refuses a missing directory is not written',
    'filter-dst-port': SNIFFER_PORT, 'filter-port': SNIFFER_PORT, 'filter-src-port': SNIFFER_PORT,
  },
  'tool/traffic-generator/packet-template': Object.fromEntries(['ip-protocol', 'ipv6-next-header', 'mac-protocol', 'port', 'random-byte-offsets-and-masks', 'random-ranges', 'tcp-ack', 'tcp-dst-port', 'tcp-src-port', 'tcp-syn', 'udp-checksum', 'udp-dst-port', 'udp-src-port', 'vlan-protocol'].map((arg) => [arg, GENERATOR_FIELD])),
  'tool/traffic-generator/raw-packet-template': Object.fromEntries(['port', 'random-byte-offsets-and-masks', 'random-ranges', 'udp-compute-checksum'].map((arg) => [arg, GENERATOR_FIELD.replace('packet-template.md', 'raw-packet-template.md')])),
  'tool/traffic-generator/stream': {
    port: 'a row of /tool/traffic-generator/port, a generator menu the generic rules do not read (tool/traffic-generator/stream.md; docs/simulator.md)',
    'tx-template': 'a row of the generator\'s templates, generator menus the generic rules do not read (tool/traffic-generator/stream.md; docs/simulator.md)',
  },
  'user/group': { skin: 'a WebFig skin, which is a file the simulator does not model (a bare `enum`, user/group.md; docs/simulator.md)' },
};
