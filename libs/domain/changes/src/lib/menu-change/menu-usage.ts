import type { LiveRows, Row } from '../row-operation';

/** A property of another menu that names a row of this one (a certificate by name, a file by path). */
interface Use {
  menu: string;
  key: string;
  /** A path: a file under it (a directory) is used too. */
  path?: boolean;
}

/**
 * What the configuration uses, by the menu whose rows it names: removing or renaming such a row breaks what names it
 * (a service without its certificate, a container without its image), and cannot be judged, so it is refused. From
 * the command trees of 7.15.3 and 7.20.5; a menu a device lacks is simply not read.
 */
const USES: Readonly<Record<string, readonly Use[]>> = {
  certificate: [
    { menu: 'ip/service', key: 'certificate' },
    { menu: 'interface/sstp-server/server', key: 'certificate' },
    { menu: 'interface/ovpn-server/server', key: 'certificate' },
    { menu: 'interface/sstp-client', key: 'certificate' },
    { menu: 'interface/ovpn-client', key: 'certificate' },
    { menu: 'ip/hotspot/profile', key: 'ssl-certificate' },
    { menu: 'ip/ipsec/identity', key: 'certificate' },
    { menu: 'ip/ipsec/identity', key: 'remote-certificate' },
    { menu: 'interface/wifi/capsman', key: 'certificate' },
    { menu: 'interface/wifi/capsman', key: 'ca-certificate' },
    { menu: 'interface/wifi/cap', key: 'certificate' },
    { menu: 'interface/dot1x/client', key: 'certificate' },
    { menu: 'radius', key: 'certificate' },
  ],
  file: [
    { menu: 'container', key: 'file' },
    { menu: 'container/mounts', key: 'src', path: true },
    { menu: 'ip/dns/adlist', key: 'file' },
    { menu: 'ip/hotspot/profile', key: 'html-directory', path: true },
    { menu: 'ip/hotspot/profile', key: 'html-directory-override', path: true },
    { menu: 'ip/smb/shares', key: 'directory', path: true },
    { menu: 'ip/tftp', key: 'real-filename', path: true },
    { menu: 'ip/proxy', key: 'cache-path', path: true },
    { menu: 'system/logging/action', key: 'disk-file-name', path: true },
    { menu: 'tool/sniffer', key: 'file-name' },
  ],
};

/** The menus read (when the device has them) beside a remove or rename in `menu`. */
export function usageReads(menu: string): string[] {
  return [...new Set((USES[menu] ?? []).map((u) => u.menu))];
}

const trimmed = (p: string) => p.replace(/^\/+|\/+$/g, '');
const withinPath = (name: string, used: string) => {
  const [a, b] = [trimmed(name), trimmed(used)];
  // A file inside a used directory, the used file itself, or a directory holding it (logging's disk-file-name is a
  // prefix: log.0.txt, log.1.txt).
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`) || (a.startsWith(b) && /^[.\d]/.test(a.slice(b.length)));
};

/** What in the configuration names `row` of `menu` (`/ip/service www-ssl certificate`), or undefined. */
export function usedBy(live: LiveRows, menu: string, row: Row): string | undefined {
  const name = row['name'];
  if (!name) return undefined;
  for (const use of USES[menu] ?? []) {
    for (const other of live[use.menu] ?? []) {
      const value = other[use.key];
      if (!value || value === 'none') continue;
      const hit = use.path ? withinPath(name, value) : value.split(',').includes(name);
      if (hit) return `/${use.menu}${other['name'] ? ` ${other['name']}` : ''} ${use.key}=${value}`;
    }
  }
  return undefined;
}
