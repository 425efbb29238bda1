import type { Config } from '@routeros-mcp/config';
import type { Container } from '@routeros-mcp/inversify';
import type { ServerServices } from './app-services';
import type { BuildOptions } from './build-container';
import { loadSecrets } from './load-secrets';

export type { BuildOptions } from './build-container';

/** buildContainer, loaded when first called: TypeORM, sqlite3, ssh2, winston, inversify and the device adapters come with it. */
export async function buildContainer(config: Config, options: BuildOptions = {}): Promise<Container> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first call, see above
  const { buildContainer: build } = require('./build-container') as typeof import('./build-container');
  return build(config, options);
}

/** A server's services, built on first use (or when `start` is called), after the keys were checked at start. */
export interface LazyServerServices {
  /** The services, building them on the first call. */
  get(): Promise<ServerServices>;
  /** Runs `use` once the services are built, without building them. */
  onLoaded(use: (services: ServerServices) => void): void;
  /** The build, when one was started. */
  readonly started: Promise<ServerServices> | undefined;
}

/**
 * For a server that must answer its first request quickly: checks what configuration can get wrong (data directory,
 * keys: ConfigError and KeyFileError are thrown here, at start) and leaves the database, the migrations and the
 * device adapters (the slow part to load) to the first `get()`.
 */
export function prepareServerServices(config: Config, options: BuildOptions = {}): LazyServerServices {
  const secrets = options.secrets ?? loadSecrets(config);
  let building: Promise<ServerServices> | undefined;
  let loaded: ServerServices | undefined;
  const waiting: ((services: ServerServices) => void)[] = [];
  return {
    get() {
      building ??= buildContainer(config, { ...options, secrets }).then((container) => {
        // The token comes with the use-cases: required with the container, not at start.
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
        const { ServerServices: token } = require('./app-services') as typeof import('./app-services');
        loaded = container.get(token);
        for (const use of waiting.splice(0)) use(loaded);
        return loaded;
      });
      return building;
    },
    onLoaded(use) {
      if (loaded) use(loaded);
      else waiting.push(use);
    },
    get started() {
      return building;
    },
  };
}
