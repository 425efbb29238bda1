export type { MenuSpec, ReadContext, RowCheckContext } from './menu-spec';
export { INTERFACE_MENUS, MENU_BY_PATH, MENUS } from './menus';
