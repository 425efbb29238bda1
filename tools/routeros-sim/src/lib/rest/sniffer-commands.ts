import { errors, RestError } from './rest-error';
import type { MenuCommand } from './menu-commands';

/**
 * `/tool/sniffer start|stop|save` (Packet Sniffer manual). `start` runs the sniffer (`running=true`; its arguments
 * filter this run only and must name an existing interface), `stop` ends it; `save file-name=F` writes what was
 * captured as a pcap file into /file. The simulator carries no packets, so a capture is an empty pcap (chosen,
 * docs/simulator.md): the file exists, as on a router that saw no traffic matching the filter.
 */
const start: MenuCommand = (state, body) => {
  const names = body['interface'] === undefined ? [] : String(body['interface']).split(',').filter((n) => n !== 'all');
  for (const name of names) {
    try {
      state.interfaceRow(name);
    } catch {
      throw errors.noMatch('interface');
    }
  }
  state.commandSetSingleton('tool/sniffer', { running: 'true' });
  return [];
};

const stop: MenuCommand = (state) => {
  state.commandSetSingleton('tool/sniffer', { running: 'false' });
  return [];
};

const save: MenuCommand = (state, body) => {
  const file = body['file-name'] === undefined ? state.singleton('tool/sniffer')['file-name'] : String(body['file-name']);
  // Wording chosen without a source (docs/simulator.md): the console asks for a file name when there is none.
  if (!file) throw errors.missingValue('file-name');
  if (!/^[A-Za-z0-9_./-]{1,120}$/.test(file) || file.includes('..')) throw new RestError(400, `invalid value of file-name: ${file}`);
  state.writeFile(file, 'libpcap capture file', undefined, { '.size': '24' });
  return [];
};

export const SNIFFER_COMMANDS: Record<string, MenuCommand> = { 'tool/sniffer/start': start, 'tool/sniffer/stop': stop, 'tool/sniffer/save': save };
