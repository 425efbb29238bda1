import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { deviceAddCommand } from './device-add.command';
import { deviceImportCommand } from './device-import/device-import.command';
import { deviceListCommand } from './device-list.command';
import { deviceRemoveCommand } from './device-remove.command';
import { deviceShowCommand } from './device-show.command';
import { deviceUpdateCommand } from './device-update.command';
import { deviceTestCommand } from './device-test.command';
import { deviceRepinCommand } from './device-repin.command';

export function deviceCommand(ctx: CliContext): Command {
  return new Command('device')
    .description('enroll (one or a file of them), list, show, update, remove, test and re-pin devices')
    .addCommand(deviceAddCommand(ctx))
    .addCommand(deviceImportCommand(ctx))
    .addCommand(deviceListCommand(ctx))
    .addCommand(deviceShowCommand(ctx))
    .addCommand(deviceUpdateCommand(ctx))
    .addCommand(deviceRemoveCommand(ctx))
    .addCommand(deviceTestCommand(ctx))
    .addCommand(deviceRepinCommand(ctx));
}
