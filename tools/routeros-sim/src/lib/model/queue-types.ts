// No imports: the DHCP and generic value tables read this list while the modules that import them still load.
/**
 * The queue types every RouterOS 7 has. Another stream may seed them as `/queue/type` rows; either way their names are
 * valid `queue` values here (a row of the same name is the same type).
 */
export const BUILTIN_QUEUE_TYPES = [
  'default', 'default-small', 'ethernet-default', 'wireless-default', 'synchronous-default', 'hotspot-default',
  'pcq-upload-default', 'pcq-download-default', 'only-hardware-queue', 'multi-queue-ethernet-default',
];
