import type { MenuCommand } from './menu-commands';
import { RestError } from './rest-error';

/**
 * `/undo`, `/redo` and 7.20's `/safe-mode` menu over REST and the console's exec channel.
 *
 * The simulator keeps no `/system/history` (the Console manual's list of undoable actions), so `undo` and `redo`
 * answer as RouterOS does when the history holds nothing to undo or redo (chosen: a real model of the history is not
 * built; the text is chosen, the manual gives none; docs/simulator.md).
 *
 * Safe mode belongs to a session: a REST request is an API session of its own that ends, normally, with its answer,
 * and the Console manual says a session that ends normally (`/quit`) keeps its safe-mode changes. So `take` and
 * `toggle` take safe mode and release it as the answer leaves, keeping the changes, and are refused only while
 * another session holds it (as the console's `take` is); `release` and `unroll` find nothing of this session's to
 * release or undo. The SSH console runs them on its own session (ssh/console-command.ts).
 */
const nothing = (what: 'undo' | 'redo'): MenuCommand => () => {
  throw new RestError(400, `failure: nothing to ${what}`);
};

const takeForTheRequest: MenuCommand = (state) => {
  const session = `rest:${Math.random()}`;
  state.takeSafeMode(session);
  state.releaseSafeMode(session);
  return [];
};

export const HISTORY_COMMANDS: Record<string, MenuCommand> = {
  undo: nothing('undo'),
  redo: nothing('redo'),
  'safe-mode/take': takeForTheRequest,
  'safe-mode/toggle': takeForTheRequest,
  'safe-mode/release': () => [],
  'safe-mode/unroll': () => [],
};
