// No imports: the value tables read these bounds while loading, and they load one another in a cycle
// (arg-rules → dhcp-values → generic-values → queues → firewall-values → generic-values).

/** The manual says `integer` without bounds: RouterOS's integers are unsigned 32-bit (the bound is chosen without a source). */
export const U32 = 4294967295;
