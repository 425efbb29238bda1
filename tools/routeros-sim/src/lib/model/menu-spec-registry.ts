export type { MenuSpec, ReadContext } from './menu-spec';
export { INTERFACE_MENUS, MENU_BY_PATH, MENUS } from './menus';
