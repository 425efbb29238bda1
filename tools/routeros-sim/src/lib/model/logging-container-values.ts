import type { ArgContext } from './arg-rules';
import { errors } from '../rest/rest-error';
import { checkRef } from './generic-refs';

/**
 * Value syntax of the curated logging and container menus' arguments that neither the tree nor their own rules
 * (model/logging.ts, container.ts) describe, from MikroTik's CLI reference of each menu (`source`). Text stays free:
 * a container's commands, directories, host and user names; the environment and mount lists' keys and paths.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const LOGGING = `${CLI}/system/logging.md`;
const ACTION = `${CLI}/system/logging/action.md`;
const CONTAINER = `${CLI}/container.md`;

interface Rule {
  source: string;
  check(key: string, value: string, ctx: ArgContext): string;
}

const oneOf = (values: string[], source: string): Rule => ({
  source,
  check: (key, value) => {
    if (value !== '' && !values.includes(value)) throw errors.noMatch(key); // clearing is left to the menu
    return value;
  },
});

/** The topics the router accepts, as the reference lists them; a rule's topics are a list, each negatable with `!`. */
const TOPICS = ['account', 'acme-client', 'amt', 'async', 'backup', 'bfd', 'bgp', 'bridge', 'calc', 'caps', 'certificate', 'clock', 'container', 'critical', 'ddns', 'debug', 'dhcp', 'discover', 'disk', 'dns', 'dot1x', 'dude', 'e-mail', 'error', 'event', 'evpn', 'fetch', 'firewall', 'gps', 'gsm', 'health', 'hotspot', 'igmp-proxy', 'info', 'interface', 'ipsec', 'iscsi', 'isdn', 'isis', 'kvm', 'l2tp', 'ldp', 'lora', 'lte', 'manager', 'mme', 'mpls', 'mqtt', 'mvrp', 'natpmp', 'netinstall', 'netwatch', 'ntp', 'ospf', 'ovpn', 'packet', 'pim', 'poe-in', 'poe-out', 'pon', 'ppp', 'pppoe', 'pptp', 'ptp', 'queue', 'radius', 'radvd', 'raw', 'read', 'rip', 'route', 'rpki', 'rproxy', 'rsvp', 'script', 'sertcp', 'simulator', 'smb', 'snmp', 'socksify', 'ssh', 'ssld', 'sstp', 'state', 'store', 'stp', 'system', 'telephony', 'tftp', 'timer', 'tr069', 'update', 'upnp', 'ups', 'vpls', 'vrrp', 'warning', 'watchdog', 'web-proxy', 'wiliot', 'wireguard', 'wireless', 'write', 'zerotier'];

/** Signals by number and name, as RouterOS writes them (`stop-signal=15-SIGTERM` in exports; `SIGABTR` is its spelling). */
const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGQUIT', 'SIGILL', 'SIGTRAP', 'SIGABTR', 'SIGBUS', 'SIGFPE', 'SIGKILL', 'SIGUSR1', 'SIGSEGV', 'SIGUSR2', 'SIGPIPE', 'SIGALRM', 'SIGTERM', 'SIGSTKFLT', 'SIGCHLD', 'SIGCONT', 'SIGSTOP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGURG', 'SIGXCPU', 'SIGXFSZ', 'SIGVTALRM', 'SIGPROF', 'SIGWINCH', 'SIGIO', 'SIGPWR', 'SIGSYS'].map((name, i) => `${i + 1}-${name}`);

export const LOGGING_CONTAINER_VALUES: Record<string, Record<string, Rule>> = {
  'system/logging': {
    topics: {
      source: LOGGING,
      check: (key, value) => {
        for (const topic of value === '' ? [] : value.split(',')) if (!TOPICS.includes(topic.startsWith('!') ? topic.slice(1) : topic)) throw errors.noMatch(key);
        return value;
      },
    },
  },
  'system/logging/action': {
    'remote-log-format': oneOf(['cef', 'default', 'syslog'], ACTION),
    // A VRF by name, default `main` (`enum ()` naming /ip/vrf rows).
    vrf: { source: ACTION, check: (key, value, ctx) => checkRef({ menus: ['ip/vrf'], keywords: ['main'] }, key, value, ctx.rowsOf) },
  },
  container: { 'stop-signal': oneOf(SIGNALS, CONTAINER) },
};

/** The rule's stored form for a curated logging or container menu's argument, or undefined when none covers it. */
export function loggingContainerValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return LOGGING_CONTAINER_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
