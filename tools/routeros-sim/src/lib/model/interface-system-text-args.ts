import type { TextArgTable } from './text-args';

/**
 * Arguments of the interface and system menus that MikroTik's CLI reference types as free text (`string`, or `file`:
 * a path RouterOS takes as written), so any value is taken (model/text-args.ts). The container package's menus are
 * not listed: the command trees the spec reads have no container menus (model/container.ts serves them).
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';

export const INTERFACE_SYSTEM_TEXT_ARGS: TextArgTable = {
  // `smb-user` (string): the SMB user to log in with, on the `smb` client; `file-path` (file): the file mounted.
  disk: { args: ['smb-user', 'file-path'], source: `${CLI}/disk.md` },
};
