import { CONTAINER_COMMANDS } from '../model/container';
import type { DeviceState } from '../model/device-state';
import { CERTIFICATE_COMMANDS } from './certificate-commands';
import { CLOUD_SSH_COMMANDS } from './cloud-ssh-commands';
import { DHCP_CLIENT_COMMANDS } from './dhcp-client-commands';
import { INTERFACE_COMMANDS } from './interface-commands';
import { LOGGING_COMMANDS } from './logging-commands';
import { USER_COMMANDS } from './user-commands';
import { KID_CONTROL_COMMANDS } from './kid-control-commands';
import { SNIFFER_COMMANDS } from './sniffer-commands';
import { ACKNOWLEDGED_COMMANDS } from './acknowledged-commands';
import { POWER_COMMANDS } from './power-commands';
import { MONITOR_COMMANDS } from './monitor-commands';
import { LINK_MONITOR_COMMANDS } from './link-monitor-commands';
import { REACH_OUT_COMMANDS } from './reach-out-commands';
import { HARDWARE_COMMANDS, PPPOE_SCAN } from './hardware-commands';
import { FLOOD_PING } from './flood-ping-command';
import { CERTIFICATE_REQUEST_COMMANDS } from './certificate-request-commands';
import { HISTORY_COMMANDS } from './history-commands';
import { PACKAGE_COMMANDS } from './package-commands';
import { CERTIFICATE_REMOTE_COMMANDS } from './certificate-remote-commands';
import { IPSEC_KEY_COMMANDS } from './ipsec-key-commands';
import { NEIGHBOUR_TOOL_COMMANDS, WIFI_RADIO_COMMANDS } from './neighbour-tools-commands';
import { ROUTING_INTERNAL_COMMANDS } from './routing-internal-commands';
import { RECURSIVE_PRINT } from './recursive-print';
import { RESET_CONFIGURATION } from './reset-configuration-command';
import { QUIET_MONITOR_COMMANDS } from './quiet-monitor-commands';
import { CONFIG_TRANSFER_COMMANDS } from './config-transfer-commands';
import { LEFTOVER_COMMANDS } from './leftover-commands';
import { CONSOLE_INSPECT } from './console-inspect-command';

/** A menu-specific command the simulator models (`certificate/sign`): its answer, or a RestError. */
export type MenuCommand = (state: DeviceState, body: Record<string, unknown>, signal?: AbortSignal) => unknown;

/** Menu-specific commands by path; the tree has checked the arguments' names before one runs. */
export const MENU_COMMANDS: Record<string, MenuCommand> = {
  ...CONTAINER_COMMANDS,
  ...CERTIFICATE_COMMANDS,
  ...CLOUD_SSH_COMMANDS,
  ...DHCP_CLIENT_COMMANDS,
  ...INTERFACE_COMMANDS,
  ...LOGGING_COMMANDS,
  ...USER_COMMANDS,
  ...KID_CONTROL_COMMANDS,
  ...SNIFFER_COMMANDS,
  ...ACKNOWLEDGED_COMMANDS,
  ...POWER_COMMANDS,
  ...MONITOR_COMMANDS,
  ...LINK_MONITOR_COMMANDS,
  ...REACH_OUT_COMMANDS,
  ...HARDWARE_COMMANDS,
  ...PPPOE_SCAN,
  ...FLOOD_PING,
  ...CERTIFICATE_REQUEST_COMMANDS,
  ...HISTORY_COMMANDS,
  ...PACKAGE_COMMANDS,
  ...CERTIFICATE_REMOTE_COMMANDS,
  ...IPSEC_KEY_COMMANDS,
  ...NEIGHBOUR_TOOL_COMMANDS,
  ...WIFI_RADIO_COMMANDS,
  ...ROUTING_INTERNAL_COMMANDS,
  ...RECURSIVE_PRINT,
  ...RESET_CONFIGURATION,
  ...QUIET_MONITOR_COMMANDS,
  ...CONFIG_TRANSFER_COMMANDS,
  ...LEFTOVER_COMMANDS,
  ...CONSOLE_INSPECT,
};
