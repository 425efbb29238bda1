import { parseCliOptions, USAGE } from './lib/cli-options';
import { startFleet } from './lib/fleet';

async function main(): Promise<void> {
  const options = parseCliOptions(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const fleet = await startFleet(options);
  for (const device of fleet.devices) process.stdout.write(JSON.stringify(device.describe()) + '\n');
  process.stdout.write(JSON.stringify({ ready: true, control_url: fleet.control.url }) + '\n');
  const stop = () => void fleet.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`routeros-sim: ${(error as Error).message}\n`);
  process.exit(1);
});
