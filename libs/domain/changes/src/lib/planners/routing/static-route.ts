import type { Row } from '../../row-operation';
import { isDynamic, isTrue } from '../common/rows';

export const ROUTE_MENU = 'ip/route';
export const MAIN_TABLE = 'main';

/** Routes RouterOS made (connected networks, DHCP, routing protocols): only static ones are written. */
export const isStaticRoute = (row: Row): boolean => !isDynamic(row) && !isTrue(row['connect']) && row['static'] !== 'false';

export const tableOf = (row: Row): string => row['routing-table'] || MAIN_TABLE;

/** `10.0.0.0/8 via 10.100.1.254` (with the table when not main). */
export const routeText = (row: Row): string => `${row['dst-address']} via ${row['gateway']}${tableOf(row) === MAIN_TABLE ? '' : ` in ${tableOf(row)}`}`;
