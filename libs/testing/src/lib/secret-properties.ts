/** RouterOS's secret property names, for specs of apps (which may not import the domain) that plant secrets under each. */
export { ROUTEROS_SECRET_PROPERTIES } from '@routeros-mcp/domain-kernel';
